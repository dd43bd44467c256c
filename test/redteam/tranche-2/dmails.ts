import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam, renameParam } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'dmails-read-filter-inverted', variants: ['A'], family: 'dmails', kind: 'implementation-bug',
    quote: '`search[read]` (A only; true or false)',
    description: 'search[read]=true returns the unread dmails and search[read]=false the read ones.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/dmails\.(json|xml)$/)) return req;
      const r = getParam(req, 'search[read]');
      if (r === 'true') return setParam(req, 'search[read]', 'false');
      if (r === 'false') return setParam(req, 'search[read]', 'true');
      return req;
    },
  },
  {
    id: 'dmails-to-name-joins-sender', variants: ['A', 'B'], family: 'dmails', kind: 'implementation-bug',
    quote: '`search[to_name]`',
    description: 'search[to_name] is joined against the sender instead of the recipient, so it behaves like search[from_name].',
    onRequest(req) {
      if (!is(req, 'GET', /^\/dmails\.(json|xml)$/)) return req;
      if (getParam(req, 'search[to_name]') === undefined || getParam(req, 'search[from_name]') !== undefined) return req;
      return renameParam(req, 'search[to_name]', 'search[from_name]');
    },
  },
];
