import type { ResourceSpec } from './types.ts';

/** Section 2, "Resources": the 19 resources, their path roots and version resources. */
export const RESOURCES = [
  { id: 'posts', name: 'Post', root: '/posts', versions: { root: '/post_versions' } },
  { id: 'post_votes', name: 'Post vote', root: '/posts/{post_id}/votes' },
  { id: 'post_flags', name: 'Post flag', root: '/post_flags' },
  { id: 'post_appeals', name: 'Post appeal', root: '/post_appeals' },
  { id: 'uploads', name: 'Upload', root: '/uploads' },
  { id: 'comments', name: 'Comment', root: '/comments' },
  { id: 'dmails', name: 'Dmail', root: '/dmails' },
  { id: 'artists', name: 'Artist', root: '/artists', versions: { root: '/artist_versions', only: 'A' } },
  { id: 'notes', name: 'Note', root: '/notes', versions: { root: '/note_versions' } },
  { id: 'users', name: 'User', root: '/users' },
  { id: 'pools', name: 'Pool', root: '/pools', versions: { root: '/pool_versions' } },
  { id: 'tags', name: 'Tag', root: '/tags', only: 'A' },
  { id: 'tag_aliases', name: 'Tag alias', root: '/tag_aliases' },
  { id: 'tag_implications', name: 'Tag implication', root: '/tag_implications' },
  { id: 'wiki_pages', name: 'Wiki page', root: '/wiki_pages' },
  { id: 'related_tag', name: 'Related tag', root: '/related_tag' },
  { id: 'forum_topics', name: 'Forum topic', root: '/forum_topics' },
  { id: 'forum_posts', name: 'Forum post', root: '/forum_posts' },
  {
    id: 'artist_commentaries',
    name: 'Artist commentary',
    root: '/artist_commentaries',
    only: 'A',
    versions: { root: '/artist_commentary_versions' },
  },
] as const satisfies readonly ResourceSpec[];

/** A resource that keeps a version history (section 9). */
export type VersionedResourceId = Extract<(typeof RESOURCES)[number], { readonly versions: object }>['id'];
