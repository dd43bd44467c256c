/** Users: list (name patterns, level searches, the variant's sort key) and show. Users come from the accounts file. */
import type { Row } from '../db/index.ts';
import type { ApiRecord } from '../protocol.ts';
import { notFound } from '../refusals.ts';
import type { ResourceModule } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, sortKeyParam, valuesOf, variantParam } from '../registry.ts';
import { Where, likePattern } from '../sql.ts';
import { roleOf } from '../accounts.ts';
import type { Faults } from '../fault-types.ts';

interface UserRow extends Row {
  id: number;
  name: string;
  level: number;
  post_upload_count: number;
  post_update_count: number;
  note_count: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, name, level, post_upload_count, post_update_count, note_count, created_at, updated_at';

function record(r: UserRow, faults: Faults): ApiRecord {
  const base: Record<string, ApiRecord[string]> = {
    id: r.id,
    name: r.name,
    level: faults.active('user-level-wrong') ? r.level + 1 : faults.active('user-level-string') ? String(r.level) : r.level,
    level_string: roleOf(r.level),
    post_upload_count: r.post_upload_count,
    post_update_count: r.post_update_count,
    note_count: r.note_count,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (faults.active('user-level-missing')) delete base.level;
  return base;
}

export const usersModule: ResourceModule = {
  resource: 'users',
  handlers: {
    'users.list': (op, env) => {
      const NAME = param(op, 'search[name]');
      const MIN = param(op, 'search[min_level]');
      const MAX = variantParam(op, 'search[max_level]');
      const LEVEL = param(op, 'search[level]');
      const ID = param(op, 'search[id]');
      const SORT = sortKeyParam(op);
      // Each sort value is a column of the same name, except `date` (newest first).
      const SORTS = new Map(valuesOf(op, SORT).map((v) => [v, v === 'name' ? 'lower(name) ASC' : v === 'date' ? 'created_at DESC, id DESC' : `${v} DESC, id DESC`]));
      return async ({ params, raw }) => {
        const f = env.faults;
        const w = new Where();
        const name = params.str(NAME);
        if (name !== undefined) {
          if (name.includes('*') && !f.active('user-name-pattern-unsupported')) w.add(`name ILIKE ${w.p(likePattern(name))}`);
          else w.add(`lower(name) = lower(${w.p(name)})`);
        }
        if (!f.active('user-level-search-ignored')) {
          const min = params.int(MIN);
          if (min !== undefined) w.add(`level ${f.active('users-min-level-exclusive') ? '>' : '>='} ${w.p(min)}`);
          const level = params.int(LEVEL);
          // Fault users-level-dropped-with-min: search[level] is read only without search[min_level].
          if (level !== undefined && !(min !== undefined && f.active('users-level-dropped-with-min'))) w.add(`level = ${w.p(level)}`);
        }
        const max = MAX ? params.int(MAX) : undefined;
        if (max !== undefined && !f.active('user-max-level-ignored')) w.add(`level ${f.active('users-max-level-exclusive') ? '<' : '<='} ${w.p(max)}`);
        const id = params.int(ID);
        if (id !== undefined) w.add(`id = ${w.p(id)}`);
        const sort = params.str(SORT);
        const order = (sort !== undefined && !f.active('users-sort-ignored') && SORTS.get(sort)) || 'id DESC';
        const rows = await pagedRows<UserRow>(env, raw, w, `SELECT ${COLUMNS} FROM users`, 'id', order);
        return { kind: 'list', root: 'users', element: 'user', records: rows.map((r) => record(r, f)) };
      };
    },
    'users.show': (_op, env) => async ({ path }) => {
      const rows = await env.db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [path.id]);
      if (!rows[0]) throw notFound('user', path.id!);
      return { kind: 'record', element: 'user', record: record(rows[0], env.faults) };
    },
  },
  faults: [
    { id: 'user-level-wrong', requirements: ['IB-2-user-levels-A', 'IB-2-user-levels-B'], summary: 'User records show level + 1.' },
    { id: 'user-level-missing', requirements: ['IB-2-user-level'], summary: 'User records have no level.' },
    { id: 'user-name-pattern-unsupported', requirements: ['IB-4-users-name-pattern'], summary: 'search[name] on users matches exact names only (no * patterns).' },
    { id: 'users-min-level-exclusive', requirements: ['IB-4-users-level-search'], summary: 'search[min_level] leaves out users of exactly that level.', caughtBy: 'users/level-search' },
    { id: 'users-max-level-exclusive', requirements: ['IB-4-users-max-level-A'], summary: 'search[max_level] leaves out users of exactly that level.', variants: ['A'], caughtBy: 'users/max-level' },
    { id: 'user-level-string', requirements: ['IB-2-user-level'], summary: 'In JSON, level is served as a string ("20").', caughtBy: 'users/level-is-a-number' },
    { id: 'user-level-search-ignored', requirements: ['IB-4-users-level-search'], summary: 'search[level] and search[min_level] are ignored.' },
    { id: 'users-level-dropped-with-min', requirements: ['IB-4-users-search-level'], summary: 'search[level] is dropped when search[min_level] is given too.', caughtBy: 'effects/users.list/level' },
    { id: 'user-max-level-ignored', requirements: ['IB-4-users-max-level-A'], summary: 'search[max_level] is ignored.', variants: ['A'] },
    { id: 'users-sort-ignored', requirements: ['IB-4-users-sort-A', 'IB-4-users-sort-B'], summary: 'The users sort key is ignored.' },
  ],
};
