import type { Fault } from '../tranche-1/fault.ts';
import { getParam, route, setParam } from '../tranche-1/util.ts';
import { filteredList, isJson, withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'forum-topics-title-substring-match',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'spec-reader',
    quote: '`search[title]` (exact)',
    description: 'search[title] on forum topics matches any title containing the value, not only the exact title.',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/forum_topics') || !isJson(req)) return req;
      const v = req.query.get('search[title]');
      if (!v) return req;
      return filteredList(ctx, req, (q) => q.delete('search[title]'), (r) => typeof r.title === 'string' && r.title.includes(v));
    },
  },
  {
    id: 'forum-topics-category-zero-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[category_id]` (A only)',
    description: 'search[category_id]=0 is treated as "no filter" (0 is falsy), so topics of all categories are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/forum_topics') || req.query.get('search[category_id]') !== '0') return req;
      return withQuery(req, (q) => q.delete('search[category_id]'));
    },
  },
  {
    id: 'forum-posts-update-body-html-escaped',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_posts/{id}.json | `forum_post[body]` |',
    description: 'On forum post update the body is HTML-escaped before it is stored, so "<" and "&" come back as "&lt;" and "&amp;".',
    onRequest(req) {
      if (!route(req, 'PUT', '/forum_posts/(\\d+)')) return req;
      const b = getParam(req, 'forum_post[body]');
      if (b === undefined || !/[<>&]/.test(b)) return req;
      return setParam(req, 'forum_post[body]', b.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    },
  },
  {
    id: 'forum-posts-topic-id-lost-with-creator-name',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[creator_name]`; `search[topic_id]`',
    description: 'When search[creator_name] is also given, the search[topic_id] filter of forum posts is dropped.',
    onRequest(req) {
      if (!route(req, 'GET', '/forum_posts') || !req.query.has('search[topic_id]') || !req.query.has('search[creator_name]')) return req;
      return withQuery(req, (q) => q.delete('search[topic_id]'));
    },
  },
];
