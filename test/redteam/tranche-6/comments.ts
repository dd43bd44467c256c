// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, withParams, relist, envelope, idIn, type Scenario } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'comments-post-id-filter-ignored',
    family: 'comments',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '`search[post_id]` (A only)',
    description: 'The comment list ignores `search[post_id]`.',
    onRequest(req) {
      if (is(req, 'GET', /^\/comments\.(json|xml)$/) && req.query.has('search[post_id]')) return withParams(req, (p) => p.delete('search[post_id]'));
      return req;
    },
  },
  {
    id: 'comments-creator-name-prefix',
    family: 'comments',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'The comment list matches `search[creator_name]` as a prefix: conform_member also selects conform_member2\'s comments.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/comments\.json$/)) return req;
      const n = req.query.get('search[creator_name]');
      if (!n) return req;
      return relist(req, ctx, (p) => { p.delete('search[creator_name]'); p.set('limit', '100'); }, (c) => typeof c.creator_name === 'string' && c.creator_name.startsWith(n));
    },
  },
  {
    id: 'comments-xml-update-not-saved',
    family: 'comments',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'A comment update sent to the .xml path answers success but does not change the body.',
    onRequest(req) {
      if (is(req, 'PUT', /^\/comments\/\d+\.xml$/)) return envelope(req, 200, true, '', { id: idIn(req) ?? '' });
      return req;
    },
  },
  {
    id: 'comments-creator-id-dropped-with-body-matches',
    family: 'comments',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'When `search[body_matches]` and `search[creator_id]` are combined, the creator filter is dropped.',
    onRequest(req) {
      if (is(req, 'GET', /^\/comments\.(json|xml)$/) && req.query.has('search[body_matches]') && req.query.has('search[creator_id]'))
        return withParams(req, (p) => p.delete('search[creator_id]'));
      return req;
    },
  },
];

const mkc = (x: any, who: any, post: number, body: string) => who.send('POST', '/comments.json', { 'comment[post_id]': post, 'comment[body]': body });

export const checks: Record<string, Scenario> = {
  'comments-post-id-filter-ignored': async (x) => {
    const a = await x.c.post(`cp_${x.t}`);
    const b = await x.c.post(`cp_${x.t}`);
    await mkc(x, x.c, a, `ca ${x.t}`);
    await mkc(x, x.c, b, `cb ${x.t}`);
    const r = await x.c.get('/comments.json', { group_by: 'comment', 'search[post_id]': a });
    return !Array.isArray(r.json) || r.json.some((c: any) => c.post_id !== a);
  },
  'comments-creator-name-prefix': async (x) => {
    const a = await x.c.post(`cn_${x.t}`);
    await mkc(x, x.c, a, `m1 ${x.t}`);
    await mkc(x, x.c2, a, `m2 ${x.t}`);
    const r = await x.c.get('/comments.json', { group_by: 'comment', 'search[creator_name]': x.acc.member.name, 'search[post_tags_match]': `cn_${x.t}` });
    return !Array.isArray(r.json) || r.json.some((c: any) => c.creator_name !== x.acc.member.name);
  },
  'comments-xml-update-not-saved': async (x) => {
    const a = await x.c.post(`cx_${x.t}`);
    const id = (await mkc(x, x.c, a, `old ${x.t}`)).json.id;
    await x.c.send('PUT', `/comments/${id}.xml`, { 'comment[body]': `new ${x.t}` });
    return (await x.c.get(`/comments/${id}.json`)).json?.body !== `new ${x.t}`;
  },
  'comments-creator-id-dropped-with-body-matches': async (x) => {
    const a = await x.c.post(`ci_${x.t}`);
    await mkc(x, x.c, a, `w ${x.t}`);
    await mkc(x, x.c2, a, `w ${x.t}`);
    const uid = (await x.c.get(`/comments.json`, { group_by: 'comment', 'search[creator_name]': x.acc.member2.name, limit: 1 })).json[0].creator_id;
    const r = await x.c.get('/comments.json', { group_by: 'comment', 'search[body_matches]': `*${x.t}*`, 'search[creator_id]': uid });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].creator_id === uid);
  },
};
