// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'flags-creator-name-dropped-with-post-id',
    family: 'post-flags-appeals',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'When the flag list is filtered by `search[post_id]` and `search[creator_name]` together, the creator filter is dropped and every flag of the post is returned.',
    onRequest(req) {
      if (is(req, 'GET', /^\/post_flags\.(json|xml)$/) && req.query.has('search[post_id]') && req.query.has('search[creator_name]'))
        return withParams(req, (p) => p.delete('search[creator_name]'));
      return req;
    },
  },
  {
    id: 'appeals-post-id-filter-ignored',
    family: 'post-flags-appeals',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| List appeals | GET /post_appeals.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description: 'The appeal list ignores `search[post_id]` and returns appeals of other posts too.',
    onRequest(req) {
      if (is(req, 'GET', /^\/post_appeals\.(json|xml)$/) && req.query.has('search[post_id]')) return withParams(req, (p) => p.delete('search[post_id]'));
      return req;
    },
  },
  {
    id: 'appeals-reason-cut-at-ampersand',
    family: 'post-flags-appeals',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`post_appeal[reason]` REQUIRED',
    description: 'An appeal reason containing `&` is stored cut off before the `&` (a double-decoding bug).',
    onRequest(req) {
      if (!is(req, 'POST', /^\/post_appeals\.(json|xml)$/)) return req;
      const r = param(req, 'post_appeal[reason]');
      if (r === null || !r.includes('&')) return req;
      return withParams(req, (p) => p.set('post_appeal[reason]', r.slice(0, r.indexOf('&')).trimEnd() || 'x'));
    },
  },
];

export const checks: Record<string, Scenario> = {
  'flags-creator-name-dropped-with-post-id': async (x) => {
    const id = await x.c.post(`fl_${x.t}`);
    await x.c.send('POST', '/post_flags.json', { 'post_flag[post_id]': id, 'post_flag[reason]': `one ${x.t}` });
    await x.c2.send('POST', '/post_flags.json', { 'post_flag[post_id]': id, 'post_flag[reason]': `two ${x.t}` });
    const r = await x.c.get('/post_flags.json', { 'search[post_id]': id, 'search[creator_name]': x.acc.member2.name });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].creator_name === x.acc.member2.name);
  },
  'appeals-post-id-filter-ignored': async (x) => {
    const a = await x.c.post(`ap_${x.t}`);
    const b = await x.c.post(`ap_${x.t}`);
    await x.c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': a, 'post_appeal[reason]': `ra ${x.t}` });
    await x.c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': b, 'post_appeal[reason]': `rb ${x.t}` });
    const r = await x.c.get('/post_appeals.json', { 'search[post_id]': a });
    return !Array.isArray(r.json) || r.json.some((o: any) => o.post_id !== a);
  },
  'appeals-reason-cut-at-ampersand': async (x) => {
    const a = await x.c.post(`aa_${x.t}`);
    const reason = `salt & pepper ${x.t}`;
    await x.c.send('POST', '/post_appeals.json', { 'post_appeal[post_id]': a, 'post_appeal[reason]': reason });
    const r = await x.c.get('/post_appeals.json', { 'search[post_id]': a });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].reason === reason);
  },
};
void param;
