/**
 * Artists, notes, pools, tags, wiki pages, forum and artist commentary: the search rules, sort keys,
 * lifecycles and variant-only behaviour that one request per operation cannot show.
 */
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { OperationId, Variant } from '../../../../specs/model/index.ts';
import type { Check, CheckContext } from '../../check.ts';
import { defineCheck, fail, skip } from '../../check.ts';
import { recordId } from '../../formats.ts';
import { make, makePost } from '../../world.ts';
import { expectDeleted, expectFindable, expectRefused, expectRestored, field, listIds, records, show, succeed, text } from './common.ts';
import { findable } from './records.ts';

function expectIncludes(got: readonly number[], want: number, what: string): void {
  if (!got.includes(want)) fail(`${what} does not find record ${want}`, { expected: `record ${want}`, actual: JSON.stringify(got) });
}
function expectExcludes(got: readonly number[], unwanted: number, what: string): void {
  if (got.includes(unwanted)) fail(`${what} finds record ${unwanted}`, { expected: `not record ${unwanted}`, actual: JSON.stringify(got) });
}

/** An artist with other names, a group and two URLs (one per line), made once per suite. */
async function richArtist(ctx: CheckContext) {
  return ctx.world.get('rich-artist', async () => {
    const name = ctx.unique('artist').toLowerCase();
    const other = [ctx.unique('alias').toLowerCase(), ctx.unique('alias').toLowerCase()];
    const group = ctx.unique('circle').toLowerCase();
    const urls = [`https://example.invalid/${name}/a`, `https://example.invalid/${name}/b`];
    const reply = await succeed(ctx, 'artists.create', {
      fields: { name, other_names_comma: other.join(','), group_name: group, url_string: urls.join('\n') },
    }, 'creating an artist');
    const id = reply.createdId() ?? (await listIds(ctx, 'artists.list', { name: `name:${name}` }))[0];
    if (id === undefined) skip('the new artist cannot be found to search for it');
    const plain = await make.artist(ctx); // a second artist that no search below should find
    return { id, name, other, group, urls, plain };
  });
}

function sortChecks(variant: Variant): Check[] {
  const key = variant === 'A' ? 'order' : 'sort';
  const cases: { resource: 'artists' | 'pools' | 'wiki_pages'; list: OperationId; nameField: string; filter: (p: string) => Record<string, string>; create: (ctx: CheckContext, name: string) => Promise<unknown> }[] = [
    {
      resource: 'artists', list: 'artists.list', nameField: 'name', filter: (p) => ({ name: `${p}*` }),
      create: (ctx, name) => succeed(ctx, 'artists.create', { fields: { name } }, 'creating an artist'),
    },
    {
      resource: 'pools', list: 'pools.list', nameField: 'name', filter: (p) => ({ name_matches: `${p}*` }),
      create: (ctx, name) => succeed(ctx, 'pools.create', { fields: { name, description: name } }, 'creating a pool'),
    },
    {
      resource: 'wiki_pages', list: 'wiki_pages.list', nameField: 'title', filter: (p) => ({ title: `${p}*` }),
      create: (ctx, title) => succeed(ctx, 'wiki_pages.create', { fields: { title, body: title } }, 'creating a wiki page'),
    },
  ];
  return cases.map((c) =>
    defineCheck({
      id: `sort/${c.resource}-${variant}`, fn: 'sort_key_orders_the_list', resource: c.resource,
      description: `${c.list} is ordered by ${c.nameField} with search[${key}]`, requirements: [`IB-4-${c.resource}-sort-${variant}`], readOnly: false,
      async run(ctx) {
        const prefix = ctx.unique('sort').toLowerCase();
        // Created in an order that differs from the name order, so a list in creation order is not name-sorted.
        for (const suffix of ['m', 'z', 'a']) await c.create(ctx, `${prefix}_${suffix}`);
        const sortValue = c.resource === 'wiki_pages' ? 'title' : 'name';
        const got = records(await succeed(ctx, c.list, { fields: { ...c.filter(prefix), [key]: sortValue } }, `sorting by ${sortValue}`), c.list)
          .map((r) => text(field(r, c.nameField, c.resource)))
          .filter((n) => n.startsWith(prefix));
        if (got.length < 3) skip(`the ${c.list} search by a name pattern does not return the 3 records made for the check (INT-artist-name-search)`);
        const asc = [...got].sort();
        if (got.join() !== asc.join() && got.join() !== [...asc].reverse().join()) fail(`search[${key}]=${sortValue} does not order by ${c.nameField}`, { expected: asc.join(', '), actual: got.join(', ') });
      },
    }),
  );
}

