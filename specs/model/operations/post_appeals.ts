import { by, int, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Post appeals (of a post's deletion). */
export const POST_APPEAL_OPERATIONS = [
  {
    id: 'post_appeals.list', resource: 'post_appeals', name: 'List appeals', kind: 'list', method: 'GET', path: '/post_appeals', shown: true,
    summary: 'List post appeals.',
    params: [int('search[creator_id]', 'creator id', { effect: by.user('id', 'creator', 'INT-business-rules') }), str('search[creator_name]', 'creator name', { effect: by.user('name', 'creator', 'INT-business-rules') }), int('search[post_id]', 'post id', { effect: by.post('INT-business-rules') })],
  },
  {
    id: 'post_appeals.create', resource: 'post_appeals', name: 'Create appeal', kind: 'create', method: 'POST', path: '/post_appeals', shown: true,
    summary: 'Appeal a post\'s deletion.',
    params: [int('post_appeal[post_id]', 'post id', { required: true }), str('post_appeal[reason]', 'reason', { required: true })],
  },
] as const satisfies readonly OperationSpec[];
