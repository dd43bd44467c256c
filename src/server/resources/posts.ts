/**
 * Posts: list (limit, page, tag search with meta-tags, raw), show, update (with a version per change and
 * the source download), revert, copy_notes (A), and the post versions listing. Posts are created by
 * uploads only and are never deleted (both answer 404 like any unknown route).
 */
import type { ResolvedOperation, Variant } from '../../../specs/model/index.ts';
import { POSTS_PER_REQUEST_MAX, VALUE_SETS } from '../../../specs/model/index.ts';
import type { User } from '../accounts.ts';
import type { Queryable, Row } from '../db/index.ts';
import { FetchError, isFetchableUrl } from '../fetch.ts';
import { fileUrls } from '../files.ts';
import { Paging } from '../paging.ts';
import type { ParamValues, RawInput } from '../params.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule, ServerEnv } from '../registry.ts';
import { param, variantParam } from '../registry.ts';
import { Steps, Where, isSet, nameOf } from '../sql.ts';
import type { ParsedTag } from '../tags.ts';
import { buildPostSearch, parseTagString, tagCountSteps, updateTagCounts } from '../tags.ts';
import { invalid, invalidRecord, notFound, requireUser } from '../refusals.ts';
import type { VersionRow } from '../versions.ts';
import { History } from '../versions.ts';

/** Stored ratings are the letters of A's set; B and uploads use their labels. */
const RATING_LABELS: Readonly<Record<string, string>> = VALUE_SETS['post-rating-A'].labels;

/** The stored rating of a value of either variant's set (or the upload set); undefined otherwise. */
export function storedRating(value: string): string | undefined {
  if (value in RATING_LABELS) return value;
  return Object.entries(RATING_LABELS).find(([, label]) => label === value)?.[0];
}

/** The rating given to a post when none was sent (reachable only through the ignore-required fault). */
export const FALLBACK_RATING = Object.keys(RATING_LABELS)[0]!;

export function shownRating(stored: string, variant: Variant): string {
  return variant === 'A' ? stored : (RATING_LABELS[stored] ?? stored);
}

export const DEFAULT_POST_LIMIT = 20;

/** The rating-explicit-as-questionable fault: one value of the set stored as another. */
/** The tags an update sets: those sent, and under the fault update-keeps-removed-tags the post's old ones too. */
function keptTags(env: ServerEnv, old: readonly string[], sent: readonly ParsedTag[]): readonly ParsedTag[] {
  if (!env.faults.active('update-keeps-removed-tags')) return sent;
  return [...sent, ...old.filter((name) => !sent.some((t) => t.name === name)).map((name) => ({ name, category: undefined }))];
}

export function explicitAsQuestionable(env: ServerEnv, stored: string): string {
  return env.faults.active('rating-explicit-as-questionable') && stored === 'e' ? 'q' : stored;
}

