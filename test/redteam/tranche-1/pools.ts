// Faults of the pools family.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, hasParam, route, setParam, upstreamJson } from './util.ts';

const UPDATE_ROW =
  '| Update | PUT /pools/{id}.json | `pool[name]`; `pool[description]`; `pool[post_ids]` (space-delimited post ids); `pool[is_active]` (1 or 0); `pool[category]` (A only) |';

const faults: Fault[] = [
  {
    id: 'pools-post-ids-first-only',
    variants: ['A', 'B'],
    family: 'pools',
    quote: UPDATE_ROW,
    description: '`pool[post_ids]` keeps only the first id of the space-delimited list; the other posts are not added to the pool.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/\\d+')) return req;
      const v = getParam(req, 'pool[post_ids]');
      if (v === undefined) return req;
      const ids = v.trim().split(/\s+/).filter(Boolean);
      if (ids.length < 2) return req;
      return setParam(req, 'pool[post_ids]', ids[0]!);
    },
  },
  {
    id: 'pools-category-dropped-on-create',
    variants: ['A'],
    family: 'pools',
    quote: '| Create | POST /pools.json | `pool[name]` REQUIRED; `pool[description]` REQUIRED; `pool[category]` (A only) |',
    description: 'Variant A ignores `pool[category]` on create: every new pool gets the default category (series).',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/pools') || !hasParam(req, 'pool[category]')) return req;
      return deleteParam(req, 'pool[category]');
    },
  },
  {
    id: 'pools-revert-one-step-back',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description:
      'Pool revert ignores the given `version_id` and always restores the version just before the current one (an "undo").',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/pools/(\\d+)/revert');
      if (!m || !hasParam(req, 'version_id')) return req;
      const versions = await upstreamJson(ctx, req, '/pool_versions.json', { 'search[pool_id]': m[1]!, limit: '100' });
      if (!Array.isArray(versions)) return req;
      const mine = versions.filter((v: any) => Number(v.pool_id) === Number(m[1])).sort((a: any, b: any) => b.id - a.id);
      if (mine.length < 2) return req;
      return setParam(req, 'version_id', String(mine[1].id));
    },
  },
  {
    id: 'pools-is-active-zero-truthy',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description:
      'On pool update the string "0" for `pool[is_active]` is taken as true (non-empty string), so a pool cannot be made inactive.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/\\d+') || getParam(req, 'pool[is_active]') !== '0') return req;
      return setParam(req, 'pool[is_active]', '1');
    },
  },
];

export default faults;
