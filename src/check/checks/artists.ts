/**
 * `artists/*`: search[name] in each of its forms (URL, name:, other:, group:, a plain other name),
 * artist[url_string] and artist[other_names_comma], the banned listing, search[empty_only], and the
 * fields read back as written.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { recordId } from '../formats.ts';
import { make, makePost } from '../world.ts';
import { idOf, listIds, records, succeed, text } from './support/calls.ts';
import { listedFor } from './support/pages.ts';
import { CREATE_FORMATS, expectReadBack, updateAndReadBack, updateEachAlone } from './support/read-back.ts';
import { expectExcludes, expectIncludes } from './support/selection.ts';

/** An artist with other names, a group and two URLs (one per line), made for the check that asks. */
async function richArtist(ctx: CheckContext) {
  return (async () => {
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
  })();
}

type RichArtist = Awaited<ReturnType<typeof richArtist>>;

/** What each decoy artist carries: the searched value in another field than the one the form searches (its base name, when it sets `name`). */
type Decoy = (a: RichArtist, searched: string) => Readonly<Partial<Record<string, string>>>[];

/**
 * search[name] in one of its forms finds the rich artist and neither the plain one nor a decoy that
 * carries the searched value in another field (a base name among other names, an other name as a group or
 * as a base name):
 * a server that searches the wrong field, or every field, lists the decoy.
 */
function nameSearch(requirement: RequirementId, query: (a: RichArtist) => string, what: string, decoy?: Decoy, idSuffix = ''): Pick<Check, 'id' | 'resource' | 'description' | 'requirements' | 'readOnly' | 'run'> {
  return {
    id: `artists/${requirement.replace('IB-4-artists-', '')}${idSuffix}`, resource: 'artists',
    description: `search[name] with ${what} finds the artist`, requirements: [requirement], readOnly: false,
    async run(ctx) {
      const a = await richArtist(ctx);
      const searched = query(a);
      const excluded = [a.plain];
      for (const fields of decoy?.(a, searched.replace(/^[a-z]+:/, '')) ?? []) {
        const name = fields.name ?? ctx.unique('decoy').toLowerCase();
        const reply = await succeed(ctx, 'artists.create', { fields: { name, ...fields } }, 'a decoy artist');
        const id = reply.createdId() ?? (await listIds(ctx, 'artists.list', { name: `name:${name}` }))[0];
        if (id === undefined) skip('the decoy artist cannot be found to search for it');
        excluded.push(id);
      }
      const got = await listIds(ctx, 'artists.list', { name: searched });
      expectIncludes(got, a.id, `search[name]=${searched}`);
      for (const id of excluded) expectExcludes(got, id, `search[name]=${searched}`);
      // Beside search[id] of another artist: nothing both selects; a server whose name search drops the other filters lists the artist.
      expectExcludes(await listIds(ctx, 'artists.list', { name: searched, id: a.plain }), a.id, `search[name]=${searched} & search[id]=${a.plain}`);
    },
  };
}

// A decoy with URLs on the same host, beside the searched one: a server that matches by host lists it.
export const artist_search_by_url = defineCheck({ fn: 'artist_search_by_url', ...nameSearch('IB-4-artists-name-url', (a) => a.urls[1]!, 'an http URL', (a) => [{ url_string: `https://example.invalid/${a.name}/c https://example.invalid/${a.name}x/b` }]) });

export const artist_search_by_base_name = defineCheck({ fn: 'artist_search_by_base_name', ...nameSearch('IB-4-artists-name-base', (a) => `name:${a.name}`, 'name:', (_a, v) => [{ other_names_comma: v }, { group_name: v }]) });

export const artist_search_in_other_names = defineCheck({ fn: 'artist_search_in_other_names', ...nameSearch('IB-4-artists-name-other', (a) => `other:${a.other[1]}`, 'other:', (_a, v) => [{ group_name: v }, { name: v }]) });

export const artist_search_by_group = defineCheck({ fn: 'artist_search_by_group', ...nameSearch('IB-4-artists-name-group', (a) => `group:${a.group}`, 'group:', (_a, v) => [{ other_names_comma: v }, { name: v }]) });

export const artist_plain_search_covers_other_names = defineCheck({ fn: 'artist_plain_search_covers_other_names', ...nameSearch('IB-4-artists-name-plain', (a) => a.other[0]!, 'a plain other name', (_a, v) => [{ group_name: v }]) });

export const artist_plain_search_covers_base_names = defineCheck({ fn: 'artist_plain_search_covers_base_names', ...nameSearch('IB-4-artists-name-plain', (a) => a.name, 'a plain base name', (_a, v) => [{ group_name: v }], '-base') });

