import type { Fault } from '../tranche-1/fault.ts';
import { route } from '../tranche-1/util.ts';
import { withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'users-level-lost-with-min-level',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '`search[min_level]`; `search[max_level]` (A only); `search[level]`',
    description: 'When search[min_level] is also given, search[level] is dropped, so users above that level are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/users') || !req.query.has('search[level]') || !req.query.has('search[min_level]')) return req;
      return withQuery(req, (q) => q.delete('search[level]'));
    },
  },
  {
    id: 'users-sort-key-ignored-in-B',
    variants: ['B'],
    family: 'users',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'The user list reads only A\'s sort key; search[sort] is ignored and the default order is used.',
    onRequest(req) {
      if (!route(req, 'GET', '/users') || !req.query.has('search[sort]')) return req;
      return withQuery(req, (q) => q.delete('search[sort]'));
    },
  },
  {
    id: 'users-list-xml-answers-json',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /users.xml answers with the JSON rendering of the list.',
    async onRequest(req, ctx) {
      if (req.method !== 'GET' || req.path !== '/users.xml') return req;
      const res = await ctx.upstream({ ...req, path: '/users.json' });
      return res;
    },
  },
];
