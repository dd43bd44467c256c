// @ts-nocheck: frozen red-team code (see all.ts)
// Artists and artist versions.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { cl, created, drop, has, jsonOf, listIds, mapList, on, ok, params, rand, rewrite, show, up, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const AL = /^\/artists$/;
const art = (base: string, p: Record<string, string | number>, who: 'member' | 'member2' = 'member') =>
  created(cl(base, who).send('POST', '/artists.json', Object.fromEntries(Object.entries(p).map(([k, v]) => [`artist[${k}]`, v]))), 'artist');
const find = (base: string, name: string, extra: Record<string, string | number> = {}) => listIds(cl(base), '/artists.json', { 'search[name]': name, ...extra });
const nameRw = (id: string, kind: 'spec-reader' | 'implementation-bug', quote: string, description: string, when: (n: string) => boolean, to: (n: string) => string) =>
  rewrite({ id, variants: ['A', 'B'], family: 'artists', quote, kind, description }, 'GET', AL, (p) => when(p.get('search[name]') ?? ''), (p) => p.set('search[name]', to(p.get('search[name]')!)));

add(
  nameRw('artists-other-prefix-searches-base-name', 'spec-reader', Q.AN_OTHER, '`other:` is read as a synonym of `name:`, so the value is looked up in base names only.',
    (n) => n.startsWith('other:'), (n) => 'name:' + n.slice(6)),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, other_names_comma: `o_${s}` });
    return !(await find(base, `other:o_${s}`)).includes(a);
  },
);
add(
  nameRw('artists-name-prefix-also-other-names', 'spec-reader', Q.AN_NAME, '`name:` is treated like an unprefixed term, so artists whose other names match are listed too.',
    (n) => n.startsWith('name:'), (n) => n.slice(5)),
  async (base) => {
    const s = rand(); await art(base, { name: `n_${s}` }); const b = await art(base, { name: `m_${s}`, other_names_comma: `n_${s}` });
    return (await find(base, `name:n_${s}`)).includes(b);
  },
);
add(
  nameRw('artists-plain-term-base-name-only', 'spec-reader', Q.AN_ELSE, 'An unprefixed term searches the base name only; other names are not searched.',
    (n) => n !== '' && !/^(http|name:|other:|group:|status:banned)/.test(n), (n) => 'name:' + n),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, other_names_comma: `alt_${s}` });
    return !(await find(base, `alt_${s}`)).includes(a);
  },
);
add(
  nameRw('artists-group-prefix-not-recognised', 'spec-reader', Q.AN_GROUP, '`group:` is not recognised as a prefix; the remainder is searched among names instead of group names.',
    (n) => n.startsWith('group:'), (n) => n.slice(6)),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, group_name: `g_${s}` });
    return !(await find(base, `group:g_${s}`)).includes(a);
  },
);
add(
  nameRw('artists-https-url-searched-as-name', 'implementation-bug', Q.AN_HTTP, 'Only values beginning with `http://` are taken as URL searches; an `https://` value is searched among names.',
    (n) => n.startsWith('https://'), (n) => 'name:' + n),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, url_string: `https://art.example.com/${s}` });
    return !(await find(base, `https://art.example.com/${s}`)).includes(a);
  },
);
add(
  nameRw('artists-status-banned-lists-everyone', 'implementation-bug', Q.AN_STATUS, '`status:banned` is parsed as an empty filter, so artists that are not banned are listed.',
    (n) => n === 'status:banned', () => ''),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}` });
    return (await find(base, 'status:banned')).includes(a);
  },
);
add(
  {
    id: 'artists-banned-endpoint-lists-all', variants: ['A', 'B'], family: 'artists', quote: Q.ARTISTS_BANNED, kind: 'implementation-bug',
    description: 'GET /artists/banned returns the unfiltered artist list instead of banned artists only.',
    onRequest(req) {
      if (!on(req, 'GET', /^\/artists\/banned$/)) return req;
      return { ...req, path: req.path.replace('/artists/banned', '/artists') };
    },
  },
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}` });
    return (await listIds(cl(base), '/artists/banned.json', {})).includes(a);
  },
);
const orderCheck = async (base: string, key: string) => {
  const s = rand();
  const a = await art(base, { name: `aa_${s}`, group_name: `g_${s}` });
  const z = await art(base, { name: `zz_${s}`, group_name: `g_${s}` });
  const l = await find(base, `group:g_${s}`, { [key]: 'name' });
  return !(l.indexOf(a) >= 0 && l.indexOf(a) < l.indexOf(z));
};
add(
  drop({ id: 'artists-order-key-ignored-in-a', variants: ['A'], family: 'artists', quote: Q.ARTISTS_LIST, kind: 'spec-reader',
    description: 'Variant A reads the sort key from `search[sort]` (the B name); `search[order]=name` is ignored.' },
  'GET', AL, (p) => has(p, 'search[order]'), ['search[order]']),
  (base) => orderCheck(base, 'search[order]'),
);
add(
  drop({ id: 'artists-sort-key-ignored-in-b', variants: ['B'], family: 'artists', quote: Q.ARTISTS_LIST, kind: 'spec-reader',
    description: 'Variant B reads the sort key from `search[order]` (the A name); `search[sort]=name` is ignored.' },
  'GET', AL, (p) => has(p, 'search[sort]'), ['search[sort]']),
  (base) => orderCheck(base, 'search[sort]'),
);
add(
  {
    id: 'artists-empty-only-inverted', variants: ['A'], family: 'artists', quote: Q.ARTISTS_LIST, kind: 'spec-reader',
    description: '`search[empty_only]=true` is read as "exclude empty artists": artists with 0 posts are left out.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', AL) || params(req).get('search[empty_only]') !== 'true') return req;
      const p = params(req); p.delete('search[empty_only]'); p.set('limit', '100');
      const allRes = await ctx.upstream({ ...req, query: p });
      const empty = jsonOf(await ctx.upstream(req));
      const e = new Set((Array.isArray(empty) ? empty : []).map((a: any) => a.id));
      return mapList(allRes, (l) => l.filter((a) => !e.has(a.id)));
    },
  },
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}` });
    return !(await find(base, `b_${s}`, { 'search[empty_only]': 'true' })).includes(a);
  },
);
add(
  rewrite({ id: 'artists-update-clears-urls', variants: ['A', 'B'], family: 'artists', quote: Q.ARTISTS_UPDATE, kind: 'implementation-bug',
    description: 'An artist update that does not send `artist[url_string]` erases the URLs.' },
  'PUT', /^\/artists\/\d+$/, (p) => !p.has('artist[url_string]') && [...p.keys()].some((k) => k.startsWith('artist[')), (p) => p.set('artist[url_string]', '')),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, url_string: `http://art.example.com/${s}` });
    ok(await cl(base).send('PUT', `/artists/${a}.json`, { 'artist[group_name]': `g_${s}` }));
    return !(await find(base, `http://art.example.com/${s}`)).includes(a);
  },
);
add(
  rewrite({ id: 'artists-other-names-first-only', variants: ['A', 'B'], family: 'artists', quote: Q.ARTISTS_CREATE, kind: 'implementation-bug',
    description: 'Only the first entry of a comma-delimited `artist[other_names_comma]` is stored on create.' },
  'POST', AL, (p) => (p.get('artist[other_names_comma]') ?? '').includes(','), (p) => p.set('artist[other_names_comma]', p.get('artist[other_names_comma]')!.split(',')[0])),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, other_names_comma: `o1_${s},o2_${s}` });
    return !(await find(base, `other:o2_${s}`)).includes(a);
  },
);
add(
  rewrite({ id: 'artists-url-newline-not-split', variants: ['A', 'B'], family: 'artists', quote: Q.ARTISTS_CREATE, kind: 'spec-reader',
    description: '`artist[url_string]` is split on spaces only; URLs separated by a newline run together into one URL.' },
  'POST', AL, (p) => (p.get('artist[url_string]') ?? '').includes('\n'), (p) => p.set('artist[url_string]', p.get('artist[url_string]')!.replace(/\r?\n/g, ''))),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, url_string: `http://one.example.com/${s}\nhttp://two.example.com/${s}` });
    return !(await find(base, `http://two.example.com/${s}`)).includes(a);
  },
);
add(
  drop({ id: 'artists-is-active-zero-ignored-on-create', variants: ['B'], family: 'artists', quote: Q.ARTIST_ACTIVE_STATE, kind: 'implementation-bug',
    description: '`artist[is_active]=0` on create is ignored (falsy value skipped), so the artist is created active.' },
  'POST', AL, (p) => p.get('artist[is_active]') === '0', ['artist[is_active]']),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, is_active: 0 });
    return (await show(cl(base), `/artists/${a}.json`)).is_active !== false;
  },
);
add(
  rewrite({ id: 'artists-is-active-zero-truthy-on-update', variants: ['B'], family: 'artists', quote: Q.ARTISTS_CREATE, kind: 'spec-reader',
    description: '`artist[is_active]` is read as a string flag, so "0" on update counts as true and the artist stays active.' },
  'PUT', /^\/artists\/\d+$/, (p) => p.get('artist[is_active]') === '0', (p) => p.set('artist[is_active]', '1')),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}` });
    ok(await cl(base).send('PUT', `/artists/${a}.json`, { 'artist[is_active]': 0 }));
    return (await show(cl(base), `/artists/${a}.json`)).is_active !== false;
  },
);
add(
  {
    id: 'artists-revert-keeps-other-names', variants: ['A'], family: 'artists', quote: Q.ARTISTS_REVERT, kind: 'implementation-bug',
    description: 'An artist revert restores the name and URLs but keeps the current other names.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/artists\/(\d+)\/revert$/);
      if (!m) return req;
      const cur = await up(ctx, req, 'GET', `/artists/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur.status === 200) await up(ctx, req, 'PUT', `/artists/${m[1]}.json`, { 'artist[other_names_comma]': cur.json.other_names_comma ?? '' });
      return r;
    },
  },
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, other_names_comma: `o1_${s}` });
    ok(await cl(base).send('PUT', `/artists/${a}.json`, { 'artist[other_names_comma]': `o2_${s}` }));
    const vid = Math.min(...((await cl(base).get('/artist_versions.json', { 'search[artist_id]': a })).json as any[]).map((x) => x.id));
    ok(await cl(base).send('PUT', `/artists/${a}/revert.json`, { version_id: vid }));
    return !(await find(base, `other:o1_${s}`)).includes(a);
  },
);
add(
  drop({ id: 'artists-update-group-dropped-with-name', variants: ['A', 'B'], family: 'artists', quote: Q.ARTISTS_UPDATE, kind: 'implementation-bug',
    description: 'When `artist[name]` and `artist[group_name]` are updated together, the group name is not saved.' },
  'PUT', /^\/artists\/\d+$/, (p) => has(p, 'artist[name]', 'artist[group_name]'), ['artist[group_name]']),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}`, group_name: `g1_${s}` });
    ok(await cl(base).send('PUT', `/artists/${a}.json`, { 'artist[name]': `c_${s}`, 'artist[group_name]': `g2_${s}` }));
    return !(await find(base, `group:g2_${s}`)).includes(a);
  },
);
add(
  drop({ id: 'artist-versions-updater-dropped-with-artist-id', variants: ['A'], family: 'artists', quote: Q.AV, kind: 'implementation-bug',
    description: 'With `search[artist_id]` given, `search[updater_id]` is ignored in the artist version listing.' },
  'GET', /^\/artist_versions$/, (p) => has(p, 'search[artist_id]', 'search[updater_id]'), ['search[updater_id]']),
  async (base) => {
    const s = rand(); const a = await art(base, { name: `b_${s}` });
    ok(await cl(base, 'member2').send('PUT', `/artists/${a}.json`, { 'artist[group_name]': `g_${s}` }));
    const vs = (await cl(base).get('/artist_versions.json', { 'search[artist_id]': a })).json as any[];
    const first = vs.find((x) => x.version === 1 || x.updater_name === 'conform_member');
    const m2 = (await cl(base).get('/users.json', { 'search[name]': 'conform_member2' })).json[0].id;
    return (await listIds(cl(base), '/artist_versions.json', { 'search[artist_id]': a, 'search[updater_id]': m2 })).includes(first.id);
  },
);
add(
  rewrite({ id: 'artist-versions-artist-id-dropped-with-is-active', variants: ['A'], family: 'artists', quote: Q.AV, kind: 'implementation-bug',
    description: '`search[is_active]=true` is combined with `search[artist_id]` by OR instead of AND, listing versions of other artists.' },
  'GET', /^\/artist_versions$/, (p) => has(p, 'search[artist_id]', 'search[is_active]'), (p) => p.delete('search[artist_id]')),
  async (base) => {
    const s = rand(); await art(base, { name: `b_${s}` }); const b = await art(base, { name: `c_${s}` });
    const vb = ((await cl(base).get('/artist_versions.json', { 'search[artist_id]': b })).json as any[])[0].id;
    const a = await art(base, { name: `d_${s}` });
    return (await listIds(cl(base), '/artist_versions.json', { 'search[artist_id]': a, 'search[is_active]': 'true' })).includes(vb);
  },
);
