import { by, int, rule, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

const doNotBump = () =>
  str('comment[do_not_bump_post]', 'set to 1 to keep the post from moving to the top of the comment listing', { values: 'one-zero' });

/** Section 4: Comments. */
export const COMMENT_OPERATIONS = [
  {
    id: 'comments.list', resource: 'comments', name: 'List', kind: 'list', method: 'GET', path: '/comments', shown: true,
    summary: 'List comments.',
    params: [
      str('group_by', 'must be comment', { values: 'comment-group-by', always: true, effect: rule('a listing mode, not a filter: comments are listed with group_by=comment (INT-comments-group-by)') }),
      str('search[body_matches]', 'body search', { effect: by.text('body', 'matches') }),
      int('search[post_id]', 'post id', { only: 'A', effect: by.post() }),
      str('search[post_tags_match]', 'tags of the commented post (meta-tags unsupported)', { effect: by.postTags() }),
      str('search[creator_name]', 'creator name (exact match)', { effect: by.user('name') }),
      int('search[creator_id]', 'creator id', { effect: by.user('id') }),
    ],
  },
  {
    id: 'comments.create', resource: 'comments', name: 'Create', kind: 'create', method: 'POST', path: '/comments', shown: true,
    summary: 'Comment on a post.',
    params: [int('comment[post_id]', 'post id', { required: true }), str('comment[body]', 'body', { required: true }), doNotBump()],
  },
  {
    id: 'comments.update', resource: 'comments', name: 'Update', kind: 'update', method: 'PUT', path: '/comments/{id}', shown: true,
    summary: 'Edit a comment.', params: [str('comment[body]', 'body', { required: true }), doNotBump()],
  },
  { id: 'comments.show', resource: 'comments', name: 'Show', kind: 'show', method: 'GET', path: '/comments/{id}', shown: true, summary: 'Show one comment.', params: [] },
  { id: 'comments.delete', resource: 'comments', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/comments/{id}', shown: true, summary: 'Delete a comment.', params: [] },
] as const satisfies readonly OperationSpec[];
