import { by, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Forum topics. */
export const FORUM_TOPIC_OPERATIONS = [
  {
    id: 'forum_topics.list', resource: 'forum_topics', name: 'List', kind: 'list', method: 'GET', path: '/forum_topics', shown: true,
    summary: 'List forum topics.',
    params: [
      str('search[title_matches]', 'title search', { effect: by.text('title', 'matches') }),
      str('search[title]', 'title (exact)', { effect: by.text('title', 'exact') }),
      str('search[category_id]', 'forum category', { only: 'A', values: 'forum-category', effect: by.value('category_id') }),
    ],
  },
  { id: 'forum_topics.show', resource: 'forum_topics', name: 'Show', kind: 'show', method: 'GET', path: '/forum_topics/{id}', shown: true, summary: 'Show one forum topic.', params: [] },
  {
    id: 'forum_topics.create', resource: 'forum_topics', name: 'Create', kind: 'create', method: 'POST', path: '/forum_topics', shown: true,
    summary: 'Open a forum topic with its initial post.',
    params: [
      str('forum_topic[title]', 'title'),
      str('forum_topic[original_post_attributes][body]', 'message of the initial post'),
      str('forum_topic[category_id]', 'forum category', { only: 'A', values: 'forum-category' }),
    ],
  },
  {
    id: 'forum_topics.update', resource: 'forum_topics', name: 'Update', kind: 'update', method: 'PUT', path: '/forum_topics/{id}', shown: true,
    summary: 'Update a forum topic.',
    params: [str('forum_topic[title]', 'title'), str('forum_topic[category_id]', 'forum category', { only: 'A', values: 'forum-category' })],
  },
  { id: 'forum_topics.delete', resource: 'forum_topics', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/forum_topics/{id}', shown: true, summary: 'Delete a forum topic.', params: [] },
  { id: 'forum_topics.undelete', resource: 'forum_topics', name: 'Undelete', kind: 'undelete', method: 'POST', path: '/forum_topics/{id}/undelete', shown: true, summary: 'Undelete a forum topic.', params: [] },
] as const satisfies readonly OperationSpec[];
