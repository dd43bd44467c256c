import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route, setParam } from '../tranche-1/util.ts';

export const forum: Fault[] = [
  {
    id: 'forum-topics-title-prefix-match',
    variants: ['A', 'B'],
    family: 'forum',
    quote: '`search[title]` (exact)',
    description: 'The forum topic search[title] matches every topic whose title starts with the value instead of only the exact title.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/forum_topics')) return req;
      const t = getParam(req, 'search[title]');
      if (!t || getParam(req, 'search[title_matches]') !== undefined) return req;
      return setParam(deleteParam(req, 'search[title]'), 'search[title_matches]', t.replace(/\*/g, '') + '*');
    },
  },
  {
    id: 'forum-topics-category-2-saved-as-0',
    variants: ['A'],
    family: 'forum',
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'Creating a forum topic with the last category (2, Bugs & Features) files it under 0 (General).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/forum_topics') || getParam(req, 'forum_topic[category_id]') !== '2') return req;
      return setParam(req, 'forum_topic[category_id]', '0');
    },
  },
  {
    id: 'forum-posts-creator-lost-with-topic',
    variants: ['A', 'B'],
    family: 'forum',
    quote: '`search[creator_id]`; `search[creator_name]`; `search[topic_id]`',
    description: 'A forum post search combining search[topic_id] with search[creator_name] ignores the creator name, listing every post of the topic.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/forum_posts')) return req;
      if (getParam(req, 'search[topic_id]') === undefined || getParam(req, 'search[creator_name]') === undefined) return req;
      return deleteParam(req, 'search[creator_name]');
    },
  },
];
