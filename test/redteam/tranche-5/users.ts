// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on users.
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, filterList, must, route, type Entry } from './h.ts';

const LIST = /^\/users\.(json|xml)$/;
const ROW =
  '| List | GET /users.json | `search[name]` (supports patterns); `search[min_level]`; `search[max_level]` (A only); `search[level]`; `search[id]`; sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date |';

export const entries: Entry[] = [
  {
    fault: {
      id: 'users-max-level-ignored-with-min',
      family: 'users',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: ROW,
      description: 'When `search[min_level]` and `search[max_level]` are both given, the maximum is ignored.',
      onRequest: dropParam('GET', LIST, 'search[max_level]', (p) => p.has('search[min_level]')),
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/users.json', { 'search[min_level]': 30, 'search[max_level]': 31 }));
      return r.some((u: any) => u.level > 31 || u.level < 30);
    },
  },
  {
    fault: {
      id: 'users-min-level-exclusive',
      family: 'users',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: ROW,
      description: '`search[min_level]` is applied as a strict lower bound: users whose level equals the minimum are left out.',
      onRequest(req, ctx) {
        if (route(req, 'GET', /^\/users\.json$/) && req.query.get('search[min_level]')) ctx.state.set('min', Number(req.query.get('search[min_level]')));
        return req;
      },
      onResponse(req, res, ctx) {
        const min = ctx.state.get('min') as number | undefined;
        if (min === undefined || !route(req, 'GET', /^\/users\.json$/)) return res;
        ctx.state.delete('min');
        return filterList(res, (u) => u.level > min);
      },
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/users.json', { 'search[min_level]': 50 }));
      return !r.some((u: any) => u.level === 50);
    },
  },
  {
    fault: {
      id: 'users-level-treated-as-minimum',
      family: 'users',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: ROW,
      description: '`search[level]` is treated like `search[min_level]`: users at that level or above are returned.',
      onRequest(req) {
        if (!route(req, 'GET', LIST) || !req.query.get('search[level]')) return req;
        return editParams(req, (q) => {
          q.set('search[min_level]', q.get('search[level]')!);
          q.delete('search[level]');
        });
      },
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/users.json', { 'search[level]': 40 }));
      return r.some((u: any) => u.level !== 40);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
