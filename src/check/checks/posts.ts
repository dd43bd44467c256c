/**
 * `posts/*`: posts cannot be created or deleted directly; tag search (with -tag, raw in A and the
 * meta-tags rating: and id:); updates shown and read back; GETs change nothing; limit and page, exact
 * within a tag of their own; and post[source] downloaded from the checker's file server.
 */
import { POSTS_PER_REQUEST_MAX, resource } from '../../../specs/model/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { makePost, makePosts } from '../world.ts';
import { expectRefused, field, ids, listIds, records, show, succeed, tagsOf, text, withMarkup } from './support/calls.ts';
import { fileServer, reachable, refusedUnfetched } from './support/file-server.ts';
import { PARAMETER_REFUSALS } from './support/parameter-refusals.ts';
import { updateAndReadBack } from './support/read-back.ts';
import { othersThan } from './support/recipes.ts';
import { uploadRatings, uploadWith } from './support/uploading.ts';

/**
 * At least `n` posts exist: those missing are made (several at once under --concurrency, each found by
 * its tag as makePost does), once per suite, unless the run is read-only (--read-only: then the check
 * skips). A check that only reads makes them too when the run allows it: otherwise whether it proved
 * anything would depend on whether other checks had made posts before it, on an empty server.
 */
async function ensurePosts(ctx: CheckContext, n: number): Promise<void> {
  let seen = 0;
  for (let page = 1; seen < n; page++) {
    const got = await listIds(ctx, 'posts.list', { limit: POSTS_PER_REQUEST_MAX, page });
    seen += got.length;
    if (got.length < POSTS_PER_REQUEST_MAX) break;
    if (page > Math.ceil(n / POSTS_PER_REQUEST_MAX) + 1) break;
  }
  if (seen >= n) return;
  if (ctx.readOnly) skip(`only ${seen} posts exist; ${n} are needed for a non-vacuous check and a read-only run creates none`);
  await ctx.world.get(`posts-${n}`, () => makePosts(ctx, n - seen));
}

/** Why the checks that need more than a page of posts run late: the posts the other checks made count. */
const MANY_POSTS = `needs more than ${POSTS_PER_REQUEST_MAX} posts: after the other checks, it makes only those their posts leave missing`;

/** Six posts sharing a tag of their own, made for the check that asks: pages and limits are exact within them. */
async function taggedPosts(ctx: CheckContext): Promise<{ tag: string; ids: number[] }> {
  const tag = ctx.unique('paged').toLowerCase();
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push((await makePost(ctx, tag)).id);
  return { tag, ids };
}

export const posts_cannot_be_created_directly = defineCheck({
  id: 'posts/no-direct-create', fn: 'posts_cannot_be_created_directly', resource: 'posts',
  description: 'POST /posts.json does not create a post', requirements: ['IB-3-posts-no-create'], readOnly: false,
  async run(ctx) {
    const tagParam = ctx.target.paramName(ctx.target.operation('posts.update'), 'tag_string').name;
    const tag = ctx.unique('direct').toLowerCase();
    const reply = await ctx.target.request('POST', `${resource('posts').root}.json`, { raw: { [tagParam]: tag } });
    ctx.note(reply);
    expectRefused(reply, 'POST /posts.json');
    const found = await listIds(ctx, 'posts.list', { tags: tag });
    if (found.length > 0) fail(`POST /posts.json created post ${found[0]}`, { expected: 'no post', actual: `post ${found[0]}` });
  },
});

export const posts_cannot_be_deleted = defineCheck({
  id: 'posts/no-delete', fn: 'posts_cannot_be_deleted', resource: 'posts',
  description: 'DELETE /posts/{id}.json does not delete the post', requirements: ['IB-3-posts-no-delete'], readOnly: false,
  async run(ctx) {
    const post = await makePost(ctx);
    const path = ctx.target.operation('posts.show').path.replace('{id}', String(post.id));
    const reply = await ctx.target.request('DELETE', `${path}.json`);
    ctx.note(reply);
    expectRefused(reply, `DELETE ${path}.json`);
    await show(ctx, 'posts.show', post.id);
  },
});

