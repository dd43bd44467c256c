/**
 * Delete and undelete of records kept with an `is_deleted` flag (INT-transitions): by the record's
 * creator or a moderator; deleting a deleted record, or undeleting a live one, changes nothing.
 */
import type { User } from './accounts.ts';
import type { Queryable } from './db/index.ts';
import type { HandlerFactory, ServerEnv } from './registry.ts';
import { denied, requireUser } from './refusals.ts';
import { mayModify } from './sql.ts';

export interface SoftDeleted {
  readonly id: number;
  readonly creator_id: number;
  readonly is_deleted: boolean;
}

export interface SoftDeletion<R extends SoftDeleted> {
  /** The table of the records; a name from this code, never from a request. */
  readonly table: string;
  /** What the record is called in a refusal (`pool`, `forum topic`). */
  readonly noun: string;
  /** The faults that make delete and undelete answer success and change nothing. */
  readonly noopFaults: { readonly delete: string; readonly undelete: string };
  /** The record of `{id}`, locked for the change. */
  readonly load: (tx: Queryable, id: number) => Promise<R>;
  /** What else a change does, in the same transaction (a version of the record). */
  readonly after?: (tx: Queryable, env: ServerEnv, id: number, user: User) => Promise<void>;
}

/** The handlers of the delete and the undelete of `{id}`. */
export function softDeletion<R extends SoftDeleted>(o: SoftDeletion<R>): { readonly delete: HandlerFactory; readonly undelete: HandlerFactory } {
  const handler = (deleted: boolean): HandlerFactory => {
    const verb = deleted ? 'delete' : 'undelete';
    return (_op, env) =>
      async ({ path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const r = await o.load(tx, path.id!);
          if (!mayModify(u, r.creator_id)) throw denied(`only the creator or a moderator may ${verb} a ${o.noun}`);
          if (env.faults.active(o.noopFaults[verb]) || r.is_deleted === deleted) return;
          await tx.query(`UPDATE ${o.table} SET is_deleted = $2, updater_id = $3, updated_at = now() WHERE id = $1`, [r.id, deleted, u.id]);
          await o.after?.(tx, env, r.id, u);
        });
        return { kind: 'envelope', id: path.id! };
      };
  };
  return { delete: handler(true), undelete: handler(false) };
}
