import type { Fault } from '../tranche-1/fault.ts';
import { authOf, deleteParam, fmt, getRequest, getParam, jsonResponse, parseJson, route } from '../tranche-1/util.ts';

export const dmails: Fault[] = [
  {
    id: 'dmails-show-leaks-to-non-owner',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Showing a dmail that belongs to other users returns the message instead of refusing it (JSON).',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      const cache = (ctx.state.get('dm') as Map<number, any>) ?? new Map<number, any>();
      ctx.state.set('dm', cache);
      if (route(req, 'POST', '/dmails') && res.status === 200) {
        const id = parseJson(res)?.id;
        if (typeof id === 'number') {
          const r = await ctx.upstream(getRequest(authOf(req), `/dmails/${id}.json`));
          const d = parseJson(r);
          if (r.status === 200 && d) cache.set(id, d);
        }
        return res;
      }
      const m = route(req, 'GET', '/dmails/(\\d+)');
      if (!m) return res;
      if (res.status === 200 && fmt(req) === 'json') {
        const d = parseJson(res);
        if (d) cache.set(Number(m[1]), d);
        return res;
      }
      if (res.status === 403 && fmt(req) === 'json' && cache.has(Number(m[1]))) {
        return jsonResponse(cache.get(Number(m[1])), 200, res);
      }
      return res;
    },
  },
  {
    id: 'dmails-read-filter-ignored',
    variants: ['A'],
    family: 'dmails',
    quote: '`search[read]` (A only; true or false)',
    description: 'The dmail search[read] filter is ignored; read and unread messages are both listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/dmails') || getParam(req, 'search[read]') === undefined) return req;
      return deleteParam(req, 'search[read]');
    },
  },
  {
    id: 'dmails-from-name-lost-with-to-name',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: '`search[from_name]`; `search[from_id]`',
    description: 'When a dmail search gives both search[to_name] and search[from_name], the sender name is ignored, so messages from every sender are listed.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/dmails')) return req;
      if (getParam(req, 'search[to_name]') === undefined || getParam(req, 'search[from_name]') === undefined) return req;
      return deleteParam(req, 'search[from_name]');
    },
  },
];
