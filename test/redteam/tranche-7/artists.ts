// @ts-nocheck: frozen red-team code (see all.ts)
import { envelope, type Fault, type Scenario, is, fmt, json, setJson, form, withForm, withQuery, dropParam, rewriteParam, refilter, lookup, requery, cl, u, who, ids, must, ok, userId } from './h.ts';
const F = 'artists';
const AL = /^\/artists\.(json|xml)$/;
const AS = /^\/artists\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  rewriteParam({
    id: 'artists-http-searched-as-name', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| http | search artists having this URL |',
    description: 'A search[name] beginning with http is matched against names, not URLs, so URL searches find nothing.',
  }, 'GET', AL, 'search[name]', (v) => (v.startsWith('http') ? 'name:' + v : v)),
  rewriteParam({
    id: 'artists-name-prefix-searches-other-names', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| name: | search by base name |',
    description: 'A name: search also matches other names (the prefix is stripped and a general search run).',
  }, 'GET', AL, 'search[name]', (v) => (v.startsWith('name:') ? v.slice(5) : v)),
  rewriteParam({
    id: 'artists-other-prefix-searches-base-name', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| other: | search in other names |',
    description: 'An other: search looks at base names (copy-paste of the name: branch).',
  }, 'GET', AL, 'search[name]', (v) => (v.startsWith('other:') ? 'name:' + v.slice(6) : v)),
  rewriteParam({
    id: 'artists-plain-search-base-name-only', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| anything else | search base name and other names |',
    description: 'A search[name] without a prefix matches base names only, not other names.',
  }, 'GET', AL, 'search[name]', (v) => (/^(http|name:|other:|group:|status:)/.test(v) ? v : 'name:' + v)),
  {
    id: 'artists-banned-lists-all', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'none; equivalent to a list search with `search[name]` set to `status:banned`',
    description: 'GET /artists/banned lists all artists (the banned filter is not applied).',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/artists\/banned\.(json|xml)$/)) return req;
      return ctx.upstream({ ...req, path: req.path.replace('/banned', '') });
    },
  },
  dropParam({
    id: 'artists-order-dropped-with-creator-name', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'search[order] is ignored when search[creator_name] is also given (default date order used).',
  }, 'GET', AL, 'search[order]', ['search[creator_name]']),
  dropParam({
    id: 'artists-b-sort-ignored', family: F, kind: 'spec-reader', variants: ['B'],
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant B ignores search[sort] (only search[order] is read), so name order is never applied.',
  }, 'GET', AL, 'search[sort]'),
  {
    id: 'artists-url-string-space-not-delimiter', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'Only newlines delimit URLs; URLs separated by spaces are stored as one URL.',
    onRequest(req) {
      if (!is(req, 'POST', AL)) return req;
      const s = form(req).get('artist[url_string]');
      if (!s || !/[ \t]/.test(s)) return req;
      return withForm(req, (f) => f.set('artist[url_string]', s.split('\n').map((l) => l.trim().replace(/[ \t]+/g, '%20')).join('\n')));
    },
  },
  dropParam({
    id: 'artists-b-create-inactive-ignored', family: F, kind: 'implementation-bug', variants: ['B'],
    quote: '`artist[is_active]` (B only; 1 or 0)',
    description: 'artist[is_active]=0 on create is treated as absent (falsy check), so the artist stays active.',
  }, 'POST', AL, 'artist[is_active]', [], (v) => v === '0'),
  dropParam({
    id: 'artists-empty-only-ignored-with-id', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[empty_only]` (A only; true selects artists with 0 posts)',
    description: 'search[empty_only] is ignored when search[id] is also given.',
  }, 'GET', AL, 'search[empty_only]', ['search[id]']),
  rewriteParam({
    id: 'artists-is-banned-false-as-true', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[is_banned]` (A only; true or false)',
    description: 'search[is_banned]=false is read as a non-empty string, i.e. true.',
  }, 'GET', AL, 'search[is_banned]', (v) => (v === 'false' ? 'true' : v)),
  {
    id: 'artists-update-other-names-dropped-with-group', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Update | PUT /artists/{id}.json | same parameters as create |',
    description: 'An update setting both artist[group_name] and artist[other_names_comma] keeps the old other names.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', AS)) return req;
      const p = form(req);
      if (!p.has('artist[group_name]') || !p.has('artist[other_names_comma]')) return req;
      const cur = await lookup(ctx, req, req.path.replace(/\.xml$/, '.json'));
      if (!cur || typeof cur.other_names_comma !== 'string') return req;
      return withForm(req, (f) => f.set('artist[other_names_comma]', cur.other_names_comma));
    },
  },
  rewriteParam({
    id: 'artists-group-prefix-searches-name', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| group: | search artists of the named group |',
    description: 'A group: search looks for an artist named like the group instead of artists whose group it is.',
  }, 'GET', AL, 'search[name]', (v) => (v.startsWith('group:') ? 'name:' + v.slice(6) : v)),
  rewriteParam({
    id: 'artists-other-names-not-comma-split', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`artist[other_names_comma]` (comma-delimited alternative names)',
    description: 'artist[other_names_comma] on create is stored as a single name (commas not treated as delimiters).',
  }, 'POST', AL, 'artist[other_names_comma]', (v) => v.replace(/,\s*/g, '_')),
  {
    id: 'artists-b-is-active-rejects-digits', family: F, kind: 'spec-reader', variants: ['B'],
    quote: '| Artist | is_active | 1 or 0 on create and update (B only); true or false in searches (A only) |',
    description: 'Variant B expects true/false for artist[is_active] on create and rejects 1 with 424.',
    onRequest(req) {
      if (!is(req, 'POST', AL) || form(req).get('artist[is_active]') !== '1') return req;
      return envelope(req, 424, false, 'artist[is_active] must be true or false');
    },
  },
];

