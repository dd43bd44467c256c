// @ts-nocheck: frozen red-team code (see all.ts)
// Comments and dmails.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { ACC, cl, created, drop, has, jsonOf, jsonRes, listIds, mapList, on, params, rand, rewrite, show, up, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const comment = (base: string, who: 'member' | 'member2', post: number, body: string) =>
  created(cl(base, who).send('POST', '/comments.json', { 'comment[post_id]': post, 'comment[body]': body }), 'comment');
const CL = /^\/comments$/;
const cget = (base: string, p: Record<string, string | number>) => listIds(cl(base), '/comments.json', { group_by: 'comment', ...p });

add(
  drop(
    { id: 'comments-post-id-dropped-with-body-matches', variants: ['A'], family: 'comments', quote: Q.COMMENTS_LIST, kind: 'implementation-bug',
      description: 'With `search[body_matches]` given, `search[post_id]` is ignored.' },
    'GET', CL, (p) => has(p, 'search[post_id]', 'search[body_matches]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await comment(base, 'member', a, `w_${s}`); const c2 = await comment(base, 'member', b, `w_${s}`);
    return (await cget(base, { 'search[post_id]': a, 'search[body_matches]': `w_${s}` })).includes(c2);
  },
);
add(
  {
    id: 'comments-creator-name-prefix-match', variants: ['A', 'B'], family: 'comments', quote: Q.COMMENTS_LIST, kind: 'spec-reader',
    description: '`search[creator_name]` is matched as a prefix rather than exactly, so `conform_member` also lists comments of `conform_member2`.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', CL)) return req;
      const p = params(req);
      const n = p.get('search[creator_name]');
      if (!n) return req;
      p.delete('search[creator_name]');
      p.set('limit', '100');
      return mapList(await ctx.upstream({ ...req, query: p }), (l) => l.filter((c) => String(c.creator_name).toLowerCase().startsWith(n.toLowerCase())));
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    await comment(base, 'member', a, `w_${s}`); const c2 = await comment(base, 'member2', a, `w_${s}`);
    return (await cget(base, { 'search[creator_name]': 'conform_member', 'search[body_matches]': `w_${s}` })).includes(c2);
  },
);
add(
  drop(
    { id: 'comments-creator-id-dropped-with-body-matches', variants: ['A', 'B'], family: 'comments', quote: Q.COMMENTS_LIST, kind: 'implementation-bug',
      description: 'With `search[body_matches]` given, `search[creator_id]` is ignored.' },
    'GET', CL, (p) => has(p, 'search[creator_id]', 'search[body_matches]'), ['search[creator_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const c1 = await comment(base, 'member', a, `w_${s}`); await comment(base, 'member2', a, `w_${s}`);
    const m2 = (await cl(base).get('/users.json', { 'search[name]': 'conform_member2' })).json[0].id;
    return (await cget(base, { 'search[creator_id]': m2, 'search[body_matches]': `w_${s}` })).includes(c1);
  },
);
add(
  rewrite(
    { id: 'comments-post-tags-match-first-tag-only', variants: ['A', 'B'], family: 'comments', quote: Q.COMMENTS_LIST, kind: 'implementation-bug',
      description: '`search[post_tags_match]` with two tags uses only the first tag.' },
    'GET', CL, (p) => (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/).length >= 2,
    (p) => p.set('search[post_tags_match]', p.get('search[post_tags_match]')!.trim().split(/\s+/)[0])),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s} y_${s}`); const b = await cl(base).post(`x_${s}`);
    await comment(base, 'member', a, `w_${s}`); const c2 = await comment(base, 'member', b, `w_${s}`);
    return (await cget(base, { 'search[post_tags_match]': `x_${s} y_${s}` })).includes(c2);
  },
);
add(
  rewrite(
    { id: 'comments-update-body-truncated-at-ampersand', variants: ['A', 'B'], family: 'comments', quote: Q.COMMENTS_UPDATE, kind: 'implementation-bug',
      description: 'A comment update whose body contains `&` is cut at the `&` (hand-written form parsing).' },
    'PUT', /^\/comments\/\d+$/, (p) => (p.get('comment[body]') ?? '').includes('&'), (p) => p.set('comment[body]', p.get('comment[body]')!.split('&')[0])),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const c = await comment(base, 'member', a, `w_${s}`);
    await cl(base).send('PUT', `/comments/${c}.json`, { 'comment[body]': `tom & jerry_${s}` });
    return !(await cget(base, { 'search[body_matches]': `jerry_${s}` })).includes(c);
  },
);
add(
  rewrite(
    { id: 'comments-create-xml-chars-stripped', variants: ['A', 'B'], family: 'comments', quote: Q.COMMENTS_CREATE, kind: 'implementation-bug',
      description: 'Creating a comment strips `<` and `>` from the body (over-eager sanitising), so the stored text differs from what was sent.' },
    'POST', CL, (p) => /[<>]/.test(p.get('comment[body]') ?? ''), (p) => p.set('comment[body]', p.get('comment[body]')!.replace(/[<>]/g, ''))),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const c = await comment(base, 'member', a, `if a<b_${s} then`);
    return (await show(cl(base), `/comments/${c}.json`)).body !== `if a<b_${s} then`;
  },
);
add(
  {
    id: 'comments-delete-xml-answered-json', variants: ['A', 'B'], family: 'comments', quote: Q.ENV_XML, kind: 'implementation-bug',
    description: 'Deleting a comment through `.xml` returns the JSON envelope.',
    async onRequest(req, ctx) {
      const m = on(req, 'DELETE', /^\/comments\/(\d+)$/);
      if (!m || !req.path.endsWith('.xml')) return req;
      return ctx.upstream({ ...req, path: `/comments/${m[1]}.json` });
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const c = await comment(base, 'member', a, `w_${s}`);
    const r = await cl(base).send('DELETE', `/comments/${c}.xml`);
    if (r.status === 204) return false;
    return !/<response[^>]*\ssuccess="true"/.test(r.text);
  },
);
add(
  {
    id: 'comments-list-xml-unescaped', variants: ['A', 'B'], family: 'comments', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'The XML comment listing writes `&` and `<` of comment bodies unescaped.',
    onResponse(req, res) {
      if (!on(req, 'GET', CL) || !req.path.endsWith('.xml')) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&lt;/g, '<').replace(/&amp;/g, '&'), 'utf8') };
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    await comment(base, 'member', a, `x < y & z ${s}`);
    const r = await cl(base).get('/comments.xml', { group_by: 'comment', 'search[body_matches]': s });
    return r.status !== 200 || /&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(r.text) || /<\s/.test(r.text);
  },
);

// ---------------------------------------------------------------- dmails
const dm = (base: string, from: 'member' | 'member2' | 'gold', to: string, title: string, body = 'b') =>
  created(cl(base, from).send('POST', '/dmails.json', { 'dmail[to_name]': to, 'dmail[title]': title, 'dmail[body]': body }), 'dmail');
const DL = /^\/dmails$/;
const accOf = (req: any) => {
  const p = params(req);
  return Object.values(ACC).find((a) => a.name === p.get('login'));
};

add(
  {
    id: 'dmails-list-to-name-uses-recipient-mailbox', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_OWN, kind: 'implementation-bug',
    description: 'A dmail search with `search[to_name]` of another user reads that user\'s mailbox, so the caller lists dmails it does not own.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', DL)) return req;
      const p = params(req);
      const to = Object.values(ACC).find((a) => a.name === p.get('search[to_name]'));
      const me = accOf(req);
      if (!to || !me || to.name === me.name) return req;
      p.set('login', to.name);
      p.set('api_key', to.api_key);
      return withParams(req, p);
    },
  },
  async (base) => {
    const s = rand();
    const id = await dm(base, 'member', 'conform_member2', `t_${s}`);
    return (await listIds(cl(base, 'gold'), '/dmails.json', { 'search[to_name]': 'conform_member2', 'search[message_matches]': `t_${s}` })).includes(id);
  },
);
add(
  {
    id: 'dmails-show-not-owner', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_OWN, kind: 'implementation-bug',
    description: 'Showing a dmail checks only that the caller is logged in, not that the caller owns it.',
    async onResponse(req, res, ctx) {
      const m = on(req, 'GET', /^\/dmails\/(\d+)$/);
      if (!m || res.status !== 403 || !accOf(req)) return res;
      for (const a of Object.values(ACC)) {
        const r = await up(ctx, req, 'GET', req.path, {}, a);
        if (r.status === 200) return r.res;
      }
      return res;
    },
  },
  async (base) => {
    const s = rand();
    const id = await dm(base, 'member', 'conform_member2', `t_${s}`);
    const r = await cl(base, 'gold').get(`/dmails/${id}.json`);
    return r.status === 200 && r.json?.id === id;
  },
);
add(
  {
    id: 'dmails-delete-not-owner', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_OWN, kind: 'implementation-bug',
    description: 'Deleting a dmail does not check ownership: any logged-in user can delete it.',
    async onResponse(req, res, ctx) {
      const m = on(req, 'DELETE', /^\/dmails\/(\d+)$/);
      if (!m || res.status !== 403 || !accOf(req)) return res;
      for (const a of Object.values(ACC)) {
        const r = await up(ctx, req, 'DELETE', req.path, {}, a);
        if (r.status === 200 || r.status === 204) return r.res;
      }
      return res;
    },
  },
  async (base) => {
    const s = rand();
    const id = await dm(base, 'member', 'conform_member2', `t_${s}`);
    const r = await cl(base, 'gold').send('DELETE', `/dmails/${id}.json`);
    return r.status === 200 || r.status === 204;
  },
);
add(
  drop(
    { id: 'dmails-search-to-name-dropped-with-message', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_LIST, kind: 'implementation-bug',
      description: 'With `search[message_matches]` given, `search[to_name]` is ignored.' },
    'GET', DL, (p) => has(p, 'search[to_name]', 'search[message_matches]'), ['search[to_name]']),
  async (base) => {
    const s = rand();
    const a = await dm(base, 'member', 'conform_member2', `t_${s}`); await dm(base, 'member', 'conform_gold', `t_${s}`);
    return (await listIds(cl(base), '/dmails.json', { 'search[to_name]': 'conform_gold', 'search[message_matches]': `t_${s}` })).includes(a);
  },
);
add(
  drop(
    { id: 'dmails-search-from-id-dropped-with-to-id', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_LIST, kind: 'implementation-bug',
      description: 'With `search[to_id]` given, `search[from_id]` is ignored.' },
    'GET', DL, (p) => has(p, 'search[from_id]', 'search[to_id]'), ['search[from_id]']),
  async (base) => {
    const s = rand();
    const a = await dm(base, 'member', 'conform_member2', `t_${s}`); await dm(base, 'gold', 'conform_member2', `t_${s}`);
    const u = (n: string) => cl(base).get('/users.json', { 'search[name]': n }).then((r) => r.json[0].id);
    return (await listIds(cl(base, 'member2'), '/dmails.json', { 'search[from_id]': await u('conform_gold'), 'search[to_id]': await u('conform_member2'), 'search[message_matches]': `t_${s}` })).includes(a);
  },
);
add(
  rewrite(
    { id: 'dmails-search-read-inverted', variants: ['A'], family: 'dmails', quote: Q.DMAILS_LIST, kind: 'implementation-bug',
      description: '`search[read]` is inverted: `false` lists read dmails and `true` unread ones.' },
    'GET', DL, (p) => ['true', 'false'].includes(p.get('search[read]') ?? ''), (p) => p.set('search[read]', p.get('search[read]') === 'true' ? 'false' : 'true')),
  async (base) => {
    const s = rand();
    const a = await dm(base, 'member', 'conform_member2', `t_${s}`);
    await cl(base, 'member2').get(`/dmails/${a}.json`);
    return (await listIds(cl(base, 'member2'), '/dmails.json', { 'search[read]': 'false', 'search[message_matches]': `t_${s}` })).includes(a);
  },
);
add(
  rewrite(
    { id: 'dmails-create-plus-becomes-space', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_CREATE, kind: 'implementation-bug',
      description: 'A `+` in `dmail[title]` is decoded a second time and stored as a space.' },
    'POST', DL, (p) => (p.get('dmail[title]') ?? '').includes('+'), (p) => p.set('dmail[title]', p.get('dmail[title]')!.replace(/\+/g, ' '))),
  async (base) => {
    const s = rand();
    const a = await dm(base, 'member', 'conform_member2', `1+1_${s}`);
    return !(await listIds(cl(base, 'member2'), '/dmails.json', { 'search[message_matches]': `1+1_${s}` })).includes(a);
  },
);
add(
  {
    id: 'dmails-from-name-joins-sender-mailbox', variants: ['A', 'B'], family: 'dmails', quote: Q.DMAILS_OWN, kind: 'implementation-bug',
    description: 'A recipient\'s listing filtered by `search[from_name]` also includes dmails the sender sent to other users.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', DL)) return req;
      const p = params(req);
      const from = Object.values(ACC).find((a) => a.name === p.get('search[from_name]'));
      const me = accOf(req);
      if (!from || !me || from.name === me.name) return req;
      const mine = jsonOf(await ctx.upstream(req));
      const q = new URLSearchParams(p); q.set('login', from.name); q.set('api_key', from.api_key);
      const theirs = jsonOf(await ctx.upstream({ ...req, query: q }));
      if (!Array.isArray(mine) || !Array.isArray(theirs)) return req;
      const seen = new Set(mine.map((d: any) => d.id));
      return jsonRes(200, [...mine, ...theirs.filter((d: any) => !seen.has(d.id))]);
    },
  },
  async (base) => {
    const s = rand();
    await dm(base, 'member', 'conform_member2', `t_${s}`);
    const other = await dm(base, 'member', 'conform_gold', `t_${s}`);
    return (await listIds(cl(base, 'member2'), '/dmails.json', { 'search[from_name]': 'conform_member', 'search[message_matches]': `t_${s}` })).includes(other);
  },
);
