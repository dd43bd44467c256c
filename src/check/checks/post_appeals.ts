/** `post_appeals/*`: an appeal says why. */
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { recordId } from '../formats.ts';
import { flagForAppeal, makePost } from '../world.ts';
import { records, succeed, text, withMarkup } from './support/calls.ts';

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
  return [appeal_reason_reads_back];
}
