/**
 * Act, then observe: checks that read back what they wrote, and filters checked both ways.
 *
 * A write the target accepts is read back through show (JSON and XML) and the list, and every field the
 * request set is compared (a field the record does not carry is not demanded: INT-record-fields; when it
 * carries none of them, the check is skipped). Each value of a value set is written and read back. Each
 * search parameter is given a record that must be listed and one that must not be. Paging is exact:
 * pages 1 and 2 together are the first 2n records, and `limit=n` gives n records when more exist.
 */
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { Format, OperationId, Variant } from '../../../../specs/model/index.ts';
import { VALUE_SETS } from '../../../../specs/model/index.ts';
import type { Check, CheckContext } from '../../check.ts';
import { defineCheck, fail, skip } from '../../check.ts';
import type { FieldValue, RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import { pngImage } from '../../images.ts';
import type { CallOptions } from '../../target.ts';
import { make, makePost } from '../../world.ts';
import { listIds, records, show, succeed, text } from './common.ts';

type Want = string | number;

/** The A letter and B word of a post rating name the same rating (s/safe, q/questionable, e/explicit). */
const RATING_LETTERS: Readonly<Record<string, string>> = VALUE_SETS['post-rating-A'].labels;

function sameRating(got: string, want: string): boolean {
  const letter = (v: string) => (v in RATING_LETTERS ? v : (Object.entries(RATING_LETTERS).find(([, w]) => w === v)?.[0] ?? v));
  return letter(got.toLowerCase()) === letter(want.toLowerCase());
}

/** Does a record's field say what was written? Booleans as 1/0 or true/false; lists as whitespace or commas. */
export function says(field: string, got: FieldValue, want: Want): boolean {
  const g = Array.isArray(got) ? got.map((x) => text(x)).join(' ') : text(got);
  const w = String(want);
  if (field === 'rating') return sameRating(g, w);
  if (w === '1' || w === '0') return g === w || g === (w === '1' ? 'true' : 'false');
  if (field === 'tag_string' || field === 'other_names' || field === 'post_ids') {
    const set = (v: string) => v.split(/[\s,[\]"]+/).filter(Boolean).sort().join(' ');
    return set(g) === set(w);
  }
  return g === w;
}

/** Where a record is read back: its show operation (if any) and a list search that selects it. */
interface ReadBack {
  readonly id: number;
  readonly show?: OperationId;
  readonly showPath?: Record<string, number>;
  readonly list?: OperationId;
  readonly search?: CallOptions['fields'];
}

/**
 * Reads a record back through show (JSON and XML) and the list, and fails on the first field that does
 * not say what was written. Fields a record does not carry are not demanded (INT-record-fields).
 */
export async function expectReadBack(ctx: CheckContext, where: ReadBack, written: Readonly<Record<string, Want>>, what: string, requirement?: RequirementId): Promise<void> {
  const seen: { source: string; record: RecordFields }[] = [];
  if (where.show) {
    for (const format of ['json', 'xml'] as Format[]) {
      seen.push({ source: `${where.show} (${format})`, record: await show(ctx, where.show, where.id, { format, ...(where.showPath ? { path: where.showPath } : {}) }) });
    }
  }
  if (where.list) {
    const listed = records(await succeed(ctx, where.list, { fields: where.search ?? {} }, `${where.list} with ${JSON.stringify(where.search ?? {})}`), where.list);
    const record = listed.find((r) => recordId(r) === where.id);
    if (!record) fail(`${what}: record ${where.id} is not listed by ${where.list} with ${JSON.stringify(where.search ?? {})}`, { expected: `record ${where.id}`, actual: JSON.stringify(listed.map(recordId)), ...(requirement ? { requirement } : {}) });
    seen.push({ source: where.list, record });
  }
  let compared = 0;
  for (const { source, record } of seen) {
    for (const [field, want] of Object.entries(written)) {
      if (!(field in record)) continue;
      compared++;
      const got = record[field]!;
      if (!says(field, got, want)) {
        fail(`${what}: ${field} reads "${text(got)}" in ${source} after ${JSON.stringify(want)} was written`, { expected: String(want), actual: text(got), ...(requirement ? { requirement } : {}) });
      }
    }
  }
  if (compared === 0) skip(`${what}: the records carry none of the fields written (${Object.keys(written).join(', ')}), so nothing can be read back (INT-record-fields)`);
}

/** Updates a record with `fields` and reads every one of them back (show and/or list, as `where` says). */
async function updateAndReadBack(ctx: CheckContext, updateOp: OperationId, where: ReadBack, fields: Readonly<Record<string, Want>>, what: string): Promise<void> {
  await succeed(ctx, updateOp, { path: { id: where.id }, fields }, `updating ${what}`);
  await expectReadBack(ctx, where, fields, `${what} as updated`);
}

/**
 * The id of what a create made: from its answer (INT-created-id) or, for an answer without one (a bodiless
 * 204 in A), from the one record a search for its unique values lists.
 */
async function idOf(ctx: CheckContext, reply: { createdId(): number | undefined }, what: string, find?: { list: OperationId; fields: CallOptions['fields'] }): Promise<number> {
  const id = reply.createdId();
  if (id !== undefined) return id;
  if (find) {
    const found = await listIds(ctx, find.list, find.fields);
    if (found.length === 1) return found[0]!;
  }
  return skip(`the ${what} just created names no id in its answer and cannot be found alone by a search, so it cannot be told apart from others (INT-created-id)`);
}

/** Both directions: `include` is listed with the filter, `exclude` is not. */
function expectSelects(got: readonly number[], include: readonly number[], exclude: readonly number[], what: string): void {
  const missing = include.filter((id) => !got.includes(id));
  if (missing.length > 0) fail(`${what} does not list ${JSON.stringify(missing)}, which match it`, { expected: `records ${JSON.stringify(include)} listed`, actual: JSON.stringify(got) });
  const extra = exclude.filter((id) => got.includes(id));
  if (extra.length > 0) fail(`${what} lists ${JSON.stringify(extra)}, which do not match it`, { expected: `records ${JSON.stringify(exclude)} not listed`, actual: JSON.stringify(got) });
}

/** Two lists for two different filter values: each non-empty, and no record in both. */
function expectDisjoint(a: readonly number[], b: readonly number[], what: string): void {
  if (a.length === 0 || b.length === 0) fail(`${what}: a value that has records lists none`, { expected: 'records for both values', actual: `${a.length} and ${b.length}` });
  const both = a.filter((id) => b.includes(id));
  if (both.length > 0) fail(`${what}: records ${JSON.stringify(both)} are listed for two different values`, { expected: 'disjoint lists', actual: `${JSON.stringify(a)} / ${JSON.stringify(b)}` });
}

function uploadRatings(ctx: CheckContext): readonly string[] {
  return ctx.target.paramName(ctx.target.operation('uploads.create'), 'rating').values!;
}

/** Six posts sharing a tag of their own, made once per suite: pages and limits are exact within them. */
async function taggedPosts(ctx: CheckContext): Promise<{ tag: string; ids: number[] }> {
  return ctx.world.get('tagged-six', async () => {
    const tag = ctx.unique('paged').toLowerCase();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await makePost(ctx, tag)).id);
    return { tag, ids };
  });
}

/** An upload with a file and the given fields; returns the post it became. */
async function uploadWith(ctx: CheckContext, fields: Record<string, string | number>): Promise<{ id: number; tag: string }> {
  const tag = ctx.unique('readback').toLowerCase();
  const tagString = `${tag} ${fields.tag_string ?? ''}`.trim();
  await succeed(ctx, 'uploads.create', { fields: { file: { file: pngImage(ctx.random), filename: `${tag}.png`, type: 'image/png' }, ...fields, tag_string: tagString } }, 'an upload');
  const found = await listIds(ctx, 'posts.list', { tags: tag });
  if (found.length !== 1) fail(`the upload tagged ${tag} became ${found.length} posts`, { expected: '1 post', actual: JSON.stringify(found), requirement: 'IB-3-upload-becomes-post' });
  return { id: found[0]!, tag };
}

export function readBackScenarios(variant: Variant): Check[] {
  const checks: Check[] = [
    defineCheck({
      id: 'posts/page-exact', fn: 'pages_follow_each_other_exactly', resource: 'posts',
      description: 'with limit=3, pages 1 and 2 hold exactly the first 6 posts of a search, none skipped or repeated', requirements: ['IB-4-posts-list-page'], readOnly: false,
      async run(ctx) {
        const { tag, ids } = await taggedPosts(ctx);
        const one = await listIds(ctx, 'posts.list', { tags: tag, limit: 3, page: 1 });
        const two = await listIds(ctx, 'posts.list', { tags: tag, limit: 3, page: 2 });
        const got = [...one, ...two].sort((a, b) => a - b);
        const want = [...ids].sort((a, b) => a - b);
        if (got.join() !== want.join()) fail(`pages 1 and 2 of the 6 posts tagged ${tag} hold ${JSON.stringify(got)}`, { expected: JSON.stringify(want), actual: `${JSON.stringify(one)} + ${JSON.stringify(two)}` });
      },
    }),
    defineCheck({
      id: 'posts/limit-exact', fn: 'limit_gives_that_many_when_more_exist', resource: 'posts',
      description: 'limit=n gives n posts when more than n match', requirements: ['IB-4-posts-list-limit-honoured'], readOnly: false,
      async run(ctx) {
        const { tag } = await taggedPosts(ctx);
        for (const limit of [1, 5]) {
          const got = await listIds(ctx, 'posts.list', { tags: tag, limit });
          if (got.length !== limit) fail(`limit=${limit} gave ${got.length} of the 6 posts tagged ${tag}`, { expected: String(limit), actual: String(got.length) });
        }
      },
    }),
    defineCheck({
      id: 'posts/update-every-rating', fn: 'every_rating_is_stored_as_sent', resource: 'posts',
      description: 'each value of post[rating] set by an update is the rating the post then shows and lists', requirements: ['IB-4-posts-update-fields'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        for (const rating of ctx.target.paramName(ctx.target.operation('posts.update'), 'rating').values!) {
          await updateAndReadBack(ctx, 'posts.update', { id: post.id, show: 'posts.show', list: 'posts.list', search: { tags: post.tag } }, { rating }, `post ${post.id}`);
        }
      },
    }),
    defineCheck({
      id: 'posts/meta-tags', fn: 'meta_tags_rating_and_id_select_posts', resource: 'posts',
      description: 'the meta-tags rating: and id: in `tags` select posts by rating and id', requirements: ['IB-4-posts-list-tags'], readOnly: false,
      async run(ctx) {
        const [first, second] = uploadRatings(ctx) as [string, string];
        const shared = ctx.unique('meta').toLowerCase();
        const a = await uploadWith(ctx, { rating: first, tag_string: shared });
        const b = await uploadWith(ctx, { rating: second, tag_string: shared });
        // The document promises meta-tags without naming them (INT-meta-tags): failures here rest on that reading.
        const search = async (tags: string, include: number, exclude: number) => {
          const got = await listIds(ctx, 'posts.list', { tags });
          if (!got.includes(include) || got.includes(exclude)) {
            fail(`tags="${tags}" returned ${JSON.stringify(got)}`, { expected: `post ${include}, not ${exclude}`, actual: JSON.stringify(got), interpretation: 'INT-meta-tags' });
          }
        };
        await search(`${shared} rating:${first}`, a.id, b.id);
        await search(`${shared} rating:${second}`, b.id, a.id);
        await search(`${shared} id:${a.id}`, a.id, b.id);
      },
    }),
    defineCheck({
      id: 'uploads/fields', fn: 'upload_fields_become_the_posts', resource: 'uploads',
      description: 'the post an upload becomes carries its upload[rating] (each value), upload[tag_string] and upload[parent_id]', requirements: ['IB-4-uploads-fields'], readOnly: false,
      async run(ctx) {
        const parent = await makePost(ctx);
        for (const rating of uploadRatings(ctx)) {
          const tag = ctx.unique('carried').toLowerCase();
          const post = await uploadWith(ctx, { rating, tag_string: tag, parent_id: parent.id });
          await expectReadBack(ctx, { id: post.id, show: 'posts.show', list: 'posts.list', search: { tags: post.tag } }, { rating, tag_string: `${post.tag} ${tag}`, parent_id: parent.id }, `the post of an upload rated ${rating}`);
        }
      },
    }),
    defineCheck({
      id: 'votes/score', fn: 'votes_move_the_score', resource: 'post_votes',
      description: 'a vote up raises the score a post shows, a vote down lowers it', requirements: ['IB-4-post_votes-score'], readOnly: false,
      async run(ctx) {
        const [up, down] = ctx.target.paramName(ctx.target.operation('post_votes.create'), 'score').values! as [string, string];
        for (const [score, sign] of [[up, 1], [down, -1]] as const) {
          const post = await makePost(ctx);
          const before = await show(ctx, 'posts.show', post.id);
          if (!('score' in before)) skip('post records carry no score to read a vote back from (INT-record-fields)');
          await succeed(ctx, 'post_votes.create', { path: { post_id: post.id }, fields: { score } }, `a vote ${score}`);
          const after = await show(ctx, 'posts.show', post.id);
          const delta = Number(text(after.score ?? '')) - Number(text(before.score!));
          if (Math.sign(delta) !== sign) fail(`after a vote ${score}, the post's score went from ${text(before.score!)} to ${text(after.score ?? '')}`, { expected: sign > 0 ? 'a higher score' : 'a lower score', actual: text(after.score ?? '') });
        }
      },
    }),
    defineCheck({
      id: 'notes/fields', fn: 'note_geometry_is_stored_as_sent', resource: 'notes',
      description: 'note[x], note[y], note[width], note[height] and note[body] read back as written, on create and on update', requirements: ['IB-4-notes-fields'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        // Distinct values inside the 8x8 image (INT-note-geometry), so a swap or a drop shows.
        const created = { x: 1, y: 2, width: 3, height: 4, body: ctx.unique('note body') };
        const id = await idOf(ctx, await succeed(ctx, 'notes.create', { fields: { post_id: post.id, ...created } }, 'creating a note'), 'note', { list: 'notes.list', fields: { body_matches: created.body } });
        await expectReadBack(ctx, { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, created, `note ${id} as created`);
        const updated = { x: 2, y: 1, width: 5, height: 6, body: ctx.unique('moved body') };
        await updateAndReadBack(ctx, 'notes.update', { id, show: 'notes.show', list: 'notes.list', search: { post_id: post.id } }, updated, `note ${id}`);
      },
    }),
    defineCheck({
      id: 'pools/fields', fn: 'pool_fields_are_stored_as_sent', resource: 'pools',
      description: 'pool[name], pool[description], pool[is_active] (1 and 0) and pool[category] (A, each value) read back as written', requirements: ['IB-4-pools-fields'], readOnly: false,
      async run(ctx) {
        const categories = variant === 'A' ? ctx.target.paramName(ctx.target.operation('pools.update'), 'category').values! : [];
        const name = ctx.unique('pool');
        const created = { name, description: `${name} described`, ...(categories[1] ? { category: categories[1] } : {}) };
        const id = await idOf(ctx, await succeed(ctx, 'pools.create', { fields: created }, 'creating a pool'), 'pool', { list: 'pools.list', fields: { name_matches: name } });
        await expectReadBack(ctx, { id, show: 'pools.show' }, created, `pool ${id} as created`);
        for (const is_active of ['0', '1']) {
          const updated = { name: ctx.unique('renamed pool'), description: ctx.unique('new description'), is_active, ...(categories[0] ? { category: is_active === '0' ? categories[0] : categories[1]! } : {}) };
          await updateAndReadBack(ctx, 'pools.update', { id, show: 'pools.show' }, updated, `pool ${id}`);
        }
      },
    }),
    defineCheck({
      id: 'artists/fields', fn: 'artist_fields_are_stored_as_sent', resource: 'artists',
      description: `artist[name] and artist[group_name]${variant === 'B' ? ' and artist[is_active] (1 and 0)' : ''} read back as written, on create and on update`, requirements: ['IB-4-artists-fields'], readOnly: false,
      async run(ctx) {
        const created = { name: ctx.unique('painter').toLowerCase(), group_name: ctx.unique('guild').toLowerCase(), ...(variant === 'B' ? { is_active: '0' } : {}) };
        const id = await idOf(ctx, await succeed(ctx, 'artists.create', { fields: created }, 'creating an artist'), 'artist', { list: 'artists.list', fields: { name: `name:${created.name}` } });
        await expectReadBack(ctx, { id, show: 'artists.show' }, created, `artist ${id} as created`);
        const updated = { name: ctx.unique('renamed').toLowerCase(), group_name: ctx.unique('other guild').toLowerCase().replace(/\s+/g, '_'), ...(variant === 'B' ? { is_active: '1' } : {}) };
        await updateAndReadBack(ctx, 'artists.update', { id, show: 'artists.show' }, updated, `artist ${id}`);
      },
    }),
    defineCheck({
      id: 'wiki/fields', fn: 'wiki_fields_are_stored_as_sent', resource: 'wiki_pages',
      description: `wiki_page[title] and wiki_page[body]${variant === 'A' ? ' and wiki_page[other_names]' : ''} read back as written, on create and on update`, requirements: ['IB-4-wiki-fields'], readOnly: false,
      async run(ctx) {
        const other = (n: string): Record<string, string> => (variant === 'A' ? { other_names: `${ctx.unique(n).toLowerCase()} ${ctx.unique(n).toLowerCase()}` } : {});
        const created = { title: ctx.unique('wiki').toLowerCase(), body: ctx.unique('wiki body'), ...other('alt') };
        const id = await idOf(ctx, await succeed(ctx, 'wiki_pages.create', { fields: created }, 'creating a wiki page'), 'wiki page', { list: 'wiki_pages.list', fields: { title: created.title } });
        await expectReadBack(ctx, { id, show: 'wiki_pages.show' }, created, `wiki page ${id} as created`);
        const updated = { title: ctx.unique('retitled').toLowerCase(), body: ctx.unique('new wiki body'), ...other('alias') };
        await updateAndReadBack(ctx, 'wiki_pages.update', { id, show: 'wiki_pages.show' }, updated, `wiki page ${id}`);
      },
    }),
    defineCheck({
      id: 'forum/fields', fn: 'forum_fields_are_stored_as_sent', resource: 'forum_topics',
      description: `forum_topic[title]${variant === 'A' ? ' and forum_topic[category_id] (each value)' : ''} and forum_post[body] read back as written`, requirements: ['IB-4-forum-fields'], readOnly: false,
      async run(ctx) {
        const categories = variant === 'A' ? ctx.target.paramName(ctx.target.operation('forum_topics.update'), 'category_id').values! : [];
        const created = { title: ctx.unique('topic'), body: ctx.unique('first words'), ...(categories[1] ? { category_id: categories[1] } : {}) };
        const id = await idOf(ctx, await succeed(ctx, 'forum_topics.create', { fields: created }, 'creating a topic'), 'forum topic', { list: 'forum_topics.list', fields: { title_matches: created.title } });
        const { body: _body, ...topicFields } = created;
        await expectReadBack(ctx, { id, show: 'forum_topics.show' }, topicFields, `topic ${id} as created`);
        for (const category_id of categories.length ? categories : [undefined]) {
          const updated = { title: ctx.unique('renamed topic'), ...(category_id !== undefined ? { category_id } : {}) };
          await updateAndReadBack(ctx, 'forum_topics.update', { id, show: 'forum_topics.show' }, updated, `topic ${id}`);
        }
        const post = (await listIds(ctx, 'forum_posts.list', { topic_id: id }))[0];
        if (post === undefined) skip(`the first post of topic ${id} is not listed by search[topic_id]`);
        const body = ctx.unique('edited post');
        await updateAndReadBack(ctx, 'forum_posts.update', { id: post, list: 'forum_posts.list', search: { topic_id: id } }, { body }, `forum post ${post}`);
      },
    }),
    defineCheck({
      id: 'users/level-is-a-number', fn: 'level_is_a_json_number', resource: 'users',
      description: 'in JSON, a user\'s level is a number, not a string ("a numeric attribute")', requirements: ['IB-2-user-level'], readOnly: true,
      async run(ctx) {
        const listed = records(await succeed(ctx, 'users.list', { fields: { name: ctx.accounts.member.name } }, 'users.list'), 'users.list');
        const user = listed[0];
        if (!user || !('level' in user)) skip('users.list gives no user with a level to look at');
        const shown = await show(ctx, 'users.show', recordId(user) ?? 0);
        for (const [source, r] of [['users.list', user], ['users.show', shown]] as const) {
          if ('level' in r && typeof r.level !== 'number') fail(`${source} gives level as ${JSON.stringify(r.level)} (a ${typeof r.level})`, { expected: 'a JSON number', actual: JSON.stringify(r.level) });
        }
      },
    }),
    ...(variant === 'A'
      ? [
          defineCheck({
            id: 'commentary/fields', fn: 'commentary_fields_are_stored_as_sent', resource: 'artist_commentaries',
            description: 'the four titles and descriptions given to create_or_update read back as written', requirements: ['IB-4-commentary-fields-A'], readOnly: false,
            async run(ctx) {
              const post = await makePost(ctx);
              const fields = {
                original_title: ctx.unique('original title'), original_description: ctx.unique('original description'),
                translated_title: ctx.unique('translated title'), translated_description: ctx.unique('translated description'),
              };
              await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, ...fields } }, 'create_or_update');
              const listed = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: fields.translated_title } }, 'artist_commentaries.list'), 'artist_commentaries.list');
              const mine = listed.find((r) => text(r.post_id ?? '') === String(post.id)) ?? (listed.length === 1 ? listed[0] : undefined);
              if (!mine) fail(`the commentary of post ${post.id} is not found by its translated title`, { expected: 'the commentary', actual: `${listed.length} records` });
              const id = recordId(mine);
              if (id === undefined) skip('commentary records carry no id');
              await expectReadBack(ctx, { id, list: 'artist_commentaries.list', search: { text_matches: fields.translated_title } }, fields, `the commentary of post ${post.id}`);
            },
          }),
        ]
      : []),
  ];
  return [...checks, ...filterChecks(variant)];
}