export function catalogScenarios(variant: Variant): Check[] {
  const artistNameChecks: { id: RequirementId; fn: string; query: (a: Awaited<ReturnType<typeof richArtist>>) => string; what: string }[] = [
    { id: 'IB-4-artists-name-url', fn: 'artist_search_by_url', query: (a) => a.urls[1]!, what: 'an http URL' },
    { id: 'IB-4-artists-name-base', fn: 'artist_search_by_base_name', query: (a) => `name:${a.name}`, what: 'name:' },
    { id: 'IB-4-artists-name-other', fn: 'artist_search_in_other_names', query: (a) => `other:${a.other[1]}`, what: 'other:' },
    { id: 'IB-4-artists-name-group', fn: 'artist_search_by_group', query: (a) => `group:${a.group}`, what: 'group:' },
    { id: 'IB-4-artists-name-plain', fn: 'artist_plain_search_covers_other_names', query: (a) => a.other[0]!, what: 'a plain other name' },
  ];
  return [
    ...artistNameChecks.map((c) =>
      defineCheck({
        id: `artists/${c.id.replace('IB-4-artists-', '')}`, fn: c.fn, resource: 'artists',
        description: `search[name] with ${c.what} finds the artist`, requirements: [c.id], readOnly: false,
        async run(ctx) {
          const a = await richArtist(ctx);
          const got = await listIds(ctx, 'artists.list', { name: c.query(a) });
          expectIncludes(got, a.id, `search[name]=${c.query(a)}`);
          expectExcludes(got, a.plain, `search[name]=${c.query(a)}`);
        },
      }),
    ),
    defineCheck({
      id: 'artists/url-string', fn: 'artist_url_string_takes_each_url', resource: 'artists',
      description: 'artist[url_string] takes URLs separated by whitespace or newlines; each finds the artist', requirements: ['IB-4-artists-url-string'], readOnly: false,
      async run(ctx) {
        const a = await richArtist(ctx);
        for (const url of a.urls) expectIncludes(await listIds(ctx, 'artists.list', { name: url }), a.id, `search[name]=${url}`);
        // "delimited by whitespace or newline": a space and a tab separate URLs as well as a newline does.
        const name = ctx.unique('spaced').toLowerCase();
        const urls = ['a', 'b', 'c'].map((x) => `https://example.invalid/${name}/${x}`);
        const reply = await succeed(ctx, 'artists.create', { fields: { name, url_string: `${urls[0]} ${urls[1]}\t${urls[2]}` } }, 'an artist with space- and tab-separated URLs');
        const id = reply.createdId() ?? (await listIds(ctx, 'artists.list', { name: `name:${name}` }))[0];
        if (id === undefined) skip('the new artist cannot be found to search for it');
        for (const url of urls) expectIncludes(await listIds(ctx, 'artists.list', { name: url }), id, `search[name]=${url} (URLs separated by a space and a tab)`);
      },
    }),
    defineCheck({
      id: 'artists/other-names', fn: 'artist_other_names_are_comma_separated', resource: 'artists',
      description: 'artist[other_names_comma] takes comma-separated names; each is searchable with other:', requirements: ['IB-4-artists-other-names'], readOnly: false,
      async run(ctx) {
        const a = await richArtist(ctx);
        for (const o of a.other) expectIncludes(await listIds(ctx, 'artists.list', { name: `other:${o}` }), a.id, `search[name]=other:${o}`);
      },
    }),
    defineCheck({
      id: 'artists/banned', fn: 'banned_listing_equals_status_search', resource: 'artists',
      description: '/artists/banned lists the same artists as search[name]=status:banned, and only banned ones', requirements: ['IB-4-artists-banned', 'IB-4-artists-name-banned'], readOnly: true,
      async run(ctx) {
        const banned = await listIds(ctx, 'artists.banned', {});
        const searched = await listIds(ctx, 'artists.list', { name: 'status:banned' });
        if ([...banned].sort().join() !== [...searched].sort().join()) fail('/artists/banned and search[name]=status:banned differ', { expected: JSON.stringify(searched), actual: JSON.stringify(banned) });
        const all = await listIds(ctx, 'artists.list', {});
        if (all.length > 0 && searched.length === all.length && all.length > 1) fail('status:banned selects every artist', { expected: 'banned artists only', actual: `${searched.length} of ${all.length}` });
      },
    }),
    defineCheck({
      id: 'artists/empty-only', fn: 'artist_empty_only_search', resource: 'artists',
      description: 'search[empty_only]=true selects artists with 0 posts', requirements: ['IB-4-artists-empty-only-A'], readOnly: false,
      async run(ctx) {
        const a = await richArtist(ctx);
        const named = ctx.unique('drawn').toLowerCase();
        await succeed(ctx, 'artists.create', { fields: { name: named } }, 'creating an artist');
        await makePost(ctx, `artist:${named}`);
        const empty = await listIds(ctx, 'artists.list', { empty_only: 'true' });
        expectIncludes(empty, a.id, 'search[empty_only]=true');
        const withPosts = await listIds(ctx, 'artists.list', { name: `name:${named}` });
        if (withPosts.length === 0) skip(`the artist ${named} cannot be found by name`);
        if (empty.includes(withPosts[0]!)) fail(`search[empty_only]=true includes artist ${named}, who has a post tagged artist:${named} (INT-tag-categories)`, { expected: 'artists with 0 posts only', actual: JSON.stringify(empty) });
      },
    }),
    defineCheck({
      id: 'notes/lifecycle', fn: 'note_lifecycle', resource: 'notes',
      description: 'a note can be created (POST /notes), shown, updated and deleted', requirements: ['IB-4-notes-lifecycle'], readOnly: false,
      async run(ctx) {
        const id = await make.note(ctx, (await makePost(ctx)).id);
        const body = ctx.unique('moved note');
        await succeed(ctx, 'notes.update', { path: { id }, fields: { x: 5, body } }, 'the note update');
        const shown = text(field(await show(ctx, 'notes.show', id), 'body', 'note'));
        if (shown !== body) fail(`the note body is "${shown}" after the update`, { expected: body, actual: shown });
        await succeed(ctx, 'notes.delete', { path: { id } }, 'the note delete');
        await expectDeleted(ctx, { id, show: 'notes.show', list: 'notes.list', search: { body_matches: body } });
      },
    }),
    defineCheck({
      id: 'notes/group-by', fn: 'notes_grouped_by_post', resource: 'notes',
      description: 'group_by=note with search[post_id] lists the notes of that post', requirements: ['IB-4-notes-group-by-A'], readOnly: false,
      async run(ctx) {
        const [p1, p2] = [await makePost(ctx), await makePost(ctx)];
        const n1 = await make.note(ctx, p1.id);
        const n2 = await make.note(ctx, p2.id);
        const got = await listIds(ctx, 'notes.list', { group_by: 'note', post_id: p1.id });
        expectIncludes(got, n1, `group_by=note&search[post_id]=${p1.id}`);
        expectExcludes(got, n2, `group_by=note&search[post_id]=${p1.id}`);
      },
    }),
    defineCheck({
      id: 'notes/copy', fn: 'copy_notes_copies_to_the_other_post', resource: 'posts',
      description: 'copy_notes copies the notes of a post to the post named by other_post_id', requirements: ['IB-4-posts-copy-notes-A'], readOnly: false,
      async run(ctx) {
        const [from, to] = [await makePost(ctx), await makePost(ctx)];
        await make.note(ctx, from.id);
        const before = await listIds(ctx, 'notes.list', { post_id: to.id });
        await succeed(ctx, 'posts.copy_notes', { path: { id: from.id }, fields: { other_post_id: to.id } }, 'copy_notes');
        const after = await listIds(ctx, 'notes.list', { post_id: to.id });
        if (after.length <= before.length) fail(`post ${to.id} has ${after.length} notes after copy_notes`, { expected: `more than ${before.length}`, actual: String(after.length) });
      },
    }),
    defineCheck({
      id: 'pools/post-ids', fn: 'pool_post_ids_set_its_posts', resource: 'pools',
      description: 'pool[post_ids] takes space-separated post ids and sets the pool\'s posts', requirements: ['IB-4-pools-post-ids'], readOnly: false,
      async run(ctx) {
        const id = await make.pool(ctx);
        const posts = [(await makePost(ctx)).id, (await makePost(ctx)).id];
        await succeed(ctx, 'pools.update', { path: { id }, fields: { post_ids: posts.join(' ') } }, 'setting the pool\'s posts');
        const value = text(field(await show(ctx, 'pools.show', id), 'post_ids', 'pool'));
        const shown = value.split(/[\s,[\]]+/).filter(Boolean).map(Number);
        if (shown.join() !== posts.join()) fail(`post_ids is "${value}"`, { expected: posts.join(' '), actual: value });
      },
    }),
    defineCheck({
      id: 'forum/original-post', fn: 'topic_has_its_original_post', resource: 'forum_topics',
      description: 'a topic created with an original post body has that post, listed by search[topic_id]', requirements: ['IB-4-forum-original-post'], readOnly: false,
      async run(ctx) {
        const title = ctx.unique('topic');
        const body = ctx.unique('opening words');
        const reply = await succeed(ctx, 'forum_topics.create', { fields: { title, body } }, 'creating a topic');
        const topic = reply.createdId() ?? (await listIds(ctx, 'forum_topics.list', { title }))[0];
        if (topic === undefined) skip('the new topic cannot be found');
        const posts = records(await succeed(ctx, 'forum_posts.list', { fields: { topic_id: topic } }, 'forum_posts.list by topic'), 'forum_posts.list');
        if (posts.length !== 1) fail(`the new topic has ${posts.length} posts`, { expected: '1 (the original post)', actual: String(posts.length) });
        const shown = text(field(posts[0], 'body', 'forum post'));
        if (shown !== body) fail(`the original post reads "${shown}"`, { expected: body, actual: shown });
      },
    }),
    defineCheck({
      id: 'wiki/lifecycle', fn: 'wiki_page_lifecycle', resource: 'wiki_pages',
      description: 'a wiki page can be created, shown, updated and found by search[title]', requirements: ['IB-4-wiki-lifecycle'], readOnly: false,
      async run(ctx) {
        const id = await make.wikiPage(ctx);
        const body = ctx.unique('rewritten');
        await succeed(ctx, 'wiki_pages.update', { path: { id }, fields: { body } }, 'the wiki update');
        const page = await show(ctx, 'wiki_pages.show', id);
        if (text(field(page, 'body', 'wiki page')) !== body) fail('the wiki body did not change', { expected: body, actual: text(page.body ?? '') });
        // Both ways: the title search lists this page and not another one.
        const other = await make.wikiPage(ctx);
        const found = await listIds(ctx, 'wiki_pages.list', { title: text(field(page, 'title', 'wiki page')) });
        expectIncludes(found, id, 'search[title]');
        expectExcludes(found, other, 'search[title]');
      },
    }),
    defineCheck({
      id: 'lifecycle/already-exists', fn: 'duplicate_names_are_refused', resource: 'protocol',
      description: 'a second artist, wiki page or pool with an existing name is not created', requirements: ['IB-7-already-exists'], readOnly: false,
      async run(ctx) {
        const name = ctx.unique('twice').toLowerCase();
        await succeed(ctx, 'artists.create', { fields: { name } }, 'the first artist');
        const again = await ctx.target.call('artists.create', { fields: { name } });
        ctx.note(again);
        expectRefused(again, 'a second artist of the same name');
        const title = ctx.unique('twice').toLowerCase();
        await succeed(ctx, 'wiki_pages.create', { fields: { title, body: title } }, 'the first wiki page');
        const dup = await ctx.target.call('wiki_pages.create', { fields: { title, body: title } });
        ctx.note(dup);
        expectRefused(dup, 'a second wiki page of the same title');
        const pool = ctx.unique('twice');
        await succeed(ctx, 'pools.create', { fields: { name: pool, description: pool } }, 'the first pool');
        const dupPool = await ctx.target.call('pools.create', { fields: { name: pool, description: pool } });
        ctx.note(dupPool);
        expectRefused(dupPool, 'a second pool of the same name');
      },
    }),
    defineCheck({
      id: 'tags/name-list', fn: 'tag_name_list_returns_exactly_those', resource: 'tags',
      description: 'search[name] on tags takes comma-separated exact names', requirements: ['IB-4-tags-name-list-A'], readOnly: false,
      async run(ctx) {
        const [a, b, c] = ['x', 'y', 'z'].map(() => ctx.unique('t').toLowerCase()) as [string, string, string];
        // ${a}${c} contains ${a}: only an exact match keeps it out.
        await makePost(ctx, `${a} ${b} ${a}${c}`);
        const names = records(await succeed(ctx, 'tags.list', { fields: { name: `${a},${b}` } }, 'tags by names'), 'tags.list').map((t) => text(field(t, 'name', 'tag')));
        if (names.sort().join() !== [a, b].sort().join()) fail(`search[name]=${a},${b} returned ${names.join(', ')}`, { expected: `${a}, ${b}`, actual: names.join(', ') });
      },
    }),
    defineCheck({
      id: 'tags/hide-empty', fn: 'hide_empty_excludes_unused_tags', resource: 'tags',
      description: 'search[hide_empty]=yes excludes tags with 0 posts', requirements: ['IB-4-tags-hide-empty-A'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        const gone = ctx.unique('gone').toLowerCase();
        await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: `${post.tag} ${gone}` } }, 'tagging');
        await succeed(ctx, 'posts.update', { path: { id: post.id }, fields: { tag_string: post.tag } }, 'untagging');
        const shown = await listIds(ctx, 'tags.list', { name: gone });
        if (shown.length === 0) skip(`the tag ${gone}, now on no post, is not listed at all, so hide_empty cannot be observed`);
        const hidden = await listIds(ctx, 'tags.list', { name: gone, hide_empty: 'yes' });
        if (hidden.length > 0) fail(`search[hide_empty]=yes lists ${gone}, which is on no post`, { expected: 'not listed', actual: JSON.stringify(hidden) });
      },
    }),
    defineCheck({
      id: 'tags/category', fn: 'tag_category_search', resource: 'tags',
      description: 'search[category] selects the tags of that category', requirements: ['IB-4-tags-category-A'], readOnly: false,
      async run(ctx) {
        const name = ctx.unique('maker').toLowerCase();
        await makePost(ctx, `artist:${name}`);
        const artists = records(await succeed(ctx, 'tags.list', { fields: { name, category: '1' } }, 'artist tags'), 'tags.list');
        const general = records(await succeed(ctx, 'tags.list', { fields: { name, category: '0' } }, 'general tags'), 'tags.list');
        if (artists.length !== 1 || general.length !== 0) fail(`the tag artist:${name} is in category 1 ${artists.length} times and in 0 ${general.length} times`, { expected: 'category 1 only (INT-tag-categories)', actual: `1: ${artists.length}, 0: ${general.length}` });
      },
    }),
    defineCheck({
      id: 'commentary/create-or-update', fn: 'commentary_create_or_update', resource: 'artist_commentaries',
      description: 'create_or_update makes the commentary of a post, and a second call updates it', requirements: ['IB-4-commentary-create-or-update-A'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        const text1 = ctx.unique('first');
        const text2 = ctx.unique('second');
        await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: text1 } }, 'the first call');
        await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: text2 } }, 'the second call');
        const list = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: text2 } }, 'commentary search'), 'artist_commentaries.list');
        const old = records(await succeed(ctx, 'artist_commentaries.list', { fields: { text_matches: text1 } }, 'commentary search'), 'artist_commentaries.list');
        if (list.length !== 1 || old.length !== 0) fail(`after two calls, the new text is in ${list.length} commentaries and the old one in ${old.length}`, { expected: '1 and 0 (the second call updates)', actual: `${list.length} and ${old.length}` });
      },
    }),
    defineCheck({
      id: 'commentary/revert-by-post-id', fn: 'commentary_revert_takes_the_post_id', resource: 'artist_commentaries',
      description: 'artist commentary revert is addressed by the post id', requirements: ['IB-4-commentary-revert-post-id-A'], readOnly: false,
      async run(ctx) {
        const post = await makePost(ctx);
        await succeed(ctx, 'artist_commentaries.create_or_update', { fields: { post_id: post.id, original_title: ctx.unique('v1') } }, 'the commentary');
        const versions = records(await succeed(ctx, 'artist_commentary_versions.list', { fields: { post_id: post.id } }, 'commentary versions'), 'artist_commentary_versions.list');
        const version = recordId(versions[0]);
        if (version === undefined) fail(`no commentary version is listed for post ${post.id}`);
        await succeed(ctx, 'artist_commentaries.revert', { path: { id: post.id }, fields: { version_id: version } }, `revert addressed by post id ${post.id}`);
      },
    }),
    ...sortChecks(variant),
    ...deleteUndeleteChecks(),
  ];
}