export const artist_url_string_takes_each_url = defineCheck({
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
    // An update sets the URLs anew: the new one finds the artist, one it no longer has does not.
    const updated = `https://example.invalid/${name}/updated`;
    await succeed(ctx, 'artists.update', { path: { id }, fields: { url_string: `${urls[1]}\n${updated}` } }, 'an update of artist[url_string]');
    expectIncludes(await listIds(ctx, 'artists.list', { name: updated }), id, `search[name]=${updated} after the update`);
    expectExcludes(await listIds(ctx, 'artists.list', { name: urls[0]! }), id, `search[name]=${urls[0]} after an update that dropped it`);
  },
});

export const artist_other_names_are_comma_separated = defineCheck({
  id: 'artists/other-names', fn: 'artist_other_names_are_comma_separated', resource: 'artists',
  description: 'artist[other_names_comma] takes comma-separated names (a name may hold a space); each is searchable with other:', requirements: ['IB-4-artists-other-names'], readOnly: false,
  async run(ctx) {
    const a = await richArtist(ctx);
    for (const o of a.other) expectIncludes(await listIds(ctx, 'artists.list', { name: `other:${o}` }), a.id, `search[name]=other:${o}`);
    // An update sets the other names anew: a new one finds the artist, one it no longer has does not.
    const renamed = ctx.unique('alias').toLowerCase();
    await succeed(ctx, 'artists.update', { path: { id: a.id }, fields: { other_names_comma: `${a.other[1]},${renamed}` } }, 'an update of artist[other_names_comma]');
    expectIncludes(await listIds(ctx, 'artists.list', { name: `other:${renamed}` }), a.id, `search[name]=other:${renamed} after the update`);
    expectExcludes(await listIds(ctx, 'artists.list', { name: `other:${a.other[0]}` }), a.id, `search[name]=other:${a.other[0]} after an update that dropped it`);
    // Beside the other fields of an update (the group and the URLs): the other names are set all the same.
    const again = ctx.unique('alias').toLowerCase();
    await succeed(ctx, 'artists.update', { path: { id: a.id }, fields: { other_names_comma: `${renamed},${again}`, group_name: ctx.unique('circle').toLowerCase(), url_string: `https://example.invalid/${again}/c` } }, 'an update of every artist field');
    expectIncludes(await listIds(ctx, 'artists.list', { name: `other:${again}` }), a.id, `search[name]=other:${again} after an update of every field`);
    expectExcludes(await listIds(ctx, 'artists.list', { name: `other:${a.other[1]}` }), a.id, `search[name]=other:${a.other[1]} after an update of every field that dropped it`);
    // Commas delimit the names, not spaces: a name with a space in it is one name, found as written or
    // with underscores for its spaces (INT-artist-name-search), not split into two.
    const [first, last] = [ctx.unique('first').toLowerCase(), ctx.unique('last').toLowerCase()];
    await succeed(ctx, 'artists.update', { path: { id: a.id }, fields: { other_names_comma: `${first} ${last},${again}` } }, 'an update with an other name of two words');
    const asWritten = await listIds(ctx, 'artists.list', { name: `other:${first} ${last}` });
    if (!asWritten.includes(a.id)) expectIncludes(await listIds(ctx, 'artists.list', { name: `other:${first}_${last}` }), a.id, `search[name]=other:${first} ${last} (or with an underscore) after an update naming "${first} ${last}" one of the other names`);
  },
});

export const banned_listing_equals_status_search = defineCheck({
  id: 'artists/banned', fn: 'banned_listing_equals_status_search', resource: 'artists',
  description: '/artists/banned lists the same artists as search[name]=status:banned, and only banned ones', requirements: ['IB-4-artists-banned', 'IB-4-artists-name-banned'], readOnly: false,
  async run(ctx) {
    // An artist of its own, which nothing has banned: the check never rests on what else is stored.
    const mine = await make.artist(ctx);
    const banned = await listIds(ctx, 'artists.banned', {});
    const searched = await listIds(ctx, 'artists.list', { name: 'status:banned' });
    const all = records(await succeed(ctx, 'artists.list', {}, 'artists.list'), 'artists.list');
    const own = records(await succeed(ctx, 'artists.list', { fields: { id: mine } }, `artists.list id=${mine}`), 'artists.list');
    // A list may be one page of more (the service family pages the search, not the banned listing):
    // as sets they must be equal when neither fills a page; otherwise the shorter must lie in the longer.
    const page = all.length;
    const [shorter, longer] = banned.length <= searched.length ? [banned, searched] : [searched, banned];
    const differ = banned.length < page && searched.length < page ? [...banned].sort().join() !== [...searched].sort().join() : shorter.some((id) => !longer.includes(id));
    if (differ) fail('/artists/banned and search[name]=status:banned differ', { expected: JSON.stringify(searched), actual: JSON.stringify(banned) });
    // Only banned ones: no artist the list shows as not banned.
    // Not banned: what the list says is_banned false of, and the artist made here, which nothing banned.
    const notBanned = [...all, ...own].filter((r) => r.is_banned !== undefined && text(r.is_banned) === 'false').map(recordId);
    if (!own.some((r) => r.is_banned !== undefined && text(r.is_banned) === 'true')) notBanned.push(mine);
    for (const [what, ids] of [['search[name]=status:banned', searched], ['/artists/banned', banned]] as const) {
      const wrong = ids.filter((id) => notBanned.includes(id));
      if (wrong.length > 0) fail(`${what} lists artists that are not banned: ${wrong.join(', ')}`, { expected: 'banned artists only', actual: JSON.stringify(wrong) });
    }
  },
});

