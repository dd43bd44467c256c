import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'wiki-body-cut-at-ampersand', variants: ['A', 'B'], family: 'wiki', kind: 'implementation-bug',
    quote: '`wiki_page[body]` REQUIRED',
    description: 'A wiki body is cut at its first & on create and update (a hand-written form decoder), so "a & b" is stored as "a ".',
    onRequest(req) {
      if (!is(req, 'POST', /^\/wiki_pages\.(json|xml)$/) && !is(req, 'PUT', /^\/wiki_pages\/\d+\.(json|xml)$/)) return req;
      const b = getParam(req, 'wiki_page[body]');
      if (b === undefined || !b.includes('&') || b.indexOf('&') === 0) return req;
      return setParam(req, 'wiki_page[body]', b.slice(0, b.indexOf('&')));
    },
  },
];