/** A search parameter given a record that must be listed and one that must not. */
function filterCheck(id: string, resource: string, requirement: RequirementId, description: string, run: (ctx: CheckContext) => Promise<void>): Check {
  return defineCheck({ id: `searches/${id}`, fn: 'filter_selects_both_ways', resource, description, requirements: [requirement], readOnly: false, run });
}

function filterChecks(variant: Variant): Check[] {
  const byPost = (kind: 'post_flags' | 'post_appeals') =>
    filterCheck(`${kind}.post_id`, kind, `IB-4-${kind}-search-post_id`, `search[post_id] on ${kind} lists the ${kind === 'post_flags' ? 'flags' : 'appeals'} of that post and no other`, async (ctx) => {
      const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
      const made: number[] = [];
      for (const p of [p1, p2]) made.push(await idOf(ctx, await succeed(ctx, `${kind}.create`, { fields: { post_id: p.id, reason: ctx.unique('reason') } }, `a ${kind} entry`), kind));
      expectSelects(await listIds(ctx, `${kind}.list`, { post_id: p1.id }), [made[0]!], [made[1]!], `search[post_id]=${p1.id}`);
    });
  /** Versions of two records: each record's filter lists versions, and none of the other's. */
  const versions = (listing: OperationId, param: string, requirement: RequirementId, two: (ctx: CheckContext) => Promise<[number, number]>) =>
    filterCheck(`${listing}.${param}`, listing.split('.')[0]!, requirement, `search[${param}] on ${listing.split('.')[0]} lists the versions of that record only`, async (ctx) => {
      const [a, b] = await two(ctx);
      expectDisjoint(await listIds(ctx, listing, { [param]: a }), await listIds(ctx, listing, { [param]: b }), `search[${param}]=${a} and =${b}`);
    });
  const edited = async (ctx: CheckContext, kind: 'note' | 'pool' | 'artist', update: (ctx: CheckContext, id: number) => Promise<unknown>): Promise<number> => {
    const id = kind === 'note' ? await make.note(ctx, (await makePost(ctx)).id) : await make[kind](ctx);
    await update(ctx, id);
    return id;
  };
  const checks: Check[] = [
    byPost('post_flags'),
    byPost('post_appeals'),
    filterCheck('uploads.uploader_name', 'uploads', 'IB-4-uploads-search-uploader_name', 'search[uploader_name] lists the uploads of that user and not another\'s', async (ctx) => {
      const other = ctx.accounts.usable.find((a) => a.name !== ctx.accounts.actor.name);
      if (!other) skip('a second account is needed to upload as someone else');
      const upload = async (as: typeof other | undefined) =>
        idOf(ctx, await succeed(ctx, 'uploads.create', { ...(as ? { as } : {}), fields: { file: { file: pngImage(ctx.random), filename: 'u.png', type: 'image/png' }, rating: uploadRatings(ctx)[0]!, tag_string: ctx.unique('by').toLowerCase() } }, 'an upload'), 'upload');
      const mine = await upload(undefined);
      const theirs = await upload(other);
      expectSelects(await listIds(ctx, 'uploads.list', { uploader_name: ctx.accounts.actor.name }), [mine], [theirs], `search[uploader_name]=${ctx.accounts.actor.name}`);
    }),
    filterCheck('dmails.to_name', 'dmails', 'IB-4-dmails-search-to_name', 'search[to_name] lists the dmails sent to that user and not those sent to another', async (ctx) => {
      const members = ctx.accounts.usable.filter((a) => a.name !== ctx.accounts.actor.name);
      if (members.length < 2) skip('two accounts besides the sender are needed');
      const [to1, to2] = members as [(typeof members)[0], (typeof members)[0]];
      const send = async (to: typeof to1) => {
        const title = ctx.unique('to');
        return idOf(ctx, await succeed(ctx, 'dmails.create', { fields: { to_name: to.name, title, body: 'to_name' } }, 'a dmail'), 'dmail', { list: 'dmails.list', fields: { message_matches: title } });
      };
      const d1 = await send(to1);
      const d2 = await send(to2);
      expectSelects(await listIds(ctx, 'dmails.list', { to_name: to1.name }), [d1], [d2], `search[to_name]=${to1.name}`);
    }),
    filterCheck('forum_topics.title', 'forum_topics', 'IB-4-forum_topics-search-title', 'search[title] lists the topic of exactly that title, not one whose title only contains it', async (ctx) => {
      const title = ctx.unique('exact topic');
      const create = async (t: string) => idOf(ctx, await succeed(ctx, 'forum_topics.create', { fields: { title: t, body: `${t} body` } }, 'a topic'), 'forum topic', { list: 'forum_topics.list', fields: { title_matches: t } });
      const exact = await create(title);
      const longer = await create(`${title} continued`);
      expectSelects(await listIds(ctx, 'forum_topics.list', { title }), [exact], [longer], `search[title]=${title}`);
    }),
    filterCheck('forum_posts.topic_id', 'forum_posts', 'IB-4-forum_posts-search-topic_id', 'search[topic_id] lists the posts of that topic only', async (ctx) => {
      const [t1, t2] = [await make.forumTopic(ctx), await make.forumTopic(ctx)];
      expectDisjoint(await listIds(ctx, 'forum_posts.list', { topic_id: t1 }), await listIds(ctx, 'forum_posts.list', { topic_id: t2 }), `search[topic_id]=${t1} and =${t2}`);
    }),
    versions('post_versions.list', 'post_id', 'IB-4-post_versions-search-post_id', async (ctx) => {
      const [a, b] = [await makePost(ctx), await makePost(ctx)];
      for (const p of [a, b]) await succeed(ctx, 'posts.update', { path: { id: p.id }, fields: { tag_string: `${p.tag} ${ctx.unique('v').toLowerCase()}` } }, 'a post update');
      return [a.id, b.id];
    }),
    versions('note_versions.list', 'note_id', 'IB-4-note_versions-search-note_id', async (ctx) => {
      const update = (c: CheckContext, id: number) => succeed(c, 'notes.update', { path: { id }, fields: { body: c.unique('v') } }, 'a note update');
      return [await edited(ctx, 'note', update), await edited(ctx, 'note', update)];
    }),
    versions('pool_versions.list', 'pool_id', 'IB-4-pool_versions-search-pool_id', async (ctx) => {
      const update = (c: CheckContext, id: number) => succeed(c, 'pools.update', { path: { id }, fields: { description: c.unique('v') } }, 'a pool update');
      return [await edited(ctx, 'pool', update), await edited(ctx, 'pool', update)];
    }),
  ];
  if (variant === 'A') {
    checks.push(
      filterCheck('pools.category', 'pools', 'IB-4-pools-search-category-A', 'search[category] lists the pools of that category and not the other', async (ctx) => {
        const [series, collection] = ctx.target.paramName(ctx.target.operation('pools.list'), 'category').values! as [string, string];
        const create = async (category: string) => {
          const name = ctx.unique(category);
          return idOf(ctx, await succeed(ctx, 'pools.create', { fields: { name, description: category, category } }, `a ${category} pool`), 'pool', { list: 'pools.list', fields: { name_matches: name } });
        };
        const s = await create(series);
        const c = await create(collection);
        expectSelects(await listIds(ctx, 'pools.list', { category: series }), [s], [c], `search[category]=${series}`);
        expectSelects(await listIds(ctx, 'pools.list', { category: collection }), [c], [s], `search[category]=${collection}`);
      }),
      versions('artist_versions.list', 'artist_id', 'IB-4-artist_versions-search-artist_id-A', async (ctx) => {
        const update = (c: CheckContext, id: number) => succeed(c, 'artists.update', { path: { id }, fields: { group_name: c.unique('v').toLowerCase() } }, 'an artist update');
        return [await edited(ctx, 'artist', update), await edited(ctx, 'artist', update)];
      }),
      versions('artist_commentary_versions.list', 'post_id', 'IB-4-artist_commentary_versions-search-post_id-A', async (ctx) => {
        const [a, b] = [await makePost(ctx), await makePost(ctx)];
        for (const p of [a, b]) await make.commentary(ctx, p.id);
        return [a.id, b.id];
      }),
    );
  }
  return checks;
}