export const tag_search_selects_posts = defineCheck({
  id: 'posts/tag-search', fn: 'tag_search_selects_posts', resource: 'posts',
  description: '`tags` finds posts carrying all given tags; -tag excludes', requirements: ['IB-4-posts-list-tags'], readOnly: false,
  async run(ctx) {
    const shared = ctx.unique('shared').toLowerCase();
    const extra = ctx.unique('extra').toLowerCase();
    // A tag with letters outside ASCII too: the search is read as UTF-8, as the tag was.
    const accented = `${ctx.unique('accent').toLowerCase()}_café`;
    const both = await makePost(ctx, `${shared} ${extra}`);
    const one = await makePost(ctx, `${shared} ${accented}`);
    const expect = async (tags: string, want: number[], label: string) => {
      const got = await listIds(ctx, 'posts.list', { tags, limit: POSTS_PER_REQUEST_MAX });
      const wrong = [both.id, one.id].filter((id) => want.includes(id) !== got.includes(id));
      if (wrong.length > 0) fail(`tags="${tags}" (${label}) returned ${JSON.stringify(got)}`, { expected: `posts ${JSON.stringify(want)} among the results, and not the other`, actual: JSON.stringify(got) });
    };
    await expect(shared, [both.id, one.id], 'one tag');
    await expect(`${shared} ${extra}`, [both.id], 'two tags: both must match');
    // The selective tag first, and three terms: a server that keeps only the last (or first) term is seen.
    await expect(`${extra} ${shared}`, [both.id], 'two tags, the selective one first');
    await expect(`${shared} ${extra} ${both.tag}`, [both.id], 'three tags');
    await expect(`${both.tag} ${extra} ${one.tag}`, [], 'three tags no post carries together');
    await expect(`${shared} -${extra}`, [one.id], 'negation');
    await expect(accented, [one.id], 'a tag with a letter outside ASCII');
  },
});

export const raw_treats_tags_as_one_literal_tag = defineCheck({
  id: 'posts/raw', fn: 'raw_treats_tags_as_one_literal_tag', resource: 'posts',
  description: 'with raw, `tags` is one literal tag', requirements: ['IB-4-posts-list-raw-A'], readOnly: false,
  async run(ctx) {
    const a = ctx.unique('rawa').toLowerCase();
    const post = await makePost(ctx, a);
    // With raw, no meta-tag is parsed: `id:<n>` is a literal tag no post carries, not the post with id n.
    // (A literal with a space is not probed: what it matches is not stated, and the service family's
    // full-text match finds the post tagged with both words: A post.rb:1669 @cbf9d03.)
    const meta = `id:${post.id}`;
    const parsed = await listIds(ctx, 'posts.list', { tags: meta });
    if (!parsed.includes(post.id)) skip(`tags=${meta} without raw does not find post ${post.id}: the meta-tag id: is not supported, so raw cannot be told apart (INT-meta-tags)`);
    const literal = await listIds(ctx, 'posts.list', { tags: meta, raw: 1 });
    if (literal.includes(post.id)) fail(`tags="${meta}" with raw found post ${post.id}, so the meta-tag was parsed`, { expected: `no post (no tag is literally "${meta}")`, actual: JSON.stringify(literal) });
    const single = await listIds(ctx, 'posts.list', { tags: a, raw: 1 });
    if (!single.includes(post.id)) fail(`tags="${a}" with raw does not find post ${post.id}`, { expected: `post ${post.id}`, actual: JSON.stringify(single) });
  },
});

