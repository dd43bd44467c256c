import { by, int, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Forum posts. */
export const FORUM_POST_OPERATIONS = [
  {
    id: 'forum_posts.list', resource: 'forum_posts', name: 'List', kind: 'list', method: 'GET', path: '/forum_posts', shown: true,
    summary: 'List forum posts.',
    params: [
      int('search[creator_id]', 'creator id', { effect: by.user('id') }),
      str('search[creator_name]', 'creator name', { effect: by.user('name') }),
      int('search[topic_id]', 'topic id', { effect: by.topic() }),
      str('search[topic_title_matches]', 'topic title search', { effect: by.topicTitle() }),
      str('search[topic_category_id]', 'forum category of the topic', { only: 'A', values: 'forum-category', effect: by.topicCategory() }),
      str('search[body_matches]', 'body search', { effect: by.text('body', 'matches') }),
    ],
  },
  {
    id: 'forum_posts.create', resource: 'forum_posts', name: 'Create', kind: 'create', method: 'POST', path: '/forum_posts', shown: true,
    summary: 'Write a forum post.', params: [str('forum_post[body]', 'body')], interpretation: 'INT-forum-post-topic',
  },
  { id: 'forum_posts.update', resource: 'forum_posts', name: 'Update', kind: 'update', method: 'PUT', path: '/forum_posts/{id}', shown: true, summary: 'Edit a forum post.', params: [str('forum_post[body]', 'body')] },
  { id: 'forum_posts.delete', resource: 'forum_posts', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/forum_posts/{id}', shown: true, summary: 'Delete a forum post.', params: [] },
  { id: 'forum_posts.undelete', resource: 'forum_posts', name: 'Undelete', kind: 'undelete', method: 'POST', path: '/forum_posts/{id}/undelete', shown: true, summary: 'Undelete a forum post.', params: [] },
] as const satisfies readonly OperationSpec[];
