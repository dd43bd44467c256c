import type { Fault } from '../tranche-1/fault.ts';
import { hasParam, route, setParam } from '../tranche-1/util.ts';
import { withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'wiki-create-body-optional',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'spec-reader',
    quote: '`wiki_page[title]` REQUIRED; `wiki_page[body]` REQUIRED',
    description: 'A wiki page created without wiki_page[body] is accepted with an empty body.',
    onRequest(req) {
      if (!route(req, 'POST', '/wiki_pages') || hasParam(req, 'wiki_page[body]') || !hasParam(req, 'wiki_page[title]')) return req;
      return setParam(req, 'wiki_page[body]', '');
    },
  },
  {
    id: 'wiki-creator-id-lost-with-title',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '`search[title]`; `search[creator_id]`',
    description: 'When search[title] is given, search[creator_id] is dropped, so a page by another creator is listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/wiki_pages') || !req.query.has('search[title]') || !req.query.has('search[creator_id]')) return req;
      return withQuery(req, (q) => q.delete('search[creator_id]'));
    },
  },
];
