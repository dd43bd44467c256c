/**
 * Version histories (section 9): a versioned resource records a snapshot of its fields after every
 * change, lists the snapshots (`<resource>_versions.list`) and reverts a record to one of them
 * (`<resource>.revert`, INT-version-id). One implementation, configured per resource with its version
 * table, the column naming the record, the record a version is shown as, and the faults that break it.
 * The listing's searches come from the model: each parameter of the listing is read by its name and
 * type, and one the rules below do not know fails at start-up.
 */
import type { ResolvedOperation, ResolvedParam } from '../../specs/model/index.ts';
import type { User } from './accounts.ts';
import type { Queryable, Row } from './db/index.ts';
import { trueFalse } from './fields.ts';
import { Paging, listPaging } from './paging.ts';
import type { ParamValues } from './params.ts';
import type { ApiRecord } from './protocol.ts';
import type { Ctx, HandlerFactory, ServerEnv } from './registry.ts';
import { param, sortKeyParam, valuesOf } from './registry.ts';
import { invalid, requireUser } from './refusals.ts';
import { Steps, Where, nameMatches, nameOf, userIdByName } from './sql.ts';

/** The columns every version table has besides its snapshot. */
export interface VersionRow extends Row {
  id: number;
  version: number;
  updater_id: number;
  created_at: Date;
}

export interface HistorySpec<V extends VersionRow> {
  /** The version table (`note_versions`). */
  readonly table: string;
  /** Its column naming the versioned record (`note_id`). */
  readonly key: string;
  /** How a refused `version_id` names the record (`post`, then its id); "this record" when absent. */
  readonly noun?: string;
  /** The fields of a listed version before `version`: the record it belongs to. */
  readonly identity?: (r: V) => ApiRecord;
  /** The fields of a listed version after its updater: the snapshot. */
  readonly snapshot?: (r: V, env: ServerEnv) => ApiRecord;
  /** The listing's order for each value of its sort key, when it has one. */
  readonly orders?: Readonly<Record<string, string>>;
  /** The faults of the history, each listed by its resource module. */
  readonly faults?: {
    /** Changes are not recorded. */
    readonly notRecorded?: string;
    /** Revert answers success but restores nothing. */
    readonly notRestoring?: string;
    /** Revert ignores the version asked for and restores the one before the newest (an undo). */
    readonly stepBack?: string;
    /** The listing ignores each search parameter under its fault (only where `beside` is sent too, when given). */
    readonly searchIgnored?: readonly { readonly param: string; readonly fault: string; readonly beside?: string }[];
  };
}

/** How a revert finds its record and restores a version of it, inside the request's transaction. */
export interface Restorer<R extends { id: number }, V extends VersionRow> {
  readonly load: (tx: Queryable, ctx: Ctx) => Promise<R>;
  readonly restore: (tx: Queryable, record: R, version: V, user: User, ctx: Ctx) => Promise<void>;
}

type SearchClause = (w: Where, params: ParamValues) => void;

const IDENTIFIER = /^[a-z_]+$/;

/**
 * The clause a search parameter of a versions listing adds: `search[updater_name]` (a user name),
 * `search[start_id]` (ids from), `search[name]` (a name or `*` pattern), an integer `search[<column>]`
 * (equal) or a true/false `search[<column>]` (a flag).
 */
function searchClause(op: ResolvedOperation, p: ResolvedParam): SearchClause {
  const column = /^search\[([a-z_]+)\]$/.exec(p.name)?.[1];
  if (column === undefined || !IDENTIFIER.test(column)) throw new Error(`${op.id}: no search rule for ${p.name}`);
  if (column === 'updater_name') {
    return (w, params) => {
      const v = params.str(p.name);
      if (v !== undefined) w.add(`updater_id = ${userIdByName(w, v)}`);
    };
  }
  if (column === 'start_id' && p.type === 'integer') {
    return (w, params) => {
      const v = params.int(p.name);
      if (v !== undefined) w.add(`id >= ${w.p(v)}`);
    };
  }
  if (column === 'name' && p.type === 'string' && p.valueSet === undefined) {
    return (w, params) => {
      const v = params.str(p.name);
      if (v !== undefined && v !== '') w.add(nameMatches(w, column, v));
    };
  }
  if (p.type === 'integer') {
    return (w, params) => {
      const v = params.int(p.name);
      if (v !== undefined) w.add(`${column} = ${w.p(v)}`);
    };
  }
  if (p.valueSet === 'true-false') {
    return (w, params) => {
      const v = trueFalse(params.str(p.name));
      if (v !== undefined) w.add(`${column} = ${w.p(v)}`);
    };
  }
  throw new Error(`${op.id}: no search rule for ${p.name}`);
}

export class History<V extends VersionRow> {
  constructor(readonly spec: HistorySpec<V>) {
    for (const name of [spec.table, spec.key]) if (!IDENTIFIER.test(name)) throw new Error(`history: bad identifier ${name}`);
  }

  /**
   * Records a version: a snapshot of `fields`, numbered after the record's previous versions. Table and
   * column names come from this code, never from a request.
   */
  async record(tx: Queryable, env: ServerEnv, recordId: number, updaterId: number, fields: Readonly<Record<string, unknown>>): Promise<void> {
    const steps = new Steps();
    if (!this.recordSteps(steps, env, steps.p(recordId), updaterId, fields)) return;
    await tx.query(steps.sql('SELECT 1'), steps.params);
  }

