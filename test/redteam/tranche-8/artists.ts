// @ts-nocheck: frozen red-team code (see all.ts)
import {
  registry, cl, rand, is, bare, form, withForm, editQuery, envelope, dropQuery, dropForm, filterInstead, upGet, upSend,
  ids, names, mk, ok, must, userId, sortedEitherWay, type ProxiedRequest, type Scenario,
} from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/artists$/;
const nameRule = (fn: (v: string) => string | null) => (req: ProxiedRequest): ProxiedRequest => {
  if (!is(req, 'GET', LIST)) return req;
  const v = req.query.get('search[name]');
  if (v === null) return req;
  const nv = fn(v);
  if (nv === null) return req;
  return editQuery(req, (q) => q.set('search[name]', nv));
};
async function artist(c: ReturnType<typeof cl>, f: Record<string, string | number>): Promise<number> {
  return mk(c, '/artists.json', f);
}
const find = async (c: ReturnType<typeof cl>, name: string) => ids(await c.get('/artists.json', { 'search[name]': name }));

add(
  {
    id: 'artists-url-search-as-name',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| http | search artists having this URL |',
    description: 'search[name] beginning with http is searched as a base name, so artists having that URL are not found.',
    kind: 'implementation-bug',
    onRequest: nameRule((v) => (v.startsWith('http') ? 'name:' + v : null)),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'au' + t, 'artist[url_string]': `http://art.example/${t}` });
    return !(await find(c, `http://art.example/${t}`)).includes(a);
  },
);

add(
  {
    id: 'artists-name-prefix-includes-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| name: | search by base name |',
    description: 'A "name:" search also matches other names (the prefix is stripped and the general name search is used).',
    kind: 'spec-reader',
    onRequest: nameRule((v) => (v.startsWith('name:') ? v.slice(5) : null)),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'an' + t, 'artist[other_names_comma]': 'alias' + t });
    return (await find(c, 'name:alias' + t)).includes(a);
  },
);

add(
  {
    id: 'artists-other-prefix-searches-base-name',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| other: | search in other names |',
    description: 'An "other:" search looks at base names instead of other names.',
    kind: 'implementation-bug',
    onRequest: nameRule((v) => (v.startsWith('other:') ? 'name:' + v.slice(6) : null)),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'ao' + t, 'artist[other_names_comma]': 'oth' + t });
    return !(await find(c, 'other:oth' + t)).includes(a);
  },
);

add(
  {
    id: 'artists-group-prefix-literal',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| group: | search artists of the named group |',
    description: '"group:" is not recognised; the whole value is searched as a name, so the group\'s artists are not found.',
    kind: 'spec-reader',
    onRequest: nameRule((v) => (v.startsWith('group:') ? 'name:' + v : null)),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'ag' + t, 'artist[group_name]': 'grp' + t });
    return !(await find(c, 'group:grp' + t)).includes(a);
  },
);

add(
  {
    id: 'artists-plain-name-skips-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| anything else | search base name and other names |',
    description: 'A search[name] without a prefix only looks at base names, not at other names.',
    kind: 'spec-reader',
    onRequest: nameRule((v) => (/^(http|name:|other:|group:|status:)/.test(v) ? null : 'name:' + v)),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'ap' + t, 'artist[other_names_comma]': 'alt' + t });
    must((await find(c, 'ap' + t)).includes(a), 'base name found');
    return !(await find(c, 'alt' + t)).includes(a);
  },
);

add(
  {
    id: 'artists-url-string-newline-not-split',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'Newlines in artist[url_string] are not treated as delimiters (they are stripped), so URLs on separate lines run together.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!(is(req, 'POST', LIST) || is(req, 'PUT', /^\/artists\/\d+$/))) return req;
      const f = form(req);
      const u = f.get('artist[url_string]');
      if (!u || !/\n/.test(u)) return req;
      f.set('artist[url_string]', u.replace(/\r?\n/g, ''));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'al' + t, 'artist[url_string]': `http://one.example/${t}\nhttp://two.example/${t}` });
    return !(await find(c, `http://two.example/${t}`)).includes(a);
  },
);

