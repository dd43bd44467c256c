// Faults of the artists family.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, hasParam, route, setParam } from './util.ts';

const LIST_ROW =
  '| List | GET /artists.json | `search[name]` (behaviour depends on its start, see below); `search[id]`; `search[creator_name]` (A only); `search[creator_id]` (A only); `search[is_active]` (A only; true or false); `search[is_banned]` (A only; true or false); `search[empty_only]` (A only; true selects artists with 0 posts); sort key: A `search[order]`, B `search[sort]`, values name or date |';
const CREATE_ROW =
  '| Create | POST /artists.json | `artist[name]`; `artist[other_names_comma]` (comma-delimited alternative names); `artist[group_name]`; `artist[url_string]` (URLs delimited by whitespace or newline); `artist[is_active]` (B only; 1 or 0) |';

const faults: Fault[] = [
  {
    id: 'artists-name-prefix-searches-other-names',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| name: | search by base name |',
    description:
      'The `name:` prefix is stripped and the rest searched like a plain term, so `name:X` also matches artists having X only among their other names.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artists')) return req;
      const v = getParam(req, 'search[name]');
      if (v === undefined || !v.startsWith('name:')) return req;
      return setParam(req, 'search[name]', v.slice('name:'.length));
    },
  },
  {
    id: 'artists-banned-unfiltered',
    variants: ['A', 'B'],
    family: 'artists',
    quote: '| Banned | GET /artists/banned.json | none; equivalent to a list search with `search[name]` set to `status:banned` |',
    description: 'GET /artists/banned.json is routed to the plain artist list and returns every artist, banned or not.',
    kind: 'implementation-bug',
    onRequest(req) {
      const m = route(req, 'GET', '/artists/banned');
      if (!m) return req;
      return { ...req, path: `/artists.${m[1]}` };
    },
  },
  {
    id: 'artists-sort-key-ignored',
    variants: ['A', 'B'],
    family: 'artists',
    quote: LIST_ROW,
    description: 'The artist sort key (A `search[order]`, B `search[sort]`) is ignored; the list is always in the default order.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artists')) return req;
      return deleteParam(deleteParam(req, 'search[order]'), 'search[sort]');
    },
  },
  {
    id: 'artists-is-active-ignored-on-create',
    variants: ['B'],
    family: 'artists',
    quote: '| Artist | is_active | 1 or 0 on create and update (B only); true or false in searches (A only) |',
    description: 'Variant B ignores `artist[is_active]` on create: an artist created with is_active=0 is active.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') || !hasParam(req, 'artist[is_active]')) return req;
      return deleteParam(req, 'artist[is_active]');
    },
  },
  {
    id: 'artists-url-newline-not-split',
    variants: ['A', 'B'],
    family: 'artists',
    quote: CREATE_ROW,
    description:
      '`artist[url_string]` is split on spaces only: URLs separated by a newline run together into one bogus URL, so neither is found by a URL search.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/artists') && !route(req, 'PUT', '/artists/\\d+')) return req;
      const v = getParam(req, 'artist[url_string]');
      if (v === undefined || !/[\r\n]/.test(v)) return req;
      return setParam(req, 'artist[url_string]', v.replace(/[ \t]*[\r\n]+[ \t]*/g, ''));
    },
  },
];

export default faults;
