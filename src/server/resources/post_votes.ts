/** Post votes: one vote per user per post, up or down; the post record carries the score. */
import { valuesOf, param } from '../registry.ts';
import type { ResourceModule } from '../registry.ts';
import { notFound, requireUser } from '../refusals.ts';

export const postVotesModule: ResourceModule = {
  resource: 'post_votes',
  handlers: {
    'post_votes.create': (op, env) => {
      const SCORE = param(op, 'score');
      // The value set lists up first, then down.
      const [UP] = valuesOf(op, SCORE);
      return async ({ params, path, user: caller }) => {
        const user = requireUser(caller);
        let score = params.str(SCORE) === UP || params.str(SCORE) === undefined ? 1 : -1;
        if (env.faults.active('votes-down-as-up')) score = 1;
        const id = await env.db.transaction(async (tx) => {
          const post = await tx.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [path.post_id]);
          if (!post[0]) throw notFound('post', path.post_id!);
          const rows = await tx.query<{ id: number }>(
            `INSERT INTO post_votes (post_id, user_id, score) VALUES ($1, $2, $3)
             ON CONFLICT (post_id, user_id) DO UPDATE SET score = EXCLUDED.score, updated_at = now() RETURNING id`,
            [path.post_id, user.id, score],
          );
          await tx.query(
            `UPDATE posts SET
               up_score = (SELECT count(*) FROM post_votes WHERE post_id = $1 AND score > 0),
               down_score = -(SELECT count(*) FROM post_votes WHERE post_id = $1 AND score < 0),
               score = (SELECT COALESCE(sum(score), 0) FROM post_votes WHERE post_id = $1)
             WHERE id = $1`,
            [path.post_id],
          );
          return rows[0]!.id;
        });
        return { kind: 'envelope', id, extra: { post_id: path.post_id! } };
      };
    },
  },
  faults: [
    { id: 'votes-down-as-up', requirements: ['IB-4-post_votes-score', 'IB-4-post_votes-score-values'], summary: 'A vote down is counted as a vote up.', caughtBy: 'post_votes/*' },
    { id: 'vote-score-defaulted', requirements: ['IB-4-post_votes-score-required'], summary: 'A vote without score is taken and counted as a vote up.', caughtBy: 'post_votes/score-required' },
  ],
};
