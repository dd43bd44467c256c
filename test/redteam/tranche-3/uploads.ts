import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route } from '../tranche-1/util.ts';
import { relistFiltered } from './common.ts';

export const uploads: Fault[] = [
  {
    id: 'uploads-source-prefix-match',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '`search[source]` (exact string match)',
    description: 'The upload search by source matches every upload whose source begins with the given string instead of only the exact string.',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/uploads')) return res;
      const src = getParam(req, 'search[source]');
      if (!src) return res;
      return relistFiltered(ctx, req, res, (q) => {
        q.delete('search[source]');
        if (!q.has('limit')) q.set('limit', '100');
      }, (u) => typeof u.source === 'string' && u.source.startsWith(src));
    },
  },
  {
    id: 'uploads-uploader-lost-with-source',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '`search[uploader_id]`, `search[uploader_name]`, `search[source]` (exact string match)',
    description: 'When an upload search combines search[uploader_name] with search[source], the uploader name is ignored and other accounts\' uploads of that source are listed.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/uploads')) return req;
      if (getParam(req, 'search[uploader_name]') === undefined || getParam(req, 'search[source]') === undefined) return req;
      return deleteParam(req, 'search[uploader_name]');
    },
  },
];
