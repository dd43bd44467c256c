// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on pools.
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, json, mkReq, must, params, route, uid, withCallerAuth, type Entry } from './h.ts';

const UPDATE_ROW =
  '| Update | PUT /pools/{id}.json | `pool[name]`; `pool[description]`; `pool[post_ids]` (space-delimited post ids); `pool[is_active]` (1 or 0); `pool[category]` (A only) |';

export const entries: Entry[] = [
  {
    fault: {
      id: 'pools-post-ids-first-only',
      family: 'pools',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: UPDATE_ROW,
      description: 'Only the first id of a space-delimited `pool[post_ids]` is stored.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/pools\/\d+\.(json|xml)$/)) return req;
        const v = params(req).get('pool[post_ids]');
        if (!v || !/\s/.test(v.trim())) return req;
        return editParams(req, (q) => q.set('pool[post_ids]', v.trim().split(/\s+/)[0]));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const ps = [await c.post(uid('pp')), await c.post(uid('pp')), await c.post(uid('pp'))];
      const cr = await must(c.send('POST', '/pools.json', { 'pool[name]': uid('pool'), 'pool[description]': 'd' }));
      await must(c.send('PUT', `/pools/${cr.id}.json`, { 'pool[post_ids]': ps.join(' ') }));
      const r = await must(c.get(`/pools/${cr.id}.json`));
      const got = String(r.post_ids).split(/\s+/).filter(Boolean).map(Number);
      return !ps.every((p) => got.includes(p));
    },
  },
  {
    fault: {
      id: 'pools-is-active-zero-ignored',
      family: 'pools',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
      description: 'A pool update with `pool[is_active]=0` leaves the pool active (0 is treated as "not given").',
      onRequest: dropParam('PUT', /^\/pools\/\d+\.(json|xml)$/, 'pool[is_active]', (p) => p.get('pool[is_active]') === '0'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/pools.json', { 'pool[name]': uid('pa'), 'pool[description]': 'd' }));
      await must(c.send('PUT', `/pools/${cr.id}.json`, { 'pool[is_active]': 0 }));
      const r = await must(c.get(`/pools/${cr.id}.json`));
      return r.is_active !== false;
    },
  },
  {
    fault: {
      id: 'pools-order-post-count-ignored-in-a',
      family: 'pools',
      variants: ['A'],
      kind: 'spec-reader',
      quote:
        'sort key: A `search[order]` with name, created_at, post_count, date; B `search[sort]` with name, date |',
      description: 'Variant A only honours the B sort values (name, date); `search[order]=post_count` is ignored.',
      onRequest: dropParam('GET', /^\/pools\.(json|xml)$/, 'search[order]', (p) => ['post_count', 'created_at'].includes(p.get('search[order]') ?? '')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const d = uid('pd');
      const posts = [await c.post(uid('po')), await c.post(uid('po'))];
      for (const ids of [posts.join(' '), '', String(posts[0])]) {
        const cr = await must(c.send('POST', '/pools.json', { 'pool[name]': uid('po'), 'pool[description]': d }));
        if (ids) await must(c.send('PUT', `/pools/${cr.id}.json`, { 'pool[post_ids]': ids }));
      }
      const r = await must(c.get('/pools.json', { 'search[description_matches]': d, 'search[order]': 'post_count' }));
      const counts = r.map((p: any) => p.post_count);
      const asc = [...counts].sort((a, b) => a - b);
      const desc = [...asc].reverse();
      return counts.length !== 3 || (JSON.stringify(counts) !== JSON.stringify(asc) && JSON.stringify(counts) !== JSON.stringify(desc));
    },
  },
  {
    fault: {
      id: 'pools-revert-to-previous-version',
      family: 'pools',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
      description: 'Pool revert ignores `version_id` and restores the version just before the current one.',
      async onRequest(req, ctx) {
        const m = route(req, 'PUT', /^\/pools\/(\d+)\/revert\.(json|xml)$/);
        if (!m) return req;
        const vr = await ctx.upstream(withCallerAuth(req, mkReq('GET', '/pool_versions.json', { 'search[pool_id]': m[1], limit: 100 })));
        const list = (json(vr) ?? []).slice().sort((a: any, b: any) => b.id - a.id);
        if (list.length < 2) return req;
        return editParams(req, (q) => q.set('version_id', String(list[1].id)));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/pools.json', { 'pool[name]': uid('pr'), 'pool[description]': 'd1' }));
      await must(c.send('PUT', `/pools/${cr.id}.json`, { 'pool[description]': 'd2' }));
      await must(c.send('PUT', `/pools/${cr.id}.json`, { 'pool[description]': 'd3' }));
      const vs = await must(c.get('/pool_versions.json', { 'search[pool_id]': cr.id }));
      const first = vs.slice().sort((a: any, b: any) => a.id - b.id)[0];
      await must(c.send('PUT', `/pools/${cr.id}/revert.json`, { version_id: first.id }));
      const r = await must(c.get(`/pools/${cr.id}.json`));
      return r.description !== 'd1';
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
