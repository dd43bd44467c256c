// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, type V, who, rand, is, params, withParams, dropParam, rewriteParams, mapList, upGet, upSend, envelope, monotonic, sortKey, must, userId } from './h.ts';

const LIST = /^\/artists\.json$/;
const ONE = /^\/artists\/(\d+)\.json$/;
const nameIs = (re: RegExp) => (p: URLSearchParams) => re.test(p.get('search[name]') ?? '');

export const faults: Fault[] = [
  {
    id: 'artists-url-search-treated-as-name',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| http | search artists having this URL |',
    description: 'A search[name] beginning with http is matched against base names instead of URLs.',
    ...rewriteParams('GET', LIST, nameIs(/^http/), (p) => p.set('search[name]', 'name:' + p.get('search[name]'))),
  },
  {
    id: 'artists-name-prefix-also-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| name: | search by base name |',
    description: 'name: searches base name and other names alike (prefix stripped, treated as a plain search).',
    ...rewriteParams('GET', LIST, nameIs(/^name:/), (p) => p.set('search[name]', (p.get('search[name]') ?? '').slice(5))),
  },
  {
    id: 'artists-other-prefix-searches-base-name',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| other: | search in other names |',
    description: 'other: is dispatched to the base-name search.',
    ...rewriteParams('GET', LIST, nameIs(/^other:/), (p) => p.set('search[name]', 'name:' + (p.get('search[name]') ?? '').slice(6))),
  },
  {
    id: 'artists-group-prefix-not-recognised',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| group: | search artists of the named group |',
    description: 'group: is not recognised; the value after it is searched as a name.',
    ...rewriteParams('GET', LIST, nameIs(/^group:/), (p) => p.set('search[name]', (p.get('search[name]') ?? '').slice(6))),
  },
  {
    id: 'artists-plain-name-base-only',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| anything else | search base name and other names |',
    description: 'A search[name] without a prefix only searches base names, not other names.',
    ...rewriteParams('GET', LIST, (p) => p.has('search[name]') && !/^(http|name:|other:|group:|status:)/.test(p.get('search[name]') ?? ''), (p) => p.set('search[name]', 'name:' + p.get('search[name]'))),
  },
  {
    id: 'artists-banned-endpoint-lists-all',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: 'none; equivalent to a list search with `search[name]` set to `status:banned`',
    description: 'GET /artists/banned.json returns the plain artist list without the banned filter.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/artists\/banned\.json$/)) return req;
      return { ...req, path: '/artists.json' };
    },
  },
  {
    id: 'artists-id-ignored-with-name',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[name]` (behaviour depends on its start, see below); `search[id]`',
    description: 'search[id] is ignored when search[name] is also given.',
    ...dropParam('GET', LIST, 'search[id]', (p) => p.has('search[name]')),
  },
  {
    id: 'artists-order-ignored-a',
    variants: ['A'],
    family: 'artists',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant A reads the sort key from search[sort]; search[order] is ignored.',
    ...dropParam('GET', LIST, 'search[order]'),
  },
  {
    id: 'artists-sort-ignored-b',
    variants: ['B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant B reads the sort key from search[order]; search[sort] is ignored.',
    ...dropParam('GET', LIST, 'search[sort]'),
  },
  {
    id: 'artists-update-other-names-appended',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'An update of other_names_comma appends the new names to the old ones instead of replacing them.',
    async onRequest(req, ctx) {
      const m = ONE.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const v = params(req).get('artist[other_names_comma]');
      if (v === null) return req;
      const cur = await upGet(ctx, req, `/artists/${m[1]}.json`);
      if (!cur?.other_names_comma) return req;
      return withParams(req, (q) => q.set('artist[other_names_comma]', `${cur.other_names_comma},${v}`));
    },
  },
  {
    id: 'artists-url-string-newline-not-split',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'Only spaces separate URLs; URLs separated by newlines are kept as one run-together URL.',
    ...rewriteParams('POST', LIST, (p) => /[\r\n]/.test(p.get('artist[url_string]') ?? ''), (p) => p.set('artist[url_string]', (p.get('artist[url_string]') ?? '').replace(/\r?\n/g, '%0A'))),
  },
  {
    id: 'artists-create-other-names-first-only',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'On create only the first comma-delimited other name is kept.',
    ...rewriteParams('POST', LIST, (p) => (p.get('artist[other_names_comma]') ?? '').includes(','), (p) => p.set('artist[other_names_comma]', (p.get('artist[other_names_comma]') ?? '').split(',')[0])),
  },
  {
    id: 'artists-is-active-zero-ignored-b',
    variants: ['B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[is_active]` (B only; 1 or 0)',
    description: 'artist[is_active]=0 on create is ignored (only "false" would be understood).',
    ...dropParam('POST', LIST, 'artist[is_active]', (p) => p.get('artist[is_active]') === '0'),
  },
  {
    id: 'artists-empty-only-ignored',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[empty_only]` (A only; true selects artists with 0 posts)',
    description: 'search[empty_only] is ignored when search[name] is given.',
    ...dropParam('GET', LIST, 'search[empty_only]', (p) => p.has('search[name]')),
  },
  {
    id: 'artists-revert-keeps-group-name',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`version_id` REQUIRED (artist version id)',
    description: 'Revert restores name and other names but keeps the current group name.',
    async onRequest(req, ctx) {
      const m = /^\/artists\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/artists/${m[1]}.json`);
      if (typeof cur?.group_name === 'string') ctx.state.set('group:' + m[1], cur.group_name);
      return req;
    },
    async onResponse(req, res, ctx) {
      const m = /^\/artists\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m || res.status !== 200) return res;
      const g = ctx.state.get('group:' + m[1]) as string | undefined;
      if (g !== undefined) await upSend(ctx, req, 'PUT', `/artists/${m[1]}.json`, { 'artist[group_name]': g });
      return res;
    },
  },
  {
    id: 'artists-delete-exists-in-b',
    variants: ['B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| Delete (A only) | DELETE /artists/{id}.json | none |',
    description: 'Variant B offers artist delete and answers it with success.',
    onRequest(req) {
      const m = ONE.exec(req.path);
      if (req.method !== 'DELETE' || !m) return req;
      return envelope(200, true, '', { id: Number(m[1]) });
    },
  },
  {
    id: 'artists-creator-name-ignored',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[creator_name]` (A only)',
    description: 'search[creator_name] on artists is ignored when search[name] is given.',
    ...dropParam('GET', LIST, 'search[creator_name]', (p) => p.has('search[name]')),
  },
];

const mk = (base: string, fields: Record<string, string | number>, as = 'member') =>
  who(base, as).send('POST', '/artists.json', fields).then((r) => must(r, 'artist').id as number);
const names = (r: any): string[] => (Array.isArray(r.json) ? r.json.map((a: any) => a.name) : []);
const aids = (r: any): number[] => (Array.isArray(r.json) ? r.json.map((a: any) => a.id) : []);

export const checks: Record<string, Scenario> = {
  async 'artists-url-search-treated-as-name'(base) {
    const s = rand();
    const id = await mk(base, { 'artist[name]': 'au_' + s, 'artist[url_string]': `http://example.com/u/${s}` });
    return !aids(await who(base).get('/artists.json', { 'search[name]': `http://example.com/u/${s}` })).includes(id);
  },
  async 'artists-name-prefix-also-other-names'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'an_' + s });
    const b = await mk(base, { 'artist[name]': 'ab_' + s, 'artist[other_names_comma]': 'an_' + s });
    const l = aids(await who(base).get('/artists.json', { 'search[name]': 'name:an_' + s }));
    return !(l.includes(a) && !l.includes(b));
  },
  async 'artists-other-prefix-searches-base-name'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'ao_' + s, 'artist[other_names_comma]': 'aother_' + s });
    return !aids(await who(base).get('/artists.json', { 'search[name]': 'other:aother_' + s })).includes(a);
  },
  async 'artists-group-prefix-not-recognised'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'ag_' + s, 'artist[group_name]': 'circle_' + s });
    return !aids(await who(base).get('/artists.json', { 'search[name]': 'group:circle_' + s })).includes(a);
  },
  async 'artists-plain-name-base-only'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'ap_' + s, 'artist[other_names_comma]': 'apalias_' + s });
    return !aids(await who(base).get('/artists.json', { 'search[name]': 'apalias_' + s })).includes(a);
  },
  async 'artists-banned-endpoint-lists-all'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'abn_' + s });
    const banned = aids(await who(base).get('/artists/banned.json'));
    const viaSearch = aids(await who(base).get('/artists.json', { 'search[name]': 'status:banned' }));
    return banned.includes(a) !== viaSearch.includes(a);
  },
  async 'artists-id-ignored-with-name'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'ai1_' + s, 'artist[group_name]': 'gi_' + s });
    await mk(base, { 'artist[name]': 'ai2_' + s, 'artist[group_name]': 'gi_' + s });
    const l = aids(await who(base).get('/artists.json', { 'search[name]': 'group:gi_' + s, 'search[id]': a }));
    return !(l.length === 1 && l[0] === a);
  },
  async 'artists-order-ignored-a'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await mk(base, { 'artist[name]': `${n}_${s}`, 'artist[group_name]': 'go_' + s });
    const l = names(await who(base).get('/artists.json', { 'search[name]': 'group:go_' + s, [sortKey(v)]: 'name' }));
    return !(l.length === 3 && monotonic(l));
  },
  async 'artists-sort-ignored-b'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await mk(base, { 'artist[name]': `${n}_${s}`, 'artist[group_name]': 'gs_' + s });
    const l = names(await who(base).get('/artists.json', { 'search[name]': 'group:gs_' + s, [sortKey(v)]: 'name' }));
    return !(l.length === 3 && monotonic(l));
  },
  async 'artists-update-other-names-appended'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'aup_' + s, 'artist[other_names_comma]': 'oldname_' + s });
    must(await who(base).send('PUT', `/artists/${a}.json`, { 'artist[other_names_comma]': 'newname_' + s }), 'update');
    const l = aids(await who(base).get('/artists.json', { 'search[name]': 'other:oldname_' + s }));
    const l2 = aids(await who(base).get('/artists.json', { 'search[name]': 'other:newname_' + s }));
    return l.includes(a) || !l2.includes(a);
  },
  async 'artists-url-string-newline-not-split'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'anl_' + s, 'artist[url_string]': `http://example.com/one/${s}\nhttp://example.net/two/${s}` });
    return !aids(await who(base).get('/artists.json', { 'search[name]': `http://example.net/two/${s}` })).includes(a);
  },
  async 'artists-create-other-names-first-only'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'aof_' + s, 'artist[other_names_comma]': `first_${s},second_${s}` });
    return !aids(await who(base).get('/artists.json', { 'search[name]': 'other:second_' + s })).includes(a);
  },
  async 'artists-is-active-zero-ignored-b'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'aia_' + s, 'artist[is_active]': 0 });
    return (await who(base).get(`/artists/${a}.json`)).json?.is_active !== false;
  },
  async 'artists-empty-only-ignored'(base) {
    const s = rand();
    await mk(base, { 'artist[name]': 'aef_' + s, 'artist[group_name]': 'ge_' + s });
    const empty = await mk(base, { 'artist[name]': 'aee_' + s, 'artist[group_name]': 'ge_' + s });
    await who(base).post(`artist:aef_${s} pic_${s}`);
    const l = aids(await who(base).get('/artists.json', { 'search[name]': 'group:ge_' + s, 'search[empty_only]': 'true' }));
    return !(l.length === 1 && l[0] === empty);
  },
  async 'artists-revert-keeps-group-name'(base) {
    const s = rand();
    const c = who(base);
    const a = await mk(base, { 'artist[name]': 'arv_' + s, 'artist[group_name]': 'g1_' + s });
    must(await c.send('PUT', `/artists/${a}.json`, { 'artist[group_name]': 'g2_' + s, 'artist[other_names_comma]': 'on_' + s }), 'update');
    const vs = (await c.get('/artist_versions.json', { 'search[artist_id]': a })).json as any[];
    const vid = Math.min(...vs.map((x) => x.id));
    must(await c.send('PUT', `/artists/${a}/revert.json`, { version_id: vid }), 'revert');
    const r = (await c.get(`/artists/${a}.json`)).json;
    return !(r.group_name === 'g1_' + s && r.other_names_comma === '');
  },
  async 'artists-delete-exists-in-b'(base) {
    const s = rand();
    const a = await mk(base, { 'artist[name]': 'adl_' + s });
    const r = await who(base).send('DELETE', `/artists/${a}.json`);
    return r.status >= 200 && r.status < 300 && r.json?.success !== false;
  },
  async 'artists-creator-name-ignored'(base) {
    const s = rand();
    await mk(base, { 'artist[name]': 'acn1_' + s, 'artist[group_name]': 'gc_' + s });
    const b = await mk(base, { 'artist[name]': 'acn2_' + s, 'artist[group_name]': 'gc_' + s }, 'member2');
    const l = aids(await who(base).get('/artists.json', { 'search[name]': 'group:gc_' + s, 'search[creator_name]': who(base, 'member2').account!.name }));
    return !(l.length === 1 && l[0] === b);
  },
};
