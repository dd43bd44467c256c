// Faults of the version listings.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, route, setParam } from './util.ts';

const faults: Fault[] = [
  {
    id: 'post-versions-updater-name-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: '`search[updater_name]` is ignored on the post version list: versions by every updater are returned.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/post_versions') || !req.query.has('search[updater_name]')) return req;
      return deleteParam(req, 'search[updater_name]');
    },
  },
  {
    id: 'pool-versions-updater-id-as-pool-id',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: '`search[updater_id]` on pool versions is applied to the pool id column: it returns the versions of the pool with that id.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/pool_versions')) return req;
      const v = getParam(req, 'search[updater_id]');
      if (v === undefined || req.query.has('search[pool_id]')) return req;
      return setParam(deleteParam(req, 'search[updater_id]'), 'search[pool_id]', v);
    },
  },
  {
    id: 'artist-versions-is-active-ignored',
    variants: ['A'],
    family: 'versions',
    quote:
      '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: '`search[is_active]` is ignored on the artist version list: versions of active and inactive artists are both returned.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artist_versions') || !req.query.has('search[is_active]')) return req;
      return deleteParam(req, 'search[is_active]');
    },
  },
];

export default faults;
