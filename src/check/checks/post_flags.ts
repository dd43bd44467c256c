/** `post_flags/*` and `post_appeals/reason`: a post can be flagged for deletion, and flags and appeals say why. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { recordId } from '../formats.ts';
import { flagForAppeal, makePost } from '../world.ts';
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

export const appeal_reason_reads_back = defineCheck({
  id: 'post_appeals/reason', fn: 'appeal_reason_reads_back', resource: 'post_appeals',
  description: 'an appeal is listed with its reason as written', requirements: ['IB-4-post_appeals-fields'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    // The service family appeals only posts that are flagged (INT-business-rules).
    await flagForAppeal(ctx, post.id);
    const reason = withMarkup(ctx.unique('appeal'));
    await succeed(ctx, 'post_appeals.create', { fields: { post_id: post.id, reason } }, 'appealing the post');
    const appeals = records(await succeed(ctx, 'post_appeals.list', { fields: { post_id: post.id } }, `the appeals of post ${post.id}`), 'post_appeals.list');
    if (appeals.length === 0) fail(`post_appeals.list has no appeal of post ${post.id}`, { expected: 'one appeal', actual: '[]' });
    // Read under its parameters' names (INT-record-fields): the reason as it was sent.
    for (const appeal of appeals) {
      if ('reason' in appeal && text(appeal.reason!) !== reason) fail(`the appeal ${recordId(appeal) ?? ''} of post ${post.id} reads the reason "${text(appeal.reason!)}"`, { expected: reason, actual: text(appeal.reason!) });
    }
  },
});

export function checks(): Check[] {
  return [
    post_can_be_flagged,
    appeal_reason_reads_back,
  ];
}
