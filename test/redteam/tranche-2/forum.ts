import type { Fault } from '../tranche-1/fault.ts';
import { getParam, deleteParam } from '../tranche-1/util.ts';
import { is, filtered } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'forum-topic-title-exact-is-substring', variants: ['A', 'B'], family: 'forum', kind: 'spec-reader',
    quote: '`search[title]` (exact)',
    description: 'search[title] on forum topics matches every topic whose title contains the text.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/forum_topics\.json$/)) return req;
      const t = getParam(req, 'search[title]');
      if (!t) return req;
      return (await filtered(req, ctx, ['search[title]'], (r) => typeof r.title === 'string' && r.title.includes(t))) ?? req;
    },
  },
  {
    id: 'forum-posts-topic-category-ignored', variants: ['A'], family: 'forum', kind: 'implementation-bug',
    quote: '`search[topic_category_id]` (A only)',
    description: 'search[topic_category_id] on forum posts is not joined to the topic and is ignored.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/forum_posts\.(json|xml)$/)) return req;
      return deleteParam(req, 'search[topic_category_id]');
    },
  },
];
