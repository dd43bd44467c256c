/**
 * Forum posts: create, update, delete, undelete and list with the topic filters. A forum post names its
 * topic through the `forum_post[topic_id]` extension (INT-forum-post-topic); without it the post cannot
 * be saved (420). Deleted posts are kept with `is_deleted` (INT-transitions).
 */
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { boundedText } from '../fields.ts';
import { extensionInt } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, variantParam } from '../registry.ts';
import { Where, authorship, matchesPattern, mayModify, userIdByName } from '../sql.ts';
import { softDeletion } from '../soft-delete.ts';
import { denied, invalid, invalidRecord, notFound, requireUser } from '../refusals.ts';

interface ForumPostRow extends Row {
  id: number;
  topic_id: number;
  body: string;
  creator_id: number;
  updater_id: number;
  is_deleted: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The name of the topic extension parameter of forum post create (INT-forum-post-topic). */
export const FORUM_POST_TOPIC_PARAM = 'forum_post[topic_id]';

function record(r: ForumPostRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    topic_id: r.topic_id,
    body: r.body,
    is_deleted: r.is_deleted,
    ...authorship(env.users, r),
  };
}

async function load(q: Queryable, id: number, lock = false): Promise<ForumPostRow> {
  const rows = await q.query<ForumPostRow>(`SELECT * FROM forum_posts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('forum post', id);
  return rows[0];
}

/** A body a forum post cannot do without (INT-unmarked-needed). */
export function requiredBody(name: string, value: string | undefined): string {
  if ((value ?? '').trim() === '') throw invalidRecord(`${name} is missing`);
  return boundedText(name, value!);
}

/** Adds a post to a topic (a reply, or the original post of a new topic) and bumps the topic. */
export async function insertForumPost(tx: Queryable, topicId: number, body: string, user: User): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    'INSERT INTO forum_posts (topic_id, body, creator_id, updater_id) VALUES ($1, $2, $3, $3) RETURNING id',
    [topicId, body, user.id],
  );
  await tx.query('UPDATE forum_topics SET updated_at = now() WHERE id = $1', [topicId]);
  return rows[0]!.id;
}

const DELETION = softDeletion({
  table: 'forum_posts',
  noun: 'forum post',
  noopFaults: { delete: 'forum-post-delete-noop', undelete: 'forum-post-undelete-noop' },
  load: (tx, id) => load(tx, id, true),
});

export const forumPostsModule: ResourceModule = {
  resource: 'forum_posts',
  handlers: {
    'forum_posts.list': (op, env) => {
      const CREATOR_ID = param(op, 'search[creator_id]');
      const CREATOR_NAME = param(op, 'search[creator_name]');
      const TOPIC_ID = param(op, 'search[topic_id]');
      const TOPIC_TITLE = param(op, 'search[topic_title_matches]');
      const TOPIC_CATEGORY = variantParam(op, 'search[topic_category_id]');
      const BODY = param(op, 'search[body_matches]');
      return async ({ params, raw }) => {
        const w = new Where();
        const creatorId = params.int(CREATOR_ID);
        if (creatorId !== undefined) w.add(`fp.creator_id = ${w.p(creatorId)}`);
        const creatorName = params.str(CREATOR_NAME);
        const topicId = params.int(TOPIC_ID);
        const creatorDropped = topicId !== undefined && env.faults.active('forum-posts-creator-ignored-with-topic');
        if (creatorName !== undefined && !creatorDropped) w.add(`fp.creator_id = ${userIdByName(w, creatorName)}`);
        // Fault forum-posts-topic-id-dropped-with-creator-id: search[topic_id] is dropped when search[creator_id] is given too.
        const topicDropped = env.faults.active('forum-posts-topic-id-ignored') || (creatorId !== undefined && env.faults.active('forum-posts-topic-id-dropped-with-creator-id'));
        if (topicId !== undefined && !topicDropped) w.add(`fp.topic_id = ${w.p(topicId)}`);
        const topicTitle = params.str(TOPIC_TITLE);
        if (topicTitle !== undefined && env.faults.active('forum-posts-topic-title-searches-body')) w.add(`fp.body ILIKE ${w.p(matchesPattern(topicTitle))}`);
        else if (topicTitle !== undefined) w.add(`fp.topic_id IN (SELECT id FROM forum_topics WHERE title ILIKE ${w.p(matchesPattern(topicTitle))})`);
        const category = TOPIC_CATEGORY ? params.str(TOPIC_CATEGORY) : undefined;
        if (category !== undefined) w.add(`fp.topic_id IN (SELECT id FROM forum_topics WHERE category_id = ${w.p(Number(category))})`);
        const body = params.str(BODY);
        if (body !== undefined) w.add(`fp.body ILIKE ${w.p(matchesPattern(body))}`);
        const rows = await pagedRows<ForumPostRow>(env, raw, w, `SELECT fp.* FROM forum_posts fp`, 'fp.id', 'fp.id DESC');
        return { kind: 'list', root: 'forum_posts', element: 'forum_post', records: rows.map((r) => record(r, env)) };
      };
    },

    'forum_posts.create': (op, env) => {
      const BODY = param(op, 'forum_post[body]');
      return async (ctx) => {
        const u = requireUser(ctx.user);
        const topicId = extensionInt(ctx.raw, FORUM_POST_TOPIC_PARAM);
        if (topicId === 'invalid') throw invalid(`${FORUM_POST_TOPIC_PARAM} must be an integer`);
        if (topicId === undefined) throw invalidRecord(`a forum post needs a topic: ${FORUM_POST_TOPIC_PARAM}`);
        const body = requiredBody(BODY, ctx.params.str(BODY));
        const id = await env.db.transaction(async (tx) => {
          const topic = await tx.query<{ is_deleted: boolean }>('SELECT is_deleted FROM forum_topics WHERE id = $1 FOR UPDATE', [topicId]);
          if (!topic[0]) throw invalidRecord(`no forum topic with id ${topicId}`);
          if (topic[0].is_deleted) throw invalidRecord(`forum topic ${topicId} is deleted`);
          return insertForumPost(tx, topicId, body, u);
        });
        return { kind: 'envelope', id };
      };
    },

    'forum_posts.update': (op, env) => {
      const BODY = param(op, 'forum_post[body]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const p = await load(tx, path.id!, true);
          if (!mayModify(u, p.creator_id)) throw denied('only the creator or a moderator may edit a forum post');
          if (!params.has(BODY)) return;
          let body = requiredBody(BODY, params.str(BODY));
          // Fault forum-post-body-latin1: the body's UTF-8 bytes are read as Latin-1 (each byte beyond ASCII a character of its own).
          if (env.faults.active('forum-post-body-latin1')) body = Buffer.from(body, 'utf8').toString('latin1');
          if (body === p.body || env.faults.active('forum-post-update-ignored')) return;
          await tx.query('UPDATE forum_posts SET body = $2, updater_id = $3, updated_at = now() WHERE id = $1', [p.id, body, u.id]);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'forum_posts.delete': DELETION.delete,
    'forum_posts.undelete': DELETION.undelete,
  },

  faults: [
    { id: 'forum-post-update-ignored', requirements: ['IB-4-forum-fields'], summary: 'forum_post[body] updates answer success but change nothing.', caughtBy: 'forum_topics/fields' },
    { id: 'forum-post-body-latin1', requirements: ['IB-4-forum-fields'], summary: 'An updated forum post body is decoded as Latin-1: every character beyond ASCII reads back as two or three others.', caughtBy: 'forum_topics/fields' },
    { id: 'forum-posts-topic-title-searches-body', requirements: ['IB-4-forum_posts-search-topic_title_matches'], summary: 'search[topic_title_matches] on forum posts searches the posts\' bodies instead of their topics\' titles.', caughtBy: 'effects/forum_posts.list/topic_title_matches' },
    { id: 'forum-posts-creator-ignored-with-topic', requirements: ['IB-4-forum_posts-search-creator_name', 'IB-4-forum_posts-search-topic_id'], summary: 'search[creator_name] on forum posts is ignored when search[topic_id] is given too.', caughtBy: 'effects/forum_posts.list/topic_id' },
    { id: 'forum-posts-topic-id-dropped-with-creator-id', requirements: ['IB-4-forum_posts-search-topic_id', 'IB-4-forum_posts-search-creator_id'], summary: 'search[topic_id] on forum posts is dropped when search[creator_id] is given too.', caughtBy: 'effects/forum_posts.list/topic_id' },
    { id: 'forum-posts-topic-id-ignored', requirements: ['IB-4-forum_posts-search-topic_id', 'IB-4-forum-original-post'], summary: 'search[topic_id] on forum posts is ignored.', caughtBy: 'effects/forum_posts.list/topic_id' },
    { id: 'forum-post-delete-noop', requirements: ['IB-3-forum_posts-delete-undelete'], summary: 'Forum post deletes answer success but the post stays undeleted.' },
    { id: 'forum-post-undelete-noop', requirements: ['IB-3-forum_posts-delete-undelete'], summary: 'Forum post undeletes answer success but the post stays deleted.' },
  ],
};
