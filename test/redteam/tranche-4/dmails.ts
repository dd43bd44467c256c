import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { envelope, jsonResponse, parseJson, route } from '../tranche-1/util.ts';
import { fetchJson, isJson, ok, withQuery } from './h.ts';

function cache(ctx: FaultContext): Map<number, any> {
  let c = ctx.state.get('dmails') as Map<number, any> | undefined;
  if (!c) ctx.state.set('dmails', (c = new Map()));
  return c;
}

export const faults: Fault[] = [
  {
    id: 'dmails-show-leaks-to-non-owner',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Show serves a dmail from a cache keyed by id without checking the owner, so any logged-in user can read any dmail that was sent.',
    async onResponse(req, res, ctx): Promise<ProxiedResponse> {
      if (route(req, 'POST', '/dmails') && ok(res)) {
        const id = parseJson(res)?.id;
        if (typeof id === 'number') {
          const list = await fetchJson(ctx, req, '/dmails.json', { limit: '100' });
          const rec = Array.isArray(list) ? list.find((d: any) => d.id === id) : undefined;
          if (rec) cache(ctx).set(id, rec);
        }
        return res;
      }
      const m = route(req, 'GET', '/dmails/(\\d+)');
      if (m && isJson(req)) {
        if (res.status === 200) {
          const rec = parseJson(res);
          if (rec && typeof rec.id === 'number') cache(ctx).set(rec.id, rec);
          return res;
        }
        if (res.status === 403) {
          const rec = cache(ctx).get(Number(m[1]));
          if (rec) return jsonResponse(rec, 200, res);
        }
      }
      return res;
    },
  },
  {
    id: 'dmails-delete-non-owner-reports-success',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Deleting another user\'s dmail answers 200 with a success envelope instead of denying access.',
    onResponse(req, res) {
      const m = route(req, 'DELETE', '/dmails/(\\d+)');
      if (!m || res.status !== 403) return res;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
  {
    id: 'dmails-read-false-treated-as-true',
    variants: ['A'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[read]` (A only; true or false)',
    description: 'search[read]=false is taken as a truthy string, so it lists the read dmails instead of the unread ones.',
    onRequest(req: ProxiedRequest) {
      if (!route(req, 'GET', '/dmails') || req.query.get('search[read]') !== 'false') return req;
      return withQuery(req, (q) => q.set('search[read]', 'true'));
    },
  },
  {
    id: 'dmails-to-name-ignored',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'spec-reader',
    quote: '`search[to_name]`; `search[to_id]`',
    description: 'The dmail list ignores search[to_name]; all of the user\'s dmails are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/dmails') || !req.query.has('search[to_name]')) return req;
      return withQuery(req, (q) => q.delete('search[to_name]'));
    },
  },
];