export const post_update_is_shown_afterwards = defineCheck({
  id: 'posts/update-fields', fn: 'post_update_is_shown_afterwards', resource: 'posts',
  description: 'post[tag_string], post[rating], post[parent_id] and a post[source] that is not a URL, set by an update, are shown by the post; a tag the update left out is gone; post[parent_id] alone links the post updated to its parent, an empty one takes the parent away (or is refused), and an empty post[source] empties it', requirements: ['IB-4-posts-update-fields'], readOnly: false,
  async run(ctx) {
    const removed = ctx.unique('removed').toLowerCase();
    const post = await makePost(ctx, removed);
    const parent = await makePost(ctx);
    const rating = ctx.target.paramName(ctx.target.operation('posts.update'), 'rating').values!;
    // A tag with a `+` and a letter outside ASCII: the form is decoded once, as UTF-8 (`c++` and `é` are
    // taken into a tag by the service family: A tag.rb:193-195, post.rb:684-697 @cbf9d03).
    const newTag = `${ctx.unique('updated').toLowerCase()}_c++_é`;
    // A source that is not a URL: the service downloads a URL, and keeps any other text as it is.
    const source = `${ctx.unique('not a url')} page 3 & 4, 100% +1`;
    await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: `${newTag} ${post.tag}`, rating: rating[1], parent_id: parent.id, source } }, 'the update');
    const shown = await show(ctx, 'posts.show', post.id);
    const tags = tagsOf(field(shown, 'tag_string', 'post update'));
    if (!tags.includes(newTag)) fail(`tag_string is "${tags.join(' ')}" after setting it to include ${newTag}`, { expected: newTag, actual: tags.join(' ') });
    // The service may add tags of its own (INT-service-tags), never keep one the client took away.
    if (tags.includes(removed)) fail(`tag_string is "${tags.join(' ')}" after setting it to "${newTag} ${post.tag}": ${removed} was left out and is still carried`, { expected: `no ${removed}`, actual: tags.join(' ') });
    if ('source' in shown && text(shown.source!) !== source) fail(`source is "${text(shown.source!)}" after setting it to the text "${source}"`, { expected: source, actual: text(shown.source!) });
    const r = text(field(shown, 'rating', 'post update'));
    // A record may name a rating by its word or its letter (s/q/e): both name the same rating.
    if (r !== rating[1] && r !== rating[1]![0]) fail(`rating is "${r}" after setting ${rating[1]}`, { expected: rating[1], actual: r });
    const p = text(field(shown, 'parent_id', 'post update'));
    if (p !== String(parent.id)) fail(`parent_id is "${p}" after setting ${parent.id}`, { expected: String(parent.id), actual: p });
    // The tag search agrees with the post: the removed tag no longer finds it, the new one does.
    if ((await listIds(ctx, 'posts.list', { tags: removed })).includes(post.id)) fail(`tags=${removed} still lists post ${post.id}, whose update left ${removed} out`, { expected: `no post ${post.id}`, actual: `post ${post.id} listed` });
    if (!(await listIds(ctx, 'posts.list', { tags: newTag })).includes(post.id)) fail(`tags=${newTag} does not list post ${post.id}, whose update added ${newTag}`, { expected: `post ${post.id}`, actual: 'not listed' });
    // Fields alone too, as a client that changes one field sends them. post[parent_id] alone links the
    // post updated to the parent named (not the other way round) ...
    const child = await makePost(ctx);
    await succeed(ctx, 'posts.update', { path: { id: child.id }, fields: { parent_id: post.id } }, 'an update of post[parent_id] alone');
    const childParent = text(field(await show(ctx, 'posts.show', child.id), 'parent_id', 'post update'));
    if (childParent !== String(post.id)) fail(`parent_id of post ${child.id} is "${childParent}" after an update of it alone to ${post.id}`, { expected: String(post.id), actual: childParent });
    const kept = text(field(await show(ctx, 'posts.show', post.id), 'parent_id', 'post update'));
    if (kept !== String(parent.id)) fail(`parent_id of post ${post.id} is "${kept}" after post ${child.id} was given it as parent; it was ${parent.id}`, { expected: String(parent.id), actual: kept });
    // An empty post[parent_id] takes the parent away again, or is refused: a success that keeps the parent
    // read the empty value as not sent (INT-update-keeps).
    const unlinked = await ctx.target.call('posts.update', { path: { id: child.id }, fields: { parent_id: '' } });
    ctx.note(unlinked);
    if (unlinked.ok) {
      const after = await show(ctx, 'posts.show', child.id);
      const still = 'parent_id' in after ? text(after.parent_id!) : '';
      if (still === String(post.id)) fail(`parent_id of post ${child.id} is still ${post.id} after an update of post[parent_id] to the empty text was answered ${unlinked.status}`, { reply: unlinked, expected: 'no parent, or a refusal', actual: still });
    }
    // ... and an empty post[source] empties the source (a value written like any other, not "not sent").
    if (!('source' in shown)) return;
    await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { source: '' } }, 'an update of post[source] to the empty text');
    const emptied = await show(ctx, 'posts.show', post.id);
    if ('source' in emptied && text(emptied.source!) !== '') fail(`source is "${text(emptied.source!)}" after an update set it to the empty text`, { expected: '(empty)', actual: text(emptied.source!) });
  },
});

