// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { cl, created, drop, has, jsonOf, jsonRes, on, ok, params, postIds, rand, rewrite, show, textRes, up, withParams, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const LIST = /^\/posts$/;
const terms = (p: URLSearchParams) => (p.get('tags') ?? '').trim().split(/\s+/).filter(Boolean);
const plain = (t: string) => !t.includes(':') && !t.startsWith('-') && !t.startsWith('~');
const setTerms = (p: URLSearchParams, t: string[]) => p.set('tags', t.join(' '));

// 1. second plain tag ignored
add(
  rewrite(
    { id: 'posts-search-second-tag-ignored', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'With two or more plain tags in `tags`, only the first tag is used, so posts having only the first tag are listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).filter(plain).length >= 2,
    (p) => { const t = terms(p); const first = t.findIndex(plain); setTerms(p, t.filter((x, i) => !plain(x) || i === first)); }),
  async (base) => {
    const c = cl(base); const s = rand();
    await c.post(`x_${s} y_${s}`); const b = await c.post(`x_${s}`);
    return (await postIds(c, `x_${s} y_${s}`)).includes(b);
  },
);

// 2. negated tag ignored beside another tag
add(
  rewrite(
    { id: 'posts-search-negated-tag-ignored', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'A negated plain tag (`-tag`) next to another tag is dropped, so posts carrying the excluded tag are listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^-[^:]+$/.test(t)) && terms(p).some(plain),
    (p) => setTerms(p, terms(p).filter((t) => !/^-[^:]+$/.test(t)))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s} y_${s}`); await c.post(`x_${s}`);
    return (await postIds(c, `x_${s} -y_${s}`)).includes(a);
  },
);

// 3. rating meta-tag dropped beside a tag
add(
  rewrite(
    { id: 'posts-search-rating-metatag-dropped', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'A `rating:` meta-tag combined with a plain tag is dropped, so posts of every rating are listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^rating:/i.test(t)) && terms(p).some(plain),
    (p) => setTerms(p, terms(p).filter((t) => !/^rating:/i.test(t)))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`, 'safe'); await c.post(`x_${s}`, 'explicit');
    return (await postIds(c, `x_${s} rating:e`)).includes(a);
  },
);

// 4. negated rating read as rating
add(
  rewrite(
    { id: 'posts-search-negated-rating-inverted', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'A negated meta-tag `-rating:x` is parsed as `rating:x` (the minus is lost), so only the excluded rating is listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^-rating:/i.test(t)),
    (p) => setTerms(p, terms(p).map((t) => t.replace(/^-rating:/i, 'rating:')))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`, 'safe'); await c.post(`x_${s}`, 'questionable');
    return (await postIds(c, `x_${s} -rating:s`)).includes(a);
  },
);

// 5. user meta-tag dropped
add(
  rewrite(
    { id: 'posts-search-user-metatag-dropped', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'The `user:` meta-tag next to a plain tag is dropped, so posts uploaded by other accounts are listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^user:/i.test(t)) && terms(p).some(plain),
    (p) => setTerms(p, terms(p).filter((t) => !/^user:/i.test(t)))),
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`); await cl(base, 'member2').post(`x_${s}`);
    return (await postIds(cl(base), `x_${s} user:conform_member2`)).includes(a);
  },
);

// 6. order:id ignored
add(
  rewrite(
    { id: 'posts-search-order-id-ignored', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'The `order:id` meta-tag beside a tag is ignored; results stay newest first.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^order:id$/i.test(t)),
    (p) => setTerms(p, terms(p).filter((t) => !/^order:id$/i.test(t)))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`); const b = await c.post(`x_${s}`);
    const l = await postIds(c, `x_${s} order:id`);
    return !(l.indexOf(a) >= 0 && l.indexOf(a) < l.indexOf(b));
  },
);

// 7. id meta-tag dropped
add(
  rewrite(
    { id: 'posts-search-id-metatag-dropped', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'An `id:` meta-tag together with a plain tag is dropped, so every post with the tag is listed.' },
    'GET', LIST, (p) => !p.has('raw') && terms(p).some((t) => /^id:/i.test(t)) && terms(p).some(plain),
    (p) => setTerms(p, terms(p).filter((t) => !/^id:/i.test(t)))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`); const b = await c.post(`x_${s}`);
    return (await postIds(c, `x_${s} id:${a}`)).includes(b);
  },
);

