import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route, setParam } from '../tranche-1/util.ts';
import { terms } from './common.ts';

export const pools: Fault[] = [
  {
    id: 'pools-post-ids-drops-last',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'Updating a pool with two or more post ids stores all but the last id.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/(\\d+)')) return req;
      const t = terms(getParam(req, 'pool[post_ids]'));
      if (t.length < 2) return req;
      return setParam(req, 'pool[post_ids]', t.slice(0, -1).join(' '));
    },
  },
  {
    id: 'pools-category-lost-with-name',
    variants: ['A'],
    family: 'pools',
    quote: '`search[category]` (A only; series or collection)',
    description: 'A pool search combining search[name_matches] with search[category] ignores the category.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/pools')) return req;
      if (getParam(req, 'search[name_matches]') === undefined || getParam(req, 'search[category]') === undefined) return req;
      return deleteParam(req, 'search[category]');
    },
  },
  {
    id: 'pools-deactivate-ignored',
    variants: ['A', 'B'],
    family: 'pools',
    quote: '`pool[is_active]` (1 or 0)',
    description: 'Updating a pool with pool[is_active]=0 is accepted but the pool stays active (0 treated as absent).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/pools/(\\d+)') || getParam(req, 'pool[is_active]') !== '0') return req;
      return deleteParam(req, 'pool[is_active]');
    },
  },
];
