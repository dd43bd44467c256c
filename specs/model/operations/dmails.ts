import { by, int, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

const OWNER_ONLY = 'A user can list, show and delete only the dmails the user owns.';

/** Section 4: Dmails. */
export const DMAIL_OPERATIONS = [
  {
    id: 'dmails.list', resource: 'dmails', name: 'List', kind: 'list', method: 'GET', path: '/dmails', shown: true,
    summary: 'List the caller\'s own dmails.', remarks: [OWNER_ONLY],
    params: [
      str('search[message_matches]', 'message search', { effect: by.text('title', 'matches') }),
      str('search[to_name]', 'recipient name', { effect: by.recipient('name') }),
      int('search[to_id]', 'recipient id', { effect: by.recipient('id') }),
      str('search[from_name]', 'sender name', { effect: by.user('name', 'sender') }),
      int('search[from_id]', 'sender id', { effect: by.user('id', 'sender') }),
      str('search[read]', 'true or false', { only: 'A', values: 'true-false', effect: by.flag('read') }),
    ],
  },
  { id: 'dmails.show', resource: 'dmails', name: 'Show', kind: 'show', method: 'GET', path: '/dmails/{id}', shown: true, summary: 'Show one of the caller\'s dmails.', params: [], remarks: [OWNER_ONLY] },
  {
    id: 'dmails.create', resource: 'dmails', name: 'Create', kind: 'create', method: 'POST', path: '/dmails', shown: true,
    summary: 'Send a dmail.',
    params: [str('dmail[to_name]', 'recipient name'), str('dmail[title]', 'title'), str('dmail[body]', 'body')],
  },
  { id: 'dmails.delete', resource: 'dmails', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/dmails/{id}', shown: true, summary: 'Delete one of the caller\'s dmails.', params: [], remarks: [OWNER_ONLY] },
] as const satisfies readonly OperationSpec[];