// 8. limit ignored with tags
add(
  drop(
    { id: 'posts-limit-ignored-with-tags', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'When `tags` is given, `limit` is ignored and the default page size is used.' },
    'GET', LIST, (p) => has(p, 'tags', 'limit') && Number(p.get('limit')) < 20, ['limit']),
  async (base) => {
    const c = cl(base); const s = rand();
    for (let i = 0; i < 3; i++) await c.post(`x_${s}`);
    return (await postIds(c, `x_${s}`, { limit: 2 })).length > 2;
  },
);

// 9. limit=100 rejected
add(
  {
    id: 'posts-limit-100-rejected', variants: ['A', 'B'], family: 'posts', quote: Q.LIMIT_POSTS, kind: 'implementation-bug',
    description: 'The hard maximum is checked with `<` instead of `<=`: `limit=100` is refused with 424.',
    onRequest(req) {
      if (on(req, 'GET', LIST) && params(req).get('limit') === '100') return jsonRes(424, { success: false, reason: 'limit must be less than 100' });
      return req;
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    const r = await c.get('/posts.json', { tags: `x_${s}`, limit: 100 });
    return !(r.status === 200 && Array.isArray(r.json) && r.json.some((x: any) => x.id === a));
  },
);

// 10. page 2 repeats page 1
add(
  drop(
    { id: 'posts-page-ignored-with-limit', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'With both `limit` and a numeric `page` above 1, the page number is ignored, so page 2 repeats page 1.' },
    'GET', LIST, (p) => has(p, 'limit', 'page') && /^\d+$/.test(p.get('page')!) && Number(p.get('page')) > 1, ['page']),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`); const b = await c.post(`x_${s}`);
    const p2 = await postIds(c, `x_${s}`, { limit: 1, page: 2 });
    return !p2.includes(a) || p2.includes(b);
  },
);

// 11. page off by one
add(
  rewrite(
    { id: 'posts-page-off-by-one', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_LIST, kind: 'implementation-bug',
      description: 'Page numbers are treated as zero-based: `page=1` returns the second page.' },
    'GET', LIST, (p) => has(p, 'tags', 'page') && /^\d+$/.test(p.get('page')!), (p) => p.set('page', String(Number(p.get('page')) + 1))),
  async (base) => {
    const c = cl(base); const s = rand();
    await c.post(`x_${s}`); const b = await c.post(`x_${s}`);
    return !(await postIds(c, `x_${s}`, { limit: 1, page: 1 })).includes(b);
  },
);

// 12. raw ignored
add(
  drop(
    { id: 'posts-raw-ignored', variants: ['A'], family: 'posts', quote: Q.POSTS_LIST, kind: 'spec-reader',
      description: '`raw` is ignored: `tags` with a space is still split into several tags instead of being one literal tag.' },
    'GET', LIST, (p) => p.has('raw') && terms(p).length >= 2, ['raw']),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s} y_${s}`);
    return (await postIds(c, `x_${s} y_${s}`, { raw: 1 })).includes(a);
  },
);

// 13. raw still parses meta-tags
add(
  drop(
    { id: 'posts-raw-metatag-parsed', variants: ['A'], family: 'posts', quote: Q.POSTS_LIST, kind: 'spec-reader',
      description: 'With `raw` set, a single term containing a colon is still parsed as a meta-tag.' },
    'GET', LIST, (p) => p.has('raw') && terms(p).length === 1 && terms(p)[0].includes(':'), ['raw']),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    return (await postIds(c, `id:${a}`, { raw: 1 })).includes(a);
  },
);