  /**
   * Adds to `steps` the recording of a version (see `record`) of the record whose id is the SQL `recordId`
   * (a placeholder, or a subquery on an earlier step's RETURNING); false when nothing is recorded.
   */
  recordSteps(steps: Steps, env: ServerEnv, recordId: string, updaterId: number, fields: Readonly<Record<string, unknown>>): boolean {
    const notRecorded = this.spec.faults?.notRecorded;
    if (notRecorded !== undefined && env.faults.active(notRecorded)) return false;
    const { table, key } = this.spec;
    const names = Object.keys(fields);
    const updater = steps.p(updaterId);
    const values = Object.values(fields).map((v) => steps.p(v));
    let unmerged = '';
    if (env.variations.active('versions-merged')) {
      // The service family folds an updater's changes within an hour into their newest version (A note.rb:148-158).
      const set = names.map((n, i) => `${n} = ${values[i]}`).join(', ');
      steps.add(
        `${table}_merged`,
        `UPDATE ${table} SET ${set}${set ? ', ' : ''}created_at = now()
         WHERE id = (SELECT id FROM ${table} WHERE ${key} = ${recordId} ORDER BY id DESC LIMIT 1) AND updater_id = ${updater} AND created_at > now() - interval '1 hour'
         RETURNING id`,
      );
      unmerged = ` WHERE NOT EXISTS (SELECT 1 FROM ${table}_merged)`;
    }
    steps.add(
      `${table}_recorded`,
      `INSERT INTO ${table} (${key}, version, updater_id${names.map((n) => `, ${n}`).join('')})
       SELECT ${recordId}, COALESCE((SELECT max(version) FROM ${table} WHERE ${key} = ${recordId}), 0) + 1, ${updater}${values.map((v) => `, ${v}`).join('')}${unmerged}`,
    );
    return true;
  }

  /**
   * The version `versionId` of record `recordId`; a version of another record, or none, is refused with
   * 424 (INT-version-id).
   */
  async versionOf(tx: Queryable, recordId: number, versionId: number | undefined, name: string): Promise<V> {
    const { table, key, noun } = this.spec;
    // A missing version_id only gets this far under the ignore-required fault: the request is then
    // accepted as a revert to the latest version, a no-op.
    const rows =
      versionId === undefined
        ? await tx.query<V>(`SELECT * FROM ${table} WHERE ${key} = $1 ORDER BY id DESC LIMIT 1`, [recordId])
        : await tx.query<V>(`SELECT * FROM ${table} WHERE id = $1 AND ${key} = $2`, [versionId, recordId]);
    if (!rows[0]) throw invalid(`${name}: no version ${versionId ?? ''} of ${noun === undefined ? 'this record' : `${noun} ${recordId}`}`);
    return rows[0];
  }

  /** The handler of `<resource>.revert`: one transaction that finds the record and the version, and restores it. */
  revert<R extends { id: number }>(how: Restorer<R, V>): HandlerFactory {
    const notRestoring = this.spec.faults?.notRestoring;
    const stepBack = this.spec.faults?.stepBack;
    return (op, env) => {
      const VERSION = param(op, 'version_id');
      return async (ctx) => {
        const user = requireUser(ctx.user);
        await env.db.transaction(async (tx) => {
          const record = await how.load(tx, ctx);
          let version = await this.versionOf(tx, record.id, ctx.params.int(VERSION), VERSION);
          if (notRestoring !== undefined && env.faults.active(notRestoring)) return;
          if (stepBack !== undefined && env.faults.active(stepBack)) {
            const { table, key } = this.spec;
            const rows = await tx.query<V>(`SELECT * FROM ${table} WHERE ${key} = $1 ORDER BY id DESC LIMIT 1 OFFSET 1`, [record.id]);
            version = rows[0] ?? version;
          }
          await how.restore(tx, record, version, user, ctx);
        });
        return { kind: 'envelope', id: ctx.path.id! };
      };
    };
  }

  /** The handler of the versions listing (`note_versions.list`), newest first unless its sort key says otherwise. */
  readonly list: HandlerFactory = (op, env) => {
    const { table, identity, snapshot, orders, faults } = this.spec;
    const ignored = faults?.searchIgnored ?? [];
    for (const i of ignored) param(op, i.param);
    const clauses = op.params
      .filter((p) => p.location !== 'path' && !p.sortKey)
      .map((p): SearchClause => {
        const clause = searchClause(op, p);
        const faulted = ignored.filter((i) => i.param === p.name);
        if (faulted.length === 0) return clause;
        return (w, params) => {
          if (!faulted.some((i) => env.faults.active(i.fault) && (i.beside === undefined || params.has(i.beside)))) clause(w, params);
        };
      });
    const sortKey = op.params.some((p) => p.sortKey) ? sortKeyParam(op) : undefined;
    const order = new Map<string, string>();
    if (sortKey !== undefined) {
      for (const value of valuesOf(op, sortKey)) {
        const sql = orders?.[value];
        if (sql === undefined) throw new Error(`${op.id}: no order for sort value ${value}`);
        order.set(value, sql);
      }
    }
    const root = op.path.slice(1);
    const element = root.replace(/s$/, '');
    return async ({ params, raw }) => {
      const w = new Where();
      for (const clause of clauses) clause(w, params);
      const sort = sortKey !== undefined ? params.str(sortKey) : undefined;
      const paging = Paging.of(raw, listPaging(env));
      const tail = paging.sql(w, 'id', (sort !== undefined && order.get(sort)) || 'id DESC');
      const rows = paging.arrange(await env.db.query<V>(`SELECT * FROM ${table} ${w.sql} ${tail}`, w.params));
      const records = rows.map((r) => ({
        id: r.id,
        ...identity?.(r),
        version: r.version,
        updater_id: r.updater_id,
        updater_name: nameOf(env.users, r.updater_id),
        ...snapshot?.(r, env),
        created_at: r.created_at,
        updated_at: r.created_at,
      }));
      return { kind: 'list', root, element, records };
    };
  };
}
