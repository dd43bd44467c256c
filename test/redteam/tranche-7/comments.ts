// @ts-nocheck: frozen red-team code (see all.ts)
import { lookup, type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, cl, u, who, ids, must, ok } from './h.ts';
const F = 'comments';
const CL = /^\/comments\.(json|xml)$/;
const CS = /^\/comments\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  rewriteParam({
    id: 'comments-body-matches-non-ascii-misdecoded', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`search[body_matches]`',
    description: 'search[body_matches] is decoded from the query string as Latin-1, so a non-ASCII search term never matches.',
  }, 'GET', CL, 'search[body_matches]', (v) => (/[^\x00-\x7f]/.test(v) ? Buffer.from(v, 'utf8').toString('latin1') : v)),
  {
    id: 'comments-creator-name-prefix', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[creator_name] on comments matches every creator whose name begins with the value.',
    ...refilter({} as any, CL, 'search[creator_name]', (it, v) => String(it.creator_name).toLowerCase().startsWith(v.toLowerCase())),
  } as Fault,
  rewriteParam({
    id: 'comments-post-tags-first-tag-only', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[post_tags_match] with several tags only uses the first tag.',
  }, 'GET', CL, 'search[post_tags_match]', (v) => v.trim().split(/\s+/)[0]),
  dropParam({
    id: 'comments-post-id-dropped-with-group-by', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[post_id]` (A only)',
    description: 'search[post_id] is ignored when group_by=comment is also given.',
  }, 'GET', CL, 'search[post_id]', ['group_by']),
  {
    id: 'comments-update-body-dropped-with-no-bump', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'An update carrying comment[do_not_bump_post] keeps the old body instead of the new one.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', CS)) return req;
      const p = form(req);
      if (!p.has('comment[body]') || !p.has('comment[do_not_bump_post]')) return req;
      const cur = await lookup(ctx, req, req.path.replace(/\.xml$/, '.json'));
      if (!cur || typeof cur.body !== 'string') return req;
      return withForm(req, (f) => f.set('comment[body]', cur.body));
    },
  },
  rewriteParam({
    id: 'comments-create-plus-as-space', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'POST, PUT and DELETE parameters go in the request body.',
    description: 'comment[body] on create is form-decoded twice: a literal + becomes a space.',
  }, 'POST', CL, 'comment[body]', (v) => v.replace(/\+/g, ' ')),
  {
    id: 'comments-update-xml-no-reason', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'A successful comment update on the .xml path omits the reason attribute (sent only on failure).',
    onResponse(req, res) {
      if (!is(req, 'PUT', CS) || fmt(req) !== 'xml' || res.status !== 200) return res;
      return { ...res, body: Buffer.from(res.body.toString().replace(/\s+reason="[^"]*"/, '')) };
    },
  },
  {
    id: 'comments-list-requires-group-by', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`group_by` (must be comment)',
    description: 'The comment list is refused with 424 when group_by is not sent (the parameter is treated as required).',
    onRequest(req) {
      if (!is(req, 'GET', CL) || req.query.has('group_by')) return req;
      return { status: 424, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'group_by must be comment' })) };
    },
  },
];

const mk = async (c: any, post: number, body: string) => (await ok(c.send('POST', '/comments.json', { 'comment[post_id]': post, 'comment[body]': body }), 'comment')).id;

export const checks: Record<string, Scenario> = {
  'comments-body-matches-non-ascii-misdecoded': async (base) => {
    const m = cl(base); const t = u(); const p = await m.post(t);
    await mk(m, p, `${t} café crème`);
    const r = await m.get('/comments.json', { group_by: 'comment', 'search[body_matches]': `${t} café*` });
    return r.json.length !== 1;
  },
  'comments-creator-name-prefix': async (base) => {
    const m = cl(base); const m2 = cl(base, who.member2()); const t = u(); const p = await m.post(t);
    await mk(m, p, 'one'); await mk(m2, p, 'two');
    const r = await m.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': t, 'search[creator_name]': 'conform_member' });
    must(r.json.length >= 1, 'own');
    return r.json.some((x: any) => x.creator_name !== 'conform_member');
  },
  'comments-post-tags-first-tag-only': async (base) => {
    const m = cl(base); const t = u(); const p1 = await m.post(`${t}_a`); const p2 = await m.post(`${t}_a ${t}_b`);
    await mk(m, p1, 'one'); await mk(m, p2, 'two');
    const r = await m.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': `${t}_a ${t}_b` });
    must(r.json.length >= 1, 'both');
    return r.json.some((x: any) => x.post_id === p1);
  },
  'comments-post-id-dropped-with-group-by': async (base) => {
    const m = cl(base); const t = u(); const p1 = await m.post(t); const p2 = await m.post(t);
    await mk(m, p1, 'one'); await mk(m, p2, 'two');
    const r = await m.get('/comments.json', { group_by: 'comment', 'search[post_id]': p1 });
    return r.json.some((x: any) => x.post_id !== p1);
  },
  'comments-update-body-dropped-with-no-bump': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mk(m, p, 'before');
    await ok(m.send('PUT', `/comments/${id}.json`, { 'comment[body]': 'after', 'comment[do_not_bump_post]': 1 }));
    return (await m.get(`/comments/${id}.json`)).json.body !== 'after';
  },
  'comments-create-plus-as-space': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mk(m, p, 'c++ a+b');
    return (await m.get(`/comments/${id}.json`)).json.body !== 'c++ a+b';
  },
  'comments-update-xml-no-reason': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mk(m, p, 'before');
    const r = await m.send('PUT', `/comments/${id}.xml`, { 'comment[body]': 'after' });
    return !/<response\s[^>]*reason="/.test(r.text);
  },
  'comments-list-requires-group-by': async (base) => (await cl(base).get('/comments.json', { limit: 1 })).status !== 200,
};