// 15. update of tags resets source
add(
  rewrite(
    { id: 'posts-update-tags-clears-source', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'implementation-bug',
      description: 'An update that sends only `post[tag_string]` also writes an empty `post[source]`, erasing the source.' },
    'PUT', /^\/posts\/\d+$/, (p) => p.has('post[tag_string]') && !p.has('post[source]'), (p) => p.set('post[source]', '')),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[source]': `src_${s}` }));
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} z_${s}` }));
    return (await show(c, `/posts/${a}.json`)).source !== `src_${s}`;
  },
);

// 16. rating dropped when sent with tags
add(
  drop(
    { id: 'posts-update-rating-dropped-with-tags', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'implementation-bug',
      description: 'When `post[tag_string]` and `post[rating]` are sent together, only the tags are saved.' },
    'PUT', /^\/posts\/\d+$/, (p) => has(p, 'post[tag_string]', 'post[rating]'), ['post[rating]']),
  async (base, v) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`, 'safe');
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} y_${s}`, 'post[rating]': v === 'A' ? 'e' : 'explicit' }));
    return !(await postIds(c, `x_${s} rating:e`)).includes(a);
  },
);

// 17/18. rating value sets swapped
const ratingReject = (id: string, v: 'A' | 'B', re: RegExp, desc: string): Fault => ({
  id, variants: [v], family: 'posts', quote: Q.RATING_UPD, kind: 'spec-reader', description: desc,
  onRequest(req) {
    if (on(req, 'PUT', /^\/posts\/\d+$/) && re.test(params(req).get('post[rating]') ?? ''))
      return jsonRes(424, { success: false, reason: 'invalid rating' });
    return req;
  },
});
add(ratingReject('posts-update-rating-letters-rejected', 'A', /^[sqe]$/, 'Variant A refuses the letters s, q, e for `post[rating]` (it applies the long upload values instead).'),
  async (base) => {
    const c = cl(base); const s = rand(); const a = await c.post(`x_${s}`, 'safe');
    const r = await c.send('PUT', `/posts/${a}.json`, { 'post[rating]': 'q' });
    return !(r.status === 200 && r.json?.success === true && (await postIds(c, `x_${s} rating:q`)).includes(a));
  });
add(ratingReject('posts-update-rating-words-rejected', 'B', /^(safe|questionable|explicit)$/, 'Variant B refuses the words safe, questionable, explicit for `post[rating]` (it applies the letters of variant A).'),
  async (base) => {
    const c = cl(base); const s = rand(); const a = await c.post(`x_${s}`, 'safe');
    const r = await c.send('PUT', `/posts/${a}.json`, { 'post[rating]': 'questionable' });
    return !(r.status === 200 && r.json?.success === true && (await postIds(c, `x_${s} rating:q`)).includes(a));
  });

// 19. parent_id dropped
add(
  drop(
    { id: 'posts-update-parent-id-dropped', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'implementation-bug',
      description: 'An update with `post[parent_id]` alone is answered with success but the parent link is not saved.' },
    'PUT', /^\/posts\/\d+$/, (p) => has(p, 'post[parent_id]') && !p.has('post[tag_string]'), ['post[parent_id]']),
  async (base) => {
    const c = cl(base); const s = rand();
    const par = await c.post(`x_${s}`); const ch = await c.post(`x_${s}`);
    ok(await c.send('PUT', `/posts/${ch}.json`, { 'post[parent_id]': par }));
    return !(await postIds(c, `x_${s} parent:${par}`)).includes(ch);
  },
);

// 20. plus sign in tags decoded as space
add(
  rewrite(
    { id: 'posts-update-plus-in-tag-split', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'implementation-bug',
      description: 'The form body is decoded twice, so a `+` inside a tag in `post[tag_string]` becomes a space and splits the tag.' },
    'PUT', /^\/posts\/\d+$/, (p) => (p.get('post[tag_string]') ?? '').includes('+'), (p) => p.set('post[tag_string]', p.get('post[tag_string]')!.replace(/\+/g, ' '))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} c++_${s}` }));
    return !(await postIds(c, `c++_${s}`)).includes(a);
  },
);

