/**
 * Posts: no direct create or delete, tag search, raw (A), updates, safe GETs, limit and page.
 */
import { POSTS_PER_REQUEST_MAX, resource } from '../../../../specs/model/index.ts';
import type { Check, CheckContext } from '../../check.ts';
import { defineCheck, fail, skip } from '../../check.ts';
import { makePost } from '../../world.ts';
import { PARAMETER_REFUSALS } from '../operations.ts';
import { expectRefused, field, ids, listIds, records, show, succeed, tagsOf, text } from './common.ts';

const posts = (check: Omit<Check, 'resource'>): Check => defineCheck({ ...check, resource: 'posts' });

/** Makes sure at least `n` posts exist, creating the missing ones unless the run is read-only. */
async function ensurePosts(ctx: CheckContext, n: number, readOnly: boolean): Promise<void> {
  let seen = 0;
  for (let page = 1; seen < n; page++) {
    const got = await listIds(ctx, 'posts.list', { limit: POSTS_PER_REQUEST_MAX, page });
    seen += got.length;
    if (got.length < POSTS_PER_REQUEST_MAX) break;
    if (page > Math.ceil(n / POSTS_PER_REQUEST_MAX) + 1) break;
  }
  if (seen >= n) return;
  if (readOnly) skip(`only ${seen} posts exist; ${n} are needed for a non-vacuous check and a read-only run creates none`);
  await ctx.world.get(`posts-${n}`, async () => {
    for (let i = seen; i < n; i++) await makePost(ctx);
  });
}