export const artist_empty_only_search = defineCheck({
  id: 'artists/empty-only', fn: 'artist_empty_only_search', resource: 'artists',
  description: 'search[empty_only]=true selects artists with 0 posts', requirements: ['IB-4-artists-empty-only-A'], readOnly: false,
  async run(ctx) {
    const a = await richArtist(ctx);
    const named = ctx.unique('drawn').toLowerCase();
    await succeed(ctx, 'artists.create', { fields: { name: named } }, 'creating an artist');
    await makePost(ctx, `artist:${named}`);
    const withPosts = await listIds(ctx, 'artists.list', { name: `name:${named}` });
    if (withPosts.length === 0) skip(`the artist ${named} cannot be found by name`);
    // Every empty artist of every run so far: on as many pages as it takes to judge these two (INT-list-pages).
    const empty = await listedFor(ctx, 'artists.list', { empty_only: 'true' }, [a.id], [withPosts[0]!]);
    expectIncludes(empty, a.id, 'search[empty_only]=true');
    if (empty.includes(withPosts[0]!)) fail(`search[empty_only]=true includes artist ${named}, who has a post tagged artist:${named} (INT-tag-categories)`, { expected: 'artists with 0 posts only', actual: JSON.stringify(empty) });
  },
});

export function artist_fields_are_stored_as_sent(variant: Variant): Check {
  return defineCheck({
    id: 'artists/fields', fn: 'artist_fields_are_stored_as_sent', resource: 'artists',
    description: `artist[name] and artist[group_name]${variant === 'B' ? ' and artist[is_active] (1 and 0)' : ''} read back as written, on create and on update; an update that does not send a field (the URLs, other names, or all but one) keeps it`, requirements: ['IB-4-artists-fields'], readOnly: false,
    async run(ctx) {
      // Created through the XML path and then the JSON path: a create through either is the same create.
      let id = 0;
      for (const format of CREATE_FORMATS) {
        // In B, is_active 1 through one path and 0 through the other: both values are taken on create.
        const created = { name: ctx.unique('painter').toLowerCase(), group_name: ctx.unique('guild').toLowerCase(), ...(variant === 'B' ? { is_active: format === 'xml' ? '1' : '0' } : {}) };
        // Made with URLs and other names too (read back by checks of their own): the updates below do not send them, and keep them.
        const also = { url_string: `http://${ctx.unique('kept').toLowerCase()}.example.net/`, other_names_comma: `${ctx.unique('kept_a').toLowerCase()},${ctx.unique('kept_b').toLowerCase()}` };
        id = await idOf(ctx, await succeed(ctx, 'artists.create', { fields: { ...created, ...also }, format }, `creating an artist (${format})`), 'artist', { list: 'artists.list', fields: { name: `name:${created.name}` } });
        await expectReadBack(ctx, { id, show: 'artists.show' }, created, `artist ${id} as created (${format})`);
      }
      const updated = { name: ctx.unique('renamed').toLowerCase(), group_name: ctx.unique('other guild').toLowerCase().replace(/\s+/g, '_'), ...(variant === 'B' ? { is_active: '1' } : {}) };
      await updateAndReadBack(ctx, 'artists.update', { id, show: 'artists.show' }, updated, `artist ${id}`);
      await updateEachAlone(ctx, 'artists.update', { id, show: 'artists.show' }, { ...(variant === 'B' ? { is_active: '0' } : {}), name: ctx.unique('name alone').toLowerCase(), group_name: ctx.unique('group alone').toLowerCase() }, `artist ${id}`);
    },
  });
}

export function checks(variant: Variant): Check[] {
  return [
    artist_search_by_url,
    artist_search_by_base_name,
    artist_search_in_other_names,
    artist_search_by_group,
    artist_plain_search_covers_other_names,
    artist_plain_search_covers_base_names,
    artist_url_string_takes_each_url,
    artist_other_names_are_comma_separated,
    banned_listing_equals_status_search,
    artist_empty_only_search,
    artist_fields_are_stored_as_sent(variant),
  ];
}
