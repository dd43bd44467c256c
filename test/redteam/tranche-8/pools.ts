// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, form, withForm, envelope, dropQuery, dropForm, upGet, upSend, ids, mk, ok, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/pools$/;
const ONE = /^\/pools\/(\d+)$/;
const Q_UPD = '| Update | PUT /pools/{id}.json | `pool[name]`; `pool[description]`; `pool[post_ids]` (space-delimited post ids); `pool[is_active]` (1 or 0); `pool[category]` (A only) |';
const Q_LIST = '| List | GET /pools.json | `search[name_matches]`; `search[description_matches]`; `search[creator_name]`; `search[creator_id]`; `search[is_active]` (A only; true or false); `search[category]` (A only; series or collection); sort key: A `search[order]` with name, created_at, post_count, date; B `search[sort]` with name, date |';
const pool = (c: ReturnType<typeof cl>, extra: Record<string, string | number> = {}) =>
  mk(c, '/pools.json', { 'pool[name]': 'pool' + rand() + rand(), 'pool[description]': 'd', ...extra });
const pids = (s: string) => String(s ?? '').split(/\s+/).filter(Boolean).map(Number);

add(
  {
    id: 'pools-post-ids-update-appends',
    variants: ['A', 'B'],
    family: 'pools',
    quote: Q_UPD,
    description: 'pool[post_ids] on update is read as posts to add: the given posts are added instead of replacing the pool\'s post list.',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      const m = ONE.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (!f.get('pool[post_ids]')) return req;
      const cur = await upGet(ctx, req, `/pools/${m[1]}.json`);
      const all = [...new Set([...pids(cur?.post_ids), ...pids(f.get('pool[post_ids]')!)])];
      f.set('pool[post_ids]', all.join(' '));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = 'pa' + rand();
    const p1 = await c.post(t), p2 = await c.post(t), p3 = await c.post(t);
    const id = await pool(c);
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${p1} ${p2}` });
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${p3}` });
    const s = await c.get(`/pools/${id}.json`);
    must(pids(s.json.post_ids).includes(p3), 'p3 in pool');
    return pids(s.json.post_ids).includes(p1);
  },
);

