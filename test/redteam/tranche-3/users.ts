import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route, setParam } from '../tranche-1/util.ts';

export const users: Fault[] = [
  {
    id: 'users-max-level-lost-with-min',
    variants: ['A'],
    family: 'users',
    quote: '`search[max_level]` (A only)',
    description: 'When a user search gives both search[min_level] and search[max_level], the maximum is ignored.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/users')) return req;
      if (getParam(req, 'search[min_level]') === undefined || getParam(req, 'search[max_level]') === undefined) return req;
      return deleteParam(req, 'search[max_level]');
    },
  },
  {
    id: 'users-min-level-exclusive',
    variants: ['A', 'B'],
    family: 'users',
    quote: '`search[min_level]`',
    description: 'search[min_level] excludes users whose level equals the minimum (strictly greater than).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/users')) return req;
      const v = getParam(req, 'search[min_level]');
      if (!v || !/^\d+$/.test(v)) return req;
      return setParam(req, 'search[min_level]', String(Number(v) + 1));
    },
  },
  {
    id: 'users-sort-key-ignored-b',
    variants: ['B'],
    family: 'users',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant B ignores search[sort] on the user list; results always come in the default order.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/users') || getParam(req, 'search[sort]') === undefined) return req;
      return deleteParam(req, 'search[sort]');
    },
  },
];
