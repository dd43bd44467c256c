import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'artists-group-prefix-searches-name', variants: ['A', 'B'], family: 'artists', kind: 'spec-reader',
    quote: '| group: | search artists of the named group |',
    description: 'search[name]=group:X searches base names equal to X instead of artists whose group is X.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/artists\.(json|xml)$/)) return req;
      const n = getParam(req, 'search[name]');
      if (n && n.startsWith('group:')) return setParam(req, 'search[name]', 'name:' + n.slice(6));
      return req;
    },
  },
  {
    id: 'artists-banned-endpoint-unfiltered', variants: ['A', 'B'], family: 'artists', kind: 'implementation-bug',
    quote: 'none; equivalent to a list search with `search[name]` set to `status:banned`',
    description: 'GET /artists/banned lists every artist, banned or not (the status filter is not applied).',
    onRequest(req) {
      const m = /^\/artists\/banned\.(json|xml)$/.exec(req.path);
      if (req.method.toUpperCase() !== 'GET' || !m) return req;
      return { ...req, path: `/artists.${m[1]}` };
    },
  },
  {
    id: 'artists-url-string-newline-truncates', variants: ['A', 'B'], family: 'artists', kind: 'implementation-bug',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'artist[url_string] is cut at the first newline on create and update, so only the URLs of the first line are kept.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/artists\.(json|xml)$/) && !is(req, 'PUT', /^\/artists\/\d+\.(json|xml)$/)) return req;
      const u = getParam(req, 'artist[url_string]');
      if (u === undefined || !/[\r\n]/.test(u.trim())) return req;
      return setParam(req, 'artist[url_string]', u.trim().split(/\r?\n/)[0]!);
    },
  },
];
