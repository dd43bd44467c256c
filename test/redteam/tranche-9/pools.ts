// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, rewriteParams, upGet, upSend, monotonic, sortKey, must, mapList, ACC } from './h.ts';

const LIST = /^\/pools\.json$/;
const ONE = /^\/pools\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'pools-post-ids-first-only',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'pool[post_ids] is split on commas, so a space-delimited list keeps only its first id.',
    ...rewriteParams('PUT', ONE, (p) => (p.get('pool[post_ids]') ?? '').trim().includes(' '), (p) => p.set('pool[post_ids]', (p.get('pool[post_ids]') ?? '').trim().split(/\s+/)[0])),
  },
  {
    id: 'pools-is-active-zero-truthy',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[is_active]` (1 or 0)',
    description: 'pool[is_active]=0 is read as a non-empty string and stored as active.',
    ...rewriteParams('PUT', ONE, (p) => p.get('pool[is_active]') === '0', (p) => p.set('pool[is_active]', '1')),
  },
  {
    id: 'pools-search-is-active-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[is_active]` (A only; true or false); `search[category]` (A only; series or collection)',
    description: 'search[is_active] on pools is ignored when search[name_matches] is given.',
    ...dropParam('GET', LIST, 'search[is_active]', (p) => p.has('search[name_matches]')),
  },
  {
    id: 'pools-search-category-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[is_active]` (A only; true or false); `search[category]` (A only; series or collection)',
    description: 'search[category] on pools is ignored when search[name_matches] is given.',
    ...dropParam('GET', LIST, 'search[category]', (p) => p.has('search[name_matches]')),
  },
  {
    id: 'pools-update-category-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Pool category (A only) | series, collection |',
    description: 'pool[category] on update is not saved.',
    ...dropParam('PUT', ONE, 'pool[category]'),
  },
  {
    id: 'pools-order-ignored-a',
    variants: ['A'],
    family: 'pools',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]` with name, created_at, post_count, date; B `search[sort]` with name, date',
    description: 'Variant A reads the pool sort key from search[sort]; search[order] is ignored.',
    ...dropParam('GET', LIST, 'search[order]'),
  },
  {
    id: 'pools-sort-ignored-b',
    variants: ['B'],
    family: 'pools',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]` with name, created_at, post_count, date; B `search[sort]` with name, date',
    description: 'Variant B reads the pool sort key from search[order]; search[sort] is ignored.',
    ...dropParam('GET', LIST, 'search[sort]'),
  },
  {
    id: 'pools-revert-keeps-post-ids',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'Pool revert restores name and description but keeps the current post list.',
    async onRequest(req, ctx) {
      const m = /^\/pools\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/pools/${m[1]}.json`);
      if (typeof cur?.post_ids === 'string') ctx.state.set('ids:' + m[1], cur.post_ids);
      return req;
    },
    async onResponse(req, res, ctx) {
      const m = /^\/pools\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m || res.status !== 200) return res;
      const ids = ctx.state.get('ids:' + m[1]) as string | undefined;
      if (ids !== undefined) await upSend(ctx, req, 'PUT', `/pools/${m[1]}.json`, { 'pool[post_ids]': ids });
      return res;
    },
  },
  {
    id: 'pools-name-matches-exact',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'spec-reader',
    quote: '| List | GET /pools.json | `search[name_matches]`;',
    description: 'search[name_matches] is compared as an exact name, so a pattern with * finds nothing.',
    onResponse(req, res) {
      const n = req.query.get('search[name_matches]');
      if (!is(req, 'GET', LIST) || !n || !n.includes('*') || req.query.has('search[creator_name]') || req.query.has('search[description_matches]') || [...req.query.keys()].some((k) => /order|sort|is_active|category/.test(k))) return res;
      return mapList(res, (l) => l.filter((p) => p.name === n));
    },
  },
  {
    id: 'pools-creator-name-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[creator_name]`; `search[creator_id]`; `search[is_active]` (A only; true or false); `search[category]`',
    description: 'search[creator_name] on pools is ignored when search[name_matches] is given.',
    ...dropParam('GET', LIST, 'search[creator_name]', (p) => p.has('search[name_matches]')),
  },
  {
    id: 'pools-description-matches-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| List | GET /pools.json | `search[name_matches]`; `search[description_matches]`;',
    description: 'search[description_matches] is ignored when search[name_matches] is given.',
    ...dropParam('GET', LIST, 'search[description_matches]', (p) => p.has('search[name_matches]')),
  },
];

const pool = async (base: string, name: string, extra: Record<string, string | number> = {}, as = 'member') =>
  must(await who(base, as).send('POST', '/pools.json', { 'pool[name]': name, 'pool[description]': 'desc', ...extra }), 'pool').id as number;
