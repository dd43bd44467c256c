/** `post_flags/*`: a post can be flagged for deletion, and the flag says why. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { recordId } from '../formats.ts';
import { makePost } from '../world.ts';
import { records, succeed, text, withMarkup } from './support/calls.ts';

export const post_can_be_flagged = defineCheck({
  id: 'post_flags/flag-for-deletion', fn: 'post_can_be_flagged', resource: 'post_flags',
  description: 'a post can be flagged for deletion, and the flag is listed with its reason as written', requirements: ['IB-3-flag-for-deletion'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const reason = withMarkup(ctx.unique('reason'));
    await succeed(ctx, 'post_flags.create', { fields: { post_id: post.id, reason } }, 'flagging a post');
    const flags = records(await succeed(ctx, 'post_flags.list', { fields: { post_id: post.id } }, `the flags of post ${post.id}`), 'post_flags.list');
    if (flags.length === 0) fail(`post_flags.list has no flag for post ${post.id}`, { expected: 'one flag', actual: '[]' });
    // A flag record read under its parameters' names (INT-record-fields) says the reason as it was sent.
    for (const flag of flags) {
      if ('reason' in flag && text(flag.reason!) !== reason) fail(`the flag ${recordId(flag) ?? ''} of post ${post.id} reads the reason "${text(flag.reason!)}"`, { expected: reason, actual: text(flag.reason!), requirement: 'IB-3-flag-for-deletion' });
    }
  },
});

export function checks(): Check[] {
  return [
    post_can_be_flagged,
  ];
}
