/** `post_votes/*`: a vote moves the score the post shows. */
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { makePost } from '../world.ts';
import { show, succeed, text } from './support/calls.ts';

export const votes_move_the_score = defineCheck({
  id: 'post_votes/score', fn: 'votes_move_the_score', resource: 'post_votes',
  description: 'a vote up raises the score a post shows, a vote down lowers it', requirements: ['IB-4-post_votes-score'], readOnly: false,
  async run(ctx) {
    const [up, down] = ctx.target.paramName(ctx.target.operation('post_votes.create'), 'score').values! as [string, string];
    for (const [score, sign] of [[up, 1], [down, -1]] as const) {
      const post = await makePost(ctx);
      const before = await show(ctx, 'posts.show', post.id);
      if (!('score' in before)) skip('post records carry no score to read a vote back from (INT-record-fields)');
      await succeed(ctx, 'post_votes.create', { path: { post_id: post.id }, fields: { score } }, `a vote ${score}`);
      const after = await show(ctx, 'posts.show', post.id);
      const delta = Number(text(after.score ?? '')) - Number(text(before.score!));
      if (Math.sign(delta) !== sign) fail(`after a vote ${score}, the post's score went from ${text(before.score!)} to ${text(after.score ?? '')}`, { expected: sign > 0 ? 'a higher score' : 'a lower score', actual: text(after.score ?? '') });
    }
  },
});

export function checks(): Check[] {
  return [
    votes_move_the_score,
  ];
}
