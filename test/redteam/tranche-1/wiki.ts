// Faults of the wiki family.
import type { Fault } from './fault.ts';
import { deleteParam, hasParam, route } from './util.ts';

const LIST_ROW =
  '| List | GET /wiki_pages.json | `search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title |';

const faults: Fault[] = [
  {
    id: 'wiki-other-names-dropped',
    variants: ['A'],
    family: 'wiki',
    quote: '| Create | POST /wiki_pages.json | `wiki_page[title]` REQUIRED; `wiki_page[body]` REQUIRED; `wiki_page[other_names]` (A only) |',
    description: 'Variant A drops `wiki_page[other_names]` on create and update, so the page is not found by `search[other_names_match]`.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/wiki_pages') && !route(req, 'PUT', '/wiki_pages/\\d+')) return req;
      if (!hasParam(req, 'wiki_page[other_names]')) return req;
      return deleteParam(req, 'wiki_page[other_names]');
    },
  },
  {
    id: 'wiki-sort-key-ignored',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: LIST_ROW,
    description: 'The wiki page sort key (A `search[order]`, B `search[sort]`) is ignored; pages always come newest first.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/wiki_pages')) return req;
      return deleteParam(deleteParam(req, 'search[order]'), 'search[sort]');
    },
  },
  {
    id: 'wiki-creator-name-ignored',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: LIST_ROW,
    description: '`search[creator_name]` is ignored on the wiki page list: pages of every creator are returned.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/wiki_pages') || !req.query.has('search[creator_name]')) return req;
      return deleteParam(req, 'search[creator_name]');
    },
  },
];

export default faults;
