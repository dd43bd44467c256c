import { by, int, sortBy, str, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Pools, and the pool versions listing. */
export const POOL_OPERATIONS = [
  {
    id: 'pools.list', resource: 'pools', name: 'List', kind: 'list', method: 'GET', path: '/pools', shown: true,
    summary: 'List pools.',
    params: [
      str('search[name_matches]', 'name search', { effect: by.text('name', 'matches') }),
      str('search[description_matches]', 'description search', { effect: by.text('description', 'matches') }),
      str('search[creator_name]', 'creator name', { effect: by.user('name') }),
      int('search[creator_id]', 'creator id', { effect: by.user('id') }),
      str('search[is_active]', 'true or false', { only: 'A', values: 'true-false', effect: by.flag('is_active') }),
      str('search[category]', 'series or collection', { only: 'A', values: 'pool-category', effect: by.value('category') }),
      str('search[order]', 'sort key', { only: 'A', values: 'pool-order-A', sortKey: true, effect: sortBy({ name: 'name', created_at: 'creation', post_count: 'count', date: 'creation' }) }),
      str('search[sort]', 'sort key', { only: 'B', values: 'pool-sort-B', sortKey: true, effect: sortBy({ name: 'name', date: 'creation' }) }),
    ],
  },
  { id: 'pools.show', resource: 'pools', name: 'Show', kind: 'show', method: 'GET', path: '/pools/{id}', shown: true, summary: 'Show one pool.', params: [] },
  {
    id: 'pools.create', resource: 'pools', name: 'Create', kind: 'create', method: 'POST', path: '/pools', shown: true,
    summary: 'Create a pool.',
    params: [
      str('pool[name]', 'name', { required: true }),
      str('pool[description]', 'description', { required: true }),
      str('pool[category]', 'series or collection', { only: 'A', values: 'pool-category' }),
    ],
  },
  {
    id: 'pools.update', resource: 'pools', name: 'Update', kind: 'update', method: 'PUT', path: '/pools/{id}', shown: true,
    summary: 'Update a pool: name, description, posts, active flag.',
    params: [
      str('pool[name]', 'name'),
      str('pool[description]', 'description'),
      str('pool[post_ids]', 'space-delimited post ids'),
      str('pool[is_active]', '1 or 0', { values: 'one-zero' }),
      str('pool[category]', 'series or collection', { only: 'A', values: 'pool-category' }),
    ],
  },
  { id: 'pools.delete', resource: 'pools', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/pools/{id}', shown: true, summary: 'Delete a pool.', params: [] },
  { id: 'pools.undelete', resource: 'pools', name: 'Undelete', kind: 'undelete', method: 'POST', path: '/pools/{id}/undelete', shown: true, summary: 'Undelete a pool.', params: [] },
  { id: 'pools.revert', resource: 'pools', name: 'Revert', kind: 'revert', method: 'PUT', path: '/pools/{id}/revert', shown: true, summary: 'Revert a pool to a pool version.', params: [versionId('pool')] },
  {
    id: 'pool_versions.list', resource: 'pools', name: 'Pool versions', kind: 'list', method: 'GET', path: '/pool_versions', shown: true,
    summary: 'List pool versions.',
    params: [int('search[updater_id]', 'updater id', { effect: by.user('id', 'updater') }), str('search[updater_name]', 'updater name', { effect: by.user('name', 'updater') }), int('search[pool_id]', 'pool id', { effect: by.versioned() })],
  },
] as const satisfies readonly OperationSpec[];
