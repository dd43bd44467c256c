import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route } from '../tranche-1/util.ts';
import { relistFiltered, sameName } from './common.ts';

export const wiki: Fault[] = [
  {
    id: 'wiki-creator-name-matches-updater',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: '`search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'The wiki search by creator name compares the last updater instead of the creator, so a page edited by another account is attributed to that account.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/wiki_pages')) return res;
      const name = getParam(req, 'search[creator_name]');
      if (!name) return res;
      return relistFiltered(ctx, req, res, (q) => {
        q.delete('search[creator_name]');
        if (!q.has('limit')) q.set('limit', '100');
      }, (w) => sameName(w.updater_name, name));
    },
  },
  {
    id: 'wiki-sort-key-ignored-b',
    variants: ['B'],
    family: 'wiki',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant B ignores search[sort] on the wiki page list; results always come in the default order.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/wiki_pages') || getParam(req, 'search[sort]') === undefined) return req;
      return deleteParam(req, 'search[sort]');
    },
  },
  {
    id: 'wiki-other-names-lost-with-title',
    variants: ['A'],
    family: 'wiki',
    quote: '`wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only)',
    description: 'A wiki page update that renames the page (wiki_page[title]) and sets wiki_page[other_names] in the same request drops the other names.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/wiki_pages/(\\d+)')) return req;
      if (getParam(req, 'wiki_page[title]') === undefined || getParam(req, 'wiki_page[other_names]') === undefined) return req;
      return deleteParam(req, 'wiki_page[other_names]');
    },
  },
];