/** Section 3: pools, forum topics and forum posts can be deleted and undeleted (INT-transitions). */
function deleteUndeleteChecks(): Check[] {
  const cases = [
    { id: 'pools/delete-undelete', fn: 'pool_delete_and_undelete', resource: 'pools', what: 'a pool', make: findable.pool, ops: ['pools.delete', 'pools.undelete'] },
    { id: 'forum/topic-delete-undelete', fn: 'topic_delete_and_undelete', resource: 'forum_topics', what: 'a forum topic', make: findable.topic, ops: ['forum_topics.delete', 'forum_topics.undelete'] },
    { id: 'forum/post-delete-undelete', fn: 'forum_post_delete_and_undelete', resource: 'forum_posts', what: 'a forum post', make: findable.forumPost, ops: ['forum_posts.delete', 'forum_posts.undelete'] },
  ] as const;
  return cases.map((c) =>
    defineCheck({
      id: c.id, fn: c.fn, resource: c.resource, readOnly: false,
      description: `${c.what} can be deleted and undeleted`, requirements: [`IB-3-${c.resource}-delete-undelete`],
      async run(ctx) {
        const record = await c.make(ctx);
        await expectFindable(ctx, record);
        await succeed(ctx, c.ops[0], { path: { id: record.id } }, `the delete of ${c.what}`);
        await expectDeleted(ctx, record);
        await succeed(ctx, c.ops[1], { path: { id: record.id } }, `the undelete of ${c.what}`);
        await expectRestored(ctx, record);
      },
    }),
  );
}