const mk = async (c: any, p: Record<string, string | number>) => (await ok(c.send('POST', '/artists.json', p), 'artist')).id;
const names = (r: any) => (Array.isArray(r.json) ? r.json.map((x: any) => x.name) : []);

export const checks: Record<string, Scenario> = {
  'artists-http-searched-as-name': async (base) => {
    const m = cl(base); const t = u(); const url = `http://127.0.0.1:9/${t}`;
    await mk(m, { 'artist[name]': t, 'artist[url_string]': url });
    return !names(await m.get('/artists.json', { 'search[name]': url })).includes(t);
  },
  'artists-name-prefix-searches-other-names': async (base) => {
    const m = cl(base); const t = u();
    await mk(m, { 'artist[name]': t }); await mk(m, { 'artist[name]': t + '_o', 'artist[other_names_comma]': t });
    const n = names(await m.get('/artists.json', { 'search[name]': `name:${t}` }));
    must(n.includes(t), 'base');
    return n.includes(t + '_o');
  },
  'artists-other-prefix-searches-base-name': async (base) => {
    const m = cl(base); const t = u();
    await mk(m, { 'artist[name]': t + '_b', 'artist[other_names_comma]': t + '_x,' + t });
    return !names(await m.get('/artists.json', { 'search[name]': `other:${t}` })).includes(t + '_b');
  },
  'artists-plain-search-base-name-only': async (base) => {
    const m = cl(base); const t = u();
    await mk(m, { 'artist[name]': t + '_b', 'artist[other_names_comma]': t });
    return !names(await m.get('/artists.json', { 'search[name]': t })).includes(t + '_b');
  },
  'artists-banned-lists-all': async (base) => {
    const m = cl(base); await mk(m, { 'artist[name]': u() });
    const a = await m.get('/artists/banned.json');
    const b = await m.get('/artists.json', { 'search[name]': 'status:banned' });
    must(a.status === 200 && b.status === 200, 'lists');
    return JSON.stringify(ids(a)) !== JSON.stringify(ids(b));
  },
  'artists-order-dropped-with-creator-name': async (base) => {
    const g = cl(base, who.platinum()); const t = u();
    await mk(g, { 'artist[name]': t + '_a' }); await mk(g, { 'artist[name]': t + '_z' }); await mk(g, { 'artist[name]': t + '_m' });
    const n = names(await g.get('/artists.json', { 'search[creator_name]': 'conform_platinum', 'search[order]': 'name' })).filter((x: string) => x.startsWith(t));
    must(n.length === 3, 'three');
    const asc = [...n].sort(); const desc = [...asc].reverse();
    return JSON.stringify(n) !== JSON.stringify(asc) && JSON.stringify(n) !== JSON.stringify(desc);
  },
  'artists-b-sort-ignored': async (base) => {
    const g = cl(base); const t = u();
    for (const s of ['_a', '_z', '_m']) await mk(g, { 'artist[name]': t + s, 'artist[group_name]': t });
    const n = names(await g.get('/artists.json', { 'search[name]': `group:${t}`, 'search[sort]': 'name' }));
    must(n.length === 3, 'three');
    const asc = [...n].sort(); const desc = [...asc].reverse();
    return JSON.stringify(n) !== JSON.stringify(asc) && JSON.stringify(n) !== JSON.stringify(desc);
  },
  'artists-url-string-space-not-delimiter': async (base) => {
    const m = cl(base); const t = u();
    await mk(m, { 'artist[name]': t, 'artist[url_string]': `http://127.0.0.1:9/${t}/a http://127.0.0.1:9/${t}/b` });
    return !names(await m.get('/artists.json', { 'search[name]': `http://127.0.0.1:9/${t}/b` })).includes(t);
  },
  'artists-b-create-inactive-ignored': async (base) => {
    const m = cl(base); const id = await mk(m, { 'artist[name]': u(), 'artist[is_active]': 0 });
    return (await m.get(`/artists/${id}.json`)).json.is_active !== false;
  },
  'artists-empty-only-ignored-with-id': async (base) => {
    const m = cl(base); const t = u(); const id = await mk(m, { 'artist[name]': t });
    await m.post(`artist:${t} ${t}_g`);
    return ids(await m.get('/artists.json', { 'search[id]': id, 'search[empty_only]': 'true' })).includes(id);
  },
  'artists-is-banned-false-as-true': async (base) => {
    const m = cl(base); const id = await mk(m, { 'artist[name]': u() });
    return !ids(await m.get('/artists.json', { 'search[id]': id, 'search[is_banned]': 'false' })).includes(id);
  },
  'artists-update-other-names-dropped-with-group': async (base) => {
    const m = cl(base); const t = u(); const id = await mk(m, { 'artist[name]': t, 'artist[other_names_comma]': t + '_old' });
    await ok(m.send('PUT', `/artists/${id}.json`, { 'artist[group_name]': t + '_g', 'artist[other_names_comma]': t + '_new' }));
    return !names(await m.get('/artists.json', { 'search[name]': `other:${t}_new` })).includes(t);
  },
  'artists-group-prefix-searches-name': async (base) => {
    const m = cl(base); const t = u(); await mk(m, { 'artist[name]': t + '_m', 'artist[group_name]': t });
    return !names(await m.get('/artists.json', { 'search[name]': `group:${t}` })).includes(t + '_m');
  },
  'artists-other-names-not-comma-split': async (base) => {
    const m = cl(base); const t = u(); await mk(m, { 'artist[name]': t, 'artist[other_names_comma]': `${t}_x,${t}_y` });
    return !names(await m.get('/artists.json', { 'search[name]': `other:${t}_y` })).includes(t);
  },
  'artists-b-is-active-rejects-digits': async (base) => (await cl(base).send('POST', '/artists.json', { 'artist[name]': u(), 'artist[is_active]': 1 })).status !== 200,
};
