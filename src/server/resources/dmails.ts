/**
 * Dmails: one row per message, owned by its sender and its recipient (INT-dmail-owner); each party can
 * list, show and delete only their own (others get 403, INT-dmail-others). Showing a dmail to its
 * recipient marks it read.
 */
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, valuesOf, variantParam } from '../registry.ts';
import { Where, matchesPattern, nameOf } from '../sql.ts';
import { denied, invalidRecord, notFound, requireUser } from '../refusals.ts';

interface DmailRow extends Row {
  id: number;
  from_id: number;
  to_id: number;
  title: string;
  body: string;
  is_read: boolean;
  deleted_by_sender: boolean;
  deleted_by_recipient: boolean;
  created_at: Date;
  updated_at: Date;
}

function record(r: DmailRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    from_id: r.from_id,
    from_name: nameOf(env.users, r.from_id),
    to_id: r.to_id,
    to_name: nameOf(env.users, r.to_id),
    title: r.title,
    body: r.body,
    is_read: r.is_read,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** SQL: the row is the caller's copy (sender or recipient, not deleted by them). */
function ownedBy(w: Where, user: User): string {
  const me = w.p(user.id);
  return `((from_id = ${me} AND NOT deleted_by_sender) OR (to_id = ${me} AND NOT deleted_by_recipient))`;
}

function owns(r: DmailRow, user: User): boolean {
  return (r.from_id === user.id && !r.deleted_by_sender) || (r.to_id === user.id && !r.deleted_by_recipient);
}

async function load(q: Queryable, id: number, lock = false): Promise<DmailRow> {
  const rows = await q.query<DmailRow>(`SELECT * FROM dmails WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0] || (rows[0].deleted_by_sender && rows[0].deleted_by_recipient)) throw notFound('dmail', id);
  return rows[0];
}


const forbidden = () => denied('not your dmail');

export const dmailsModule: ResourceModule = {
  resource: 'dmails',
  handlers: {
    'dmails.list': (op, env) => {
      const MESSAGE = param(op, 'search[message_matches]');
      const TO_NAME = param(op, 'search[to_name]');
      const TO_ID = param(op, 'search[to_id]');
      const FROM_NAME = param(op, 'search[from_name]');
      const FROM_ID = param(op, 'search[from_id]');
      const READ = variantParam(op, 'search[read]');
      const [TRUE] = READ ? valuesOf(op, READ) : [];
      return async ({ params, user, raw }) => {
        const u = requireUser(user);
        const w = new Where();
        if (!env.faults.active('dmails-others-listed')) w.add(ownedBy(w, u));
        const message = params.str(MESSAGE);
        if (message !== undefined) {
          const p = w.p(matchesPattern(message));
          w.add(`(title ILIKE ${p} OR body ILIKE ${p})`);
        }
        const toName = params.str(TO_NAME);
        if (toName !== undefined && !env.faults.active('dmails-to-name-ignored')) w.add(`to_id = (SELECT id FROM users WHERE lower(name) = lower(${w.p(toName)}))`);
        const toId = params.int(TO_ID);
        if (toId !== undefined) w.add(`to_id = ${w.p(toId)}`);
        const fromName = params.str(FROM_NAME);
        if (fromName !== undefined) w.add(`from_id = (SELECT id FROM users WHERE lower(name) = lower(${w.p(fromName)}))`);
        const fromId = params.int(FROM_ID);
        if (fromId !== undefined) w.add(`from_id = ${w.p(fromId)}`);
        const read = READ ? params.str(READ) : undefined;
        if (read !== undefined && !env.faults.active('dmails-read-ignored')) w.add(`is_read = ${w.p(read === TRUE)}`);
        const rows = await pagedRows<DmailRow>(env, raw, w, `SELECT * FROM dmails`, 'id', 'id DESC');
        return { kind: 'list', root: 'dmails', element: 'dmail', records: rows.map((r) => record(r, env)) };
      };
    },

    'dmails.show': (_op, env) => async ({ path, user }) => {
      const u = requireUser(user);
      const row = await env.db.transaction(async (tx) => {
        const r = await load(tx, path.id!, true);
        if (!owns(r, u) && !env.faults.active('dmails-others-shown')) throw forbidden();
        if (r.to_id === u.id && !r.is_read) {
          await tx.query('UPDATE dmails SET is_read = true WHERE id = $1', [r.id]);
          return { ...r, is_read: true };
        }
        return r;
      });
      return { kind: 'record', element: 'dmail', record: record(row, env) };
    },

    'dmails.create': (op, env) => {
      const TO_NAME = param(op, 'dmail[to_name]');
      const TITLE = param(op, 'dmail[title]');
      const BODY = param(op, 'dmail[body]');
      return async ({ params, user }) => {
        const u = requireUser(user);
        // Not REQUIRED parameters, but a dmail cannot be saved without them (INT-unmarked-needed).
        for (const name of [TO_NAME, TITLE, BODY]) {
          if ((params.str(name) ?? '').trim() === '') throw invalidRecord(`${name} is missing`);
        }
        const to = env.users.byLogin(params.str(TO_NAME)!.trim());
        if (!to) throw invalidRecord(`${TO_NAME}: no user named ${params.str(TO_NAME)}`);
        // Fault dmail-body-truncated: the body is cut to its first 8 characters.
        const body = env.faults.active('dmail-body-truncated') ? params.str(BODY)?.slice(0, 8) : params.str(BODY);
        const values = [u.id, to.id, params.str(TITLE), body];
        if (env.variations.active('dmail-copies')) {
          // INT-dmail-copies: a sender's copy and a recipient's copy, each owned by one party; the create answers the sender's.
          const id = await env.db.transaction(async (tx) => {
            const mine = await tx.query<{ id: number }>('INSERT INTO dmails (from_id, to_id, title, body, deleted_by_recipient) VALUES ($1, $2, $3, $4, true) RETURNING id', values);
            await tx.query('INSERT INTO dmails (from_id, to_id, title, body, deleted_by_sender) VALUES ($1, $2, $3, $4, true)', values);
            return mine[0]!.id;
          });
          return { kind: 'envelope', id };
        }
        const rows = await env.db.transaction((tx) =>
          tx.query<{ id: number }>('INSERT INTO dmails (from_id, to_id, title, body) VALUES ($1, $2, $3, $4) RETURNING id', values),
        );
        return { kind: 'envelope', id: rows[0]!.id };
      };
    },

    'dmails.delete': (_op, env) => async ({ path, user }) => {
      const u = requireUser(user);
      await env.db.transaction(async (tx) => {
        const r = await load(tx, path.id!, true);
        if (!owns(r, u)) {
          if (!env.faults.active('dmails-others-deletable')) throw forbidden();
          await tx.query('UPDATE dmails SET deleted_by_sender = true, deleted_by_recipient = true WHERE id = $1', [r.id]);
          return;
        }
        const asSender = r.from_id === u.id && !r.deleted_by_sender;
        const asRecipient = r.to_id === u.id && !r.deleted_by_recipient;
        await tx.query('UPDATE dmails SET deleted_by_sender = deleted_by_sender OR $2, deleted_by_recipient = deleted_by_recipient OR $3, updated_at = now() WHERE id = $1', [
          r.id,
          asSender,
          asRecipient,
        ]);
      });
      return { kind: 'envelope', id: path.id! };
    },
  },
  faults: [
    { id: 'dmail-body-truncated', requirements: ['IB-4-dmails-fields'], summary: 'A dmail body is stored cut to its first 8 characters.', caughtBy: 'dmails/fields' },
    { id: 'dmails-to-name-ignored', requirements: ['IB-4-dmails-search-to_name'], summary: 'search[to_name] on dmails is ignored.', caughtBy: 'effects/dmails.list/to_name' },
    { id: 'dmails-others-listed', requirements: ['IB-4-dmails-owner-list'], summary: 'The dmail list includes other users\' dmails.' },
    { id: 'dmails-others-shown', requirements: ['IB-4-dmails-owner-show'], summary: 'Other users\' dmails can be shown.' },
    { id: 'dmails-others-deletable', requirements: ['IB-4-dmails-owner-delete'], summary: 'Other users\' dmails can be deleted.' },
    { id: 'dmails-read-ignored', requirements: ['IB-4-dmails-read-A'], summary: 'search[read] on dmails is ignored.', variants: ['A'] },
  ],
};
