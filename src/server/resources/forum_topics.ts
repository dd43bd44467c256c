/**
 * Forum topics: created with their original post (category in A); update, delete, undelete, show and
 * list. Deleted topics are kept with `is_deleted` (INT-transitions).
 */
import { VALUE_SETS } from '../../../specs/model/index.ts';
import type { Queryable, Row } from '../db/index.ts';
import { requiredName } from '../fields.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, variantParam } from '../registry.ts';
import { Where, authorship, matchesPattern, mayModify } from '../sql.ts';
import { softDeletion } from '../soft-delete.ts';
import { denied, notFound, requireUser } from '../refusals.ts';
import { insertForumPost, requiredBody } from './forum_posts.ts';

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

async function loadTopic(q: Queryable, id: number, lock = false): Promise<TopicRow> {
  const rows = await q.query<TopicRow>(`${TOPIC_SELECT} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
  if (!rows[0]) throw notFound('forum topic', id);
  return rows[0];
}

const DELETION = softDeletion({
  table: 'forum_topics',
  noun: 'forum topic',
  noopFaults: { delete: 'forum-topic-delete-noop', undelete: 'forum-topic-undelete-noop' },
  load: (tx, id) => loadTopic(tx, id, true),
});

export const forumTopicsModule: ResourceModule = {
  resource: 'forum_topics',
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
        const rows = await pagedRows<TopicRow>(env, raw, w, `${TOPIC_SELECT}`, 't.id', 't.id DESC');
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
          if (!env.faults.active('forum-original-post-missing')) await insertForumPost(tx, topicId, body, u);
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

    'forum_topics.delete': DELETION.delete,
    'forum_topics.undelete': DELETION.undelete,
  },

  faults: [
    { id: 'forum-topics-title-substring', requirements: ['IB-4-forum_topics-search-title'], summary: 'search[title] on forum topics matches titles that only contain it.', caughtBy: 'effects/forum_topics.list/title' },
    { id: 'forum-topic-category-ignored', requirements: ['IB-4-forum-fields'], summary: 'forum_topic[category_id] is ignored on update.', variants: ['A'], caughtBy: 'forum_topics/fields' },
    { id: 'forum-original-post-missing', requirements: ['IB-4-forum-original-post'], summary: 'A forum topic is created without its original post.' },
    { id: 'forum-topic-delete-noop', requirements: ['IB-3-forum_topics-delete-undelete'], summary: 'Forum topic deletes answer success but the topic stays undeleted.' },
    { id: 'forum-topic-undelete-noop', requirements: ['IB-3-forum_topics-delete-undelete'], summary: 'Forum topic undeletes answer success but the topic stays deleted.' },
  ],
};
