import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route, setParam } from '../tranche-1/util.ts';
import { fetchJson, ok, withQuery, writeAs } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'pools-post-ids-last-dropped',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'On pool update the last id of a multi-id pool[post_ids] list is lost (off-by-one when splitting).',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/(\\d+)')) return req;
      const v = getParam(req, 'pool[post_ids]');
      if (!v) return req;
      const ids = v.trim().split(/\s+/);
      if (ids.length < 2) return req;
      return setParam(req, 'pool[post_ids]', ids.slice(0, -1).join(' '));
    },
  },
  {
    id: 'pools-revert-keeps-post-ids',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'Pool revert restores name and description but keeps the current post list.',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/pools/(\\d+)/revert');
      if (!m) return req;
      const before = await fetchJson(ctx, req, `/pools/${m[1]}.json`);
      const res = await ctx.upstream(req);
      if (ok(res) && before && typeof before.post_ids === 'string') {
        const after = await fetchJson(ctx, req, `/pools/${m[1]}.json`);
        if (after && after.post_ids !== before.post_ids) await writeAs(ctx, req, 'PUT', `/pools/${m[1]}.json`, { 'pool[post_ids]': before.post_ids });
      }
      return res;
    },
  },
  {
    id: 'pools-is-active-zero-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`pool[is_active]` (1 or 0)',
    description: 'pool[is_active]=0 is treated as "not given", so a pool cannot be made inactive.',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/(\\d+)') || getParam(req, 'pool[is_active]') !== '0') return req;
      return deleteParam(req, 'pool[is_active]');
    },
  },
  {
    id: 'pools-category-lost-with-creator-name',
    variants: ['A'],
    family: 'pools',
    kind: 'implementation-bug',
    quote: '`search[category]` (A only; series or collection)',
    description: 'When search[creator_name] is also given, the search[category] filter is dropped.',
    onRequest(req) {
      if (!route(req, 'GET', '/pools') || !req.query.has('search[category]') || !req.query.has('search[creator_name]')) return req;
      return withQuery(req, (q) => q.delete('search[category]'));
    },
  },
];
