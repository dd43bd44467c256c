/**
 * Forum topics (created with their original post; category in A) and forum posts: create, update,
 * delete, undelete, show and list with the topic filters. Deleted topics and posts are kept with
 * `is_deleted` (INT-transitions). A forum post names its topic through the `forum_post[topic_id]`
 * extension (INT-forum-post-topic); without it the post cannot be saved (420).
 */
import { VALUE_SETS } from '../../../specs/model/index.ts';
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { invalid } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import type { Ctx, HandlerFactory, ResourceModule, ServerEnv } from '../registry.ts';
import { LIST_PAGING, Paging } from '../paging.ts';
import { param, variantParam } from '../registry.ts';
import { Where, matchesPattern, mayModify, authorship, notFound } from '../sql.ts';
import { boundedText, extensionInt, invalidRecord, requireUser, requiredName, userIdByName } from './part2/common.ts';
import { denied } from '../refusals.ts';

interface TopicRow extends Row {
  id: number;
  title: string;
  category_id: number;
  creator_id: number;
  updater_id: number;
  is_deleted: boolean;
  created_at: Date;
  updated_at: Date;
  original_post_id: number | null;
  original_body: string | null;
  post_count: number;
}

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

/** The category of a topic when none is given (and always in B, which has no categories). */
const DEFAULT_CATEGORY = Number(VALUE_SETS['forum-category'].values[0]);

const TOPIC_SELECT = `SELECT t.*,
  (SELECT min(fp.id) FROM forum_posts fp WHERE fp.topic_id = t.id) AS original_post_id,
  (SELECT fp.body FROM forum_posts fp WHERE fp.topic_id = t.id ORDER BY fp.id LIMIT 1) AS original_body,
  (SELECT count(*)::int FROM forum_posts fp WHERE fp.topic_id = t.id AND NOT fp.is_deleted) AS post_count
  FROM forum_topics t`;

function topicRecord(r: TopicRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    title: r.title,
    ...(env.variant === 'A' ? { category_id: r.category_id } : {}),
    // The original post: `forum_topic[original_post_attributes][body]`.
    original_post_id: r.original_post_id,
    body: r.original_body,
    post_count: r.post_count,
    is_deleted: r.is_deleted,
    ...authorship(env.users, r),
  };
}

function postRecord(r: ForumPostRow, env: ServerEnv): ApiRecord {
  return {
    id: r.id,
    topic_id: r.topic_id,
    body: r.body,
    is_deleted: r.is_deleted,
    ...authorship(env.users, r),
  };
}

async function loadTopic(q: Queryable, id: number, lock = false): Promise<TopicRow> {
  const rows = await q.query<TopicRow>(`${TOPIC_SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  if (!rows[0]) throw notFound('forum topic', id);
  return rows[0];
}

async function loadPost(q: Queryable, id: number, lock = false): Promise<ForumPostRow> {
  const rows = await q.query<ForumPostRow>(`SELECT * FROM forum_posts WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('forum post', id);
  return rows[0];
}

/** A body a forum post cannot do without (INT-unmarked-needed). */
function requiredBody(name: string, value: string | undefined): string {
  if ((value ?? '').trim() === '') throw invalidRecord(`${name} is missing`);
  return boundedText(name, value!);
}

/** Delete (true) or undelete (false) of a topic or a post, by its creator or a moderator. */
function setDeleted(what: 'topic' | 'post', deleted: boolean): HandlerFactory {
  const fault = `forum-${what}-${deleted ? 'delete' : 'undelete'}-noop`;
  const table = what === 'topic' ? 'forum_topics' : 'forum_posts';
  return (_op, env) =>
    async ({ path, user }: Ctx) => {
      const u = requireUser(user);
      await env.db.transaction(async (tx) => {
        const r = what === 'topic' ? await loadTopic(tx, path.id!, true) : await loadPost(tx, path.id!, true);
        if (!mayModify(u, r.creator_id)) throw denied(`only the creator or a moderator may ${deleted ? 'delete' : 'undelete'} a forum ${what}`);
        if (env.faults.active(fault) || r.is_deleted === deleted) return;
        await tx.query(`UPDATE ${table} SET is_deleted = $2, updater_id = $3, updated_at = now() WHERE id = $1`, [r.id, deleted, u.id]);
      });
      return { kind: 'envelope', id: path.id! };
    };
}

async function insertPost(tx: Queryable, topicId: number, body: string, user: User): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    'INSERT INTO forum_posts (topic_id, body, creator_id, updater_id) VALUES ($1, $2, $3, $3) RETURNING id',
    [topicId, body, user.id],
  );
  await tx.query('UPDATE forum_topics SET updated_at = now() WHERE id = $1', [topicId]);
  return rows[0]!.id;
}

