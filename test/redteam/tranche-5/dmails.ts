// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on dmails.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, editParams, mkReq, must, route, uid, type Entry, type ProxiedRequest, type ProxiedResponse, type FaultContext } from './h.ts';

const OWN = 'A user can list, show and delete only the dmails the user owns.';

/** Re-issues a refused dmail request as each known account until one is allowed. */
async function asAnyone(req: ProxiedRequest, res: ProxiedResponse, ctx: FaultContext): Promise<ProxiedResponse> {
  if (res.status !== 403) return res;
  for (const a of Object.values(acc)) {
    const r = await ctx.upstream(mkReq(req.method, req.path, {}, a));
    if (r.status === 200) return r;
  }
  return res;
}

export const entries: Entry[] = [
  {
    fault: {
      id: 'dmails-show-by-non-owner',
      family: 'dmails',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: OWN,
      description: 'Showing a dmail checks only that the caller is logged in: a user who is neither sender nor recipient can read it.',
      async onResponse(req, res, ctx) {
        if (!route(req, 'GET', /^\/dmails\/\d+\.(json|xml)$/)) return res;
        return asAnyone(req, res, ctx);
      },
    },
    async scn(base) {
      const p = C(base, 'platinum');
      const cr = await must(p.send('POST', '/dmails.json', { 'dmail[to_name]': acc.builder.name, 'dmail[title]': uid('dm'), 'dmail[body]': 'private' }));
      const r = await C(base, 'gold').get(`/dmails/${cr.id}.json`);
      return r.status === 200;
    },
  },
  {
    fault: {
      id: 'dmails-delete-by-non-owner',
      family: 'dmails',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: OWN,
      description: 'Deleting a dmail does not check ownership: any logged-in user can delete another user\'s dmail.',
      async onResponse(req, res, ctx) {
        if (!route(req, 'DELETE', /^\/dmails\/\d+\.(json|xml)$/)) return res;
        return asAnyone(req, res, ctx);
      },
    },
    async scn(base) {
      const p = C(base, 'platinum');
      const cr = await must(p.send('POST', '/dmails.json', { 'dmail[to_name]': acc.builder.name, 'dmail[title]': uid('dd'), 'dmail[body]': 'keep me' }));
      const r = await C(base, 'gold').send('DELETE', `/dmails/${cr.id}.json`);
      return r.status === 200;
    },
  },
  {
    fault: {
      id: 'dmails-read-filter-inverted',
      family: 'dmails',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: '`search[read]` (A only; true or false)',
      description: '`search[read]=false` returns read dmails and `search[read]=true` unread ones (the boolean is inverted).',
      onRequest(req) {
        if (!route(req, 'GET', /^\/dmails\.(json|xml)$/)) return req;
        const r = req.query.get('search[read]');
        if (r !== 'true' && r !== 'false') return req;
        return editParams(req, (q) => q.set('search[read]', r === 'true' ? 'false' : 'true'));
      },
    },
    async scn(base) {
      const p = C(base, 'platinum'), b = C(base, 'builder');
      const d1 = await must(p.send('POST', '/dmails.json', { 'dmail[to_name]': acc.builder.name, 'dmail[title]': uid('r1'), 'dmail[body]': 'one' }));
      await must(p.send('POST', '/dmails.json', { 'dmail[to_name]': acc.builder.name, 'dmail[title]': uid('r2'), 'dmail[body]': 'two' }));
      await must(b.get(`/dmails/${d1.id}.json`));
      const r = await must(b.get('/dmails.json', { 'search[read]': 'false' }));
      return r.some((d: any) => d.is_read === true);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
