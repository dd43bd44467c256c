/** Comments: create, show, update, delete and list with every search parameter of the variant. */
import type { Queryable, Row } from '../db/index.ts';
import { invalid } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, valuesOf, variantParam } from '../registry.ts';
import { Where, mayModify, matchesPattern, nameOf } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import { denied, notFound, requireUser } from '../refusals.ts';

interface CommentRow extends Row {
  id: number;
  post_id: number;
  creator_id: number;
  updater_id: number;
  body: string;
  do_not_bump_post: boolean;
  created_at: Date;
  updated_at: Date;
}

function record(r: CommentRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    post_id: r.post_id,
    creator_id: r.creator_id,
    creator_name: nameOf(env.users, r.creator_id),
    updater_id: r.updater_id,
    updater_name: nameOf(env.users, r.updater_id),
    body: r.body,
    do_not_bump_post: r.do_not_bump_post,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** Comments the comments-deleted-still-listed fault "deleted": gone from show, left in the list. */
const hiddenOnly = new WeakMap<ServerEnv, Set<number>>();

async function load(env: ServerEnv, id: number, q: Queryable = env.db): Promise<CommentRow> {
  const rows = await q.query<CommentRow>('SELECT * FROM comments WHERE id = $1', [id]);
  if (!rows[0] || hiddenOnly.get(env)?.has(id)) throw notFound('comment', id);
  return rows[0];
}

export const commentsModule: ResourceModule = {
  resource: 'comments',
  handlers: {
    'comments.list': (op, env) => {
      const GROUP_BY = param(op, 'group_by');
      const BODY = param(op, 'search[body_matches]');
      const POST_ID = variantParam(op, 'search[post_id]');
      const POST_TAGS = param(op, 'search[post_tags_match]');
      const CREATOR_NAME = param(op, 'search[creator_name]');
      const CREATOR_ID = param(op, 'search[creator_id]');
      return async ({ params, raw }) => {
        const f = env.faults;
        if (env.variations.active('comments-group-by') && params.str(GROUP_BY) === undefined) {
          // INT-comments-group-by: without group_by=comment, the posts that have comments, newest comment first.
          const posts = await env.db.query<{ id: number; tag_string: string; last_commented_at: Date }>(
            // The comment listing: a post moves to its top when a comment bumps it (not with do_not_bump_post).
            'SELECT p.id, p.tag_string, p.last_commented_at FROM posts p WHERE EXISTS (SELECT 1 FROM comments c WHERE c.post_id = p.id) ORDER BY p.last_commented_at DESC NULLS LAST, p.id DESC LIMIT 20',
          );
          return { kind: 'list', root: 'posts', element: 'post', records: posts.map((p) => ({ id: p.id, tag_string: p.tag_string, last_commented_at: p.last_commented_at })) };
        }
        const w = new Where();
        const body = params.str(BODY);
        if (body !== undefined) w.add(`c.body ILIKE ${w.p(matchesPattern(body))}`);
        const postId = POST_ID && !f.active('comments-post-id-ignored') ? params.int(POST_ID) : undefined;
        if (postId !== undefined) w.add(`c.post_id = ${w.p(postId)}`);
        const tags = params.str(POST_TAGS);
        if (tags !== undefined) {
          // Meta-tags are unsupported here: every term is a plain tag the post must carry.
          // Fault comments-post-tags-first-only: only the first of several tags is read.
          const names = parseTagString(tags).map((t) => t.name).slice(0, f.active('comments-post-tags-first-only') ? 1 : undefined);
          if (names.length > 0) w.add(`c.post_id IN (SELECT id FROM posts WHERE tag_array @> ${w.p(names)}::text[])`);
        }
        const creatorName = params.str(CREATOR_NAME);
        if (creatorName !== undefined) {
          if (f.active('comments-creator-name-substring')) w.add(`c.creator_id IN (SELECT id FROM users WHERE strpos(lower(name), lower(${w.p(creatorName)})) > 0)`);
          else w.add(`c.creator_id = (SELECT id FROM users WHERE lower(name) = lower(${w.p(creatorName)}))`);
        }
        const creatorId = params.int(CREATOR_ID);
        // Fault comments-creator-id-dropped-in-combination: read only when it is the one search parameter.
        const alone = [BODY, POST_ID, POST_TAGS, CREATOR_NAME].every((name) => name === undefined || !params.has(name));
        if (creatorId !== undefined && (alone || !f.active('comments-creator-id-dropped-in-combination'))) w.add(`c.creator_id = ${w.p(creatorId)}`);
        const rows = await pagedRows<CommentRow>(env, raw, w, `SELECT c.* FROM comments c`, 'c.id', 'c.id DESC');
        return { kind: 'list', root: 'comments', element: 'comment', records: rows.map((r) => record(r, env)) };
      };
    },

    'comments.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'comment', record: record(await load(env, path.id!), env) }),

    'comments.create': (op, env) => {
      const POST_ID = param(op, 'comment[post_id]');
      const BODY = param(op, 'comment[body]');
      const NO_BUMP = param(op, 'comment[do_not_bump_post]');
      const [SET] = valuesOf(op, NO_BUMP);
      return async ({ params, user: caller }) => {
        const user = requireUser(caller);
        const postId = params.int(POST_ID);
        if (postId === undefined) return { kind: 'envelope' };
        if (env.faults.active('comments-do-not-bump-refused') && params.has(NO_BUMP)) throw invalid(`${NO_BUMP} is not accepted`);
        // Fault do-not-bump-zero-set: any value of the flag, 0 too, is taken as set.
        const noBump = params.str(NO_BUMP) === SET || (env.faults.active('do-not-bump-zero-set') && params.has(NO_BUMP));
        const id = await env.db.transaction(async (tx) => {
          const post = await tx.query('SELECT id FROM posts WHERE id = $1 FOR UPDATE', [postId]);
          if (!post[0]) throw invalid(`${POST_ID}: no post with id ${postId}`);
          const rows = await tx.query<{ id: number }>(
            'INSERT INTO comments (post_id, creator_id, updater_id, body, do_not_bump_post) VALUES ($1, $2, $2, $3, $4) RETURNING id',
            [postId, user.id, params.str(BODY) ?? '', noBump],
          );
          if (!noBump || env.faults.active('do-not-bump-ignored')) await tx.query('UPDATE posts SET last_commented_at = clock_timestamp() WHERE id = $1', [postId]);
          return rows[0]!.id;
        });
        return { kind: 'envelope', id };
      };
    },

    'comments.update': (op, env) => {
      const BODY = param(op, 'comment[body]');
      const NO_BUMP = param(op, 'comment[do_not_bump_post]');
      const [SET] = valuesOf(op, NO_BUMP);
      return async ({ params, path, user: caller }) => {
        const user = requireUser(caller);
        await env.db.transaction(async (tx) => {
          const c = await load(env, path.id!, tx);
          if (!mayModify(user, c.creator_id)) throw denied('only the creator or a moderator may edit a comment');
          if (env.faults.active('comments-update-ignored')) return;
          // Fault comments-update-body-kept-with-do-not-bump: an update carrying the flag keeps the old body.
          let body = params.has(NO_BUMP) && env.faults.active('comments-update-body-kept-with-do-not-bump') ? c.body : (params.str(BODY) ?? c.body);
          // Fault comments-update-body-cut-at-ampersand: the body, read again as a query string, ends before its first `&`.
          if (env.faults.active('comments-update-body-cut-at-ampersand') && body.includes('&')) body = body.slice(0, body.indexOf('&'));
          const noBump = params.has(NO_BUMP) ? params.str(NO_BUMP) === SET : c.do_not_bump_post;
          await tx.query('UPDATE comments SET body = $2, do_not_bump_post = $3, updater_id = $4, updated_at = now() WHERE id = $1', [c.id, body, noBump, user.id]);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'comments.delete': (_op, env) => async ({ path, user: caller }) => {
      const user = requireUser(caller);
      await env.db.transaction(async (tx) => {
        const c = await load(env, path.id!, tx);
        if (!mayModify(user, c.creator_id)) throw denied('only the creator or a moderator may delete a comment');
        if (env.faults.active('comments-delete-noop')) return;
        if (env.faults.active('comments-deleted-still-listed')) {
          hiddenOnly.set(env, (hiddenOnly.get(env) ?? new Set()).add(c.id));
          return;
        }
        await tx.query('DELETE FROM comments WHERE id = $1', [c.id]);
      });
      return { kind: 'envelope', id: path.id! };
    },
  },
  faults: [
    { id: 'comments-deleted-still-listed', requirements: ['IB-4-comments-lifecycle'], summary: 'A deleted comment is gone from show but still listed, not marked deleted.', caughtBy: 'comments/lifecycle' },
    { id: 'comments-creator-id-dropped-in-combination', requirements: ['IB-4-comments-search-creator_id'], summary: 'search[creator_id] on comments is read only when it is the one search parameter; with another it is dropped.', caughtBy: 'effects/comments.list/creator_id' },
    { id: 'comments-creator-name-substring', requirements: ['IB-4-comments-creator-name'], summary: 'search[creator_name] on comments matches substrings of names.' },
    { id: 'comments-post-tags-first-only', requirements: ['IB-4-comments-search-post_tags_match'], summary: 'search[post_tags_match] on comments reads only the first of several tags.', caughtBy: 'effects/comments.list/post_tags_match' },
    { id: 'comments-post-id-ignored', requirements: ['IB-4-comments-post-id-A'], summary: 'search[post_id] on comments is ignored.', variants: ['A'] },
    { id: 'do-not-bump-ignored', requirements: ['IB-4-comments-do-not-bump'], summary: 'A comment with do_not_bump_post=1 still moves its post to the top of the comment listing.', caughtBy: 'comments/do-not-bump' },
    { id: 'do-not-bump-zero-set', requirements: ['IB-4-comments-do-not-bump'], summary: 'A comment with do_not_bump_post=0 is taken as one with 1: it does not move its post to the top of the comment listing.', caughtBy: 'comments/do-not-bump' },
    { id: 'comments-update-body-kept-with-do-not-bump', requirements: ['IB-4-comments-lifecycle'], summary: 'An update carrying comment[do_not_bump_post] answers success and keeps the old body.', caughtBy: 'comments/update-with-do-not-bump' },
    { id: 'comments-do-not-bump-refused', requirements: ['IB-4-comments-do-not-bump'], summary: 'comment[do_not_bump_post] is refused (424).' },
    { id: 'comments-update-ignored', requirements: ['IB-4-comments-lifecycle'], summary: 'Comment updates answer success but save nothing.' },
    { id: 'comments-update-body-cut-at-ampersand', requirements: ['IB-4-comments-lifecycle'], summary: 'An updated comment body ends before its first `&` (read again as a query string).', caughtBy: 'comments/lifecycle' },
    { id: 'comments-delete-noop', requirements: ['IB-4-comments-lifecycle', 'IB-3-delete'], summary: 'Comment deletes answer success but the comment remains.' },
  ],
};
