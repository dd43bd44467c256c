import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam, fmt, jsonResponse } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'users-min-level-exclusive', variants: ['A', 'B'], family: 'users', kind: 'implementation-bug',
    quote: '`search[min_level]`',
    description: 'search[min_level]=N excludes users of exactly level N (strict greater-than), e.g. min_level=20 omits Members.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/users\.(json|xml)$/)) return req;
      const v = getParam(req, 'search[min_level]');
      if (v && /^\d+$/.test(v)) return setParam(req, 'search[min_level]', String(Number(v) + 1));
      return req;
    },
  },
  {
    id: 'users-name-pattern-literal', variants: ['A', 'B'], family: 'users', kind: 'spec-reader',
    quote: '`search[name]` (supports patterns)',
    description: 'search[name] is matched literally: a pattern with * finds no user.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/users\.json$/) || fmt(req) !== 'json') return req;
      const n = getParam(req, 'search[name]');
      if (n && n.includes('*')) return jsonResponse([]);
      return req;
    },
  },
];
