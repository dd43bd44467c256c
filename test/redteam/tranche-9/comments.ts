// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, rewriteParams, mapList, mapObj, readJson, isJson, userId, must, upGet } from './h.ts';

const LIST = /^\/comments\.json$/;
const ONE = /^\/comments\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'comments-creator-name-prefix-match',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'spec-reader',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] on comments matches names that begin with the value (conform_member also finds conform_member2).',
    async onResponse(req, res, ctx) {
      const name = req.query.get('search[creator_name]');
      if (!is(req, 'GET', LIST) || !name || !req.query.has('search[body_matches]') || res.status !== 200) return res;
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (!['login', 'api_key', 'password_hash', 'search[creator_name]'].includes(k)) q[k] = v;
      const wider = await upGet(ctx, req, '/comments.json', q);
      if (!Array.isArray(wider)) return res;
      return mapList(res, () => wider.filter((c: any) => String(c.creator_name).startsWith(name)));
    },
  },
  {
    id: 'comments-post-id-ignored',
    variants: ['A'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`search[post_id]` (A only)',
    description: 'search[post_id] on comments is ignored when search[body_matches] is also given.',
    ...dropParam('GET', LIST, 'search[post_id]', (p) => p.has('search[body_matches]')),
  },
  {
    id: 'comments-post-tags-match-first-tag-only',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`search[post_tags_match]` (meta-tags unsupported)',
    description: 'search[post_tags_match] on comments only applies the first of several tags.',
    ...rewriteParams('GET', LIST, (p) => (p.get('search[post_tags_match]') ?? '').trim().includes(' '), (p) => p.set('search[post_tags_match]', (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/)[0])),
  },
  {
    id: 'comments-body-matches-ignored-with-creator-id',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'When search[creator_id] is given, search[body_matches] is not applied.',
    ...dropParam('GET', LIST, 'search[body_matches]', (p) => p.has('search[creator_id]')),
  },
  {
    id: 'comments-update-body-html-escaped',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'A comment update stores the body HTML-escaped (& and < become entities).',
    ...rewriteParams('PUT', ONE, (p) => /[&<>]/.test(p.get('comment[body]') ?? ''), (p) => p.set('comment[body]', (p.get('comment[body]') ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))),
  },
  {
    id: 'comments-show-non-ascii-mangled',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '`comment[post_id]` REQUIRED; `comment[body]` REQUIRED',
    description: 'Showing one comment double-encodes non-ASCII text (UTF-8 bytes read as Latin-1).',
    onResponse(req, res) {
      if (!is(req, 'GET', ONE)) return res;
      return mapObj(res, (o) => (typeof o.body === 'string' ? { ...o, body: Buffer.from(o.body, 'utf8').toString('latin1') } : o));
    },
  },
  {
    id: 'comments-create-xml-envelope-no-reason',
    variants: ['A', 'B'],
    family: 'comments',
    kind: 'implementation-bug',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML envelope of a successful comment create omits the reason attribute.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/comments\.xml$/)) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/\sreason="[^"]*"/, ''), 'utf8') };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'comments-creator-name-prefix-match'(base) {
    const s = rand();
    const p = await who(base).post('cn_' + s);
    must(await who(base).send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'one cw' + s }), 'c1');
    must(await who(base, 'member2').send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'two cw' + s }), 'c2');
    const l = (await who(base).get('/comments.json', { group_by: 'comment', 'search[body_matches]': 'cw' + s, 'search[creator_name]': who(base).account!.name })).json as any[];
    return !(l.length === 1 && l[0].body === 'one cw' + s);
  },
  async 'comments-post-id-ignored'(base) {
    const c = who(base);
    const s = rand();
    const p1 = await c.post('cp1_' + s);
    const p2 = await c.post('cp2_' + s);
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'x cq' + s }), 'c1');
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'y cq' + s }), 'c2');
    const l = (await c.get('/comments.json', { group_by: 'comment', 'search[body_matches]': 'cq' + s, 'search[post_id]': p1 })).json as any[];
    return !(l.length === 1 && l[0].post_id === p1);
  },
  async 'comments-post-tags-match-first-tag-only'(base) {
    const c = who(base);
    const s = rand();
    const p1 = await c.post(`cta_${s}`);
    const p2 = await c.post(`cta_${s} ctb_${s}`);
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'on one' }), 'c1');
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'on two' }), 'c2');
    const l = (await c.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': `cta_${s} ctb_${s}` })).json as any[];
    return !(l.length === 1 && l[0].post_id === p2);
  },
  async 'comments-body-matches-ignored-with-creator-id'(base) {
    const c = who(base, 'platinum');
    const s = rand();
    const p = await c.post('cb_' + s);
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'alpha ' + s }), 'c1');
    must(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'beta ' + s }), 'c2');
    const uid = await userId(base, 'platinum');
    const l = (await c.get('/comments.json', { group_by: 'comment', 'search[creator_id]': uid, 'search[body_matches]': 'alpha ' + s })).json as any[];
    return !(l.length === 1 && l[0].body === 'alpha ' + s);
  },
  async 'comments-update-body-html-escaped'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('ce_' + s);
    const id = must(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'plain' }), 'c').id;
    const body = `see <this> & "that" ${s}`;
    must(await c.send('PUT', `/comments/${id}.json`, { 'comment[body]': body }), 'update');
    return (await c.get(`/comments/${id}.json`)).json?.body !== body;
  },
  async 'comments-show-non-ascii-mangled'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('cu_' + s);
    const body = `Café 日本語 ✓ ${s}`;
    const id = must(await c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': body }), 'c').id;
    return (await c.get(`/comments/${id}.json`)).json?.body !== body;
  },
  async 'comments-create-xml-envelope-no-reason'(base) {
    const c = who(base);
    const p = await c.post('cx_' + rand());
    const r = await c.send('POST', '/comments.xml', { 'comment[post_id]': p, 'comment[body]': 'xml please' });
    return !/<response\s[^>]*reason="/.test(r.text);
  },
};
