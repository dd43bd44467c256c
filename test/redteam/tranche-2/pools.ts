import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam, deleteParam } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'pools-post-ids-first-dropped', variants: ['A', 'B'], family: 'pools', kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'When pool[post_ids] lists two or more ids, the first id is dropped (off-by-one in the split).',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/pools\/\d+\.(json|xml)$/)) return req;
      const v = getParam(req, 'pool[post_ids]');
      if (v === undefined) return req;
      const ids = v.trim().split(/\s+/).filter(Boolean);
      if (ids.length < 2) return req;
      return setParam(req, 'pool[post_ids]', ids.slice(1).join(' '));
    },
  },
  {
    id: 'pools-is-active-zero-ignored', variants: ['A', 'B'], family: 'pools', kind: 'implementation-bug',
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: 'pool[is_active]=0 on update is treated as absent, so a pool cannot be made inactive.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/pools\/\d+\.(json|xml)$/)) return req;
      if (getParam(req, 'pool[is_active]') === '0') return deleteParam(req, 'pool[is_active]');
      return req;
    },
  },
];