add(
  {
    id: 'artists-other-names-update-appends',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'Updating artist[other_names_comma] adds the new names to the old ones instead of replacing the list.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/artists\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (!f.get('artist[other_names_comma]')) return req;
      const cur = await upGet(ctx, req, `/artists/${m[1]}.json`);
      if (cur?.other_names_comma) f.set('artist[other_names_comma]', cur.other_names_comma + ',' + f.get('artist[other_names_comma]'));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'ar' + t, 'artist[other_names_comma]': `o1${t},o2${t}` });
    await ok(c, 'PUT', `/artists/${a}.json`, { 'artist[other_names_comma]': `o3${t}` });
    must((await find(c, `other:o3${t}`)).includes(a), 'new other name');
    return (await find(c, `other:o1${t}`)).includes(a);
  },
);

add(
  {
    id: 'artists-is-active-on-create-ignored',
    variants: ['B'],
    family: 'artists',
    quote: '| Artist | is_active | 1 or 0 on create and update (B only); true or false in searches (A only) |',
    description: 'artist[is_active]=0 is honoured on update but ignored on create: new artists are always active.',
    kind: 'implementation-bug',
    onRequest: dropForm('POST', LIST, 'artist[is_active]'),
  },
  async (base) => {
    const c = cl(base);
    const a = await artist(c, { 'artist[name]': 'ai' + rand(), 'artist[is_active]': 0 });
    const s = await c.get(`/artists/${a}.json`);
    return s.json.is_active !== false;
  },
);

add(
  {
    id: 'artists-empty-only-ignored',
    variants: ['A'],
    family: 'artists',
    quote: '`search[empty_only]` (A only; true selects artists with 0 posts)',
    description: 'search[empty_only]=true is ignored when search[name] is also given, so artists with posts are listed too.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[empty_only]', (q) => q.has('search[name]')),
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`artist:full${t}`);
    const full = await artist(c, { 'artist[name]': 'full' + t, 'artist[group_name]': 'eo' + t });
    const empty = await artist(c, { 'artist[name]': 'empty' + t, 'artist[group_name]': 'eo' + t });
    const r = await c.get('/artists.json', { 'search[name]': 'group:eo' + t, 'search[empty_only]': 'true' });
    must(ids(r).includes(empty), 'empty listed');
    return ids(r).includes(full);
  },
);

const sortScenario = (key: 'search[order]' | 'search[sort]'): Scenario => async (base) => {
  const c = cl(base), t = rand();
  for (const n of ['m', 'b', 'x', 'd']) await artist(c, { 'artist[name]': `${n}${t}`, 'artist[group_name]': 'so' + t });
  const r = await c.get('/artists.json', { 'search[name]': 'group:so' + t, [key]: 'name' });
  must(ids(r).length === 4, 'four artists');
  return !sortedEitherWay(names(r));
};

add(
  {
    id: 'artists-sort-key-b-ignored',
    variants: ['B'],
    family: 'artists',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant B only reads search[order] (the A key) for artists, so search[sort]=name has no effect.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[sort]'),
  },
  sortScenario('search[sort]'),
);

add(
  {
    id: 'artists-order-ignored-with-name-filter',
    variants: ['A'],
    family: 'artists',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'search[order]=name is ignored when search[name] is present (sort beside a filter falls back to the default order).',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[order]', (q) => q.has('search[name]')),
  },
  sortScenario('search[order]'),
);

add(
  {
    id: 'artists-creator-id-matches-updater',
    variants: ['A'],
    family: 'artists',
    quote: '`search[creator_id]` (A only)',
    description: 'search[creator_id] on artists selects by the last updater, so an artist edited by someone else drops out of its creator\'s search.',
    kind: 'implementation-bug',
    onRequest: filterInstead(LIST, 'search[creator_id]', (it, v) => String(it.updater_id) === v),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold'), t = rand();
    const a = await artist(c, { 'artist[name]': 'ac' + t, 'artist[group_name]': 'cr' + t });
    await ok(g, 'PUT', `/artists/${a}.json`, { 'artist[other_names_comma]': 'ed' + t });
    const me = await userId(c, 'member');
    const r = await c.get('/artists.json', { 'search[name]': 'group:cr' + t, 'search[creator_id]': me });
    return !ids(r).includes(a);
  },
);

