// @ts-nocheck: frozen red-team code (see all.ts)
import { envelope, type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, cl, u, who, ids, must, ok } from './h.ts';
const F = 'pools';
const PL = /^\/pools\.(json|xml)$/;
const PS = /^\/pools\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  dropParam({
    id: 'pools-update-inactive-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: 'pool[is_active]=0 on update is treated as absent (the string "0" is tested for presence), so the pool stays active.',
  }, 'PUT', PS, 'pool[is_active]', [], (v) => v === '0'),
  rewriteParam({
    id: 'pools-update-post-ids-last-dropped', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'Splitting pool[post_ids] drops the last id when there are two or more.',
  }, 'PUT', PS, 'pool[post_ids]', (v) => { const p = v.trim().split(/\s+/); return p.length >= 2 ? p.slice(0, -1).join(' ') : v; }),
  rewriteParam({
    id: 'pools-create-description-cut-at-ampersand', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`pool[name]` REQUIRED; `pool[description]` REQUIRED; `pool[category]` (A only)',
    description: 'pool[description] on create is cut at the first &.',
  }, 'POST', PL, 'pool[description]', (v) => v.split('&')[0]),
  rewriteParam({
    id: 'pools-create-collection-stored-series', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Pool category (A only) | series, collection |',
    description: 'pool[category]=collection on create is replaced by the default series.',
  }, 'POST', PL, 'pool[category]', (v) => (v === 'collection' ? 'series' : v)),
  dropParam({
    id: 'pools-b-sort-ignored', family: F, kind: 'spec-reader', variants: ['B'],
    quote: 'B `search[sort]` with name, date',
    description: 'Variant B ignores search[sort]; name order is never applied.',
  }, 'GET', PL, 'search[sort]'),
  dropParam({
    id: 'pools-a-order-ignored', family: F, kind: 'spec-reader', variants: ['A'],
    quote: 'sort key: A `search[order]` with name, created_at, post_count, date',
    description: 'Variant A ignores search[order] (reads search[sort] as in B), so name order is never applied.',
  }, 'GET', PL, 'search[order]'),
  {
    id: 'pools-search-is-active-false-ignored', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: 'Searches accept only 1 or 0 for search[is_active] (the update form); true/false are ignored.',
    ...dropParam({} as any, 'GET', PL, 'search[is_active]', [], (v) => v === 'true' || v === 'false'),
  } as Fault,
  {
    id: 'pools-update-is-active-rejects-digits', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`pool[is_active]` (1 or 0)',
    description: 'Update expects true/false for pool[is_active] and rejects 1 with 424.',
    onRequest(req) {
      if (!is(req, 'PUT', PS) || form(req).get('pool[is_active]') !== '1') return req;
      return envelope(req, 424, false, 'pool[is_active] must be true or false');
    },
  },
];

export const mkPool = async (c: any, name: string, desc = 'd', extra: Record<string, string> = {}) => (await ok(c.send('POST', '/pools.json', { 'pool[name]': name, 'pool[description]': desc, ...extra }), 'pool')).id;

export const checks: Record<string, Scenario> = {
  'pools-update-inactive-zero-ignored': async (base) => {
    const m = cl(base); const id = await mkPool(m, u());
    await ok(m.send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 }));
    return (await m.get(`/pools/${id}.json`)).json.is_active !== false;
  },
  'pools-update-post-ids-last-dropped': async (base) => {
    const m = cl(base); const t = u(); const a = await m.post(t); const b = await m.post(t); const id = await mkPool(m, t);
    await ok(m.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}` }));
    return !String((await m.get(`/pools/${id}.json`)).json.post_ids).split(' ').includes(String(b));
  },
  'pools-create-description-cut-at-ampersand': async (base) => {
    const m = cl(base); const id = await mkPool(m, u(), 'cats & dogs <3');
    return (await m.get(`/pools/${id}.json`)).json.description !== 'cats & dogs <3';
  },
  'pools-create-collection-stored-series': async (base) => {
    const m = cl(base); const t = u(); await mkPool(m, t, 'd', { 'pool[category]': 'collection' });
    return ids(await m.get('/pools.json', { 'search[name_matches]': t, 'search[category]': 'collection' })).length !== 1;
  },
  'pools-b-sort-ignored': async (base) => {
    const m = cl(base); const t = u();
    for (const s of ['_a', '_z', '_m']) await mkPool(m, t + s, t);
    const n = (await m.get('/pools.json', { 'search[name_matches]': `${t}*`, 'search[sort]': 'name' })).json.map((x: any) => x.name);
    must(n.length === 3, 'three');
    const a = [...n].sort();
    return JSON.stringify(n) !== JSON.stringify(a) && JSON.stringify(n) !== JSON.stringify([...a].reverse());
  },
  'pools-a-order-ignored': async (base) => {
    const m = cl(base); const t = u();
    for (const s of ['_a', '_z', '_m']) await mkPool(m, t + s, t);
    const n = (await m.get('/pools.json', { 'search[name_matches]': `${t}*`, 'search[order]': 'name' })).json.map((x: any) => x.name);
    must(n.length === 3, 'three');
    const a = [...n].sort();
    return JSON.stringify(n) !== JSON.stringify(a) && JSON.stringify(n) !== JSON.stringify([...a].reverse());
  },
  'pools-search-is-active-false-ignored': async (base) => {
    const m = cl(base); const t = u(); const a = await mkPool(m, t + '_on'); const b = await mkPool(m, t + '_off');
    await ok(m.send('PUT', `/pools/${b}.json`, { 'pool[is_active]': 0 }));
    const r = ids(await m.get('/pools.json', { 'search[name_matches]': `${t}*`, 'search[is_active]': 'false' }));
    must(r.includes(b), 'off');
    return r.includes(a);
  },
  'pools-update-is-active-rejects-digits': async (base) => {
    const m = cl(base); const id = await mkPool(m, u());
    return (await m.send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 1 })).status !== 200;
  },
};
