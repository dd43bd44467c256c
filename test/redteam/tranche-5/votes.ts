// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on post votes, post flags and post appeals.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, editParams, must, params, route, uid, userId, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'votes-down-counted-as-up',
      family: 'post-votes-flags-appeals',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Create | POST /posts/{post_id}/votes.json | `score` REQUIRED: up or down |',
      description: 'A vote with `score=down` is recorded as an up vote.',
      onRequest(req) {
        if (!route(req, 'POST', /^\/posts\/\d+\/votes\.(json|xml)$/)) return req;
        if (params(req).get('score') !== 'down') return req;
        return editParams(req, (q) => q.set('score', 'up'));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('vd'));
      await must(c.send('POST', `/posts/${id}/votes.json`, { score: 'down' }));
      const p = await must(c.get(`/posts/${id}.json`));
      return p.score > 0;
    },
  },
  {
    fault: {
      id: 'flags-creator-name-ignored-with-post-id',
      family: 'post-votes-flags-appeals',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
      description: 'When the flag list is filtered by `search[post_id]`, `search[creator_name]` is ignored and flags of every creator are returned.',
      onRequest: dropParam('GET', /^\/post_flags\.(json|xml)$/, 'search[creator_name]', (p) => p.has('search[post_id]')),
    },
    async scn(base) {
      const g = C(base, 'gold'), p = C(base, 'platinum');
      const id = await g.post(uid('fl'));
      await must(g.send('POST', '/post_flags.json', { 'post_flag[post_id]': id, 'post_flag[reason]': 'gold says' }));
      await must(p.send('POST', '/post_flags.json', { 'post_flag[post_id]': id, 'post_flag[reason]': 'platinum says' }));
      const r = await must(g.get('/post_flags.json', { 'search[post_id]': id, 'search[creator_name]': acc.gold.name }));
      return r.some((f: any) => f.creator_name !== acc.gold.name);
    },
  },
  {
    fault: {
      id: 'appeals-post-id-ignored-with-creator-id',
      family: 'post-votes-flags-appeals',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
      description: 'When the appeal list is filtered by `search[creator_id]`, `search[post_id]` is ignored.',
      onRequest: dropParam('GET', /^\/post_appeals\.(json|xml)$/, 'search[post_id]', (p) => p.has('search[creator_id]')),
    },
    async scn(base) {
      const g = C(base, 'gold');
      const a = await g.post(uid('apa'));
      const b = await g.post(uid('apb'));
      await must(g.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': a, 'post_appeal[reason]': 'a' }));
      await must(g.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': b, 'post_appeal[reason]': 'b' }));
      const gid = await userId(g, acc.gold.name);
      const r = await must(g.get('/post_appeals.json', { 'search[creator_id]': gid, 'search[post_id]': a }));
      return r.some((x: any) => x.post_id !== a);
    },
  },
  {
    fault: {
      id: 'flags-reason-cut-at-ampersand',
      family: 'post-votes-flags-appeals',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Create flag | POST /post_flags.json | `post_flag[post_id]` REQUIRED; `post_flag[reason]` REQUIRED |',
      description: 'The flag reason is stored only up to its first `&` (a naive parameter split), so "a & b" is stored as "a ".',
      onRequest(req) {
        if (!route(req, 'POST', /^\/post_flags\.(json|xml)$/)) return req;
        const r = params(req).get('post_flag[reason]');
        if (!r || !r.includes('&')) return req;
        return editParams(req, (q) => q.set('post_flag[reason]', r.split('&')[0]));
      },
    },
    async scn(base) {
      const g = C(base, 'gold');
      const id = await g.post(uid('fa'));
      const reason = 'blurry & <small> "copy" 100% + more';
      await must(g.send('POST', '/post_flags.json', { 'post_flag[post_id]': id, 'post_flag[reason]': reason }));
      const r = await must(g.get('/post_flags.json', { 'search[post_id]': id }));
      return r.length !== 1 || r[0].reason !== reason;
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
