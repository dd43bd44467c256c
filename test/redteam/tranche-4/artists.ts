import type { Fault } from '../tranche-1/fault.ts';
import { getParam, route, setParam } from '../tranche-1/util.ts';
import { withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'artists-other-prefix-searches-base-names',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'spec-reader',
    quote: '| other: | search in other names |',
    description: 'A search[name] beginning with "other:" has the prefix stripped and is run as a plain search, so artists whose base name matches are listed too.',
    onRequest(req) {
      if (!route(req, 'GET', '/artists')) return req;
      const v = req.query.get('search[name]');
      if (!v || !v.startsWith('other:')) return req;
      return withQuery(req, (q) => q.set('search[name]', v.slice('other:'.length)));
    },
  },
  {
    id: 'artists-url-string-newline-keeps-first',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'On create and update, url_string is cut at the first newline, so only the first line\'s URL is stored.',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') && !route(req, 'PUT', '/artists/(\\d+)')) return req;
      const v = getParam(req, 'artist[url_string]');
      if (v === undefined || !/[\r\n]/.test(v.trim())) return req;
      return setParam(req, 'artist[url_string]', v.trim().split(/\r?\n/)[0]!);
    },
  },
  {
    id: 'artists-order-key-ignored-in-A',
    variants: ['A'],
    family: 'artists',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'The artist list reads only B\'s sort key; search[order] is ignored and the default order is used.',
    onRequest(req) {
      if (!route(req, 'GET', '/artists') || !req.query.has('search[order]')) return req;
      return withQuery(req, (q) => q.delete('search[order]'));
    },
  },
  {
    id: 'artists-banned-lists-all',
    variants: ['A', 'B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: 'none; equivalent to a list search with `search[name]` set to `status:banned`',
    description: 'GET /artists/banned runs the artist list without the status:banned filter, so every artist is returned.',
    onRequest(req) {
      if (!route(req, 'GET', '/artists/banned')) return req;
      return { ...req, path: req.path.replace('/artists/banned', '/artists') };
    },
  },
  {
    id: 'artists-is-active-zero-stored-as-active',
    variants: ['B'],
    family: 'artists',
    kind: 'implementation-bug',
    quote: '`artist[is_active]` (B only; 1 or 0)',
    description: 'artist[is_active]=0 is read as the non-empty string "0" and stored as active.',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') && !route(req, 'PUT', '/artists/(\\d+)')) return req;
      if (getParam(req, 'artist[is_active]') !== '0') return req;
      return setParam(req, 'artist[is_active]', '1');
    },
  },
];