export const get_changes_no_state = defineCheck({
  id: 'posts/get-is-safe', fn: 'get_changes_no_state', resource: 'posts',
  description: 'GET requests leave a post as it was', requirements: ['IB-2-get-reads'], readOnly: true,
  // It reads a post no other check of the run changes, so it runs beside them: one it makes itself. A post
  // another check made may be changed by that check between the reads (seen on the reference server with
  // --concurrency 16). A read-only run makes none, and none of its checks writes: it reads a post it finds.
  async run(ctx) {
    let id: number;
    if (!ctx.readOnly) id = (await makePost(ctx)).id;
    else {
      // The oldest post of the first page, not the newest: the newest is what other users of the server
      // are most likely changing meanwhile, and their writes are not a GET's.
      const firstPage = await listIds(ctx, 'posts.list', { limit: 20 });
      if (firstPage.length === 0) skip('no post exists to read, and a read-only run creates none');
      id = Math.min(...firstPage);
    }
    const before = JSON.stringify(await show(ctx, 'posts.show', id));
    for (let i = 0; i < 3; i++) {
      await show(ctx, 'posts.show', id, { format: i % 2 ? 'xml' : 'json' });
      await listIds(ctx, 'posts.list', { limit: 5 });
    }
    const after = JSON.stringify(await show(ctx, 'posts.show', id));
    if (before !== after) fail('reading the post changed it', { expected: before.slice(0, 300), actual: after.slice(0, 300) });
  },
});

