/**
 * Pools: create, update (space-delimited post ids, the active flag, the category in A), delete and
 * undelete (a deleted pool is kept with `is_deleted`, INT-transitions), revert, show, list with every
 * search parameter and the variant's sort key, and the pool versions listing.
 */
import { VALUE_SETS } from '../../../specs/model/index.ts';
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { boundedText, oneZero, requiredName, splitWords, trueFalse } from '../fields.ts';
import { parseInteger } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, sortKeyParam, valuesOf, variantParam } from '../registry.ts';
import { Where, matchesPattern, authorship, lockName, userIdByName } from '../sql.ts';
import { softDeletion } from '../soft-delete.ts';
import { alreadyExists, invalid, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

interface PoolRow extends Row {
  id: number;
  name: string;
  description: string;
  category: string;
  post_ids: number[];
  is_active: boolean;
  is_deleted: boolean;
  creator_id: number;
  updater_id: number;
  created_at: Date;
  updated_at: Date;
}

interface PoolVersionRow extends VersionRow {
  pool_id: number;
  name: string;
  description: string;
  category: string;
  post_ids: number[];
  is_active: boolean;
  is_deleted: boolean;
}

/** The pool versions: every field of the pool after each change, deletion included. */
const HISTORY = new History<PoolVersionRow>({
  table: 'pool_versions',
  key: 'pool_id',
  identity: (r) => ({ pool_id: r.pool_id }),
  snapshot: (r, env) => shown(r, env),
  faults: {
    notRecorded: 'pool-versions-not-recorded',
    notRestoring: 'pools-revert-not-restoring',
    stepBack: 'pools-revert-one-step-back',
    searchIgnored: [{ param: 'search[pool_id]', fault: 'pool-versions-pool-id-ignored' }],
  },
});

/** The category a pool has when none is given (and always in B, which has no categories). */
const DEFAULT_CATEGORY = VALUE_SETS['pool-category'].values[0];

/** The writable fields of a pool (what a version keeps and a revert restores). */
interface PoolFields {
  name: string;
  description: string;
  category: string;
  post_ids: number[];
  is_active: boolean;
}

/** The fields a pool and its versions show (the category in A only, which has categories). */
function shown(r: PoolRow | PoolVersionRow, env: ServerEnv) {
  return {
    name: r.name,
    description: r.description,
    ...(env.variant === 'A' ? { category: r.category } : {}),
    post_ids: r.post_ids.join(' '),
    post_count: r.post_ids.length,
    is_active: r.is_active,
    is_deleted: r.is_deleted,
  };
}

function record(r: PoolRow, env: ServerEnv): ApiRecord {
  return { id: r.id, ...shown(r, env), ...authorship(env.users, r) };
}

async function load(q: Queryable, id: number, lock = false): Promise<PoolRow> {
  const rows = await q.query<PoolRow>(`SELECT * FROM pools WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('pool', id);
  return rows[0];
}

/** Refuses (423) a name another pool has (INT-already-exists); holds the name's lock until commit. */
async function claimName(tx: Queryable, env: ServerEnv, name: string, exceptId: number | null): Promise<void> {
  await lockName(tx, 'pools', name);
  if (env.faults.active('pools-duplicate-name-accepted')) return;
  const rows = await tx.query('SELECT 1 FROM pools WHERE lower(name) = lower($1) AND id IS DISTINCT FROM $2', [name, exceptId]);
  if (rows.length > 0) throw alreadyExists(`a pool named ${name} exists`);
}

/** Parses `pool[post_ids]`: space-delimited ids of existing posts, duplicates dropped, order kept. */
async function parsePostIds(tx: Queryable, name: string, value: string): Promise<number[]> {
  const ids: number[] = [];
  for (const token of splitWords(value)) {
    const n = parseInteger(token);
    if (n === undefined || n < 1) throw invalid(`${name}: "${token.slice(0, 40)}" is not a post id`);
    ids.push(n);
  }
  if (ids.length === 0) return ids;
  const found = new Set((await tx.query<{ id: number }>('SELECT id FROM posts WHERE id = ANY($1::int[])', [ids])).map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) throw invalid(`${name}: no post with id ${missing.slice(0, 10).join(', ')}`);
  return ids;
}

async function version(tx: Queryable, env: ServerEnv, id: number, user: User): Promise<void> {
  const p = await load(tx, id);
  await HISTORY.record(tx, env, id, user.id, {
    name: p.name, description: p.description, category: p.category, post_ids: p.post_ids, is_active: p.is_active, is_deleted: p.is_deleted,
  });
}

async function save(tx: Queryable, id: number, p: PoolFields, user: User): Promise<void> {
  await tx.query(
    'UPDATE pools SET name = $2, description = $3, category = $4, post_ids = $5::int[], is_active = $6, updater_id = $7, updated_at = now() WHERE id = $1',
    [id, p.name, p.description, p.category, p.post_ids, p.is_active, user.id],
  );
}

/** Saves new fields of a pool, a new name claimed first, and records the change as a version. */
async function change(tx: Queryable, env: ServerEnv, p: PoolRow, next: PoolFields, user: User): Promise<void> {
  if (next.name.toLowerCase() !== p.name.toLowerCase()) await claimName(tx, env, next.name, p.id);
  await save(tx, p.id, next, user);
  await version(tx, env, p.id, user);
}

function fieldsOf(r: PoolRow | PoolVersionRow): PoolFields {
  return { name: r.name, description: r.description, category: r.category, post_ids: [...r.post_ids], is_active: r.is_active };
}

const DELETION = softDeletion({
  table: 'pools',
  noun: 'pool',
  noopFaults: { delete: 'pools-delete-noop', undelete: 'pools-undelete-noop' },
  load: (tx, id) => load(tx, id, true),
  after: version,
});

export const poolsModule: ResourceModule = {
  resource: 'pools',
  handlers: {
    'pools.list': (op, env) => {
      const NAME = param(op, 'search[name_matches]');
      const DESCRIPTION = param(op, 'search[description_matches]');
      const CREATOR_NAME = param(op, 'search[creator_name]');
      const CREATOR_ID = param(op, 'search[creator_id]');
      const IS_ACTIVE = variantParam(op, 'search[is_active]');
      const CATEGORY = variantParam(op, 'search[category]');
      const SORT = sortKeyParam(op);
      // Each sort value: `name` alphabetical; `date` last change first; `created_at` newest first; `post_count` largest first.
      const COLUMN: Readonly<Record<string, string>> = {
        name: 'lower(name) ASC, id ASC',
        date: 'updated_at DESC, id DESC',
        created_at: 'created_at DESC, id DESC',
        post_count: 'cardinality(post_ids) DESC, id DESC',
      };
      const ORDERS = new Map(valuesOf(op, SORT).map((v) => {
        if (!COLUMN[v]) throw new Error(`pools.list: no order for sort value ${v}`);
        return [v, COLUMN[v]];
      }));
      return async ({ params, raw }) => {
        const f = env.faults;
        const w = new Where();
        const name = params.str(NAME);
        if (name !== undefined) w.add(`name ILIKE ${w.p(matchesPattern(name))}`);
        const description = params.str(DESCRIPTION);
        if (description !== undefined) w.add(`description ILIKE ${w.p(matchesPattern(description))}`);
        const creatorName = params.str(CREATOR_NAME);
        if (creatorName !== undefined) w.add(`creator_id = ${userIdByName(w, creatorName)}`);
        const creatorId = params.int(CREATOR_ID);
        if (creatorId !== undefined) w.add(`creator_id = ${w.p(creatorId)}`);
        const active = IS_ACTIVE ? trueFalse(params.str(IS_ACTIVE)) : undefined;
        if (active !== undefined) w.add(`is_active = ${w.p(active)}`);
        const category = CATEGORY ? params.str(CATEGORY) : undefined;
        if (category !== undefined && !env.faults.active('pools-category-search-ignored')) w.add(`category = ${w.p(category)}`);
        const sort = params.str(SORT);
        const order = (sort !== undefined && !f.active('pools-sort-ignored') && ORDERS.get(sort)) || 'id DESC';
        const rows = await pagedRows<PoolRow>(env, raw, w, `SELECT * FROM pools`, 'id', order);
        return { kind: 'list', root: 'pools', element: 'pool', records: rows.map((r) => record(r, env)) };
      };
    },

    'pools.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'pool', record: record(await load(env.db, path.id!), env) }),

    'pools.create': (op, env) => {
      const NAME = param(op, 'pool[name]');
      const DESCRIPTION = param(op, 'pool[description]');
      const CATEGORY = variantParam(op, 'pool[category]');
      return async ({ params, user }) => {
        const u = requireUser(user);
        // The core refuses a missing REQUIRED parameter; only a fault lets one through, and then nothing is made.
        if (!params.has(NAME)) return { kind: 'envelope' };
        const name = requiredName(NAME, params.str(NAME));
        const description = boundedText(DESCRIPTION, params.str(DESCRIPTION) ?? '');
        const category = (CATEGORY && params.str(CATEGORY)) || DEFAULT_CATEGORY;
        const id = await env.db.transaction(async (tx) => {
          await claimName(tx, env, name, null);
          const rows = await tx.query<{ id: number }>(
            'INSERT INTO pools (name, description, category, creator_id, updater_id) VALUES ($1, $2, $3, $4, $4) RETURNING id',
            [name, description, category, u.id],
          );
          await version(tx, env, rows[0]!.id, u);
          return rows[0]!.id;
        });
        return { kind: 'envelope', id };
      };
    },

    'pools.update': (op, env) => {
      const NAME = param(op, 'pool[name]');
      const DESCRIPTION = param(op, 'pool[description]');
      const POST_IDS = param(op, 'pool[post_ids]');
      const IS_ACTIVE = param(op, 'pool[is_active]');
      const CATEGORY = variantParam(op, 'pool[category]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const p = await load(tx, path.id!, true);
          const next = fieldsOf(p);
          if (params.has(NAME)) next.name = requiredName(NAME, params.str(NAME));
          const description = params.str(DESCRIPTION);
          if (description !== undefined) next.description = boundedText(DESCRIPTION, description);
          const postIds = params.str(POST_IDS);
          if (postIds !== undefined && !env.faults.active('pools-post-ids-ignored')) next.post_ids = await parsePostIds(tx, POST_IDS, postIds);
          // Fault pools-update-clears-posts: an update that does not send pool[post_ids] empties the pool.
          else if (postIds === undefined && env.faults.active('pools-update-clears-posts')) next.post_ids = [];
          // Fault pools-post-ids-sorted: the pool keeps its posts in ascending id order, not in the order sent.
          if (env.faults.active('pools-post-ids-sorted')) next.post_ids.sort((a, b) => a - b);
          const active = oneZero(params.str(IS_ACTIVE));
          if (active !== undefined && !env.faults.active('pools-is-active-ignored')) next.is_active = active;
          const category = CATEGORY ? params.str(CATEGORY) : undefined;
          if (category !== undefined) next.category = env.faults.active('pools-category-as-first') ? DEFAULT_CATEGORY : category;
          if (JSON.stringify(next) === JSON.stringify(fieldsOf(p))) return;
          await change(tx, env, p, next, u);
          // Fault pools-editor-becomes-creator: whoever updates a pool is saved as its creator.
          if (env.faults.active('pools-editor-becomes-creator')) await tx.query('UPDATE pools SET creator_id = $2 WHERE id = $1', [p.id, u.id]);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'pools.delete': DELETION.delete,
    'pools.undelete': DELETION.undelete,

    'pools.revert': HISTORY.revert({
      load: (tx, { path }) => load(tx, path.id!, true),
      // Fault pools-revert-keeps-post-ids: every field of the version is restored but the posts.
      restore: (tx, p, v, user, { env }) => change(tx, env, p, { ...fieldsOf(v), ...(env.faults.active('pools-revert-keeps-post-ids') ? { post_ids: [...p.post_ids] } : {}) }, user),
    }),

    'pool_versions.list': HISTORY.list,
  },

  faults: [
    { id: 'pools-editor-becomes-creator', requirements: ['IB-4-pools-search-creator_name'], summary: 'Whoever updates a pool is saved as its creator: search[creator_name] lists a pool under its last editor.', caughtBy: 'effects/pools.list/creator_name' },
    { id: 'pools-update-clears-posts', requirements: ['IB-4-pools-post-ids'], summary: 'An update that does not send pool[post_ids] empties the pool (INT-update-keeps).', caughtBy: 'pools/post-ids' },
    { id: 'pools-is-active-ignored', requirements: ['IB-4-pools-fields'], summary: 'pool[is_active] is accepted on update but not stored.', caughtBy: 'pools/fields' },
    { id: 'pools-category-as-first', requirements: ['IB-4-pools-fields'], summary: 'pool[category] on update is always stored as the first category.', variants: ['A'], caughtBy: 'pools/fields' },
    { id: 'pools-category-search-ignored', requirements: ['IB-4-pools-search-category-A'], summary: 'search[category] on pools is ignored.', variants: ['A'], caughtBy: 'effects/pools.list/category' },
    { id: 'pool-versions-pool-id-ignored', requirements: ['IB-4-pool_versions-search-pool_id'], summary: 'search[pool_id] on pool versions is ignored.', caughtBy: 'effects/pool_versions.list/pool_id' },
    { id: 'pools-post-ids-sorted', requirements: ['IB-4-pools-post-ids'], summary: 'pool[post_ids] is stored in ascending id order instead of the order sent.', caughtBy: 'pools/post-ids' },
    { id: 'pools-post-ids-ignored', requirements: ['IB-4-pools-post-ids'], summary: 'pool[post_ids] is accepted but the pool\'s posts do not change.' },
    { id: 'pools-delete-noop', requirements: ['IB-3-pools-delete-undelete'], summary: 'Pool deletes answer success but the pool stays undeleted.' },
    { id: 'pools-undelete-noop', requirements: ['IB-3-pools-delete-undelete'], summary: 'Pool undeletes answer success but the pool stays deleted.' },
    { id: 'pools-sort-ignored', requirements: ['IB-4-pools-sort-A', 'IB-4-pools-sort-B'], summary: 'The pools sort key is ignored.' },
    { id: 'pools-duplicate-name-accepted', requirements: ['IB-7-already-exists'], summary: 'A second pool with an existing name is created.' },
    { id: 'pool-versions-not-recorded', requirements: ['IB-9-pools-versions'], summary: 'Pool changes are not recorded as pool versions.' },
    { id: 'pools-revert-one-step-back', requirements: ['IB-9-pools-revert'], summary: 'Pool revert ignores version_id and restores the version before the newest.', caughtBy: 'versions/pools/revert' },
    { id: 'pools-revert-keeps-post-ids', requirements: ['IB-9-pools-revert'], summary: 'Pool revert restores every field of the version but the post ids.', caughtBy: 'versions/pools/revert' },
    { id: 'pools-revert-not-restoring', requirements: ['IB-9-pools-revert'], summary: 'Pool revert answers success but restores nothing.' },
  ],
};