export interface PostRow extends Row {
  id: number;
  uploader_id: number;
  tag_string: string;
  tag_array: string[];
  rating: string;
  source: string;
  parent_id: number | null;
  md5: string | null;
  file_ext: string | null;
  file_size: number | null;
  image_width: number | null;
  image_height: number | null;
  score: number;
  up_score: number;
  down_score: number;
  is_flagged: boolean;
  last_commented_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** Tag category number to the suffix of its `tag_string_*` field, from the model's tag-category value set. */
const CATEGORY_FIELDS: ReadonlyMap<number, string> = new Map(
  Object.entries(VALUE_SETS['tag-category'].labels).map(([num, label]) => [Number(num), `tag_string_${label}`]),
);

/** What a post record needs besides its row: where the client reached the server, and tag categories. */
export interface PostRecordContext {
  readonly origin: string;
  /** Category of each tag name; a tag missing here is general. */
  readonly categories: ReadonlyMap<string, number>;
}

/**
 * A post record. Besides the writable fields it carries the fields clients of the service family read
 * (INT-post-files): `file_url`, `large_file_url`, `preview_file_url` (absolute, omitted for a post
 * without a file), `md5`, `file_ext`, `image_width`, `image_height` and `tag_string_<category>`.
 */
export function postRecord(r: PostRow, env: ServerEnv, ctx: PostRecordContext): ApiRecord {
  const byCategory: Record<string, string[]> = {};
  for (const field of CATEGORY_FIELDS.values()) byCategory[field] = [];
  for (const name of r.tag_array) byCategory[CATEGORY_FIELDS.get(ctx.categories.get(name) ?? 0) ?? CATEGORY_FIELDS.get(0)!]!.push(name);
  return {
    id: r.id,
    uploader_id: r.uploader_id,
    uploader_name: nameOf(env.users, r.uploader_id),
    tag_string: r.tag_string,
    ...Object.fromEntries(Object.entries(byCategory).map(([k, v]) => [k, v.join(' ')])),
    rating: shownRating(r.rating, env.variant),
    source: r.source,
    parent_id: r.parent_id,
    md5: r.md5,
    file_ext: r.file_ext,
    file_size: r.file_size,
    image_width: r.image_width,
    image_height: r.image_height,
    score: r.score,
    up_score: r.up_score,
    down_score: r.down_score,
    is_flagged: r.is_flagged,
    tag_count: r.tag_array.length,
    last_commented_at: r.last_commented_at,
    // The time a comment last moved the post to the top of the comment listing (do_not_bump_post keeps it).
    last_comment_bumped_at: r.last_commented_at,
    created_at: r.created_at,
    updated_at: r.updated_at,
    has_large: false,
    ...fileUrls(ctx.origin, r.md5, r.file_ext),
  };
}

/** The records of posts, with the categories of their tags read in one query. */
export async function postRecords(rows: readonly PostRow[], env: ServerEnv, origin: string): Promise<ApiRecord[]> {
  const names = [...new Set(rows.flatMap((r) => r.tag_array))];
  const categories = new Map<string, number>();
  if (names.length > 0) {
    const found = await env.db.query<{ name: string; category: number }>('SELECT name, category FROM tags WHERE name = ANY($1::text[]) AND category <> 0', [names]);
    for (const t of found) categories.set(t.name, t.category);
  }
  return rows.map((r) => postRecord(r, env, { origin, categories }));
}

interface PostVersionRow extends VersionRow {
  post_id: number;
  tag_string: string;
  rating: string;
  source: string;
  parent_id: number | null;
  added_tags: string[];
  removed_tags: string[];
}

/** Post versions (IB-9-posts-versions): the tags, rating, source and parent after each change, and the tags it added and removed. */
const HISTORY = new History<PostVersionRow>({
  table: 'post_versions',
  key: 'post_id',
  noun: 'post',
  identity: (r) => ({ post_id: r.post_id }),
  snapshot: (r, env) => ({
    tag_string: r.tag_string,
    rating: shownRating(r.rating, env.variant),
    source: r.source,
    parent_id: r.parent_id,
    added_tags: r.added_tags,
    removed_tags: r.removed_tags,
  }),
  faults: {
    notRecorded: 'versions-not-recorded',
    notRestoring: 'revert-not-restoring',
    searchIgnored: [{ param: 'search[post_id]', fault: 'post-versions-post-id-ignored' }],
  },
});

export const POST_COLUMNS =
  'p.id, p.uploader_id, p.tag_string, p.tag_array, p.rating, p.source, p.parent_id, p.md5, p.file_ext, p.file_size, p.image_width, p.image_height, p.score, p.up_score, p.down_score, p.is_flagged, p.last_commented_at, p.created_at, p.updated_at';

export async function postExists(q: Queryable, id: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM posts WHERE id = $1', [id])).length > 0;
}

export interface PostFields {
  readonly tags: readonly ParsedTag[];
  readonly rating: string;
  readonly source: string;
  readonly parentId: number | null;
}

/**
 * The version of a post after a change (IB-9-posts-versions). `before` is the tag list before the change
 * (empty for a new post).
 */
function versionFields(before: readonly string[], after: PostFields): Record<string, unknown> {
  const names = after.tags.map((t) => t.name);
  const afterSet = new Set(names);
  const beforeSet = new Set(before);
  return {
    tag_string: names.join(' '),
    rating: after.rating,
    source: after.source,
    parent_id: after.parentId,
    added_tags: names.filter((t) => !beforeSet.has(t)),
    removed_tags: before.filter((t) => !afterSet.has(t)),
  };
}

/** The size tag the service family adds of its own to a small image (variation service-tags, INT-service-tags). */
const SERVICE_TAG = 'lowres';
const LOWRES_MAX = 500;

function withServiceTags(env: ServerEnv, fields: PostFields, width: number | null, height: number | null): PostFields {
  if (!env.variations.active('service-tags') || width === null || height === null || width > LOWRES_MAX || height > LOWRES_MAX) return fields;
  if (fields.tags.some((t) => t.name === SERVICE_TAG)) return fields;
  return { ...fields, tags: [...fields.tags, { name: SERVICE_TAG, category: undefined }] };
}

/**
 * Adds to `steps` the insert of a post (from an upload) with its tags, its first version and its
 * uploader's count; the step `new_post` returns its id.
 */
export function insertPostSteps(
  steps: Steps,
  env: ServerEnv,
  uploader: User,
  fields: PostFields,
  file: { md5: string; ext: string; size: number; width: number | null; height: number | null } | null,
): void {
  fields = withServiceTags(env, fields, file?.width ?? null, file?.height ?? null);
  const names = fields.tags.map((t) => t.name);
  const values = [uploader.id, names.join(' '), names, fields.rating, fields.source, fields.parentId, file?.md5 ?? null, file?.ext ?? null, file?.size ?? null, file?.width ?? null, file?.height ?? null].map((v) => steps.p(v));
  values[2] += '::text[]';
  steps.add(
    'new_post',
    `INSERT INTO posts (uploader_id, tag_string, tag_array, rating, source, parent_id, md5, file_ext, file_size, image_width, image_height)
     VALUES (${values.join(', ')}) RETURNING id`,
  );
  tagCountSteps(steps, [], fields.tags);
  HISTORY.recordSteps(steps, env, '(SELECT id FROM new_post)', uploader.id, versionFields([], fields));
  steps.add('uploader_counted', `UPDATE users SET post_upload_count = post_upload_count + 1 WHERE id = ${steps.p(uploader.id)}`);
}

/** Inserts a post with its tags and first version, in one statement; returns its id. */
export async function insertPost(
  q: Queryable,
  env: ServerEnv,
  uploader: User,
  fields: PostFields,
  file: { md5: string; ext: string; size: number; width: number | null; height: number | null } | null,
): Promise<number> {
  const steps = new Steps();
  insertPostSteps(steps, env, uploader, fields, file);
  return (await q.query<{ id: number }>(steps.sql('SELECT id FROM new_post'), steps.params))[0]!.id;
}

/** Downloads a source URL through the guard; a failed download is an invalid parameter (INT-source-download). */
export async function downloadSource(env: ServerEnv, name: string, url: string) {
  try {
    return await env.fetcher.download(url);
  } catch (err) {
    if (err instanceof FetchError) throw invalid(`${name}: ${err.message}`);
    throw err;
  }
}

async function loadPost(q: Queryable, id: number, lock = false): Promise<PostRow> {
  const rows = await q.query<PostRow>(`SELECT ${POST_COLUMNS} FROM posts p WHERE p.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw notFound('post', id);
  return rows[0];
}


/** Applies new field values to a post, keeping the tags table and the versions in step. */
async function applyChange(tx: Queryable, env: ServerEnv, post: PostRow, user: User, given: PostFields): Promise<boolean> {
  const next = withServiceTags(env, given, post.image_width, post.image_height);
  const names = next.tags.map((t) => t.name);
  const sameTags = names.join(' ') === post.tag_string;
  const changed = !sameTags || next.rating !== post.rating || next.source !== post.source || next.parentId !== post.parent_id;
  const categorised = next.tags.some((t) => t.category !== undefined);
  if (!changed && !categorised) return false;
  const steps = new Steps();
  const id = steps.p(post.id);
  steps.add(
    'post_changed',
    `UPDATE posts SET tag_string = ${steps.p(names.join(' '))}, tag_array = ${steps.p(names)}::text[], rating = ${steps.p(next.rating)}, source = ${steps.p(next.source)}, parent_id = ${steps.p(next.parentId)}, updated_at = now() WHERE id = ${id}`,
  );
  tagCountSteps(steps, post.tag_array, next.tags);
  if (changed) {
    HISTORY.recordSteps(steps, env, id, user.id, versionFields(post.tag_array, next));
    steps.add('updater_counted', `UPDATE users SET post_update_count = post_update_count + 1 WHERE id = ${steps.p(user.id)}`);
  }
  await tx.query(steps.sql('SELECT 1'), steps.params);
  return changed;
}

function listHandler(op: ResolvedOperation, env: ServerEnv) {
  param(op, 'limit');
  param(op, 'page');
  const TAGS = param(op, 'tags');
  const RAW = variantParam(op, 'raw');
  return async ({ params, raw, origin }: { params: ParamValues; raw: RawInput; origin: string }) => {
    const f = env.faults;
    let paging = Paging.of(raw, { defaultLimit: DEFAULT_POST_LIMIT, maxLimit: f.active('limit-not-clamped') ? Infinity : POSTS_PER_REQUEST_MAX });
    if (f.active('limit-ignored')) paging = new Paging(DEFAULT_POST_LIMIT, paging.mode);
    if (f.active('page-ignored')) paging = new Paging(paging.limit, { kind: 'numbered', page: 1 });
    const sent = params.str(TAGS) ?? '';
    // Fault tag-search-last-term-only: of several search terms, only the last is read.
    const tags = f.active('tag-search-last-term-only') ? (sent.trim().split(/\s+/).at(-1) ?? '') : sent;
    const w = new Where();
    let order = 'p.id DESC';
    if (RAW && isSet(params.str(RAW)) && !f.active('raw-ignored')) {
      if (tags !== '') w.add(`p.tag_array @> ARRAY[${w.p(tags)}]::text[]`);
    } else {
      const s = buildPostSearch(tags, TAGS, {
        rating: storedRating,
        negation: !f.active('tag-negation-ignored'),
        metaTags: !f.active('meta-tags-ignored'),
        metaTagsDropped: f.active('meta-tags-dropped'),
        allMustMatch: !f.active('tag-search-any'),
      });
      w.params.push(...s.params);
      w.clauses.push(...s.where);
      if (s.order === 'id_asc') order = 'p.id ASC';
    }
    let tail = paging.sql(w, 'p.id', order);
    // Quiet paging faults: one post lost between pages, one post short of the limit.
    if (f.active('page-skips-one')) tail = tail.replace(/OFFSET (\d+)/, (_, n: string) => `OFFSET ${Number(n) + 1}`);
    if (f.active('limit-max-short')) tail = tail.replace(/LIMIT (\d+)/, (_, n: string) => `LIMIT ${Number(n) >= POSTS_PER_REQUEST_MAX ? Number(n) - 1 : n}`);
    if (f.active('limit-one-short')) tail = tail.replace(/LIMIT (\d+)/, (_, n: string) => `LIMIT ${Math.max(1, Number(n) - 1)}`);
    const rows = await env.db.query<PostRow>(`SELECT ${POST_COLUMNS} FROM posts p ${w.sql} ${tail}`, w.params);
    return { kind: 'list' as const, root: 'posts', element: 'post', records: await postRecords(paging.arrange(rows), env, origin) };
  };
}

export const postsModule: ResourceModule = {
  resource: 'posts',
  handlers: {
    'posts.list': listHandler,

    'posts.show': (_op, env) => async ({ path, origin }) => {
      if (env.faults.active('get-show-changes-record')) {
        await env.db.query('UPDATE posts SET score = score + 1, updated_at = now() WHERE id = $1', [path.id]);
      }
      if (env.faults.active('wrong-id-shown')) {
        const rows = await env.db.query<PostRow>(`SELECT ${POST_COLUMNS} FROM posts p ORDER BY p.id DESC LIMIT 1`);
        if (rows[0]) return { kind: 'record', element: 'post', record: (await postRecords(rows, env, origin))[0]! };
      }
      return { kind: 'record', element: 'post', record: (await postRecords([await loadPost(env.db, path.id!)], env, origin))[0]! };
    },

    'posts.update': (op, env) => {
      const TAGS = param(op, 'post[tag_string]');
      const RATING = param(op, 'post[rating]');
      const SOURCE = param(op, 'post[source]');
      const PARENT = param(op, 'post[parent_id]');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        const source = params.str(SOURCE);
        if (source !== undefined && isFetchableUrl(source) && !env.faults.active('source-not-downloaded')) {
          if (!(await postExists(env.db, path.id!))) throw notFound('post', path.id!);
          await downloadSource(env, SOURCE, source.trim());
        }
        const id = await env.db.transaction(async (tx) => {
          const post = await loadPost(tx, path.id!, true);
          const rating = params.str(RATING);
          let parentId = post.parent_id;
          if (params.has(PARENT)) {
            parentId = params.int(PARENT) ?? null;
            if (parentId !== null) {
              if (parentId === post.id) throw invalid(`${PARENT}: a post cannot be its own parent`);
              if (!(await postExists(tx, parentId))) throw invalid(`${PARENT}: no post with id ${parentId}`);
            }
          }
          const next: PostFields = {
            // Fault update-tag-plus-split: the form is decoded twice, so a `+` in a tag becomes a space.
            tags: params.has(TAGS) ? keptTags(env, post.tag_array, parseTagString(env.faults.active('update-tag-plus-split') ? params.str(TAGS)!.replaceAll('+', ' ') : params.str(TAGS)!)) : post.tag_array.map((name) => ({ name, category: undefined })),
            rating: rating !== undefined ? explicitAsQuestionable(env, storedRating(rating) ?? rating) : post.rating,
            // Fault post-source-text-dropped: a source that is not a URL is not stored.
            source: source !== undefined && !isFetchableUrl(source) && source !== '' && env.faults.active('post-source-text-dropped') ? post.source : (source ?? post.source),
            parentId: env.faults.active('update-drops-parent') && params.has(TAGS) ? post.parent_id : parentId,
          };
          if (!env.faults.active('update-ignored')) await applyChange(tx, env, post, u, next);
          return post.id;
        });
        return { kind: 'envelope', id };
      };
    },

    'posts.revert': HISTORY.revert({
      load: (tx, { path }) => loadPost(tx, path.id!, true),
      restore: async (tx, post, v, user, { env }) => {
        if (v.parent_id !== null && !(await postExists(tx, v.parent_id))) throw invalidRecord('the parent of that version no longer exists');
        await applyChange(tx, env, post, user, { tags: parseTagString(v.tag_string), rating: v.rating, source: v.source, parentId: v.parent_id });
      },
    }),

    'posts.copy_notes': (op, env) => {
      const OTHER = param(op, 'other_post_id');
      return async ({ params, path, user }) => {
        const u = requireUser(user);
        const copied = await env.db.transaction(async (tx) => {
          await loadPost(tx, path.id!);
          const other = params.int(OTHER);
          // Only reachable with the ignore-required fault: the request is accepted and copies nothing.
          if (other === undefined) return 0;
          if (other === path.id) throw invalid(`${OTHER}: notes cannot be copied to the same post`);
          if (!(await postExists(tx, other))) throw invalid(`${OTHER}: no post with id ${other}`);
          if (env.faults.active('copy-notes-noop')) return 0;
          // Fault copy-notes-moves: the notes are moved to the other post, not copied.
          if (env.faults.active('copy-notes-moves')) return (await tx.query('UPDATE notes SET post_id = $2 WHERE post_id = $1 AND is_active RETURNING id', [path.id, other])).length;
          const rows = await tx.query(
            `INSERT INTO notes (post_id, creator_id, x, y, width, height, body)
             SELECT $2, $3, x, y, width, height, body FROM notes WHERE post_id = $1 AND is_active ORDER BY id${env.faults.active('copy-notes-first-only') ? ' LIMIT 1' : ''} RETURNING id`,
            [path.id, other, u.id],
          );
          return rows.length;
        });
        return { kind: 'envelope', id: path.id!, extra: { copied } };
      };
    },

    'post_versions.list': HISTORY.list,
  },

  faults: [
    { id: 'limit-not-clamped', requirements: ['IB-4-posts-list-limit'], summary: 'GET /posts returns more than 100 posts when limit asks for more.' },
    { id: 'limit-ignored', requirements: ['IB-4-posts-list-limit-honoured'], summary: 'GET /posts ignores limit (always 20).' },
    { id: 'page-ignored', requirements: ['IB-4-posts-list-page'], summary: 'GET /posts ignores page (always the first page).' },
    { id: 'tag-negation-ignored', requirements: ['IB-4-posts-list-tags'], summary: 'A -tag term in tags is ignored.' },
    { id: 'tag-search-any', requirements: ['IB-4-posts-list-tags'], summary: 'tags selects posts having any of the tags instead of all.' },
    { id: 'raw-ignored', requirements: ['IB-4-posts-list-raw-A'], summary: 'raw is ignored: tags is parsed as several tags.', variants: ['A'] },
    { id: 'get-show-changes-record', requirements: ['IB-2-get-reads'], summary: 'GET /posts/{id} increments the post\'s score.' },
    { id: 'update-ignored', requirements: ['IB-4-posts-update-fields'], summary: 'PUT /posts/{id} answers success but saves nothing.' },
    { id: 'post-versions-post-id-ignored', requirements: ['IB-4-post_versions-search-post_id'], summary: 'search[post_id] on post versions is ignored.', caughtBy: 'effects/post_versions.list/post_id' },
    { id: 'page-skips-one', requirements: ['IB-4-posts-list-page'], summary: 'Page 2 and later start one post too late: a post between pages is never listed.', caughtBy: 'posts/page-exact' },
    { id: 'limit-max-short', requirements: ['IB-4-posts-list-limit-honoured'], summary: 'limit=100 returns 99 posts when more exist (smaller limits are exact).', caughtBy: 'posts/limit-exact' },
    { id: 'limit-one-short', requirements: ['IB-4-posts-list-limit-honoured'], summary: 'limit=n returns n-1 posts when more exist.', caughtBy: 'posts/limit-exact' },
    { id: 'rating-explicit-as-questionable', requirements: ['IB-4-posts-update-fields'], summary: 'post[rating] explicit is stored as questionable.', caughtBy: 'posts/update-every-rating' },
    { id: 'update-drops-parent', requirements: ['IB-4-posts-update-fields'], summary: 'post[parent_id] is dropped when post[tag_string] is updated with it.', caughtBy: 'posts/update-fields' },
    { id: 'meta-tags-ignored', requirements: ['IB-4-posts-list-tags'], summary: 'Meta-tags (rating:, id:) in tags are taken as plain tags.', caughtBy: 'posts/meta-tags' },
    { id: 'meta-tags-dropped', requirements: ['IB-4-posts-list-tags'], summary: 'Meta-tags (rating:, id:, user:) beside a plain tag are read and then left out: the plain tag alone selects.', caughtBy: 'posts/meta-tags' },
    { id: 'rating-other-variant-accepted', requirements: ['IB-4-posts-update-values-post-rating-A', 'IB-4-posts-update-values-post-rating-B'], summary: "post[rating] also accepts the other variant's values.", caughtBy: 'values/posts.update/post[rating]' },
    { id: 'update-tag-plus-split', requirements: ['IB-4-posts-update-fields'], summary: 'An update\'s post[tag_string] is decoded twice: a `+` in a tag becomes a space and splits it.', caughtBy: 'posts/update-fields' },
    { id: 'update-keeps-removed-tags', requirements: ['IB-4-posts-update-fields'], summary: 'An update of post[tag_string] adds the tags sent but keeps those it left out.', caughtBy: 'posts/update-fields' },
    { id: 'post-source-text-dropped', requirements: ['IB-4-posts-update-fields'], summary: 'A post[source] that is not a URL is answered with success and not stored.', caughtBy: 'posts/update-fields' },
    { id: 'rating-other-variant-coerced', requirements: ['IB-4-posts-update-values-post-rating-A', 'IB-4-posts-update-values-post-rating-B'], summary: "post[rating] of the other variant's set is stored as the value of this set it names (A stores `s` for `safe`).", caughtBy: 'values/posts.update/post[rating]' },
    { id: 'source-not-downloaded', requirements: ['IB-4-posts-update-source-download'], summary: 'post[source] URLs are stored without downloading.' },
    { id: 'copy-notes-first-only', requirements: ['IB-4-posts-copy-notes-A'], summary: 'copy_notes copies only the first note of the post.', variants: ['A'], caughtBy: 'notes/copy' },
    { id: 'copy-notes-moves', requirements: ['IB-4-posts-copy-notes-A'], summary: 'copy_notes moves the notes to the other post: the post copied from has none left.', variants: ['A'], caughtBy: 'notes/copy' },
    { id: 'tag-search-last-term-only', requirements: ['IB-4-posts-list-tags'], summary: 'Of several terms in tags, only the last is read.', caughtBy: 'posts/tag-search' },
    { id: 'copy-notes-noop', requirements: ['IB-4-posts-copy-notes-A'], summary: 'copy_notes answers success but copies nothing.', variants: ['A'] },
    { id: 'versions-not-recorded', requirements: ['IB-9-posts-versions'], summary: 'Post changes are not recorded as post versions.' },
    { id: 'revert-not-restoring', requirements: ['IB-9-posts-revert'], summary: 'Revert answers success but restores nothing.' },
    { id: 'posts-creatable', requirements: ['IB-3-posts-no-create'], summary: 'POST /posts creates a post directly.' },
    { id: 'posts-deletable', requirements: ['IB-3-posts-no-delete'], summary: 'DELETE /posts/{id} deletes the post.' },
  ],

  extraRoutes: [
    {
      fault: 'posts-creatable', method: 'POST', path: '/posts', baseOp: 'posts.update',
      handler: (op, env) => {
        const TAGS = param(op, 'post[tag_string]');
        const RATING = param(op, 'post[rating]');
        const SOURCE = param(op, 'post[source]');
        return async ({ params, user }) => {
          const u = requireUser(user);
          const rating = params.str(RATING);
          const id = await env.db.transaction((tx) =>
            insertPost(tx, env, u, {
              tags: parseTagString(params.str(TAGS) ?? ''),
              rating: (rating && storedRating(rating)) || FALLBACK_RATING,
              source: params.str(SOURCE) ?? '',
              parentId: null,
            }, null),
          );
          return { kind: 'envelope', id };
        };
      },
    },
    {
      fault: 'posts-deletable', method: 'DELETE', path: '/posts/{id}', baseOp: 'posts.show',
      handler: (_op, env) => async ({ path, user }) => {
        requireUser(user);
        await env.db.transaction(async (tx) => {
          const post = await loadPost(tx, path.id!, true);
          // The post's tags count one post fewer (the tags table counts the posts that exist).
          await updateTagCounts(tx, post.tag_array, []);
          for (const t of ['post_versions', 'post_votes', 'post_flags', 'post_appeals', 'comments', 'notes']) {
            await tx.query(`DELETE FROM ${t} WHERE post_id = $1`, [path.id]);
          }
          await tx.query('UPDATE uploads SET post_id = NULL WHERE post_id = $1', [path.id]);
          await tx.query('UPDATE posts SET parent_id = NULL WHERE parent_id = $1', [path.id]);
          await tx.query('DELETE FROM posts WHERE id = $1', [path.id]);
        });
        return { kind: 'envelope', id: path.id! };
      },
    },
  ],
};