// 21. non-ASCII tag mangled
add(
  rewrite(
    { id: 'posts-update-non-ascii-tag-mangled', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'implementation-bug',
      description: 'Non-ASCII letters in `post[tag_string]` are decoded as Latin-1 and stored as mojibake, so the tag cannot be found.' },
    'PUT', /^\/posts\/\d+$/, (p) => /[^\x00-\x7f]/.test(p.get('post[tag_string]') ?? ''),
    (p) => p.set('post[tag_string]', Buffer.from(p.get('post[tag_string]')!, 'utf8').toString('latin1'))),
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} café_${s}` }));
    return !(await postIds(c, `café_${s}`)).includes(a);
  },
);

// 22. revert keeps rating
add(
  {
    id: 'posts-revert-keeps-rating', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_REVERT, kind: 'implementation-bug',
    description: 'A post revert restores the tags of the version but keeps the current rating.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/posts\/(\d+)\/revert$/);
      if (!m) return req;
      const cur = await up(ctx, req, 'GET', `/posts/${m[1]}.json`);
      if (cur.status !== 200) return req;
      const r = await ctx.upstream(req);
      if (r.status === 200) await up(ctx, req, 'PUT', `/posts/${m[1]}.json`, { 'post[rating]': cur.json.rating });
      return r;
    },
  },
  async (base, v) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`, 'safe');
    const v1 = (await c.get('/post_versions.json', { 'search[post_id]': a })).json[0].id;
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} y_${s}`, 'post[rating]': v === 'A' ? 'e' : 'explicit' }));
    ok(await c.send('PUT', `/posts/${a}/revert.json`, { version_id: v1 }));
    return !(await postIds(c, `x_${s} rating:s`)).includes(a);
  },
);

// 23. revert goes one version too far
add(
  {
    id: 'posts-revert-one-version-too-far', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_REVERT, kind: 'implementation-bug',
    description: 'A post revert applies the version before the requested `version_id` (off by one in the version list).',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/posts\/(\d+)\/revert$/);
      if (!m) return req;
      const p = params(req);
      const vs = await up(ctx, req, 'GET', '/post_versions.json', { 'search[post_id]': m[1], limit: 100 });
      if (!Array.isArray(vs.json)) return req;
      const list = [...vs.json].sort((x: any, y: any) => x.id - y.id);
      const i = list.findIndex((x: any) => String(x.id) === p.get('version_id'));
      if (i <= 0) return req;
      p.set('version_id', String(list[i - 1].id));
      return withParams(req, p);
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`t1_${s}`);
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `t2_${s}` }));
    const vs = (await c.get('/post_versions.json', { 'search[post_id]': a })).json as any[];
    const v2 = Math.max(...vs.map((x) => x.id));
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `t3_${s}` }));
    ok(await c.send('PUT', `/posts/${a}/revert.json`, { version_id: v2 }));
    return !(await postIds(c, `t2_${s}`)).includes(a);
  },
);

// 24. copy notes direction reversed
const note = (c: ReturnType<typeof cl>, post: number, body: string) =>
  created(c.send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': body }), 'note');
add(
  {
    id: 'posts-copy-notes-reversed', variants: ['A'], family: 'posts', quote: Q.POSTS_COPY, kind: 'spec-reader',
    description: 'Copy notes copies from `other_post_id` onto `{id}` (the direction is read backwards).',
    onRequest(req) {
      const m = on(req, 'PUT', /^\/posts\/(\d+)\/copy_notes$/);
      if (!m) return req;
      const p = params(req);
      const other = p.get('other_post_id');
      if (!other) return req;
      p.set('other_post_id', m[1]);
      return { ...withParams(req, p), path: `/posts/${other}/copy_notes.${req.path.endsWith('.xml') ? 'xml' : 'json'}` };
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const from = await c.post(`x_${s}`); const to = await c.post(`x_${s}`);
    await note(c, from, `n_${s}`);
    await c.send('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to });
    const l = (await c.get('/notes.json', { 'search[post_id]': to })).json as any[];
    return !l.some((n) => n.body === `n_${s}`);
  },
);

// 25. copy notes copies only the first note
add(
  {
    id: 'posts-copy-notes-first-only', variants: ['A'], family: 'posts', quote: Q.POSTS_COPY, kind: 'implementation-bug',
    description: 'Copy notes copies only one note of a post that has several.',
    async onRequest(req, ctx) {
      const m = on(req, 'PUT', /^\/posts\/(\d+)\/copy_notes$/);
      const other = m && params(req).get('other_post_id');
      if (!m || !other) return req;
      const before = await up(ctx, req, 'GET', '/notes.json', { 'search[post_id]': other, limit: 100 });
      const r = await ctx.upstream(req);
      const after = await up(ctx, req, 'GET', '/notes.json', { 'search[post_id]': other, limit: 100 });
      const old = new Set((before.json ?? []).map((n: any) => n.id));
      const added = (after.json ?? []).filter((n: any) => !old.has(n.id)).sort((x: any, y: any) => x.id - y.id);
      for (const n of added.slice(1)) await up(ctx, req, 'DELETE', `/notes/${n.id}.json`);
      return r;
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const from = await c.post(`x_${s}`); const to = await c.post(`x_${s}`);
    await note(c, from, `n1_${s}`); await note(c, from, `n2_${s}`);
    ok(await c.send('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to }));
    const l = ((await c.get('/notes.json', { 'search[post_id]': to })).json as any[]).map((n) => n.body);
    return !(l.includes(`n1_${s}`) && l.includes(`n2_${s}`));
  },
);

// 26. XML show not escaped
export const badXml = (t: string) => /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(t) || /<[^>]*<|="[^"]*"[^ />]/.test(t.replace(/<\?xml[^>]*>/, ""));
add(
  {
    id: 'posts-show-xml-unescaped', variants: ['A', 'B'], family: 'posts', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'The XML of a shown post writes `&` in text values without escaping, so the document is not well-formed XML.',
    onResponse(req, res) {
      if (!on(req, 'GET', /^\/posts\/\d+$/) || !req.path.endsWith('.xml')) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&amp;/g, '&'), 'utf8') };
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    ok(await c.send('PUT', `/posts/${a}.json`, { 'post[source]': `a&b_${s}` }));
    const r = await c.get(`/posts/${a}.xml`);
    return r.status !== 200 || badXml(r.text);
  },
);

// 27. list .xml answered in JSON
add(
  {
    id: 'posts-list-xml-answered-json', variants: ['A', 'B'], family: 'posts', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'A post search with `tags` under `.xml` is answered with the JSON rendering.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', LIST) || !req.path.endsWith('.xml') || !params(req).get('tags')) return req;
      return ctx.upstream({ ...req, path: '/posts.json' });
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    await c.post(`x_${s}`);
    const r = await c.get('/posts.xml', { tags: `x_${s}` });
    return !r.text.trimStart().startsWith('<');
  },
);

// votes
add(
  rewrite(
    { id: 'votes-down-counted-as-up', variants: ['A', 'B'], family: 'votes', quote: Q.VOTE, kind: 'implementation-bug',
      description: 'A vote with `score=down` is stored as an up vote.' },
    'POST', /^\/posts\/\d+\/votes$/, (p) => p.get('score') === 'down', (p) => p.set('score', 'up')),
  async (base) => {
    const c = cl(base, 'member2'); const s = rand();
    const a = await cl(base).post(`x_${s}`);
    ok(await c.send('POST', `/posts/${a}/votes.json`, { score: 'down' }));
    return !((await show(c, `/posts/${a}.json`)).score < 0);
  },
);
add(
  {
    id: 'votes-xml-answered-json', variants: ['A', 'B'], family: 'votes', quote: Q.ENV_XML, kind: 'implementation-bug',
    description: 'Creating a vote through `.xml` returns the JSON envelope instead of a `response` element.',
    async onRequest(req, ctx) {
      const m = on(req, 'POST', /^\/posts\/(\d+)\/votes$/);
      if (!m || !req.path.endsWith('.xml')) return req;
      return ctx.upstream({ ...req, path: `/posts/${m[1]}/votes.json` });
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const a = await c.post(`x_${s}`);
    const r = await c.send('POST', `/posts/${a}/votes.xml`, { score: 'up' });
    return !/<response[^>]*\ssuccess="true"/.test(r.text);
  },
);
void textRes; void jsonOf;