export const limit_never_exceeds_100 = defineCheck({
  id: 'posts/limit-max', fn: 'limit_never_exceeds_100', resource: 'posts',
  description: 'with more than 100 posts, limit=101 and limit=1000 return at most 100 (or are refused)', requirements: ['IB-4-posts-list-limit'], readOnly: false,
  late: MANY_POSTS,
  async run(ctx) {
    await ensurePosts(ctx, POSTS_PER_REQUEST_MAX + 1);
    for (const limit of [POSTS_PER_REQUEST_MAX + 1, 1000]) {
      const reply = await ctx.target.call('posts.list', { fields: { limit } });
      ctx.note(reply);
      if ((PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) continue; // INT-limit-over-100: refusing is conformant
      const n = records(reply, `limit=${limit}`).length;
      if (n > POSTS_PER_REQUEST_MAX) fail(`limit=${limit} returned ${n} posts`, { reply, expected: `at most ${POSTS_PER_REQUEST_MAX}`, actual: String(n) });
    }
  },
});

export const limit_is_honoured = defineCheck({
  id: 'posts/limit', fn: 'limit_is_honoured', resource: 'posts',
  description: 'limit=n returns at most n posts', requirements: ['IB-4-posts-list-limit-honoured'], readOnly: true,
  async run(ctx) {
    await ensurePosts(ctx, 6);
    const reply = await succeed(ctx, 'posts.list', { fields: { limit: 5 } }, 'limit=5');
    const n = ids(reply, 'limit=5').length;
    if (n > 5) fail(`limit=5 returned ${n} posts`, { reply, expected: 'at most 5', actual: String(n) });
    if (n === 0) fail('limit=5 returned no post although posts exist', { reply, expected: '1 to 5', actual: '0' });
  },
});

export const pages_hold_different_posts = defineCheck({
  id: 'posts/page', fn: 'pages_hold_different_posts', resource: 'posts',
  description: 'page=1 and page=2 with the same limit share no post', requirements: ['IB-4-posts-list-page'], readOnly: true,
  exclusive: 'pages through the list of all posts, which every post another check makes moves',
  async run(ctx) {
    await ensurePosts(ctx, 6);
    // A post added between the two requests (by another check, or another user of the server) moves
    // page 1's last post onto page 2: not a fault. Page 1 read again tells whether the list moved.
    for (let attempt = 1; attempt <= 3; attempt++) {
      const one = await listIds(ctx, 'posts.list', { limit: 3, page: 1 });
      const two = await listIds(ctx, 'posts.list', { limit: 3, page: 2 });
      const again = await listIds(ctx, 'posts.list', { limit: 3, page: 1 });
      if (again.join() !== one.join()) continue;
      if (two.length === 0) fail('page=2 is empty although more than 3 posts exist', { expected: 'posts', actual: '[]' });
      const shared = one.filter((id) => two.includes(id));
      if (shared.length > 0) fail(`pages 1 and 2 share posts ${JSON.stringify(shared)}`, { expected: 'disjoint pages', actual: `${JSON.stringify(one)} / ${JSON.stringify(two)}` });
      return;
    }
    skip('posts were added while the pages were read, three times over: the pages cannot be compared');
  },
});

export const pages_follow_each_other_exactly = defineCheck({
  id: 'posts/page-exact', fn: 'pages_follow_each_other_exactly', resource: 'posts',
  description: 'with limit=3, pages 1 and 2 hold exactly the first 6 posts of a search, none skipped or repeated', requirements: ['IB-4-posts-list-page'], readOnly: false,
  async run(ctx) {
    const { tag, ids } = await taggedPosts(ctx);
    // Newer posts without the tag: a server that pages the newest posts and then filters is seen.
    await makePost(ctx);
    await makePost(ctx);
    const one = await listIds(ctx, 'posts.list', { tags: tag, limit: 3, page: 1 });
    const two = await listIds(ctx, 'posts.list', { tags: tag, limit: 3, page: 2 });
    const got = [...one, ...two].sort((a, b) => a - b);
    const want = [...ids].sort((a, b) => a - b);
    if (got.join() !== want.join()) fail(`pages 1 and 2 of the 6 posts tagged ${tag} hold ${JSON.stringify(got)}`, { expected: JSON.stringify(want), actual: `${JSON.stringify(one)} + ${JSON.stringify(two)}` });
  },
});

export const limit_gives_that_many_when_more_exist = defineCheck({
  id: 'posts/limit-exact', fn: 'limit_gives_that_many_when_more_exist', resource: 'posts',
  description: 'limit=n gives n posts when more than n match (in JSON and in XML), from 1 to the documented maximum of 100', requirements: ['IB-4-posts-list-limit-honoured'], readOnly: false,
  late: MANY_POSTS,
  async run(ctx) {
    const { tag } = await taggedPosts(ctx);
    for (const limit of [1, 5]) {
      // In JSON, and in XML: the list is the same list in either format.
      for (const format of ['json', 'xml'] as const) {
        const got = await listIds(ctx, 'posts.list', { tags: tag, limit }, { format });
        if (got.length !== limit) fail(`limit=${limit} gave ${got.length} of the 6 posts tagged ${tag} in ${format.toUpperCase()}`, { expected: String(limit), actual: String(got.length) });
      }
    }
    await ensurePosts(ctx, POSTS_PER_REQUEST_MAX + 1);
    const atMax = await listIds(ctx, 'posts.list', { limit: POSTS_PER_REQUEST_MAX });
    if (atMax.length !== POSTS_PER_REQUEST_MAX) fail(`limit=${POSTS_PER_REQUEST_MAX} gave ${atMax.length} posts although more than ${POSTS_PER_REQUEST_MAX} exist`, { expected: String(POSTS_PER_REQUEST_MAX), actual: String(atMax.length) });
  },
});

export const every_rating_is_stored_as_sent = defineCheck({
  id: 'posts/update-every-rating', fn: 'every_rating_is_stored_as_sent', resource: 'posts',
  description: 'each value of post[rating] set by an update is the rating the post then shows and lists; an update of the tags alone keeps it, and the tag it leaves out is gone', requirements: ['IB-4-posts-update-fields'], readOnly: false,
  async run(ctx) {
    const dropped = ctx.unique('dropped').toLowerCase();
    const post = await makePost(ctx, dropped);
    const parent = await makePost(ctx);
    const where = { id: post.id, show: 'posts.show', list: 'posts.list', search: { tags: post.tag } } as const;
    // A parent and a source that is not a URL first: none of the updates below sends them, and each keeps them.
    await updateAndReadBack(ctx, 'posts.update', where, { parent_id: parent.id, source: withMarkup(`${ctx.unique('kept source')} page 1`) }, `post ${post.id}`);
    for (const [i, rating] of ctx.target.paramName(ctx.target.operation('posts.update'), 'rating').values!.entries()) {
      // By turns in JSON and XML: a write to either path is the same write.
      await updateAndReadBack(ctx, 'posts.update', where, { rating }, `post ${post.id}`, i % 2 === 1 ? 'xml' : 'json');
    }
    // And an update of the tags alone: the rating it was not sent (the last of the set, not the first) stays,
    // and the tag it leaves out is gone (an update replaces the tags, whether or not other fields come with it).
    await updateAndReadBack(ctx, 'posts.update', where, { tag_string: `${post.tag} ${ctx.unique('retagged').toLowerCase()}` }, `post ${post.id}`);
    const tags = tagsOf(field(await show(ctx, 'posts.show', post.id), 'tag_string', 'post update'));
    if (tags.includes(dropped)) fail(`tag_string is "${tags.join(' ')}" after an update of post[tag_string] alone left ${dropped} out`, { expected: `no ${dropped}`, actual: tags.join(' ') });
    if ((await listIds(ctx, 'posts.list', { tags: dropped })).includes(post.id)) fail(`tags=${dropped} still lists post ${post.id}, whose update of its tags alone left ${dropped} out`, { expected: `no post ${post.id}`, actual: `post ${post.id} listed` });
  },
});

export const meta_tags_rating_and_id_select_posts = defineCheck({
  id: 'posts/meta-tags', fn: 'meta_tags_rating_and_id_select_posts', resource: 'posts',
  description: 'the meta-tags rating:, id: and user: in `tags` select posts by rating, id and uploader; a term the server does not take as a meta-tag is a plain tag', requirements: ['IB-4-posts-list-tags'], readOnly: false,
  async run(ctx) {
    const [first, second] = uploadRatings(ctx) as [string, string];
    const shared = ctx.unique('meta').toLowerCase();
    const other = othersThan(ctx, ctx.accounts.actor)[0];
    const a = await uploadWith(ctx, { rating: first, tag_string: shared });
    const b = await uploadWith(ctx, { rating: second, tag_string: shared }, other);
    const ours = [a.id, b.id];
    const named = (list: readonly number[]) => (list.length ? list.map((id) => `post ${id}`).join(' and ') : 'no post');
    /**
     * The document promises meta-tags without naming them (INT-meta-tags), so each term is read both ways
     * the text allows: as the meta-tag (the posts `meta` of the two), or, on a server without it, as a plain
     * tag no post carries (a term finds no post; a negated term leaves out none). An answer that is neither
     * is wrong on every reading (a term that changed nothing, or selected the wrong posts); the plain one,
     * where the meta-tag's differs, rests on the reading, and `strict` says whether it is failed at all.
     */
    const search = async (term: string, meta: readonly number[], strict: boolean) => {
      const tags = `${shared} ${term}`;
      const got = (await listIds(ctx, 'posts.list', { tags })).filter((id) => ours.includes(id)).sort((x, y) => x - y);
      const plain = term.startsWith('-') ? ours : [];
      const same = (want: readonly number[]) => want.length === got.length && [...want].sort((x, y) => x - y).every((id, i) => id === got[i]);
      if (same(meta)) return;
      if (same(plain)) {
        if (strict) fail(`tags="${tags}" found ${named(got)}: ${term} was read as a plain tag`, { expected: named(meta), actual: named(got), interpretation: 'INT-meta-tags' });
        return;
      }
      fail(`tags="${tags}" found ${named(got)} of posts ${a.id} and ${b.id} (both tagged ${shared}): neither the meta-tag (${named(meta)}) nor a plain tag ${term} (${named(plain)}) finds that`, { expected: `${named(meta)}, or ${named(plain)}`, actual: named(got) });
    };
    await search(`rating:${first}`, [a.id], true);
    await search(`rating:${second}`, [b.id], true);
    await search(`-rating:${first}`, [b.id], false);
    await search(`id:${a.id}`, [a.id], true);
    if (other) await search(`user:${other.name}`, [b.id], false);
  },
});

export const post_source_url_is_downloaded = defineCheck({
  id: 'posts/source-download', fn: 'post_source_url_is_downloaded', resource: 'posts',
  description: 'post[source] set to a URL makes the service download the file', requirements: ['IB-4-posts-update-source-download'], readOnly: false,
  async run(ctx) {
    reachable(ctx);
    const server = await fileServer(ctx);
    const post = await makePost(ctx);
    const path = `/${ctx.unique('post')}.png`;
    const update = await ctx.target.call('posts.update', { path: { id: post.id }, fields: { source: server.url(path) } });
    ctx.note(update);
    refusedUnfetched(server, path, update, server.url(path));
    if (!update.ok) fail(`the source update was refused: ${update.status}`, { reply: update, expected: '2xx', actual: String(update.status) });
    if (server.hits(path) === 0) fail('post[source] was set to a URL but the file was never fetched', { expected: 'a GET of the source URL', actual: 'no request' });
    const shown = await show(ctx, 'posts.show', post.id);
    const src = text(field(shown, 'source', 'post source'));
    if (src !== server.url(path)) fail(`source is "${src}"`, { expected: server.url(path), actual: src });
  },
});

export function checks(): Check[] {
  return [
    posts_cannot_be_created_directly,
    posts_cannot_be_deleted,
    tag_search_selects_posts,
    raw_treats_tags_as_one_literal_tag,
    post_update_is_shown_afterwards,
    get_changes_no_state,
    limit_never_exceeds_100,
    limit_is_honoured,
    pages_hold_different_posts,
    pages_follow_each_other_exactly,
    limit_gives_that_many_when_more_exist,
    every_rating_is_stored_as_sent,
    meta_tags_rating_and_id_select_posts,
    post_source_url_is_downloaded,
  ];
}