const pids = (r: any): number[] => (Array.isArray(r.json) ? r.json.map((x: any) => x.id) : []);

export const checks: Record<string, Scenario> = {
  async 'pools-post-ids-first-only'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post('pp_' + s), b = await c.post('pp_' + s), d = await c.post('pp_' + s);
    const id = await pool(base, 'ppi_' + s);
    must(await c.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b} ${d}` }), 'update');
    const got = String((await c.get(`/pools/${id}.json`)).json?.post_ids ?? '').split(/\s+/).map(Number);
    return ![a, b, d].every((x) => got.includes(x));
  },
  async 'pools-is-active-zero-truthy'(base) {
    const c = who(base);
    const id = await pool(base, 'pia_' + rand());
    must(await c.send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 }), 'update');
    return (await c.get(`/pools/${id}.json`)).json?.is_active !== false;
  },
  async 'pools-search-is-active-ignored'(base) {
    const c = who(base);
    const s = rand();
    await pool(base, `psa_${s}_on`);
    const off = await pool(base, `psa_${s}_off`);
    must(await c.send('PUT', `/pools/${off}.json`, { 'pool[is_active]': 0 }), 'update');
    const l = pids(await c.get('/pools.json', { 'search[name_matches]': `psa_${s}*`, 'search[is_active]': 'false' }));
    return !(l.length === 1 && l[0] === off);
  },
  async 'pools-search-category-ignored'(base) {
    const s = rand();
    await pool(base, `psc_${s}_s`, { 'pool[category]': 'series' });
    const col = await pool(base, `psc_${s}_c`, { 'pool[category]': 'collection' });
    const l = pids(await who(base).get('/pools.json', { 'search[name_matches]': `psc_${s}*`, 'search[category]': 'collection' }));
    return !(l.length === 1 && l[0] === col);
  },
  async 'pools-update-category-ignored'(base) {
    const id = await pool(base, 'puc_' + rand(), { 'pool[category]': 'series' });
    must(await who(base).send('PUT', `/pools/${id}.json`, { 'pool[category]': 'collection' }), 'update');
    return (await who(base).get(`/pools/${id}.json`)).json?.category !== 'collection';
  },
  async 'pools-order-ignored-a'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await pool(base, `po_${s}_${n}`);
    const l = ((await who(base).get('/pools.json', { 'search[name_matches]': `po_${s}*`, [sortKey(v)]: 'name' })).json as any[]).map((p) => p.name);
    return !(l.length === 3 && monotonic(l));
  },
  async 'pools-sort-ignored-b'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await pool(base, `ps_${s}_${n}`);
    const l = ((await who(base).get('/pools.json', { 'search[name_matches]': `ps_${s}*`, [sortKey(v)]: 'name' })).json as any[]).map((p) => p.name);
    return !(l.length === 3 && monotonic(l));
  },
  async 'pools-revert-keeps-post-ids'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post('prv_' + s), b = await c.post('prv_' + s);
    const id = await pool(base, 'prv_' + s);
    must(await c.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a}` }), 'u1');
    must(await c.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}`, 'pool[description]': 'second' }), 'u2');
    const vs = ((await c.get('/pool_versions.json', { 'search[pool_id]': id })).json as any[]).sort((x, y) => x.id - y.id);
    must(await c.send('PUT', `/pools/${id}/revert.json`, { version_id: vs[1].id }), 'revert');
    const r = (await c.get(`/pools/${id}.json`)).json;
    return !(String(r.post_ids).trim() === String(a) && r.description === 'desc');
  },
  async 'pools-name-matches-exact'(base) {
    const s = rand();
    const id = await pool(base, `pnm_${s}_summer`);
    return !pids(await who(base).get('/pools.json', { 'search[name_matches]': `pnm_${s}*` })).includes(id);
  },
  async 'pools-creator-name-ignored'(base) {
    const s = rand();
    await pool(base, `pcn_${s}_1`);
    const b = await pool(base, `pcn_${s}_2`, {}, 'member2');
    const l = pids(await who(base).get('/pools.json', { 'search[name_matches]': `pcn_${s}*`, 'search[creator_name]': ACC.member2.name }));
    return !(l.length === 1 && l[0] === b);
  },
  async 'pools-description-matches-ignored'(base) {
    const s = rand();
    await pool(base, `pdm_${s}_1`, { 'pool[description]': 'landscapes' });
    const b = await pool(base, `pdm_${s}_2`, { 'pool[description]': 'portraits' });
    const l = pids(await who(base).get('/pools.json', { 'search[name_matches]': `pdm_${s}*`, 'search[description_matches]': 'portraits' }));
    return !(l.length === 1 && l[0] === b);
  },
};
