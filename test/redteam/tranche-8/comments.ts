// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, form, envelope, dropQuery, filterInstead, editQuery, upGet, ids, mk, ok, must, prating } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/comments$/;
const Q_LIST = '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |';

add(
  {
    id: 'comments-post-id-ignored',
    variants: ['A'],
    family: 'comments',
    quote: Q_LIST,
    description: 'Variant A ignores search[post_id] on the comment list (treated as the B-only list), so comments of other posts are returned.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[post_id]'),
  },
  async (base) => {
    const c = cl(base), t = 'cp' + rand();
    const p1 = await c.post(t), p2 = await c.post(t);
    await mk(c, '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'one' });
    const c2 = await mk(c, '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'two' });
    const r = await c.get('/comments.json', { group_by: 'comment', 'search[post_id]': p1 });
    must(r.status === 200, 'list');
    return ids(r).includes(c2);
  },
);

add(
  {
    id: 'comments-creator-name-prefix',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] on comments matches names beginning with the value, so conform_member also selects conform_member2.',
    kind: 'spec-reader',
    onRequest: filterInstead(LIST, 'search[creator_name]', (it, v) => String(it.creator_name).startsWith(v)),
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2'), t = 'cn' + rand();
    const p = await c.post(t);
    const a = await mk(c, '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'mine' });
    const b = await mk(c2, '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'theirs' });
    const r = await c.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': t, 'search[creator_name]': 'conform_member' });
    must(ids(r).includes(a), 'own listed');
    return ids(r).includes(b);
  },
);

add(
  {
    id: 'comments-post-tags-match-meta-tags',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '`search[post_tags_match]` (meta-tags unsupported)',
    description: 'search[post_tags_match] runs through the post search engine, so meta-tags like rating:s are applied as meta-tags instead of being unsupported.',
    kind: 'spec-reader',
    onRequest: filterInstead(LIST, 'search[post_tags_match]', async (it, v, ctx, req) => {
      const p = await upGet(ctx, req, `/posts/${it.post_id}.json`);
      const tags = String(p?.tag_string ?? '').split(' ');
      return v.trim().split(/\s+/).every((term) => {
        const m = /^rating:(\w)/.exec(term);
        return m ? String(p?.rating ?? '')[0] === m[1] : tags.includes(term);
      });
    }),
  },
  async (base) => {
    const c = cl(base), t = 'cm' + rand();
    const p = await c.post(t, 'safe');
    const cm = await mk(c, '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'meta' });
    const r = await c.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': `${t} rating:s` });
    return ids(r).includes(cm);
  },
);

add(
  {
    id: 'comments-post-tags-match-first-tag-only',
    variants: ['A', 'B'],
    family: 'comments',
    quote: Q_LIST,
    description: 'search[post_tags_match] with several tags only uses the first tag.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      const v = (req.query.get('search[post_tags_match]') ?? '').trim();
      if (!/\s/.test(v)) return req;
      return editQuery(req, (q) => q.set('search[post_tags_match]', v.split(/\s+/)[0]));
    },
  },
  async (base) => {
    const c = cl(base), t = 'cf' + rand();
    const p1 = await c.post(`${t} a${t}`), p2 = await c.post(`${t} b${t}`);
    await mk(c, '/comments.json', { 'comment[post_id]': p1, 'comment[body]': 'x' });
    const c2 = await mk(c, '/comments.json', { 'comment[post_id]': p2, 'comment[body]': 'y' });
    const r = await c.get('/comments.json', { group_by: 'comment', 'search[post_tags_match]': `${t} a${t}` });
    return ids(r).includes(c2);
  },
);

add(
  {
    id: 'comments-update-with-no-bump-loses-body',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description: 'An update that sends comment[do_not_bump_post] reports success but does not save the new comment[body].',
    kind: 'implementation-bug',
    onRequest(req) {
      const m = /^\/comments\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m || !form(req).has('comment[do_not_bump_post]')) return req;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const p = await c.post('cu' + t);
    const id = await mk(c, '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'before ' + t });
    await ok(c, 'PUT', `/comments/${id}.json`, { 'comment[body]': 'after ' + t, 'comment[do_not_bump_post]': 1 });
    const s = await c.get(`/comments/${id}.json`);
    return s.json.body !== 'after ' + t;
  },
);
void prating;
