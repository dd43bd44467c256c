import type { Fault } from '../tranche-1/fault.ts';
import { getParam, deleteParam, hasParam } from '../tranche-1/util.ts';
import { is, filtered } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'comments-creator-name-prefix', variants: ['A', 'B'], family: 'comments', kind: 'spec-reader',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] is a prefix match: conform_member also returns comments by conform_member2.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/comments\.json$/)) return req;
      const n = getParam(req, 'search[creator_name]');
      if (!n) return req;
      return (await filtered(req, ctx, ['search[creator_name]'], (c) => typeof c.creator_name === 'string' && c.creator_name.toLowerCase().startsWith(n.toLowerCase()))) ?? req;
    },
  },
  {
    id: 'comments-post-id-filter-ignored', variants: ['A'], family: 'comments', kind: 'implementation-bug',
    quote: '`search[post_id]` (A only)',
    description: 'search[post_id] on the comment list is ignored: comments of every post are returned.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/comments\.(json|xml)$/)) return req;
      return deleteParam(req, 'search[post_id]');
    },
  },
  {
    id: 'comments-update-no-bump-drops-body', variants: ['A', 'B'], family: 'comments', kind: 'implementation-bug',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'When a comment update also carries comment[do_not_bump_post], the new body is discarded (only the flag is applied).',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/comments\/\d+\.(json|xml)$/)) return req;
      if (!hasParam(req, 'comment[do_not_bump_post]')) return req;
      return deleteParam(req, 'comment[body]');
    },
  },
];
