import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, hasParam, route, setParam } from '../tranche-1/util.ts';
import { filteredList, isJson } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'uploads-source-prefix-match',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: '`search[source]` (exact string match)',
    description: 'search[source] is matched as a prefix, so uploads whose source merely begins with the value are listed too.',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/uploads') || !isJson(req)) return req;
      const v = req.query.get('search[source]');
      if (!v) return req;
      return filteredList(ctx, req, (q) => q.delete('search[source]'), (r) => typeof r.source === 'string' && r.source.startsWith(v));
    },
  },
  {
    id: 'uploads-rating-optional',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: '`upload[rating]` REQUIRED (safe, questionable, explicit)',
    description: 'An upload without upload[rating] is accepted and rated safe instead of being refused.',
    onRequest(req) {
      if (!route(req, 'POST', '/uploads') || hasParam(req, 'upload[rating]')) return req;
      return setParam(req, 'upload[rating]', 'safe');
    },
  },
  {
    id: 'uploads-parent-lost-with-source',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '`upload[parent_id]`; `upload[tag_string]` REQUIRED',
    description: 'When an upload also carries upload[source], upload[parent_id] is not applied: the new post has no parent.',
    onRequest(req) {
      if (!route(req, 'POST', '/uploads')) return req;
      if (!hasParam(req, 'upload[source]') || !hasParam(req, 'upload[parent_id]')) return req;
      return deleteParam(req, 'upload[parent_id]');
    },
  },
];
