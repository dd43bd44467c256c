/**
 * The requirements of the document that are not per-operation: conventions, lifecycle, search
 * semantics, authentication, errors, limits and versioning. Per-operation requirements (served,
 * absent, REQUIRED parameters, value sets) are derived from the model in ./derived.ts.
 */
import type { InterpretationId } from '../interpretations.ts';
import type { Level, Variant } from '../model/types.ts';
import type { Carrier } from './types.ts';

export interface GeneralRequirement<Id extends string = string> {
  readonly id: Id;
  readonly section: string;
  readonly level: Level;
  readonly variants?: readonly Variant[];
  readonly statement: string;
  readonly quote?: string;
  readonly interpretations?: readonly InterpretationId[];
  readonly carrier: Carrier;
  /** The parameters whose effect it states (Requirement.params). */
  readonly params?: readonly string[];
}

const A = ['A'] as const;
const B = ['B'] as const;

export const GENERAL_REQUIREMENTS = [
  // Section 2: request conventions.
  {
    id: 'IB-2-format-json', section: '2', level: 'MUST', carrier: { every: 'operation' },
    statement: 'A path ending in .json is answered with a JSON body.',
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
  },
  {
    id: 'IB-2-format-xml', section: '2', level: 'MUST', carrier: { every: 'operation' },
    statement: 'A path ending in .xml is answered with a well-formed XML body.',
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    interpretations: ['INT-xml-shape'],
  },
  {
    id: 'IB-2-content-type', section: '2', level: 'SHOULD', carrier: { every: 'operation' },
    statement: 'The Content-Type header names the format the suffix selected.',
    interpretations: ['INT-content-type'],
  },
  {
    id: 'IB-2-get-reads', section: '2', level: 'MUST', carrier: { scenario: 'get-is-safe', operations: ['posts.show', 'posts.list'] },
    statement: 'A GET request changes no state.',
    quote: 'Methods: GET reads data. POST, PUT and DELETE change state.',
  },
  {
    id: 'IB-2-query-params', section: '2', level: 'MUST', carrier: { scenario: 'searches' },
    statement: 'GET parameters are read from the query string.',
    quote: 'GET parameters go in the query string.',
  },
  {
    id: 'IB-2-body-params', section: '2', level: 'MUST', carrier: { scenario: 'lifecycles' },
    statement: 'POST, PUT and DELETE parameters are read from the request body, with bracket names.',
    quote: 'POST, PUT and DELETE parameters go in the request body. Nested parameters use bracket names.',
  },
  {
    id: 'IB-2-path-id', section: '2', level: 'MUST', carrier: { every: 'with-id' },
    statement: 'A `{id}` in a path identifies the resource: show of a created record returns that record.',
    quote: 'A path placeholder `{id}` is the identifier of the resource in that path.',
    interpretations: ['INT-record-fields', 'INT-created-id'],
  },
  {
    id: 'IB-2-format-parity', section: '2', level: 'MUST', carrier: { scenario: 'parity', operations: ['posts.show', 'comments.show', 'notes.show', 'pools.show', 'artists.show', 'wiki_pages.show', 'forum_topics.show', 'dmails.show'] },
    statement: 'A record read through .xml says what the same record says through .json: every field both renderings carry has the same value.',
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    interpretations: ['INT-format-parity'],
  },
  {
    id: 'IB-2-user-level', section: '2', level: 'MUST', carrier: { scenario: 'users', operations: ['users.show', 'users.list'] },
    statement: 'A user record has a numeric `level`.',
    quote: 'A user has a numeric attribute `level`.',
  },
  {
    id: 'IB-2-user-levels-A', section: '2', level: 'MUST', variants: A, carrier: { scenario: 'users', operations: ['users.list'] },
    statement: 'The roles have the levels Member 20, Gold 30, Platinum 31, Builder 32, Moderator 40, Admin 50.',
    quote: 'User levels table (Contributor and Janitor are B only).',
  },
  {
    id: 'IB-2-user-levels-B', section: '2', level: 'MUST', variants: B, carrier: { scenario: 'users', operations: ['users.list'] },
    statement: 'The roles have the levels Member 20, Gold 30, Platinum 31, Builder 32, Contributor 33, Janitor 35, Moderator 40, Admin 50.',
    quote: 'User levels table: Contributor (B only) 33, Janitor (B only) 35.',
  },

  // Section 3: states and lifecycle operations.
  {
    id: 'IB-3-posts-no-create', section: '3', level: 'MUST', carrier: { scenario: 'posts' },
    statement: 'Posts cannot be created directly: POST /posts does not succeed.',
    quote: 'Posts cannot be created directly; an upload is created and converted into a post.',
  },
  {
    id: 'IB-3-posts-no-delete', section: '3', level: 'MUST', carrier: { scenario: 'posts' },
    statement: 'Posts cannot be deleted: DELETE /posts/{id} does not succeed and the post remains.',
    quote: 'Posts cannot be deleted; they are flagged for deletion through post flags.',
  },
  {
    id: 'IB-3-upload-becomes-post', section: '3', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.create'] },
    statement: 'An accepted upload is converted into a post carrying its tags.',
    quote: 'an upload is converted into a post',
  },
  {
    id: 'IB-3-flag-for-deletion', section: '3', level: 'MUST', carrier: { scenario: 'flags', operations: ['post_flags.create', 'post_flags.list'] },
    statement: 'A post can be flagged for deletion, and the flag is listed, with its reason as written.',
    quote: 'flag a post for deletion (posts cannot be deleted directly)',
    interpretations: ['INT-record-fields'],
    params: ['post_flags.create post_flag[post_id]', 'post_flags.create post_flag[reason]'],
  },
  {
    id: 'IB-4-post_appeals-fields', section: '4', level: 'MUST', carrier: { scenario: 'flags', operations: ['post_appeals.create', 'post_appeals.list'] },
    statement: 'An appeal is listed with its reason as written.',
    quote: '`post_appeal[reason]` REQUIRED',
    interpretations: ['INT-record-fields'],
    params: ['post_appeals.create post_appeal[reason]'],
  },
  {
    id: 'IB-3-pools-delete-undelete', section: '3', level: 'MUST', carrier: { scenario: 'pools', operations: ['pools.delete', 'pools.undelete'] },
    statement: 'A pool can be deleted and undeleted.', quote: 'delete and undelete of pools, forum topics and forum posts',
    interpretations: ['INT-transitions', 'INT-levels'],
  },
  {
    id: 'IB-3-forum_topics-delete-undelete', section: '3', level: 'MUST', carrier: { scenario: 'forum', operations: ['forum_topics.delete', 'forum_topics.undelete'] },
    statement: 'A forum topic can be deleted and undeleted.', quote: 'delete and undelete of pools, forum topics and forum posts',
    interpretations: ['INT-transitions'],
  },
  {
    id: 'IB-3-forum_posts-delete-undelete', section: '3', level: 'MUST', carrier: { scenario: 'forum', operations: ['forum_posts.delete', 'forum_posts.undelete'] },
    statement: 'A forum post can be deleted and undeleted.', quote: 'delete and undelete of pools, forum topics and forum posts',
    interpretations: ['INT-transitions'],
  },
  {
    id: 'IB-3-delete', section: '3', level: 'MUST',
    carrier: { scenario: 'lifecycles', operations: ['comments.delete', 'dmails.delete', 'notes.delete', 'artists.delete'] },
    statement: 'Comments, dmails, notes and artists (A) can be deleted; deleting an unknown id is refused.',
    quote: 'delete of comments, dmails, notes and artists (artist delete: A only)',
    interpretations: ['INT-transitions', 'INT-permissions', 'INT-levels'],
  },

  // Section 4: operation semantics a single request cannot show.
  {
    id: 'IB-4-posts-list-limit', section: '4, 8', level: 'MUST', carrier: { scenario: 'posts-limit', operations: ['posts.list'] },
    statement: 'GET /posts never returns more than 100 posts, whatever `limit` asks for.',
    quote: '`limit` (integer, at most 100 per request); Posts per list request: hard maximum 100',
    interpretations: ['INT-limit-over-100', 'INT-list-shape'],
    params: ['posts.list limit'],
  },
  {
    id: 'IB-4-posts-list-limit-honoured', section: '4', level: 'MUST', carrier: { scenario: 'posts-limit', operations: ['posts.list'] },
    statement: 'GET /posts with limit=n (n at most 100) returns at most n posts.',
    quote: '`limit` (integer, at most 100 per request)',
    interpretations: ['INT-list-shape'],
    params: ['posts.list limit'],
  },
  {
    id: 'IB-4-posts-list-page', section: '4', level: 'MUST', carrier: { scenario: 'posts-limit', operations: ['posts.list'] },
    statement: 'Successive `page` numbers return different posts.',
    quote: '`page` (page number)', interpretations: ['INT-page', 'INT-list-shape'],
    params: ['posts.list page'],
  },
  {
    id: 'IB-4-posts-list-tags', section: '4', level: 'MUST', carrier: { scenario: 'posts', operations: ['posts.list'] },
    statement: '`tags` selects the posts carrying all given tags; `-tag` excludes a tag.',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    interpretations: ['INT-meta-tags'],
    params: ['posts.list tags'],
  },
  {
    id: 'IB-4-posts-list-raw-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'posts', operations: ['posts.list'] },
    statement: 'With `raw`, `tags` is one literal tag: a meta-tag (`id:<n>`) is not parsed, and a plain tag still finds its posts.',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    params: ['posts.list raw'],
    interpretations: ['INT-post-tags-meta'],
  },
  {
    id: 'IB-4-posts-update-fields', section: '4', level: 'MUST', carrier: { scenario: 'posts', operations: ['posts.update'] },
    statement: 'An update of post[tag_string], post[rating], post[parent_id] and post[source] (a URL or any other text) is shown by the post afterwards: the tags sent are carried, and a tag the update left out is gone.',
    quote: '`post[tag_string]` (space-delimited tags); `post[rating]`; `post[source]` (when it is a URL, the service downloads the file); `post[parent_id]` (parent post id)',
    interpretations: ['INT-service-tags', 'INT-record-fields', 'INT-update-keeps'],
    params: ['posts.update post[tag_string]', 'posts.update post[rating]', 'posts.update post[parent_id]', 'posts.update post[source]'],
  },
  {
    id: 'IB-4-posts-update-source-download', section: '4', level: 'MUST', carrier: { scenario: 'fetch', operations: ['posts.update'] },
    statement: 'When post[source] is a URL, the service downloads the file.',
    quote: '`post[source]` (when it is a URL, the service downloads the file)',
    interpretations: ['INT-source-download'],
    params: ['posts.update post[source]'],
  },
  {
    id: 'IB-4-posts-copy-notes-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'notes', operations: ['posts.copy_notes'] },
    statement: 'copy_notes copies the notes of a post to the post named by other_post_id.',
    quote: 'Copy notes (A only) | PUT /posts/{id}/copy_notes.json | `other_post_id` REQUIRED (id of the post to copy notes to)',
    interpretations: ['INT-levels', 'INT-note-geometry'],
    params: ['posts.copy_notes other_post_id'],
  },
  {
    id: 'IB-4-uploads-file-or-source', section: '4', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.create'] },
    statement: 'An upload create with neither upload[file] nor upload[source] is refused.',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    interpretations: ['INT-missing-required-status'],
  },
  {
    id: 'IB-4-uploads-file', section: '4', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.create'] },
    statement: 'An upload with a multipart file is accepted.', quote: '`upload[file]` (multipart form file data)',
    params: ['uploads.create upload[file]'],
  },
  {
    id: 'IB-4-uploads-source', section: '4', level: 'MUST', carrier: { scenario: 'fetch', operations: ['uploads.create'] },
    statement: 'An upload with a source URL is accepted and the file is fetched from it.', quote: '`upload[source]` (source URL)',
    interpretations: ['INT-source-download'],
    params: ['uploads.create upload[source]'],
  },
  {
    id: 'IB-4-uploads-search-source', section: '4', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.list'] },
    statement: 'search[source] on uploads matches the exact string only.', quote: '`search[source]` (exact string match)',
    interpretations: ['INT-exact-case'],
    params: ['uploads.list search[source]'],
  },
  {
    id: 'IB-4-comments-lifecycle', section: '4', level: 'MUST',
    carrier: { scenario: 'comments', operations: ['comments.create', 'comments.show', 'comments.update', 'comments.delete'] },
    statement: 'A comment can be created, shown, updated (with comment[do_not_bump_post] or without it) and deleted.',
    quote: 'Comments: Create POST /comments.json; Update PUT /comments/{id}.json; Show GET /comments/{id}.json; Delete DELETE /comments/{id}.json',
    interpretations: ['INT-record-fields'],
    params: ['comments.create comment[body]', 'comments.update comment[body]', 'comments.create comment[post_id]', 'comments.update comment[do_not_bump_post]'],
  },
  {
    id: 'IB-4-comments-creator-name', section: '4', level: 'MUST', carrier: { scenario: 'comments', operations: ['comments.list'] },
    statement: 'search[creator_name] on comments matches the exact name only.', quote: '`search[creator_name]` (exact match)',
    interpretations: ['INT-comments-group-by'],
    params: ['comments.list search[creator_name]'],
  },
  {
    id: 'IB-4-comments-post-id-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'comments', operations: ['comments.list'] },
    statement: 'search[post_id] on comments selects the comments of that post.', quote: '`search[post_id]` (A only)',
    interpretations: ['INT-comments-group-by'],
    params: ['comments.list search[post_id]'],
  },
  {
    id: 'IB-4-comments-do-not-bump', section: '4', level: 'MUST', carrier: { scenario: 'comments', operations: ['comments.create'] },
    statement: 'A comment made with comment[do_not_bump_post]=1 does not move its post to the top of the comment listing; one made with comment[do_not_bump_post]=0, or without it, does.',
    quote: '`comment[do_not_bump_post]` (set to 1 to keep the post from moving to the top of the comment listing)',
    interpretations: ['INT-do-not-bump', 'INT-time-format'],
    params: ['comments.create comment[do_not_bump_post]'],
  },
  {
    id: 'IB-4-dmails-fields', section: '4', level: 'MUST', carrier: { scenario: 'dmails', operations: ['dmails.create', 'dmails.show'] },
    statement: 'The dmail[title] and dmail[body] of a create are those the recipient\'s dmail is shown with.',
    quote: 'Dmails Create: `dmail[to_name]`; `dmail[title]`; `dmail[body]`',
    interpretations: ['INT-record-fields', 'INT-dmail-copies'],
    params: ['dmails.create dmail[title]', 'dmails.create dmail[body]'],
  },
  {
    id: 'IB-4-dmails-owner-list', section: '4', level: 'MUST', carrier: { scenario: 'dmails', operations: ['dmails.list'] },
    statement: 'The dmail list holds only dmails the caller owns.',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    interpretations: ['INT-dmail-owner', 'INT-dmail-copies'],
    params: ['dmails.create dmail[to_name]'],
  },
  {
    id: 'IB-4-dmails-owner-show', section: '4', level: 'MUST', carrier: { scenario: 'dmails', operations: ['dmails.show'] },
    statement: 'Showing another user\'s dmail is refused and does not reveal it.',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    interpretations: ['INT-dmail-owner', 'INT-dmail-others', 'INT-dmail-copies'],
  },
  {
    id: 'IB-4-dmails-owner-delete', section: '4', level: 'MUST', carrier: { scenario: 'dmails', operations: ['dmails.delete'] },
    statement: 'Deleting another user\'s dmail is refused and the dmail remains; the recipient of a dmail, who owns it, deletes it.',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    interpretations: ['INT-dmail-owner', 'INT-dmail-others', 'INT-dmail-copies'],
  },
  {
    id: 'IB-4-dmails-read-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'dmails', operations: ['dmails.list'] },
    statement: 'search[read]=false selects unread dmails and true read ones.', quote: '`search[read]` (A only; true or false)',
    interpretations: ['INT-dmail-read', 'INT-dmail-copies'],
    params: ['dmails.list search[read]'],
  },
  ...(
    [
      ['http', 'IB-4-artists-name-url', 'search[name] beginning with http finds the artists having that URL.'],
      ['name', 'IB-4-artists-name-base', 'search[name]=name:X finds artists by base name.'],
      ['other', 'IB-4-artists-name-other', 'search[name]=other:X searches other names.'],
      ['group', 'IB-4-artists-name-group', 'search[name]=group:X finds the artists of group X.'],
      ['status', 'IB-4-artists-name-banned', 'search[name]=status:banned finds banned artists only.'],
      ['plain', 'IB-4-artists-name-plain', 'Any other search[name] matches base names and other names.'],
    ] as const
  ).map(
    ([, id, statement]): GeneralRequirement<typeof id> => ({
      id, section: '4', level: 'MUST', statement, carrier: { scenario: 'artists', operations: ['artists.list'] },
      quote: '`search[name]` rules by its beginning', interpretations: ['INT-artist-name-search'], params: ['artists.list search[name]'],
    }),
  ),
  {
    id: 'IB-4-artists-banned', section: '4', level: 'MUST', carrier: { scenario: 'artists', operations: ['artists.banned'] },
    statement: 'GET /artists/banned lists the same artists as search[name]=status:banned.',
    quote: 'none; equivalent to a list search with `search[name]` set to `status:banned`',
  },
  {
    id: 'IB-4-artists-url-string', section: '4', level: 'MUST', carrier: { scenario: 'artists', operations: ['artists.create'] },
    statement: 'artist[url_string] takes URLs delimited by whitespace or newline; each is searchable.',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    params: ['artists.create artist[url_string]', 'artists.update artist[url_string]'],
  },
  {
    id: 'IB-4-artists-other-names', section: '4', level: 'MUST', carrier: { scenario: 'artists', operations: ['artists.create'] },
    statement: 'artist[other_names_comma] takes comma-delimited names; each is searchable with other:.',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    params: ['artists.create artist[other_names_comma]', 'artists.update artist[other_names_comma]'],
  },
  {
    id: 'IB-4-artists-empty-only-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'artists', operations: ['artists.list'] },
    statement: 'search[empty_only]=true selects artists with 0 posts.', quote: '`search[empty_only]` (A only; true selects artists with 0 posts)',
    params: ['artists.list search[empty_only]'],
  },
  {
    id: 'IB-4-notes-group-by-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'notes', operations: ['notes.list'] },
    statement: 'group_by=note with search[post_id] lists the notes of that post.',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    params: ['notes.list group_by'],
  },
  {
    id: 'IB-4-notes-lifecycle', section: '4', level: 'MUST',
    carrier: { scenario: 'notes', operations: ['notes.create', 'notes.show', 'notes.update', 'notes.delete'] },
    statement: 'A note can be created, shown, updated and deleted.',
    quote: 'Notes: Create (method and path: not shown) `note[post_id]`, `note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` REQUIRED; Show GET /notes/{id}.json; Update PUT /notes/{id}.json; Delete DELETE /notes/{id}.json',
    interpretations: ['INT-notes-create-path', 'INT-note-geometry'],
  },
  {
    id: 'IB-4-users-name-pattern', section: '4', level: 'MUST', carrier: { scenario: 'users', operations: ['users.list'] },
    statement: 'search[name] on users finds a user by exact name and by a `*` pattern.', quote: '`search[name]` (supports patterns)',
    interpretations: ['INT-user-name-patterns'],
    params: ['users.list search[name]'],
  },
  {
    id: 'IB-4-users-level-search', section: '4', level: 'MUST', carrier: { scenario: 'users', operations: ['users.list'] },
    statement: 'search[level] and search[min_level] select users by level.', quote: '`search[min_level]`; `search[level]`',
    params: ['users.list search[level]', 'users.list search[min_level]'],
  },
  {
    id: 'IB-4-users-max-level-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'users', operations: ['users.list'] },
    statement: 'search[max_level] selects users up to a level.', quote: '`search[max_level]` (A only)',
    params: ['users.list search[max_level]'],
  },
  ...(['artists', 'users', 'pools', 'wiki_pages'] as const).flatMap((res): GeneralRequirement<`IB-4-${typeof res}-sort-${'A' | 'B'}`>[] => [
    {
      id: `IB-4-${res}-sort-A`, section: '4', level: 'MUST', variants: A, carrier: { scenario: 'sort-keys', operations: [`${res}.list`] },
      statement: `The ${res} list is sorted by search[order].`, quote: 'sort key: A `search[order]`, B `search[sort]`',
      interpretations: ['INT-cross-variant', 'INT-sort-order'],
    },
    {
      id: `IB-4-${res}-sort-B`, section: '4', level: 'MUST', variants: B, carrier: { scenario: 'sort-keys', operations: [`${res}.list`] },
      statement: `The ${res} list is sorted by search[sort].`, quote: 'sort key: A `search[order]`, B `search[sort]`',
      interpretations: ['INT-cross-variant', 'INT-sort-order'],
    },
  ]),
  {
    id: 'IB-4-pools-post-ids', section: '4', level: 'MUST', carrier: { scenario: 'pools', operations: ['pools.update'] },
    statement: 'pool[post_ids] takes space-delimited post ids and sets the pool\'s posts: every id sent, in the order sent (INT-pool-order), and none it left out.', quote: '`pool[post_ids]` (space-delimited post ids)',
    interpretations: ['INT-record-fields', 'INT-pool-order'],
    params: ['pools.update pool[post_ids]'],
  },
  {
    id: 'IB-4-tags-name-list-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'tags', operations: ['tags.list'] },
    statement: 'search[name] on tags takes comma-separated exact names and returns exactly those tags.',
    quote: '`search[name]` (comma-separated exact tag names)',
    params: ['tags.list search[name]'],
  },
  {
    id: 'IB-4-tags-hide-empty-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'tags', operations: ['tags.list'] },
    statement: 'search[hide_empty]=yes excludes tags with 0 posts.', quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    params: ['tags.list search[hide_empty]'],
  },
  {
    id: 'IB-4-tags-category-A', section: '4', level: 'SHOULD', variants: A, carrier: { scenario: 'tags', operations: ['tags.list'] },
    statement: 'search[category] selects the tags of that category.', quote: '`search[category]` (0, 1, 3, 4)',
    interpretations: ['INT-tag-categories'],
    params: ['tags.list search[category]'],
  },
  {
    id: 'IB-4-tags-category-agrees-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'tags', operations: ['tags.list'] },
    statement: 'search[category] lists no tag whose own record gives it another category.', quote: '`search[category]` (0, 1, 3, 4)',
    params: ['tags.list search[category]'],
  },
  {
    id: 'IB-4-related_tag-category', section: '4', level: 'MUST', carrier: { scenario: 'tags', operations: ['related_tag.list'] },
    statement: 'category on related tags keeps the related tags of that category (0 general, 1 artist, 3 copyright, 4 character).',
    quote: 'Tag category (search[category] on tags; category on related tags)',
    interpretations: ['INT-related-tag-shape', 'INT-tag-categories'],
    params: ['related_tag.list category'],
  },
  {
    id: 'IB-4-wiki-lifecycle', section: '4', level: 'MUST',
    carrier: { scenario: 'wiki', operations: ['wiki_pages.create', 'wiki_pages.show', 'wiki_pages.update'] },
    statement: 'A wiki page can be created, shown and updated, and found by search[title].',
    quote: 'Wiki pages: Create POST /wiki_pages.json; Show GET /wiki_pages/{id}.json; Update PUT /wiki_pages/{id}.json; List `search[title]`.',
    params: ['wiki_pages.list search[title]'],
  },
  {
    id: 'IB-4-forum-original-post', section: '4', level: 'MUST', carrier: { scenario: 'forum', operations: ['forum_topics.create', 'forum_posts.list'] },
    statement: 'A topic created with forum_topic[original_post_attributes][body] has that initial post, listed by search[topic_id].',
    quote: '`forum_topic[original_post_attributes][body]` (message of the initial post)',
    interpretations: ['INT-forum-post-topic'],
    params: ['forum_topics.create forum_topic[original_post_attributes][body]'],
  },
  {
    id: 'IB-4-commentary-create-or-update-A', section: '4', level: 'MUST', variants: A,
    carrier: { scenario: 'commentary', operations: ['artist_commentaries.create_or_update', 'artist_commentaries.list'] },
    statement: 'create_or_update creates the commentary of a post, and a second call updates it instead of adding one.',
    quote: 'Create or update | POST /artist_commentaries/create_or_update.json',
  },
  {
    id: 'IB-4-commentary-revert-post-id-A', section: '4', level: 'MUST', variants: A,
    carrier: { scenario: 'commentary', operations: ['artist_commentaries.revert'] },
    statement: 'Artist commentary revert is addressed by the post id, not the commentary id.',
    quote: '`{id}` is the post id, not the commentary id',
    interpretations: ['INT-version-id'],
  },

  // Section 4: what a write sets is what the record then says (act, then observe).
  {
    id: 'IB-4-uploads-fields', section: '4', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.create', 'posts.show'] },
    statement: 'The post an upload becomes carries the upload[rating] (every value of its set), upload[tag_string], upload[parent_id] and upload[source] (also when a file is sent with it) it was given.',
    quote: 'Uploads Create: `upload[file]` (multipart form file data); `upload[source]` (source URL); `upload[rating]` REQUIRED (safe, questionable, explicit); `upload[parent_id]`; `upload[tag_string]` REQUIRED',
    interpretations: ['INT-service-tags', 'INT-record-fields'],
    params: ['uploads.create upload[rating]', 'uploads.create upload[tag_string]', 'uploads.create upload[parent_id]'],
  },
  {
    id: 'IB-4-uploads-rating-required', section: '4', level: 'MUST', carrier: { scenario: 'uploads', operations: ['uploads.create', 'posts.list'] },
    statement: 'An upload without upload[rating] does not become a post: the rating is REQUIRED and closed, so no value of its set stands in for the one not sent.',
    quote: 'Marked REQUIRED parameters must be sent. ... `upload[rating]` REQUIRED (safe, questionable, explicit)',
    interpretations: ['INT-missing-required-status'],
    params: ['uploads.create upload[rating]'],
  },
  {
    id: 'IB-4-post_votes-score-required', section: '4', level: 'MUST', carrier: { scenario: 'posts', operations: ['post_votes.create', 'posts.show'] },
    statement: 'A vote without score is not counted: the score is REQUIRED and closed (up or down), so no value of its set stands in for the one not sent.',
    quote: 'Marked REQUIRED parameters must be sent. ... Post votes Create: `score` REQUIRED: up or down',
    interpretations: ['INT-missing-required-status', 'INT-record-fields'],
    params: ['post_votes.create score'],
  },
  {
    id: 'IB-4-post_votes-score', section: '4', level: 'SHOULD', carrier: { scenario: 'posts', operations: ['post_votes.create', 'posts.show'] },
    statement: 'A vote up raises the score a post record shows, a vote down lowers it.',
    quote: 'Post votes Create: `score` REQUIRED: up or down',
    interpretations: ['INT-record-fields'],
    params: ['post_votes.create score'],
  },
  {
    id: 'IB-4-post_votes-score-values', section: '4', level: 'MUST', carrier: { scenario: 'posts', operations: ['post_votes.create', 'posts.show'] },
    statement: 'The two values of score are two votes: a vote down does not change a post as a vote up does.',
    quote: 'Post votes Create: `score` REQUIRED: up or down',
    interpretations: ['INT-record-fields'],
    params: ['post_votes.create score'],
  },
  {
    id: 'IB-4-notes-fields', section: '4', level: 'MUST', carrier: { scenario: 'notes', operations: ['notes.create', 'notes.update', 'notes.show', 'notes.list'] },
    statement: 'note[x], note[y], note[width], note[height] and note[body] set on create and on update are those the note is shown and listed with.',
    quote: '`note[x]` REQUIRED (pixels from the top-left corner of the image); `note[y]` REQUIRED (same origin); `note[width]` REQUIRED (pixels); `note[height]` REQUIRED (pixels); Update: all optional, same meaning',
    interpretations: ['INT-record-fields', 'INT-note-geometry', 'INT-update-keeps'],
    params: ['notes.create note[x]', 'notes.create note[y]', 'notes.create note[width]', 'notes.create note[height]', 'notes.create note[body]', 'notes.update note[x]', 'notes.update note[y]', 'notes.update note[width]', 'notes.update note[height]', 'notes.update note[body]', 'notes.create note[post_id]'],
  },
  {
    id: 'IB-4-pools-fields', section: '4', level: 'MUST', carrier: { scenario: 'pools', operations: ['pools.create', 'pools.update', 'pools.show'] },
    statement: 'pool[name], pool[description], pool[is_active] (1 or 0) and pool[category] (A) set on create and update are those the pool is shown with.',
    quote: 'Pools Update: `pool[name]`; `pool[description]`; `pool[is_active]` (1 or 0); `pool[category]` (A only)',
    interpretations: ['INT-record-fields', 'INT-update-keeps'],
    params: ['pools.create pool[name]', 'pools.create pool[description]', 'pools.create pool[category]', 'pools.update pool[name]', 'pools.update pool[description]', 'pools.update pool[is_active]', 'pools.update pool[category]'],
  },
  {
    id: 'IB-4-artists-fields', section: '4', level: 'MUST', carrier: { scenario: 'artists', operations: ['artists.create', 'artists.update', 'artists.show'] },
    statement: 'artist[name], artist[group_name] and artist[is_active] (B) set on create and update are those the artist is shown with.',
    quote: 'Artists Create and Update: `artist[name]`; `artist[group_name]`; `artist[is_active]` (B only; 1 or 0)',
    interpretations: ['INT-record-fields', 'INT-update-keeps'],
    params: ['artists.create artist[name]', 'artists.create artist[group_name]', 'artists.create artist[is_active]', 'artists.update artist[name]', 'artists.update artist[group_name]', 'artists.update artist[is_active]'],
  },
  {
    id: 'IB-4-wiki-fields', section: '4', level: 'MUST', carrier: { scenario: 'wiki', operations: ['wiki_pages.create', 'wiki_pages.update', 'wiki_pages.show'] },
    statement: 'wiki_page[title], wiki_page[body] and wiki_page[other_names] (A) set on create and update are those the page is shown with.',
    quote: 'Wiki pages Create and Update: `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only)',
    interpretations: ['INT-record-fields', 'INT-update-keeps'],
    params: ['wiki_pages.create wiki_page[title]', 'wiki_pages.create wiki_page[body]', 'wiki_pages.create wiki_page[other_names]', 'wiki_pages.update wiki_page[title]', 'wiki_pages.update wiki_page[body]', 'wiki_pages.update wiki_page[other_names]'],
  },
  {
    id: 'IB-4-forum-fields', section: '4', level: 'MUST', carrier: { scenario: 'forum', operations: ['forum_topics.create', 'forum_topics.update', 'forum_topics.show', 'forum_posts.update'] },
    statement: 'forum_topic[title] and forum_topic[category_id] (A) set on create and update, and forum_post[body] set on update, are those the records are shown and listed with.',
    quote: 'Forum topics Update: `forum_topic[title]`; `forum_topic[category_id]` (A only). Forum posts Update: `forum_post[body]`',
    interpretations: ['INT-record-fields'],
    params: ['forum_topics.create forum_topic[title]', 'forum_topics.create forum_topic[category_id]', 'forum_topics.update forum_topic[title]', 'forum_topics.update forum_topic[category_id]', 'forum_posts.update forum_post[body]'],
  },
  {
    id: 'IB-4-commentary-fields-A', section: '4', level: 'MUST', variants: A, carrier: { scenario: 'commentary', operations: ['artist_commentaries.create_or_update', 'artist_commentaries.list'] },
    statement: 'The four titles and descriptions given to create_or_update are those the commentary is listed with.',
    quote: '`artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]`',
    interpretations: ['INT-record-fields', 'INT-update-keeps'],
    params: ['artist_commentaries.create_or_update artist_commentary[post_id]', 'artist_commentaries.create_or_update artist_commentary[original_title]', 'artist_commentaries.create_or_update artist_commentary[original_description]', 'artist_commentaries.create_or_update artist_commentary[translated_title]', 'artist_commentaries.create_or_update artist_commentary[translated_description]'],
  },

  // Section 4: each search parameter selects what it names, and only that (checked both ways).
  ...(
    [
      ['IB-4-post_flags-search-post_id', 'post_flags.list', 'search[post_id]', 'the flags of that post', undefined],
      ['IB-4-post_appeals-search-post_id', 'post_appeals.list', 'search[post_id]', 'the appeals of that post', undefined],
      ['IB-4-uploads-search-uploader_name', 'uploads.list', 'search[uploader_name]', 'the uploads of that user', undefined],
      ['IB-4-dmails-search-to_name', 'dmails.list', 'search[to_name]', 'the dmails sent to that user', undefined],
      ['IB-4-forum_topics-search-title', 'forum_topics.list', 'search[title]', 'the topics of exactly that title (exact)', undefined],
      ['IB-4-forum_posts-search-topic_id', 'forum_posts.list', 'search[topic_id]', 'the posts of that topic', undefined],
      ['IB-4-pools-search-category-A', 'pools.list', 'search[category]', 'the pools of that category', A],
      ['IB-4-post_versions-search-post_id', 'post_versions.list', 'search[post_id]', 'the versions of that post', undefined],
      ['IB-4-note_versions-search-note_id', 'note_versions.list', 'search[note_id]', 'the versions of that note', undefined],
      ['IB-4-pool_versions-search-pool_id', 'pool_versions.list', 'search[pool_id]', 'the versions of that pool', undefined],
      ['IB-4-artist_versions-search-artist_id-A', 'artist_versions.list', 'search[artist_id]', 'the versions of that artist', A],
      ['IB-4-artist_commentary_versions-search-post_id-A', 'artist_commentary_versions.list', 'search[post_id]', 'the commentary versions of that post', A],
    ] as const
  ).map(
    ([id, op, param, what, variants]): GeneralRequirement<typeof id> => ({
      id,
      section: '4', level: 'MUST', ...(variants ? { variants } : {}), carrier: { scenario: 'effects', operations: [op] },
      statement: `${param} on ${op.split('.')[0]} selects ${what}: a record that matches is listed, one that does not is not.`,
      quote: `${op.split('.')[0]} List: \`${param}\``,
      // The flags and appeals a check makes with post_flag[post_id] / post_appeal[post_id] are those it finds under that post.
      ...(op === 'post_appeals.list' || op === 'post_flags.list' ? { params: [`${op.split('.')[0]}.create ${op === 'post_appeals.list' ? 'post_appeal' : 'post_flag'}[post_id]`] } : {}),
    }),
  ),

  // Section 5: authentication.
  {
    id: 'IB-5-auth-api-key', section: '5', level: 'MUST', carrier: { scenario: 'auth' },
    statement: '`login` and `api_key` authenticate a request (query string for GET, body otherwise).',
    quote: 'Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
  },
  {
    id: 'IB-5-auth-basic', section: '5', level: 'MUST', carrier: { scenario: 'auth' },
    statement: 'HTTP Basic with the user name and the API key authenticates a request.',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
  },
  {
    id: 'IB-5-auth-password-hash', section: '5', level: 'MUST', carrier: { scenario: 'auth' },
    statement: '`login` with a legacy `password_hash` authenticates a request.',
    quote: 'Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    interpretations: ['INT-password-hash'],
  },
  {
    id: 'IB-5-auth-session-cookie', section: '5', level: 'SHOULD', carrier: { scenario: 'auth' },
    statement: 'A session cookie (login and password_hash = API key) authenticates a request.',
    quote: 'A session cookie authenticates a request.',
    interpretations: ['INT-session-cookie'],
  },
  {
    id: 'IB-5-auth-bad-key', section: '5', level: 'MUST', carrier: { scenario: 'auth' },
    statement: 'A wrong API key (by parameters or HTTP Basic), or a wrong legacy password_hash, does not authenticate as the named user.',
    quote: 'The API key ... is found on the user\'s profile and is secret.',
    interpretations: ['INT-bad-credentials'],
  },
  {
    id: 'IB-5-auth-bad-cookie', section: '5', level: 'SHOULD', carrier: { scenario: 'auth' },
    statement: 'A session cookie with a wrong password_hash does not authenticate as the named user.',
    interpretations: ['INT-session-cookie', 'INT-bad-credentials'],
  },
  {
    id: 'IB-5-anonymous-A', section: '5', level: 'MUST', variants: A, carrier: { scenario: 'auth' },
    statement: 'Anonymous read requests are served.', quote: 'A allows anonymous requests',
    interpretations: ['INT-anonymous-writes'],
  },
  {
    id: 'IB-5-anonymous-B', section: '5', level: 'MUST', variants: B, carrier: { scenario: 'auth' },
    statement: 'Anonymous requests are refused.', quote: 'B requires the caller to be logged in.',
    interpretations: ['INT-anonymous-refused'],
  },

  // Section 7: errors.
  {
    id: 'IB-7-envelope-json', section: '7', level: 'MUST', carrier: { every: 'state-changing' },
    statement: 'A state-changing call answered in JSON returns one object with `success` (boolean) and `reason` (string).',
    quote: 'JSON | an object with `success` (boolean) and `reason` (string)',
    interpretations: ['INT-204-envelope', 'INT-created-id', 'INT-refusal-envelope'],
  },
  {
    id: 'IB-7-envelope-xml', section: '7', level: 'MUST', carrier: { every: 'state-changing' },
    statement: 'A state-changing call answered in XML returns a single `response` element with attributes `success` and `reason`.',
    quote: 'XML | a single `response` element with attributes `success` and `reason`',
    interpretations: ['INT-204-envelope', 'INT-refusal-envelope'],
  },
  {
    id: 'IB-7-envelope-agrees', section: '7', level: 'MUST', carrier: { every: 'state-changing' },
    statement: 'The envelope\'s `success` agrees with the status code (true with 2xx, false otherwise).',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
  },
  {
    id: 'IB-7-status-documented', section: '7', level: 'MUST', carrier: { every: 'operation' },
    statement: 'Every response status is one of the variant\'s documented codes.',
    quote: 'HTTP status codes table',
    interpretations: ['INT-status-table'],
  },
  {
    id: 'IB-7-status-no-204-B', section: '7', level: 'MUST', variants: B, carrier: { every: 'operation' },
    statement: 'No response has status 204.', quote: '204 | No Content | request successful (A only)',
    interpretations: ['INT-204-envelope'],
  },
  {
    id: 'IB-7-not-found', section: '7', level: 'MUST', carrier: { every: 'with-id' },
    statement: 'A path naming an id that does not exist is answered 404.', quote: '404 | Not Found | not found',
    interpretations: ['INT-get-errors'],
  },
  {
    id: 'IB-7-no-server-error', section: '7', level: 'SHOULD', carrier: { every: 'with-params' },
    statement: 'Invalid input (missing, out-of-set or mistyped parameters) is never answered with a 5xx.',
    quote: '424 | Invalid Parameters | given parameters were invalid',
  },
  {
    id: 'IB-7-already-exists', section: '7', level: 'SHOULD', carrier: { scenario: 'lifecycles', operations: ['artists.create', 'wiki_pages.create'] },
    statement: 'Creating a second artist or wiki page with an existing name does not succeed.',
    quote: '423 | Already Exists | resource already exists',
    interpretations: ['INT-already-exists'],
  },

  // Section 8: limits.
  ...(
    [
      ['anonymous', 'IB-8-quota-anonymous-A', 500, A],
      ['member', 'IB-8-quota-member', 3000, undefined],
      ['gold', 'IB-8-quota-gold', 10000, undefined],
      ['platinum', 'IB-8-quota-platinum', 20000, undefined],
    ] as const
  ).map(
    ([who, id, n, variants]): GeneralRequirement<typeof id> => ({
      id, section: '8', level: 'SHOULD', ...(variants ? { variants } : {}), carrier: { scenario: 'quota' },
      statement: `Up to ${n} requests in an hour, ${who} requests are served; past them, they are answered 421 User Throttled.`,
      quote: `Requests per hour, ${who}: ${n}; 421 | User Throttled | user is throttled, try again later`,
      interpretations: ['INT-quota-window', 'INT-throttling', 'INT-quota-lower-side'],
    }),
  ),

  // Section 9: versioning.
  ...(
    [
      ['posts', 'post_versions.list', 'posts.revert', undefined],
      ['notes', 'note_versions.list', 'notes.revert', undefined],
      ['pools', 'pool_versions.list', 'pools.revert', undefined],
      ['artists', 'artist_versions.list', 'artists.revert', A],
      ['artist_commentaries', 'artist_commentary_versions.list', 'artist_commentaries.revert', A],
    ] as const
  ).flatMap(([res, listing, revert, variants]): GeneralRequirement<`IB-9-${typeof res}-${'versions' | 'revert'}`>[] => [
    {
      id: `IB-9-${res}-versions`, section: '9', level: 'MUST', ...(variants ? { variants } : {}),
      carrier: { scenario: 'versions', operations: [listing] },
      statement: `Each change of a ${res.replace(/_/g, ' ').replace(/s$/, '')} is listed as a version.`,
      quote: 'Resource version histories (post, note, artist, pool, artist commentary) are listed through the version resources',
      interpretations: ['INT-version-id', 'INT-version-merging'],
    },
    {
      id: `IB-9-${res}-revert`, section: '9', level: 'MUST', ...(variants ? { variants } : {}),
      carrier: { scenario: 'versions', operations: [revert] },
      statement: `Reverting a ${res.replace(/_/g, ' ').replace(/s$/, '')} to a version restores that version's fields.`,
      quote: 'and reverted with a `version_id`',
      interpretations: ['INT-version-id', 'INT-record-fields', 'INT-version-merging'],
      params: [`${revert} version_id`],
    },
  ]),
] as const satisfies readonly GeneralRequirement[];

/** The id of a requirement written out here (not derived per operation). */
export type GeneralRequirementId = (typeof GENERAL_REQUIREMENTS)[number]['id'];
