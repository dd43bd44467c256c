import { int, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Users. */
export const USER_OPERATIONS = [
  {
    id: 'users.list', resource: 'users', name: 'List', kind: 'list', method: 'GET', path: '/users', shown: true,
    summary: 'List users.',
    params: [
      str('search[name]', 'user name (supports patterns)'),
      int('search[min_level]', 'minimum level'),
      int('search[max_level]', 'maximum level', { only: 'A' }),
      int('search[level]', 'level'),
      int('search[id]', 'user id'),
      str('search[order]', 'sort key', { only: 'A', values: 'user-sort', sortKey: true }),
      str('search[sort]', 'sort key', { only: 'B', values: 'user-sort', sortKey: true }),
    ],
  },
  { id: 'users.show', resource: 'users', name: 'Show', kind: 'show', method: 'GET', path: '/users/{id}', shown: true, summary: 'Show one user.', params: [] },
] as const satisfies readonly OperationSpec[];