add(
  {
    id: 'artists-revert-keeps-urls',
    variants: ['A'],
    family: 'artists',
    quote: '| Revert | PUT /artists/{id}/revert.json | `version_id` REQUIRED (artist version id) |',
    description: 'Reverting an artist restores the names but keeps the current url_string.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/artists\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/artists/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur) await upSend(ctx, req, 'PUT', `/artists/${m[1]}.json`, { 'artist[url_string]': cur.url_string });
      return r;
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'av' + t, 'artist[url_string]': `http://first.example/${t}` });
    await ok(c, 'PUT', `/artists/${a}.json`, { 'artist[url_string]': `http://second.example/${t}`, 'artist[group_name]': 'g' + t });
    const vs = await c.get('/artist_versions.json', { 'search[artist_id]': a });
    const v1 = vs.json.find((x: any) => x.version === 1);
    await ok(c, 'PUT', `/artists/${a}/revert.json`, { version_id: v1.id });
    const s = await c.get(`/artists/${a}.json`);
    must(s.json.group_name === '', 'group reverted');
    return s.json.url_string.includes('second.example');
  },
);

add(
  {
    id: 'artists-banned-lists-everyone',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| Banned | GET /artists/banned.json | none; equivalent to a list search with `search[name]` set to `status:banned` |',
    description: 'GET /artists/banned.json returns the plain artist list (no status:banned filter), so artists that are not banned appear.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', /^\/artists\/banned$/)) return req;
      return { ...req, path: req.path.replace('/artists/banned', '/artists') };
    },
  },
  async (base) => {
    const c = cl(base);
    await artist(c, { 'artist[name]': 'ab' + rand() });
    const r = await c.get('/artists/banned.json');
    must(r.status === 200, 'banned list');
    return (r.json as any[]).some((x) => x.is_banned === false);
  },
);

add(
  {
    id: 'artists-delete-exists-in-b',
    variants: ['B'],
    family: 'artists',
    quote: '| Delete (A only) | DELETE /artists/{id}.json | none |',
    description: 'Variant B also offers DELETE /artists/{id} and answers success, although the operation exists only in A.',
    kind: 'spec-reader',
    onRequest(req) {
      const m = /^\/artists\/(\d+)$/.exec(bare(req));
      if (req.method !== 'DELETE' || !m) return req;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
  async (base) => {
    const c = cl(base);
    const a = await artist(c, { 'artist[name]': 'ad' + rand() });
    const r = await c.send('DELETE', `/artists/${a}.json`);
    return r.status === 200 && r.json?.success === true;
  },
);

add(
  {
    id: 'artists-url-string-space-not-delimiter',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'artist[url_string] is split on newlines only; URLs separated by spaces stay one (space-escaped) URL.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!(is(req, 'POST', LIST) || is(req, 'PUT', /^\/artists\/\d+$/))) return req;
      const f = form(req);
      const u = f.get('artist[url_string]');
      if (!u || /\n/.test(u) || !/ /.test(u.trim())) return req;
      f.set('artist[url_string]', u.trim().replace(/ +/g, '%20'));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'as' + t, 'artist[url_string]': `http://u1.example/${t} http://u2.example/${t}` });
    return !(await find(c, `http://u2.example/${t}`)).includes(a);
  },
);

add(
  {
    id: 'artists-other-names-split-on-spaces',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'artist[other_names_comma] is split like a tag string (on spaces as well as commas), so an other name containing a space becomes two names.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!(is(req, 'POST', LIST) || is(req, 'PUT', /^\/artists\/\d+$/))) return req;
      const f = form(req);
      const o = f.get('artist[other_names_comma]');
      if (!o || !/ /.test(o.trim())) return req;
      f.set('artist[other_names_comma]', o.trim().split(/[\s,]+/).join(','));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const a = await artist(c, { 'artist[name]': 'os' + t, 'artist[other_names_comma]': `first${t} last${t},solo${t}` });
    return !(await find(c, `other:first${t} last${t}`)).includes(a);
  },
);
