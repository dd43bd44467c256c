import type { Fault } from '../tranche-1/fault.ts';
import { getParam, route, setParam } from '../tranche-1/util.ts';
import { relistFiltered, terms } from './common.ts';

export const comments: Fault[] = [
  {
    id: 'comments-creator-name-prefix',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '`search[creator_name]` (exact match)',
    description: 'The comment search by creator name is a prefix match: searching for one user also lists comments of users whose names start with that name.',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/comments')) return res;
      const name = getParam(req, 'search[creator_name]');
      if (!name) return res;
      return relistFiltered(ctx, req, res, (q) => {
        q.delete('search[creator_name]');
        if (!q.has('limit')) q.set('limit', '100');
      }, (c) => typeof c.creator_name === 'string' && c.creator_name.toLowerCase().startsWith(name.toLowerCase()));
    },
  },
  {
    id: 'comments-post-tags-match-drops-last',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '`search[post_tags_match]` (meta-tags unsupported)',
    description: 'A comment search by post tags with two or more tags ignores the last tag.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/comments')) return req;
      const t = terms(getParam(req, 'search[post_tags_match]'));
      if (t.length < 2) return req;
      return setParam(req, 'search[post_tags_match]', t.slice(0, -1).join(' '));
    },
  },
];
