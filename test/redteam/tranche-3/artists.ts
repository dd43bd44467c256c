import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route, setParam } from '../tranche-1/util.ts';

export const artists: Fault[] = [
  {
    id: 'artists-plain-name-skips-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| anything else | search base name and other names |',
    description: 'A search[name] without a recognised prefix only searches base names; artists known only by an other name are not found.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artists')) return req;
      const n = getParam(req, 'search[name]');
      if (!n || /^(http|name:|other:|group:|status:banned)/.test(n)) return req;
      return setParam(req, 'search[name]', 'name:' + n);
    },
  },
  {
    id: 'artists-url-string-drops-last-url',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'When artist[url_string] holds several URLs, the last one is not saved on create or update.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') && !route(req, 'PUT', '/artists/(\\d+)')) return req;
      const u = getParam(req, 'artist[url_string]');
      if (!u || u.trim().split(/\s+/).length < 2) return req;
      return setParam(req, 'artist[url_string]', u.replace(/\s+\S+\s*$/, ''));
    },
  },
  {
    id: 'artists-sort-key-ignored-b',
    variants: ['B'],
    family: 'artists',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant B ignores search[sort] on the artist list; results always come in the default order.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artists') || getParam(req, 'search[sort]') === undefined) return req;
      return deleteParam(req, 'search[sort]');
    },
  },
  {
    id: 'artists-create-inactive-ignored-b',
    variants: ['B'],
    family: 'artists',
    quote: '`artist[is_active]` (B only; 1 or 0)',
    description: 'Creating an artist with artist[is_active]=0 creates an active artist; the value 0 is only honoured on update.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') || getParam(req, 'artist[is_active]') !== '0') return req;
      return deleteParam(req, 'artist[is_active]');
    },
  },
];
