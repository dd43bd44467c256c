/** `post_votes/*`: a vote moves the score the post shows; the two values of score are two different votes. */
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { RecordFields } from '../formats.ts';
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

/** What a vote changed in the numbers a post record carries (score, up_score, ...): field -> difference. */
function numbersMoved(before: RecordFields, after: RecordFields): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const [name, value] of Object.entries(after)) {
    if (name === 'id' || typeof value !== 'number' || typeof before[name] !== 'number') continue;
    const delta = value - (before[name] as number);
    if (delta !== 0) moved[name] = delta;
  }
  return moved;
}

/** A vote of `score` on a new post: what it moved. */
async function voteMoves(ctx: CheckContext, score: string): Promise<Record<string, number>> {
  const post = await makePost(ctx);
  const before = await show(ctx, 'posts.show', post.id);
  await succeed(ctx, 'post_votes.create', { path: { post_id: post.id }, fields: { score } }, `a vote ${score}`);
  return numbersMoved(before, await show(ctx, 'posts.show', post.id));
}

export const vote_values_are_different_votes = defineCheck({
  id: 'post_votes/values-differ', fn: 'vote_values_are_different_votes', resource: 'post_votes',
  description: 'a vote down does not change a post as a vote up does: each value of score is observed', requirements: ['IB-4-post_votes-score-values'], readOnly: false,
  async run(ctx) {
    const values = ctx.target.paramName(ctx.target.operation('post_votes.create'), 'score').values! as readonly string[];
    const moves = [];
    for (const score of values) moves.push({ score, moved: await voteMoves(ctx, score) });
    const [first, second] = moves as [(typeof moves)[number], (typeof moves)[number]];
    // What a field means is not shown (INT-record-fields): only that the two votes differ is judged, where a vote moves a number at all.
    if (Object.keys(first.moved).length === 0 && Object.keys(second.moved).length === 0) skip('post records carry no number a vote moves, so a vote cannot be read back (INT-record-fields)');
    if (JSON.stringify(first.moved) === JSON.stringify(second.moved)) {
      fail(`a vote ${second.score} changed the post exactly as a vote ${first.score} did: ${JSON.stringify(second.moved)}`, { expected: `a change other than ${JSON.stringify(first.moved)}`, actual: JSON.stringify(second.moved) });
    }
  },
});

export const vote_without_score_is_not_counted = defineCheck({
  id: 'post_votes/score-required', fn: 'vote_without_score_is_not_counted', resource: 'post_votes',
  description: 'a vote without score (REQUIRED, up or down) moves nothing a post shows: no value of the set stands in for it', requirements: ['IB-4-post_votes-score-required'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const before = await show(ctx, 'posts.show', post.id);
    // How it is refused is the register's reading (required/post_votes.create/score); a vote counted is one no one cast.
    const reply = await ctx.target.call('post_votes.create', { path: { post_id: post.id } });
    ctx.note(reply);
    const moved = numbersMoved(before, await show(ctx, 'posts.show', post.id));
    if (Object.keys(moved).length > 0) {
      fail(`a vote without score was answered ${reply.status} and changed post ${post.id}: ${JSON.stringify(moved)}`, { reply, expected: 'the post unchanged (a refusal: INT-missing-required-status)', actual: JSON.stringify(moved) });
    }
  },
});

export function checks(): Check[] {
  return [
    votes_move_the_score,
    vote_values_are_different_votes,
    vote_without_score_is_not_counted,
  ];
}
