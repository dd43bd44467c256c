// @ts-nocheck: frozen red-team code (see all.ts)
// Pools.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, form, formFault, idOf, ids, is, listFault, ok, queryFault, sortedBy, upGet, upSend, type Scenario, type V } from './h.ts';

const LIST = /^\/pools\.json$/;
const UPD = /^\/pools\/\d+\.json$/;
const auth = ['login', 'api_key', 'password_hash'];
const postIds = (p: any): number[] => (Array.isArray(p.post_ids) ? p.post_ids : String(p.post_ids ?? '').split(/\s+/).filter(Boolean)).map(Number);

export const faults: Fault[] = [
  F({
    id: 'pools-post-ids-only-first-kept',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'pool[post_ids] is parsed with parseInt on the whole string, so only the first id of the list is stored.',
    onRequest: formFault('PUT', UPD, (f) => (f.get('pool[post_ids]') ?? '').trim().split(/\s+/).length > 1, (f) => f.set('pool[post_ids]', f.get('pool[post_ids]')!.trim().split(/\s+/)[0])),
  }),
  F({
    id: 'pools-empty-post-ids-not-cleared',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'An empty pool[post_ids] is treated as "not sent", so a pool can never be emptied.',
    onRequest: formFault('PUT', UPD, (f) => f.get('pool[post_ids]') === '', (f) => f.delete('pool[post_ids]')),
  }),
  F({
    id: 'pools-is-active-zero-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: 'pool[is_active]=0 is dropped by a truthiness check, so a pool cannot be made inactive.',
    onRequest: formFault('PUT', UPD, (f) => f.get('pool[is_active]') === '0', (f) => f.delete('pool[is_active]')),
  }),
  F({
    id: 'pools-a-is-active-search-inverted',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[is_active]` (A only; true or false); `search[category]` (A only; series or collection)',
    description: 'search[is_active]=true selects inactive pools and false selects active ones.',
    onRequest: queryFault(LIST, (q) => ['true', 'false'].includes(q.get('search[is_active]') ?? ''), (q) => q.set('search[is_active]', q.get('search[is_active]') === 'true' ? 'false' : 'true')),
  }),
  F({
    id: 'pools-a-category-search-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[is_active]` (A only; true or false); `search[category]` (A only; series or collection)',
    description: 'search[category] is not applied when combined with search[name_matches].',
    onRequest: queryFault(LIST, (q) => !!q.get('search[category]') && !!q.get('search[name_matches]'), (q) => q.delete('search[category]')),
  }),
  F({
    id: 'pools-b-sort-key-ignored',
    variants: ['B'],
    family: 'pools',
    kind: 'spec-reader',
    quote: 'B `search[sort]` with name, date',
    description: 'Variant B pool listings read search[order] like variant A; search[sort]=name is ignored.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[sort]'), (q) => q.delete('search[sort]')),
  }),
  F({
    id: 'pools-a-order-post-count-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: 'sort key: A `search[order]` with name, created_at, post_count, date',
    description: 'search[order]=post_count is not among the implemented orders and falls back to the default order.',
    onRequest: queryFault(LIST, (q) => q.get('search[order]') === 'post_count', (q) => q.delete('search[order]')),
  }),
  F({
    id: 'pools-revert-keeps-post-ids',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'Reverting a pool restores name and description but leaves the current post list in place.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/pools\/\d+\/revert\.json$/)) return req;
      const id = /\/pools\/(\d+)/.exec(req.path)![1];
      const p = await upGet(ctx, req, `/pools/${id}.json`);
      if (p) ctx.state.set('p' + id + ':' + form(req).get('version_id'), postIds(p).join(' '));
      return req;
    },
    async onResponse(req, res, ctx) {
      if (!is(req, 'PUT', /^\/pools\/\d+\/revert\.json$/) || res.status !== 200) return res;
      const id = /\/pools\/(\d+)/.exec(req.path)![1];
      const keep = ctx.state.get('p' + id + ':' + form(req).get('version_id')) as string | undefined;
      if (keep === undefined) return res;
      await upSend(ctx, req, 'PUT', `/pools/${id}.json`, { 'pool[post_ids]': keep });
      return res;
    },
  }),
  F({
    id: 'pools-name-matches-spaces-become-underscores',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| List | GET /pools.json | `search[name_matches]`; `search[description_matches]`; `search[creator_name]`; `search[creator_id]`;',
    description: 'search[name_matches] normalises spaces to underscores although pool names are stored as given, so names with spaces are not found.',
    onRequest: queryFault(LIST, (q) => / /.test(q.get('search[name_matches]') ?? ''), (q) => q.set('search[name_matches]', q.get('search[name_matches]')!.replace(/ /g, '_'))),
  }),
  F({
    id: 'pools-creator-name-matches-last-updater',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'spec-reader',
    quote: '| List | GET /pools.json | `search[name_matches]`; `search[description_matches]`; `search[creator_name]`; `search[creator_id]`;',
    description: 'search[creator_name] is read as "the user who made the pool what it is", i.e. the last updater, so pools edited by someone else drop out of their creator\'s search.',
    onResponse: listFault(LIST, (q) => !!q.get('search[creator_name]'), async (_l, req, ctx) => {
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (k !== 'search[creator_name]' && !auth.includes(k)) q[k] = v;
      const all = await upGet(ctx, req, '/pools.json', q);
      return (Array.isArray(all) ? all : []).filter((p: any) => p.updater_name === req.query.get('search[creator_name]'));
    }),
  }),
  F({
    id: 'pools-a-category-update-ignored',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Update | PUT /pools/{id}.json | `pool[name]`; `pool[description]`; `pool[post_ids]` (space-delimited post ids); `pool[is_active]` (1 or 0); `pool[category]` (A only) |',
    description: 'pool[category] is permitted on create but missing from the update whitelist, so it cannot be changed.',
    onRequest: formFault('PUT', UPD, (f) => f.get('pool[category]') !== null, (f) => f.delete('pool[category]')),
  }),
];

