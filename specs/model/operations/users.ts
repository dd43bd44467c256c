import { by, int, sortBy, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Users. */
export const USER_OPERATIONS = [
  {
    id: 'users.list', resource: 'users', name: 'List', kind: 'list', method: 'GET', path: '/users', shown: true,
    summary: 'List users.',
    params: [
      str('search[name]', 'user name (supports patterns)', { effect: by.text('name', 'pattern') }),
      int('search[min_level]', 'minimum level', { effect: by.level('min') }),
      int('search[max_level]', 'maximum level', { only: 'A', effect: by.level('max') }),
      int('search[level]', 'level', { effect: by.level('eq') }),
      int('search[id]', 'user id', { effect: by.self() }),
      str('search[order]', 'sort key', { only: 'A', values: 'user-sort', sortKey: true, effect: sortBy({ name: 'name', post_upload_count: 'count', note_count: 'count', post_update_count: 'count', date: 'creation' }) }),
      str('search[sort]', 'sort key', { only: 'B', values: 'user-sort', sortKey: true, effect: sortBy({ name: 'name', post_upload_count: 'count', note_count: 'count', post_update_count: 'count', date: 'creation' }) }),
    ],
  },
  { id: 'users.show', resource: 'users', name: 'Show', kind: 'show', method: 'GET', path: '/users/{id}', shown: true, summary: 'Show one user.', params: [] },
] as const satisfies readonly OperationSpec[];
