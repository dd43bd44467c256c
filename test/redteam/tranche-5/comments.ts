// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on comments.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, editParams, filterList, must, params, route, uid, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'comments-creator-name-substring',
      family: 'comments',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote:
        '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
      description: '`search[creator_name]` on comments matches every creator whose name contains the value, not only the exact name.',
      onRequest(req, ctx) {
        if (!route(req, 'GET', /^\/comments\.json$/) || !req.query.get('search[creator_name]')) return req;
        ctx.state.set('cn', req.query.get('search[creator_name]'));
        return editParams(req, (q) => q.delete('search[creator_name]'));
      },
      onResponse(req, res, ctx) {
        const n = ctx.state.get('cn') as string | undefined;
        if (!n || !route(req, 'GET', /^\/comments\.json$/)) return res;
        ctx.state.delete('cn');
        return filterList(res, (c) => String(c.creator_name).includes(n));
      },
    },
    async scn(base) {
      const m = C(base, 'member'), m2 = C(base, 'member2');
      const t = uid('cn');
      const id = await m.post(t);
      await must(m.send('POST', '/comments.json', { 'comment[post_id]': id, 'comment[body]': 'by member' }));
      await must(m2.send('POST', '/comments.json', { 'comment[post_id]': id, 'comment[body]': 'by member2' }));
      const r = await must(m.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': t, 'search[creator_name]': acc.member.name }));
      return r.some((c: any) => c.creator_name !== acc.member.name);
    },
  },
  {
    fault: {
      id: 'comments-post-id-filter-ignored',
      family: 'comments',
      variants: ['A'],
      kind: 'spec-reader',
      quote: '`search[post_id]` (A only)',
      description: 'Variant A ignores `search[post_id]` on the comment list and returns comments of all posts.',
      onRequest: dropParam('GET', /^\/comments\.(json|xml)$/, 'search[post_id]'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const a = await c.post(uid('cpa'));
      const b = await c.post(uid('cpb'));
      await must(c.send('POST', '/comments.json', { 'comment[post_id]': a, 'comment[body]': 'on a' }));
      await must(c.send('POST', '/comments.json', { 'comment[post_id]': b, 'comment[body]': 'on b' }));
      const r = await must(c.get('/comments.json', { group_by: 'comment', 'search[post_id]': a }));
      return r.some((x: any) => x.post_id !== a);
    },
  },
  {
    fault: {
      id: 'comments-update-body-cut-at-ampersand',
      family: 'comments',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
      description: 'On comment update the stored body is cut at the first `&` character.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/comments\/\d+\.(json|xml)$/)) return req;
        const b = params(req).get('comment[body]');
        if (!b || !b.includes('&')) return req;
        return editParams(req, (q) => q.set('comment[body]', b.split('&')[0]));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('cu'));
      const cr = await must(c.send('POST', '/comments.json', { 'comment[post_id]': id, 'comment[body]': 'first' }));
      const body = 'Tom & Jerry <3 "quoted" 50% + ünïcode';
      await must(c.send('PUT', `/comments/${cr.id}.json`, { 'comment[body]': body }));
      const r = await must(c.get(`/comments/${cr.id}.json`));
      return r.body !== body;
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
