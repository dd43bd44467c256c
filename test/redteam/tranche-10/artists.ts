// @ts-nocheck: frozen red-team code (see all.ts)
// Artists.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, formFault, idOf, ids, is, listFault, ok, queryFault, sortedBy, uid, upGet, type Scenario, type V } from './h.ts';

const name = (q: URLSearchParams) => q.get('search[name]') ?? '';
const LIST = /^\/artists\.json$/;

export const faults: Fault[] = [
  F({
    id: 'artists-url-search-treated-as-name',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| http | search artists having this URL |',
    description: 'search[name] beginning with http is not routed to the URL search and is compared with base names, finding nothing.',
    onRequest: queryFault(LIST, (q) => name(q).startsWith('http'), (q) => q.set('search[name]', 'name:' + name(q))),
  }),
  F({
    id: 'artists-name-prefix-also-searches-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| name: | search by base name |',
    description: 'The name: prefix is stripped and the rest is searched like a plain value, i.e. in base names and other names.',
    onRequest: queryFault(LIST, (q) => name(q).startsWith('name:'), (q) => q.set('search[name]', name(q).slice(5))),
  }),
  F({
    id: 'artists-other-prefix-searches-base-name',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| other: | search in other names |',
    description: 'The other: branch queries the base-name column, so artists are not found by their alternative names.',
    onRequest: queryFault(LIST, (q) => name(q).startsWith('other:'), (q) => q.set('search[name]', 'name:' + name(q).slice(6))),
  }),
  F({
    id: 'artists-group-prefix-not-parsed',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '| group: | search artists of the named group |',
    description: 'The group: prefix is not recognised; "group:x" is searched as a literal name and finds nothing.',
    onRequest: queryFault(LIST, (q) => name(q).startsWith('group:') && !q.get('search[order]') && !q.get('search[sort]'), (q) => q.set('search[name]', 'name:' + name(q))),
  }),
  F({
    id: 'artists-plain-search-base-name-only',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| anything else | search base name and other names |',
    description: 'A search[name] without prefix matches base names only; artists known by that other name are missed.',
    onRequest: queryFault(LIST, (q) => !!name(q) && !/^(http|name:|other:|group:|status:)/.test(name(q)), (q) => q.set('search[name]', 'name:' + name(q))),
  }),
  F({
    id: 'artists-url-string-newline-not-a-delimiter',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'url_string is split on spaces only; URLs on separate lines are glued into one bogus URL.',
    onRequest: formFault('POST', /^\/artists\.json$/, (f) => /\n/.test(f.get('artist[url_string]') ?? ''), (f) => f.set('artist[url_string]', f.get('artist[url_string]')!.replace(/\r?\n/g, ''))),
  }),
  F({
    id: 'artists-other-names-first-only',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'Only the first comma-delimited alternative name is stored on update.',
    onRequest: formFault('PUT', /^\/artists\/\d+\.json$/, (f) => (f.get('artist[other_names_comma]') ?? '').includes(','), (f) => f.set('artist[other_names_comma]', f.get('artist[other_names_comma]')!.split(',')[0])),
  }),
  F({
    id: 'artists-update-clears-unsent-group',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| Update | PUT /artists/{id}.json | same parameters as create |',
    description: '"same parameters as create" is read as a full replacement: an artist update that does not send artist[group_name] blanks the group.',
    onRequest: formFault('PUT', /^\/artists\/\d+\.json$/, (f) => f.get('artist[group_name]') === null && f.get('artist[other_names_comma]') === null, (f) => f.set('artist[group_name]', '')),
  }),
  F({
    id: 'artists-b-is-active-zero-ignored',
    variants: ['B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '`artist[is_active]` (B only; 1 or 0)',
    description: 'artist[is_active] is tested for presence rather than value, so is_active=0 on create leaves the artist active.',
    onRequest: formFault('POST', /^\/artists\.json$/, (f) => f.get('artist[is_active]') === '0', (f) => f.delete('artist[is_active]')),
  }),
  F({
    id: 'artists-b-sort-key-ignored',
    variants: ['B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant B reads the artist sort key from search[order] like variant A; search[sort]=name is ignored.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[sort]'), (q) => q.delete('search[sort]')),
  }),
  F({
    id: 'artists-a-order-ignored-with-group-search',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'When search[name] uses the group: prefix, the group branch returns its own ordering and search[order]=name is dropped.',
    onRequest: queryFault(LIST, (q) => name(q).startsWith('group:') && q.get('search[order]') === 'name', (q) => q.delete('search[order]')),
  }),
  F({
    id: 'artists-a-empty-only-inverted',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[empty_only]` (A only; true selects artists with 0 posts)',
    description: 'search[empty_only]=true selects the artists that do have posts.',
    onResponse: listFault(LIST, (q) => q.get('search[empty_only]') === 'true', async (l, req, ctx) => {
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (k !== 'search[empty_only]' && !['login', 'api_key'].includes(k)) q[k] = v;
      const all = await upGet(ctx, req, '/artists.json', q);
      const empty = new Set(l.map((a: any) => a.id));
      return (Array.isArray(all) ? all : []).filter((a: any) => !empty.has(a.id));
    }),
  }),
  F({
    id: 'artists-a-creator-id-ignored',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[creator_id]` (A only)',
    description: 'search[creator_id] is not applied when combined with search[name].',
    onRequest: queryFault(LIST, (q) => !!q.get('search[creator_id]') && !!name(q), (q) => q.delete('search[creator_id]')),
  }),
  F({
    id: 'artists-a-is-banned-false-matches-nothing',
    variants: ['A'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`search[is_banned]` (A only; true or false)',
    description: 'The string "false" is treated as truthy, so search[is_banned]=false selects banned artists only and misses ordinary ones.',
    onRequest: queryFault(LIST, (q) => q.get('search[is_banned]') === 'false', (q) => q.set('search[is_banned]', 'true')),
  }),
];

async function artist(base: string, who: string, p: Record<string, string | number>): Promise<number> {
  return idOf(await cl(base, who).send('POST', '/artists.json', p), 'artist create');
}

async function sortCheck(base: string, v: V, key: string): Promise<boolean> {
  const r = R();
  const g = 'grp_' + r;
  for (const n of ['bb', 'cc', 'aa']) await artist(base, 'member', { 'artist[name]': `${n}_${r}`, 'artist[group_name]': g });
  const got = ok(await cl(base).get('/artists.json', { 'search[name]': `group:${g}`, [key]: 'name' })).json;
  return got.length !== 3 || !sortedBy(got, (a: any) => a.name);
}

export const checks: Record<string, Scenario> = {
  'artists-url-search-treated-as-name': async (base) => {
    const r = R();
    const id = await artist(base, 'member', { 'artist[name]': `u_${r}`, 'artist[url_string]': `http://one.example/${r} http://two.example/${r}` });
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `http://two.example/${r}` }))).includes(id);
  },
  'artists-name-prefix-also-searches-other-names': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `zz_${r}`, 'artist[other_names_comma]': `yy_${r}` });
    const b = await artist(base, 'member', { 'artist[name]': `yy_${r}` });
    const got = ids(ok(await cl(base).get('/artists.json', { 'search[name]': `name:yy_${r}` })));
    return got.includes(a) || !got.includes(b);
  },
  'artists-other-prefix-searches-base-name': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `zz_${r}`, 'artist[other_names_comma]': `yy_${r}` });
    const b = await artist(base, 'member', { 'artist[name]': `yy_${r}` });
    const got = ids(ok(await cl(base).get('/artists.json', { 'search[name]': `other:yy_${r}` })));
    return got.includes(b) || !got.includes(a);
  },
  'artists-group-prefix-not-parsed': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `gm_${r}`, 'artist[group_name]': `circle_${r}` });
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `group:circle_${r}` }))).includes(a);
  },
  'artists-plain-search-base-name-only': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `zz_${r}`, 'artist[other_names_comma]': `yy_${r}` });
    const b = await artist(base, 'member', { 'artist[name]': `yy_${r}` });
    const got = ids(ok(await cl(base).get('/artists.json', { 'search[name]': `yy_${r}` })));
    return !got.includes(a) || !got.includes(b);
  },
  'artists-url-string-newline-not-a-delimiter': async (base) => {
    const r = R();
    const id = await artist(base, 'member', { 'artist[name]': `nl_${r}`, 'artist[url_string]': `http://one.example/${r}\nhttp://two.example/${r}` });
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `http://two.example/${r}` }))).includes(id);
  },
  'artists-other-names-first-only': async (base) => {
    const r = R();
    const id = await artist(base, 'member', { 'artist[name]': `on_${r}` });
    ok(await cl(base, 'member2').send('PUT', `/artists/${id}.json`, { 'artist[other_names_comma]': `o1_${r},o2_${r}` }));
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `other:o2_${r}` }))).includes(id);
  },
  'artists-update-clears-unsent-group': async (base) => {
    const r = R();
    const id = await artist(base, 'member', { 'artist[name]': `ug_${r}`, 'artist[group_name]': `band_${r}` });
    ok(await cl(base, 'member2').send('PUT', `/artists/${id}.json`, { 'artist[url_string]': `http://x.example/${r}` }));
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `group:band_${r}` }))).includes(id);
  },
  'artists-b-is-active-zero-ignored': async (base) => {
    const id = await artist(base, 'member', { 'artist[name]': `ia_${R()}`, 'artist[is_active]': 0 });
    const a = ok(await cl(base).get(`/artists/${id}.json`)).json;
    return !(a.is_active === false || a.is_active === 0 || a.is_active === '0');
  },
  'artists-b-sort-key-ignored': async (base, v) => sortCheck(base, v, 'search[sort]'),
  'artists-a-order-ignored-with-group-search': async (base, v) => sortCheck(base, v, 'search[order]'),
  'artists-a-empty-only-inverted': async (base) => {
    const r = R();
    const busy = await artist(base, 'member', { 'artist[name]': `busy_${r}`, 'artist[other_names_comma]': `shared_${r}` });
    const idle = await artist(base, 'member', { 'artist[name]': `idle_${r}`, 'artist[other_names_comma]': `shared_${r}` });
    await cl(base).post(`busy_${r}`);
    const got = ids(ok(await cl(base).get('/artists.json', { 'search[name]': `shared_${r}`, 'search[empty_only]': 'true' })));
    return got.includes(busy) || !got.includes(idle);
  },
  'artists-a-creator-id-ignored': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `ca_${r}`, 'artist[other_names_comma]': `shared_${r}` });
    const b = await artist(base, 'member2', { 'artist[name]': `cb_${r}`, 'artist[other_names_comma]': `shared_${r}` });
    const got = ids(ok(await cl(base).get('/artists.json', { 'search[name]': `shared_${r}`, 'search[creator_id]': await uid(base, 'member2') })));
    return got.includes(a) || !got.includes(b);
  },
  'artists-a-is-banned-false-matches-nothing': async (base) => {
    const r = R();
    const a = await artist(base, 'member', { 'artist[name]': `nb_${r}` });
    return !ids(ok(await cl(base).get('/artists.json', { 'search[name]': `name:nb_${r}`, 'search[is_banned]': 'false' }))).includes(a);
  },
};
