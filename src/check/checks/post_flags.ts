/** `post_flags/*`: a post can be flagged for deletion. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { makePost } from '../world.ts';
import { listIds, succeed } from './support/calls.ts';

export const post_can_be_flagged = defineCheck({
  id: 'post_flags/flag-for-deletion', fn: 'post_can_be_flagged', resource: 'post_flags',
  description: 'a post can be flagged for deletion, and the flag is listed', requirements: ['IB-3-flag-for-deletion'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    await succeed(ctx, 'post_flags.create', { fields: { post_id: post.id, reason: ctx.unique('reason') } }, 'flagging a post');
    const flags = await listIds(ctx, 'post_flags.list', { post_id: post.id });
    if (flags.length === 0) fail(`post_flags.list has no flag for post ${post.id}`, { expected: 'one flag', actual: '[]' });
  },
});

export function checks(): Check[] {
  return [
    post_can_be_flagged,
  ];
}