async function mkPool(base: string, name = 'pool_' + R(), extra: Record<string, string> = {}, who = 'member'): Promise<number> {
  return idOf(await cl(base, who).send('POST', '/pools.json', { 'pool[name]': name, 'pool[description]': 'desc ' + R(), ...extra }), 'pool create');
}
const show = async (base: string, id: number) => ok(await cl(base).get(`/pools/${id}.json`)).json;

async function sortPools(base: string, key: string, val: string): Promise<boolean> {
  const r = R();
  const c = cl(base);
  const posts = [await c.post('ps_' + r), await c.post('ps_' + r)];
  const made: number[] = [];
  for (const [n, k] of [['bb', 1], ['cc', 2], ['aa', 0]] as const) {
    const id = idOf(await c.send('POST', '/pools.json', { 'pool[name]': `${n}_${r}`, 'pool[description]': `marker${r} x` }));
    if (k) ok(await c.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': posts.slice(0, k).join(' ') }));
    made.push(id);
  }
  const l = ok(await c.get('/pools.json', { 'search[description_matches]': `marker${r}`, [key]: val })).json;
  if (l.length !== 3) return true;
  return val === 'name' ? !sortedBy(l, (p: any) => p.name) : !sortedBy(l, (p: any) => postIds(p).length);
}

export const checks: Record<string, Scenario> = {
  'pools-post-ids-only-first-kept': async (base) => {
    const t = 'pp_' + R();
    const ps = [await cl(base).post(t), await cl(base).post(t), await cl(base).post(t)];
    const id = await mkPool(base);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': ps.join(' ') }));
    const got = postIds(await show(base, id));
    return !ps.every((p) => got.includes(p));
  },
  'pools-empty-post-ids-not-cleared': async (base) => {
    const p = await cl(base).post('pe_' + R());
    const id = await mkPool(base);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': String(p) }));
    if (!postIds(await show(base, id)).includes(p)) throw new Error('setup: post not added');
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': '' }));
    return postIds(await show(base, id)).length !== 0;
  },
  'pools-is-active-zero-ignored': async (base) => {
    const id = await mkPool(base);
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 }));
    const a = (await show(base, id)).is_active;
    return !(a === false || a === 0 || a === '0');
  },
  'pools-a-is-active-search-inverted': async (base) => {
    const name = 'pa_' + R();
    const id = await mkPool(base, name);
    const t = ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name, 'search[is_active]': 'true' })));
    const f = ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name, 'search[is_active]': 'false' })));
    return !t.includes(id) || f.includes(id);
  },
  'pools-a-category-search-ignored': async (base) => {
    const name = 'pc_' + R();
    const id = await mkPool(base, name, { 'pool[category]': 'collection' });
    return ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name, 'search[category]': 'series' }))).includes(id);
  },
  'pools-b-sort-key-ignored': async (base) => sortPools(base, 'search[sort]', 'name'),
  'pools-a-order-post-count-ignored': async (base) => sortPools(base, 'search[order]', 'post_count'),
  'pools-revert-keeps-post-ids': async (base) => {
    const p = await cl(base).post('pr_' + R());
    const id = await mkPool(base);
    ok(await cl(base, 'member2').send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': String(p) }));
    const vs = ids(ok(await cl(base).get('/pool_versions.json', { 'search[pool_id]': id }))).sort((a, b) => a - b);
    ok(await cl(base).send('PUT', `/pools/${id}/revert.json`, { version_id: vs[0] }));
    return postIds(await show(base, id)).length !== 0;
  },
  'pools-name-matches-spaces-become-underscores': async (base) => {
    const name = `my pool ${R()}`;
    const id = await mkPool(base, name);
    return !ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name }))).includes(id);
  },
  'pools-creator-name-matches-last-updater': async (base) => {
    const name = 'pn_' + R();
    const id = await mkPool(base, name);
    ok(await cl(base, 'member2').send('PUT', `/pools/${id}.json`, { 'pool[description]': 'edited' }));
    return !ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name, 'search[creator_name]': 'conform_member' }))).includes(id);
  },
  'pools-a-category-update-ignored': async (base) => {
    const name = 'pu_' + R();
    const id = await mkPool(base, name, { 'pool[category]': 'series' });
    ok(await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[category]': 'collection' }));
    return !ids(ok(await cl(base).get('/pools.json', { 'search[name_matches]': name, 'search[category]': 'collection' }))).includes(id);
  },
};
