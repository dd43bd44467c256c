import { by, int, rule, str, unstated, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Posts. */
export const POST_OPERATIONS = [
  {
    id: 'posts.list', resource: 'posts', name: 'List', kind: 'list', method: 'GET', path: '/posts', shown: true,
    summary: 'List posts, optionally filtered by a tag search.',
    params: [
      int('limit', 'posts per request, at most 100', { effect: { kind: 'limit', max: 100 } }),
      int('page', 'page number', { effect: { kind: 'page' } }),
      str('tags', 'search terms; any tag combination valid on the web site, including meta-tags', { effect: { kind: 'tags' } }),
      str('raw', 'when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing', { only: 'A', effect: rule('with raw, tags is one literal tag (IB-4-posts-list-raw-A)') }),
    ],
    remarks: ['Posts per list request: hard maximum 100 (`limit`).'],
  },
  { id: 'posts.show', resource: 'posts', name: 'Show', kind: 'show', method: 'GET', path: '/posts/{id}', shown: true, summary: 'Show one post.', params: [] },
  {
    id: 'posts.update', resource: 'posts', name: 'Update', kind: 'update', method: 'PUT', path: '/posts/{id}', shown: true,
    summary: 'Update a post\'s tags, rating, source or parent.',
    params: [
      str('post[tag_string]', 'space-delimited tags'),
      str('post[rating]', 'rating', { values: { byVariant: { A: 'post-rating-A', B: 'post-rating-B' } } }),
      str('post[source]', 'source; when it is a URL, the service downloads the file'),
      int('post[parent_id]', 'parent post id'),
    ],
    remarks: ['Posts cannot be created directly; an upload is created and converted into a post.', 'Posts cannot be deleted; they are flagged for deletion through post flags.'],
  },
  {
    id: 'posts.revert', resource: 'posts', name: 'Revert', kind: 'revert', method: 'PUT', path: '/posts/{id}/revert', shown: true,
    summary: 'Revert a post to a post version.', params: [versionId('post')],
  },
  {
    id: 'posts.copy_notes', resource: 'posts', name: 'Copy notes', kind: 'action', method: 'PUT', path: '/posts/{id}/copy_notes', shown: true, only: 'A',
    summary: 'Copy the notes of a post to another post.',
    params: [int('other_post_id', 'id of the post to copy notes to', { required: true })],
  },
] as const satisfies readonly OperationSpec[];

/**
 * The post versions listing. The document lists it after post votes, flags and appeals, so it is a
 * table of its own: the model keeps the document's order.
 */
export const POST_VERSION_OPERATIONS = [
  {
    id: 'post_versions.list', resource: 'posts', name: 'Post versions', kind: 'list', method: 'GET', path: '/post_versions', shown: true,
    summary: 'List post versions.',
    params: [
      str('search[updater_name]', 'updater name', { effect: by.user('name', 'updater') }),
      int('search[updater_id]', 'updater id', { effect: by.user('id', 'updater') }),
      int('search[post_id]', 'post id', { effect: by.post() }),
      int('search[start_id]', 'start id', { only: 'A', effect: unstated('the document names search[start_id] without saying what it selects') }),
    ],
  },
] as const satisfies readonly OperationSpec[];
