// @ts-nocheck: frozen red-team code (see all.ts)
// Comments.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, form, formFault, idOf, ids, is, listFault, ok, queryFault, uid, upGet, withForm, type Scenario } from './h.ts';

const strip = (req: any, drop: string) => {
  const q: Record<string, string> = {};
  for (const [k, v] of req.query) if (k !== drop && !['login', 'api_key', 'password_hash'].includes(k)) q[k] = v;
  return q;
};

export const faults: Fault[] = [
  F({
    id: 'comments-creator-name-prefix-match',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] on comments is matched as a name prefix, so conform_member also selects conform_member2.',
    onResponse: listFault(/^\/comments\.json$/, (q) => !!q.get('search[creator_name]') && !!q.get('search[post_tags_match]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/comments.json', strip(req, 'search[creator_name]'));
      const n = req.query.get('search[creator_name]')!;
      return (Array.isArray(all) ? all : []).filter((c: any) => String(c.creator_name).startsWith(n));
    }),
  }),
  F({
    id: 'comments-a-post-id-filter-ignored',
    variants: ['A'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`search[post_id]` (A only)',
    description: 'Variant A comment search ignores search[post_id] when group_by=comment is given.',
    onRequest: queryFault(/^\/comments\.json$/, (q) => !!q.get('search[post_id]') && q.get('group_by') === 'comment', (q) => q.delete('search[post_id]')),
  }),
  F({
    id: 'comments-post-tags-match-first-tag-only',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`search[post_tags_match]` (meta-tags unsupported)',
    description: 'search[post_tags_match] with several tags uses only the first tag.',
    onRequest: queryFault(/^\/comments\.json$/, (q) => (q.get('search[post_tags_match]') ?? '').trim().split(/\s+/).length >= 2, (q) => q.set('search[post_tags_match]', q.get('search[post_tags_match]')!.trim().split(/\s+/)[0])),
  }),
  F({
    id: 'comments-body-matches-html-escaped',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[body_matches] is HTML-escaped before matching, so a body containing "&" can never be found by its own text.',
    onRequest: queryFault(/^\/comments\.json$/, (q) => (q.get('search[body_matches]') ?? '').includes('&'), (q) => q.set('search[body_matches]', q.get('search[body_matches]')!.replace(/&/g, '&amp;'))),
  }),
  F({
    id: 'comments-update-with-bump-flag-keeps-body',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'A comment update that also sends comment[do_not_bump_post] only updates the flag and keeps the old body.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/comments\/\d+\.json$/)) return req;
      const f = form(req);
      if (f.get('comment[do_not_bump_post]') === null || f.get('comment[body]') === null) return req;
      const cur = await upGet(ctx, req, req.path);
      if (!cur || typeof cur.body !== 'string') return req;
      f.set('comment[body]', cur.body);
      return withForm(req, f);
    },
  }),
  F({
    id: 'comments-do-not-bump-one-ignored',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '`comment[do_not_bump_post]` (set to 1 to keep the post from moving to the top of the comment listing)',
    description: 'Only the value "true" is recognised for comment[do_not_bump_post]; the documented value 1 is ignored and the post is bumped.',
    onRequest: formFault('POST', /^\/comments\.json$/, (f) => f.get('comment[do_not_bump_post]') === '1', (f) => f.delete('comment[do_not_bump_post]')),
  }),
  F({
    id: 'comments-creator-id-joins-post-uploader',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '`search[creator_name]` (exact match); `search[creator_id]`',
    description: 'search[creator_id] on comments is read as the creator (uploader) of the commented post instead of the comment author.',
    onResponse: listFault(/^\/comments\.json$/, (q) => !!q.get('search[creator_id]') && !!q.get('search[post_tags_match]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/comments.json', strip(req, 'search[creator_id]'));
      const out: any[] = [];
      for (const c of Array.isArray(all) ? all : []) {
        const p = await upGet(ctx, req, `/posts/${c.post_id}.json`);
        if (String(p?.uploader_id) === req.query.get('search[creator_id]')) out.push(c);
      }
      return out;
    }),
  }),
];

async function twoComments(base: string) {
  const tag = 'cm_' + R();
  const p = await cl(base).post(tag);
  const c1 = idOf(await cl(base).send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'first ' + tag }));
  const c2 = idOf(await cl(base, 'member2').send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'second ' + tag }));
  return { tag, p, c1, c2 };
}

export const checks: Record<string, Scenario> = {
  'comments-creator-name-prefix-match': async (base) => {
    const { tag, c1, c2 } = await twoComments(base);
    const got = ids(ok(await cl(base).get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': tag, 'search[creator_name]': 'conform_member' })));
    return got.includes(c2) || !got.includes(c1);
  },
  'comments-a-post-id-filter-ignored': async (base) => {
    const tag = 'cp_' + R();
    const c = cl(base);
    const p1 = await c.post(tag), p2 = await c.post(tag);
    const a = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'a' }));
    const b = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'b' }));
    const got = ids(ok(await c.get('/comments.json', { group_by: 'comment', 'search[post_id]': p1 })));
    return got.includes(b) || !got.includes(a);
  },
  'comments-post-tags-match-first-tag-only': async (base) => {
    const t1 = 'ct_' + R(), t2 = 'cu_' + R();
    const c = cl(base);
    const p1 = await c.post(t1), p2 = await c.post(`${t1} ${t2}`);
    const a = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'a' }));
    const b = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'b' }));
    const got = ids(ok(await c.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': `${t1} ${t2}` })));
    return got.includes(a) || !got.includes(b);
  },
  'comments-body-matches-html-escaped': async (base) => {
    const c = cl(base);
    const body = `Tom & Jerry ${R()}`;
    const p = await c.post('cb_' + R());
    const id = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': body }));
    return !ids(ok(await c.get('/comments.json', { group_by: 'comment', 'search[body_matches]': body }))).includes(id);
  },
  'comments-update-with-bump-flag-keeps-body': async (base) => {
    const c = cl(base);
    const p = await c.post('cx_' + R());
    const id = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'old' }));
    const nb = 'new body ' + R();
    ok(await c.send('PUT', `/comments/${id}.json`, { 'comment[body]': nb, 'comment[do_not_bump_post]': 1 }));
    return ok(await c.get(`/comments/${id}.json`)).json?.body !== nb;
  },
  'comments-do-not-bump-one-ignored': async (base) => {
    const c = cl(base);
    const p = await c.post('cd_' + R());
    const id = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'quiet', 'comment[do_not_bump_post]': 1 }));
    const v = ok(await c.get(`/comments/${id}.json`)).json?.do_not_bump_post;
    return !(v === true || v === 1 || v === '1' || v === 'true');
  },
  'comments-creator-id-joins-post-uploader': async (base) => {
    const { tag, c2 } = await twoComments(base);
    const got = ids(ok(await cl(base).get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': tag, 'search[creator_id]': await uid(base, 'member2') })));
    return !got.includes(c2);
  },
};
