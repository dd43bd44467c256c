import type { Fault } from '../tranche-1/fault.ts';
import { getParam, deleteParam } from '../tranche-1/util.ts';
import { is, filtered } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'uploads-source-search-substring', variants: ['A', 'B'], family: 'uploads', kind: 'implementation-bug',
    quote: '`search[source]` (exact string match)',
    description: 'search[source] matches every upload whose source contains the given text, not only the exact string.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/uploads\.json$/)) return req;
      const s = getParam(req, 'search[source]');
      if (!s) return req;
      return (await filtered(req, ctx, ['search[source]'], (u) => typeof u.source === 'string' && u.source.includes(s))) ?? req;
    },
  },
  {
    id: 'uploads-parent-id-dropped', variants: ['A', 'B'], family: 'uploads', kind: 'implementation-bug',
    quote: '`upload[parent_id]`',
    description: 'upload[parent_id] is lost when the multipart upload is parsed: the created post has no parent.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/uploads\.(json|xml)$/)) return req;
      return deleteParam(req, 'upload[parent_id]');
    },
  },
];