export function postScenarios(): Check[] {
  return [
    posts({
      id: 'posts/no-direct-create', fn: 'posts_cannot_be_created_directly',
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
    }),
    posts({
      id: 'posts/no-delete', fn: 'posts_cannot_be_deleted',
      description: 'DELETE /posts/{id}.json does not delete the post', requirements: ['IB-3-posts-no-delete'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        const path = ctx.target.operation('posts.show').path.replace('{id}', String(post.id));
        const reply = await ctx.target.request('DELETE', `${path}.json`);
        ctx.note(reply);
        expectRefused(reply, `DELETE ${path}.json`);
        await show(ctx, 'posts.show', post.id);
      },
    }),
    posts({
      id: 'posts/tag-search', fn: 'tag_search_selects_posts',
      description: '`tags` finds posts carrying all given tags; -tag excludes', requirements: ['IB-4-posts-list-tags'], readOnly: false,
      async run(ctx) {
        const shared = ctx.unique('shared').toLowerCase();
        const extra = ctx.unique('extra').toLowerCase();
        const both = await makePost(ctx, `${shared} ${extra}`);
        const one = await makePost(ctx, shared);
        const expect = async (tags: string, want: number[], label: string) => {
          const got = await listIds(ctx, 'posts.list', { tags, limit: POSTS_PER_REQUEST_MAX });
          const wrong = [both.id, one.id].filter((id) => want.includes(id) !== got.includes(id));
          if (wrong.length > 0) fail(`tags="${tags}" (${label}) returned ${JSON.stringify(got)}`, { expected: `posts ${JSON.stringify(want)} among the results, and not the other`, actual: JSON.stringify(got) });
        };
        await expect(shared, [both.id, one.id], 'one tag');
        await expect(`${shared} ${extra}`, [both.id], 'two tags: both must match');
        await expect(`${shared} -${extra}`, [one.id], 'negation');
      },
    }),
    posts({
      id: 'posts/raw', fn: 'raw_treats_tags_as_one_literal_tag',
      description: 'with raw, `tags` is one literal tag', requirements: ['IB-4-posts-list-raw-A'], readOnly: false,
      async run(ctx) {
        const a = ctx.unique('rawa').toLowerCase();
        const b = ctx.unique('rawb').toLowerCase();
        const post = await makePost(ctx, `${a} ${b}`);
        const parsed = await listIds(ctx, 'posts.list', { tags: `${a} ${b}` });
        if (!parsed.includes(post.id)) fail(`tags="${a} ${b}" without raw does not find post ${post.id}`, { expected: `post ${post.id}`, actual: JSON.stringify(parsed) });
        const literal = await listIds(ctx, 'posts.list', { tags: `${a} ${b}`, raw: 1 });
        if (literal.includes(post.id)) fail(`tags="${a} ${b}" with raw found post ${post.id}, so the tags were parsed as two tags`, { expected: 'no post (no tag is literally "a b")', actual: JSON.stringify(literal) });
        const single = await listIds(ctx, 'posts.list', { tags: a, raw: 1 });
        if (!single.includes(post.id)) fail(`tags="${a}" with raw does not find post ${post.id}`, { expected: `post ${post.id}`, actual: JSON.stringify(single) });
      },
    }),
    posts({
      id: 'posts/update-fields', fn: 'post_update_is_shown_afterwards',
      description: 'post[tag_string], post[rating] and post[parent_id] set by an update are shown by the post', requirements: ['IB-4-posts-update-fields'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        const parent = await makePost(ctx);
        const rating = ctx.target.paramName(ctx.target.operation('posts.update'), 'rating').values!;
        const newTag = ctx.unique('updated').toLowerCase();
        await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: `${post.tag} ${newTag}`, rating: rating[1], parent_id: parent.id } }, 'the update');
        const shown = await show(ctx, 'posts.show', post.id);
        const tags = tagsOf(field(shown, 'tag_string', 'post update'));
        if (!tags.includes(newTag)) fail(`tag_string is "${tags.join(' ')}" after setting it to include ${newTag}`, { expected: newTag, actual: tags.join(' ') });
        const r = text(field(shown, 'rating', 'post update'));
        // A record may name a rating by its word or its letter (s/q/e): both name the same rating.
        if (r !== rating[1] && r !== rating[1]![0]) fail(`rating is "${r}" after setting ${rating[1]}`, { expected: rating[1], actual: r });
        const p = text(field(shown, 'parent_id', 'post update'));
        if (p !== String(parent.id)) fail(`parent_id is "${p}" after setting ${parent.id}`, { expected: String(parent.id), actual: p });
      },
    }),
    posts({
      id: 'posts/get-is-safe', fn: 'get_changes_no_state',
      description: 'GET requests leave a post as it was', requirements: ['IB-2-get-reads'], readOnly: true,
      async run(ctx) {
        const first = await listIds(ctx, 'posts.list', { limit: 1 });
        if (first.length === 0) skip('no post exists to read');
        const id = first[0]!;
        const before = JSON.stringify(await show(ctx, 'posts.show', id));
        for (let i = 0; i < 3; i++) {
          await show(ctx, 'posts.show', id, { format: i % 2 ? 'xml' : 'json' });
          await listIds(ctx, 'posts.list', { limit: 5 });
        }
        const after = JSON.stringify(await show(ctx, 'posts.show', id));
        if (before !== after) fail('reading the post changed it', { expected: before.slice(0, 300), actual: after.slice(0, 300) });
      },
    }),
    posts({
      id: 'posts/limit-max', fn: 'limit_never_exceeds_100',
      description: 'with more than 100 posts, limit=101 and limit=1000 return at most 100 (or are refused)', requirements: ['IB-4-posts-list-limit'], readOnly: false,
      async run(ctx) {
        await ensurePosts(ctx, POSTS_PER_REQUEST_MAX + 1, false);
        for (const limit of [POSTS_PER_REQUEST_MAX + 1, 1000]) {
          const reply = await ctx.target.call('posts.list', { fields: { limit } });
          ctx.note(reply);
          if ((PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) continue; // INT-limit-over-100: refusing is conformant
          const n = records(reply, `limit=${limit}`).length;
          if (n > POSTS_PER_REQUEST_MAX) fail(`limit=${limit} returned ${n} posts`, { reply, expected: `at most ${POSTS_PER_REQUEST_MAX}`, actual: String(n) });
        }
      },
    }),
    posts({
      id: 'posts/limit', fn: 'limit_is_honoured',
      description: 'limit=n returns at most n posts', requirements: ['IB-4-posts-list-limit-honoured'], readOnly: true,
      async run(ctx) {
        await ensurePosts(ctx, 6, true);
        const reply = await succeed(ctx, 'posts.list', { fields: { limit: 5 } }, 'limit=5');
        const n = ids(reply, 'limit=5').length;
        if (n > 5) fail(`limit=5 returned ${n} posts`, { reply, expected: 'at most 5', actual: String(n) });
        if (n === 0) fail('limit=5 returned no post although posts exist', { reply, expected: '1 to 5', actual: '0' });
      },
    }),
    posts({
      id: 'posts/page', fn: 'pages_hold_different_posts',
      description: 'page=1 and page=2 with the same limit share no post', requirements: ['IB-4-posts-list-page'], readOnly: true,
      async run(ctx) {
        await ensurePosts(ctx, 6, true);
        const one = await listIds(ctx, 'posts.list', { limit: 3, page: 1 });
        const two = await listIds(ctx, 'posts.list', { limit: 3, page: 2 });
        if (two.length === 0) fail('page=2 is empty although more than 3 posts exist', { expected: 'posts', actual: '[]' });
        const shared = one.filter((id) => two.includes(id));
        if (shared.length > 0) fail(`pages 1 and 2 share posts ${JSON.stringify(shared)}`, { expected: 'disjoint pages', actual: `${JSON.stringify(one)} / ${JSON.stringify(two)}` });
      },
    }),
  ];
}