add(
  {
    id: 'pools-empty-post-ids-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    quote: Q_UPD,
    description: 'An empty pool[post_ids] is treated as "not sent", so a pool can never be emptied.',
    kind: 'implementation-bug',
    onRequest(req) {
      const m = ONE.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (f.get('pool[post_ids]') !== '') return req;
      f.delete('pool[post_ids]');
      if (![...f.keys()].some((k) => k.startsWith('pool['))) return envelope(req, 200, true, '', { id: Number(m[1]) });
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p1 = await c.post('pe' + rand());
    const id = await pool(c);
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${p1}` });
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[post_ids]': '' });
    const s = await c.get(`/pools/${id}.json`);
    return pids(s.json.post_ids).length > 0;
  },
);

add(
  {
    id: 'pools-is-active-zero-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: 'pool[is_active]=0 on update is dropped by a truthiness check, so a pool cannot be made inactive.',
    kind: 'implementation-bug',
    onRequest: dropForm('PUT', ONE, 'pool[is_active]', (f) => f.get('pool[is_active]') === '0'),
  },
  async (base) => {
    const c = cl(base);
    const id = await pool(c);
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[is_active]': 0, 'pool[description]': 'off' });
    const s = await c.get(`/pools/${id}.json`);
    return s.json.is_active !== false;
  },
);

add(
  {
    id: 'pools-search-is-active-false-ignored',
    variants: ['A'],
    family: 'pools',
    quote: Q_LIST,
    description: 'search[is_active]=false is treated as no filter, so active pools are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[is_active]', (q) => q.get('search[is_active]') === 'false'),
  },
  async (base) => {
    const c = cl(base), n = 'pia' + rand();
    const id = await mk(c, '/pools.json', { 'pool[name]': n, 'pool[description]': 'd' });
    const r = await c.get('/pools.json', { 'search[name_matches]': n, 'search[is_active]': 'false' });
    return ids(r).includes(id);
  },
);

add(
  {
    id: 'pools-category-on-create-ignored',
    variants: ['A'],
    family: 'pools',
    quote: '| Create | POST /pools.json | `pool[name]` REQUIRED; `pool[description]` REQUIRED; `pool[category]` (A only) |',
    description: 'pool[category] is only read on update; on create it is ignored and every pool becomes a series.',
    kind: 'implementation-bug',
    onRequest: dropForm('POST', LIST, 'pool[category]'),
  },
  async (base) => {
    const c = cl(base);
    const id = await pool(c, { 'pool[category]': 'collection' });
    const s = await c.get(`/pools/${id}.json`);
    return s.json.category !== 'collection';
  },
);

add(
  {
    id: 'pools-creator-name-dropped-with-name-matches',
    variants: ['A', 'B'],
    family: 'pools',
    quote: Q_LIST,
    description: 'search[creator_name] is ignored when search[name_matches] is also given.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[creator_name]', (q) => q.has('search[name_matches]')),
  },
  async (base) => {
    const c2 = cl(base, 'member2'), n = 'pcn' + rand();
    const id = await mk(c2, '/pools.json', { 'pool[name]': n, 'pool[description]': 'd' });
    const r = await cl(base).get('/pools.json', { 'search[name_matches]': n, 'search[creator_name]': 'conform_member' });
    return ids(r).includes(id);
  },
);

add(
  {
    id: 'pools-revert-keeps-name-and-description',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'Reverting a pool restores its post list but keeps the current name and description.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/pools\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/pools/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur) await upSend(ctx, req, 'PUT', `/pools/${m[1]}.json`, { 'pool[name]': cur.name, 'pool[description]': cur.description });
      return r;
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const p1 = await c.post('pr' + t);
    const id = await mk(c, '/pools.json', { 'pool[name]': 'first' + t, 'pool[description]': 'd1' });
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[name]': 'second' + t, 'pool[description]': 'd2', 'pool[post_ids]': `${p1}` });
    const vs = await c.get('/pool_versions.json', { 'search[pool_id]': id });
    const v1 = vs.json.find((x: any) => x.version === 1);
    await ok(c, 'PUT', `/pools/${id}/revert.json`, { version_id: v1.id });
    const s = await c.get(`/pools/${id}.json`);
    must(pids(s.json.post_ids).length === 0, 'posts reverted');
    return s.json.name !== 'first' + t;
  },
);

add(
  {
    id: 'pools-undelete-empty-body',
    variants: ['A', 'B'],
    family: 'pools',
    quote: 'Every state-changing call returns one element.',
    description: 'POST /pools/{id}/undelete answers 200 with an empty body instead of the outcome envelope.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/pools\/\d+\/undelete$/) || res.status !== 200) return res;
      return { ...res, body: Buffer.alloc(0) };
    },
  },
  async (base) => {
    const c = cl(base);
    const id = await pool(c);
    await ok(c, 'DELETE', `/pools/${id}.json`, {});
    const r = await c.send('POST', `/pools/${id}/undelete.json`);
    return !(r.json && typeof r.json.success === 'boolean');
  },
);

add(
  {
    id: 'pools-sort-key-b-ignored',
    variants: ['B'],
    family: 'pools',
    quote: Q_LIST,
    description: 'Variant B reads the A sort key search[order] for pools, so search[sort]=name has no effect.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[sort]'),
  },
  async (base) => {
    const c = cl(base), t = rand();
    for (const n of ['m', 'b', 'x', 'd']) await mk(c, '/pools.json', { 'pool[name]': `ps${t}${n}`, 'pool[description]': 'd' });
    const r = await c.get('/pools.json', { 'search[name_matches]': `ps${t}`, 'search[sort]': 'name' });
    const nm = (r.json ?? []).map((x: any) => x.name);
    must(nm.length === 4, 'four pools');
    return !(JSON.stringify(nm) === JSON.stringify([...nm].sort()) || JSON.stringify(nm) === JSON.stringify([...nm].sort().reverse()));
  },
);

add(
  {
    id: 'pools-revert-by-version-number',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'version_id is read as the pool\'s version number (1, 2, ...) rather than the id of a pool version record, so reverting with a version id fails or picks the wrong version.',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      const m = /^\/pools\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      const n = f.get('version_id');
      if (!n) return req;
      const vs = await upGet(ctx, req, '/pool_versions.json', { 'search[pool_id]': m[1] });
      const hit = (vs ?? []).find((x: any) => String(x.version) === n);
      if (!hit) return envelope(req, 424, false, `version_id: no version ${n} of this record`);
      f.set('version_id', String(hit.id));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const id = await mk(c, '/pools.json', { 'pool[name]': 'rv1' + t, 'pool[description]': 'd' });
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[name]': 'rv2' + t });
    await ok(c, 'PUT', `/pools/${id}.json`, { 'pool[name]': 'rv3' + t });
    const vs = await c.get('/pool_versions.json', { 'search[pool_id]': id });
    const v1 = vs.json.find((x: any) => x.version === 1);
    const r = await c.send('PUT', `/pools/${id}/revert.json`, { version_id: v1.id });
    const s = await c.get(`/pools/${id}.json`);
    return r.status !== 200 || s.json.name !== 'rv1' + t;
  },
);
