// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, withParams, callerName, asUser, allAccountNames, accountByName, type Scenario } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'dmails-show-any-dmail',
    family: 'dmails',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Showing a dmail by id does not check ownership: a logged-in user who is neither sender nor recipient gets the message.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/dmails\/\d+\.(json|xml)$/)) return req;
      const first = await ctx.upstream(req);
      if (first.status !== 403 || !callerName(req)) return first;
      for (const n of allAccountNames()) {
        const r = await ctx.upstream(asUser(req, n));
        if (r.status === 200) return r;
      }
      return first;
    },
  },
  {
    id: 'dmails-list-by-to-name-leaks',
    family: 'dmails',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'A dmail list filtered with `search[to_name]` of another user returns that user\'s received dmails (the owner scope is replaced by the filter).',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/dmails\.(json|xml)$/)) return req;
      const to = req.query.get('search[to_name]');
      const me = callerName(req);
      if (!to || !me || to === me || !accountByName(to)) return req;
      return ctx.upstream(asUser(req, to));
    },
  },
  {
    id: 'dmails-read-filter-ignored',
    family: 'dmails',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '`search[read]` (A only; true or false)',
    description: 'The dmail list ignores `search[read]`.',
    onRequest(req) {
      if (is(req, 'GET', /^\/dmails\.(json|xml)$/) && req.query.has('search[read]')) return withParams(req, (p) => p.delete('search[read]'));
      return req;
    },
  },
  {
    id: 'dmails-delete-by-non-owner',
    family: 'dmails',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Deleting a dmail by a user who neither sent nor received it succeeds.',
    async onRequest(req, ctx) {
      if (!is(req, 'DELETE', /^\/dmails\/\d+\.(json|xml)$/)) return req;
      const first = await ctx.upstream(req);
      if (first.status !== 403 || !callerName(req)) return first;
      for (const n of allAccountNames()) {
        const r = await ctx.upstream(asUser(req, n));
        if (r.status === 200 || r.status === 204) return r;
      }
      return first;
    },
  },
];

const send = (x: any, to: string, tag: string) => x.c.send('POST', '/dmails.json', { 'dmail[to_name]': to, 'dmail[title]': `t ${tag}`, 'dmail[body]': `b ${tag}` });

export const checks: Record<string, Scenario> = {
  'dmails-show-any-dmail': async (x) => {
    const id = (await send(x, x.acc.member2.name, x.t)).json.id;
    const r = await x.gold.get(`/dmails/${id}.json`);
    return r.status === 200;
  },
  'dmails-list-by-to-name-leaks': async (x) => {
    await send(x, x.acc.member2.name, x.t);
    const r = await x.gold.get('/dmails.json', { 'search[to_name]': x.acc.member2.name, 'search[message_matches]': x.t });
    return Array.isArray(r.json) && r.json.length > 0;
  },
  'dmails-read-filter-ignored': async (x) => {
    const a = (await send(x, x.acc.member2.name, `${x.t} one`)).json.id;
    await send(x, x.acc.member2.name, `${x.t} two`);
    await x.c2.get(`/dmails/${a}.json`); // marks it read
    const r = await x.c2.get('/dmails.json', { 'search[read]': 'false', 'search[message_matches]': x.t });
    return !Array.isArray(r.json) || r.json.some((d: any) => d.id === a);
  },
  'dmails-delete-by-non-owner': async (x) => {
    const id = (await send(x, x.acc.member2.name, x.t)).json.id;
    const r = await x.gold.send('DELETE', `/dmails/${id}.json`);
    return r.status === 200 || r.status === 204;
  },
};
