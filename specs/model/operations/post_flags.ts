import { by, int, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Post flags (a post flagged for deletion). */
export const POST_FLAG_OPERATIONS = [
  {
    id: 'post_flags.list', resource: 'post_flags', name: 'List flags', kind: 'list', method: 'GET', path: '/post_flags', shown: true,
    summary: 'List post flags.',
    params: [int('search[creator_id]', 'creator id', { effect: by.user('id') }), str('search[creator_name]', 'creator name', { effect: by.user('name') }), int('search[post_id]', 'post id', { effect: by.post() })],
  },
  {
    id: 'post_flags.create', resource: 'post_flags', name: 'Create flag', kind: 'create', method: 'POST', path: '/post_flags', shown: true,
    summary: 'Flag a post for deletion.',
    params: [int('post_flag[post_id]', 'post id', { required: true }), str('post_flag[reason]', 'reason', { required: true })],
  },
] as const satisfies readonly OperationSpec[];