export const forumModule: ResourceModule = {
  handlers: {
    'forum_topics.list': (op, env) => {
      const TITLE_MATCHES = param(op, 'search[title_matches]');
      const TITLE = param(op, 'search[title]');
      const CATEGORY = variantParam(op, 'search[category_id]');
      return async ({ params, raw }) => {
        const w = new Where();
        const matches = params.str(TITLE_MATCHES);
        if (matches !== undefined) w.add(`t.title ILIKE ${w.p(matchesPattern(matches))}`);
        const title = params.str(TITLE);
        if (title !== undefined) {
          if (env.faults.active('forum-topics-title-substring')) w.add(`strpos(lower(t.title), lower(${w.p(title)})) > 0`);
          else w.add(`lower(t.title) = lower(${w.p(title)})`);
        }
        const category = CATEGORY ? params.str(CATEGORY) : undefined;
        if (category !== undefined) w.add(`t.category_id = ${w.p(Number(category))}`);
        const paging = Paging.of(raw, LIST_PAGING);
        const tail = paging.sql(w, 't.id', 't.id DESC');
        const rows = paging.arrange(await env.db.query<TopicRow>(`${TOPIC_SELECT} ${w.sql} ${tail}`, w.params));
        return { kind: 'list', root: 'forum_topics', element: 'forum_topic', records: rows.map((r) => topicRecord(r, env)) };
      };
    },

    'forum_topics.show': (_op, env) => async ({ path }) => ({ kind: 'record', element: 'forum_topic', record: topicRecord(await loadTopic(env.db, path.id!), env) }),

    'forum_topics.create': (op, env) => {
      const TITLE = param(op, 'forum_topic[title]');
      const BODY = param(op, 'forum_topic[original_post_attributes][body]');
      const CATEGORY = variantParam(op, 'forum_topic[category_id]');
      return async ({ params, user }) => {
        const u = requireUser(user);
        const title = requiredName(TITLE, params.str(TITLE));
        const body = requiredBody(BODY, params.str(BODY));
        const category = CATEGORY && params.has(CATEGORY) ? Number(params.str(CATEGORY)) : DEFAULT_CATEGORY;
        const id = await env.db.transaction(async (tx) => {
          const rows = await tx.query<{ id: number }>(
            'INSERT INTO forum_topics (title, category_id, creator_id, updater_id) VALUES ($1, $2, $3, $3) RETURNING id',
            [title, category, u.id],
          );
          const topicId = rows[0]!.id;
          if (!env.faults.active('forum-original-post-missing')) await insertPost(tx, topicId, body, u);
          return topicId;
        });
        return { kind: 'envelope', id };
      };
    },

    'forum_topics.update': (op, env) => {
      const TITLE = param(op, 'forum_topic[title]');
      const CATEGORY = variantParam(op, 'forum_topic[category_id]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const t = await loadTopic(tx, path.id!, true);
          if (!mayModify(u, t.creator_id)) throw denied('only the creator or a moderator may edit a forum topic');
          const title = params.has(TITLE) ? requiredName(TITLE, params.str(TITLE)) : t.title;
          const category = CATEGORY && params.has(CATEGORY) && !env.faults.active('forum-topic-category-ignored') ? Number(params.str(CATEGORY)) : t.category_id;
          if (title === t.title && category === t.category_id) return;
          await tx.query('UPDATE forum_topics SET title = $2, category_id = $3, updater_id = $4, updated_at = now() WHERE id = $1', [t.id, title, category, u.id]);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'forum_topics.delete': setDeleted('topic', true),
    'forum_topics.undelete': setDeleted('topic', false),

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
        if (creatorName !== undefined) w.add(`fp.creator_id = ${userIdByName(w, creatorName)}`);
        const topicId = params.int(TOPIC_ID);
        if (topicId !== undefined && !env.faults.active('forum-posts-topic-id-ignored')) w.add(`fp.topic_id = ${w.p(topicId)}`);
        const topicTitle = params.str(TOPIC_TITLE);
        if (topicTitle !== undefined) w.add(`fp.topic_id IN (SELECT id FROM forum_topics WHERE title ILIKE ${w.p(matchesPattern(topicTitle))})`);
        const category = TOPIC_CATEGORY ? params.str(TOPIC_CATEGORY) : undefined;
        if (category !== undefined) w.add(`fp.topic_id IN (SELECT id FROM forum_topics WHERE category_id = ${w.p(Number(category))})`);
        const body = params.str(BODY);
        if (body !== undefined) w.add(`fp.body ILIKE ${w.p(matchesPattern(body))}`);
        const paging = Paging.of(raw, LIST_PAGING);
        const tail = paging.sql(w, 'fp.id', 'fp.id DESC');
        const rows = paging.arrange(await env.db.query<ForumPostRow>(`SELECT fp.* FROM forum_posts fp ${w.sql} ${tail}`, w.params));
        return { kind: 'list', root: 'forum_posts', element: 'forum_post', records: rows.map((r) => postRecord(r, env)) };
      };
    },

    'forum_posts.create': (op, env) => {
      const BODY = param(op, 'forum_post[body]');
      return async (ctx) => {
        const u = requireUser(ctx.user);
        const topicId = extensionInt(ctx, FORUM_POST_TOPIC_PARAM);
        if (topicId === 'invalid') throw invalid(`${FORUM_POST_TOPIC_PARAM} must be an integer`);
        if (topicId === undefined) throw invalidRecord(`a forum post needs a topic: ${FORUM_POST_TOPIC_PARAM}`);
        const body = requiredBody(BODY, ctx.params.str(BODY));
        const id = await env.db.transaction(async (tx) => {
          const topic = await tx.query<{ is_deleted: boolean }>('SELECT is_deleted FROM forum_topics WHERE id = $1 FOR UPDATE', [topicId]);
          if (!topic[0]) throw invalidRecord(`no forum topic with id ${topicId}`);
          if (topic[0].is_deleted) throw invalidRecord(`forum topic ${topicId} is deleted`);
          return insertPost(tx, topicId, body, u);
        });
        return { kind: 'envelope', id };
      };
    },

    'forum_posts.update': (op, env) => {
      const BODY = param(op, 'forum_post[body]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        await env.db.transaction(async (tx) => {
          const p = await loadPost(tx, path.id!, true);
          if (!mayModify(u, p.creator_id)) throw denied('only the creator or a moderator may edit a forum post');
          if (!params.has(BODY)) return;
          const body = requiredBody(BODY, params.str(BODY));
          if (body === p.body || env.faults.active('forum-post-update-ignored')) return;
          await tx.query('UPDATE forum_posts SET body = $2, updater_id = $3, updated_at = now() WHERE id = $1', [p.id, body, u.id]);
        });
        return { kind: 'envelope', id: path.id! };
      };
    },

    'forum_posts.delete': setDeleted('post', true),
    'forum_posts.undelete': setDeleted('post', false),
  },

  faults: [
    { id: 'forum-post-update-ignored', requirements: ['IB-4-forum-fields'], summary: 'forum_post[body] updates answer success but change nothing.', caughtBy: 'forum/fields' },
    { id: 'forum-topics-title-substring', requirements: ['IB-4-forum_topics-search-title'], summary: 'search[title] on forum topics matches titles that only contain it.', caughtBy: 'searches/forum_topics.title' },
    { id: 'forum-topic-category-ignored', requirements: ['IB-4-forum-fields'], summary: 'forum_topic[category_id] is ignored on update.', variants: ['A'], caughtBy: 'forum/fields' },
    { id: 'forum-posts-topic-id-ignored', requirements: ['IB-4-forum_posts-search-topic_id', 'IB-4-forum-original-post'], summary: 'search[topic_id] on forum posts is ignored.', caughtBy: 'searches/forum_posts.topic_id' },
    { id: 'forum-original-post-missing', requirements: ['IB-4-forum-original-post'], summary: 'A forum topic is created without its original post.' },
    { id: 'forum-topic-delete-noop', requirements: ['IB-3-forum_topics-delete-undelete'], summary: 'Forum topic deletes answer success but the topic stays undeleted.' },
    { id: 'forum-topic-undelete-noop', requirements: ['IB-3-forum_topics-delete-undelete'], summary: 'Forum topic undeletes answer success but the topic stays deleted.' },
    { id: 'forum-post-delete-noop', requirements: ['IB-3-forum_posts-delete-undelete'], summary: 'Forum post deletes answer success but the post stays undeleted.' },
    { id: 'forum-post-undelete-noop', requirements: ['IB-3-forum_posts-delete-undelete'], summary: 'Forum post undeletes answer success but the post stays deleted.' },
  ],
};
