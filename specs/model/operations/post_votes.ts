import { str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Post votes. */
export const POST_VOTE_OPERATIONS = [
  {
    id: 'post_votes.create', resource: 'post_votes', name: 'Create', kind: 'create', method: 'POST', path: '/posts/{post_id}/votes', shown: true,
    summary: 'Vote a post up or down.', params: [str('score', 'up or down', { required: true, values: 'vote-score' })],
  },
] as const satisfies readonly OperationSpec[];
