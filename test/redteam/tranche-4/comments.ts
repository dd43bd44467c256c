import type { Fault } from '../tranche-1/fault.ts';
import { envelope, getParam, hasParam, route, setParam } from '../tranche-1/util.ts';
import { filteredList, isJson, withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'comments-creator-name-prefix-match',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] on comments is matched as a prefix: searching "alice" also lists comments of "alice2".',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/comments') || !isJson(req)) return req;
      const v = req.query.get('search[creator_name]');
      if (!v) return req;
      return filteredList(ctx, req, (q) => q.delete('search[creator_name]'), (r) => typeof r.creator_name === 'string' && r.creator_name.startsWith(v));
    },
  },
  {
    id: 'comments-post-id-lost-with-creator-id',
    variants: ['A'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`search[post_id]` (A only)',
    description: 'When search[creator_id] is also given, search[post_id] is dropped: the creator\'s comments on every post are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/comments')) return req;
      if (!req.query.has('search[post_id]') || !req.query.has('search[creator_id]')) return req;
      return withQuery(req, (q) => q.delete('search[post_id]'));
    },
  },
  {
    id: 'comments-update-body-cut-at-ampersand',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED',
    description: 'On comment update the body is re-parsed as a query string, so everything from the first "&" on is lost.',
    onRequest(req) {
      if (!route(req, 'PUT', '/comments/(\\d+)')) return req;
      const b = getParam(req, 'comment[body]');
      if (b === undefined || !b.includes('&')) return req;
      return setParam(req, 'comment[body]', b.slice(0, b.indexOf('&')));
    },
  },
  {
    id: 'comments-update-body-optional',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED',
    description: 'A comment update without comment[body] is answered as a success (nothing changes) instead of being refused.',
    onRequest(req) {
      const m = route(req, 'PUT', '/comments/(\\d+)');
      if (!m || hasParam(req, 'comment[body]')) return req;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
];
