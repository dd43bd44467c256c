// @ts-nocheck: frozen red-team code (see all.ts)
// Posts: listing, update, revert, copy notes.
import type { Fault } from '../tranche-1/fault.ts';
import {
  F, R, cl, copyQ, envelope, form, formFault, getPost, idOf, ids, is, isRating, json, ok, queryFault, rating, reply,
  upGet, upSend, withForm, withQuery, type Scenario,
} from './h.ts';

const plainTags = (t: string | null) => (t ?? '').trim().split(/\s+/).filter((x) => x && !x.includes(':') && !x.startsWith('-') && !x.startsWith('~'));

export const faults: Fault[] = [
  F({
    id: 'posts-multi-tag-search-uses-first-tag',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'A post search with two plain tags filters by the first tag only, so posts lacking the second tag are returned.',
    onRequest: queryFault(/^\/posts\.json$/, (q) => !q.get('raw') && plainTags(q.get('tags')).length >= 2, (q) => q.set('tags', plainTags(q.get('tags'))[0])),
  }),
  F({
    id: 'posts-raw-still-splits-tags',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'raw is read as switching off alias and meta-tag parsing only; a raw value with spaces is still split into several tags.',
    onRequest: queryFault(/^\/posts\.json$/, (q) => !!q.get('raw') && /\s/.test((q.get('tags') ?? '').trim()), (q) => q.delete('raw')),
  }),
  F({
    id: 'posts-page-number-zero-based',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'page is used as a zero-based index, so page=1 returns the second page and the first page is unreachable by number.',
    onRequest: queryFault(/^\/posts\.json$/, (q) => /^\d+$/.test(q.get('page') ?? '') && !!q.get('limit') && !!q.get('tags'), (q) => q.set('page', String(Number(q.get('page')) + 1))),
  }),
  F({
    id: 'posts-later-pages-overlap-by-one',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'The offset of page n is computed as (n-1)*limit-1, so the last post of a page is repeated at the top of the next one and the last post overall is never listed.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/posts\.json$/)) return req;
      const page = Number(req.query.get('page'));
      if (!(page >= 2) || !req.query.get('limit') || !req.query.get('tags')) return req;
      const prevQ = copyQ(req);
      prevQ.set('page', String(page - 1));
      const prev = json(await ctx.upstream({ ...req, query: prevQ }));
      const cur = json(await ctx.upstream(req));
      if (!Array.isArray(prev) || !Array.isArray(cur)) return req;
      const lim = Number(req.query.get('limit'));
      return reply(200, [...prev.slice(-1), ...cur].slice(0, lim));
    },
  }),
  F({
    id: 'posts-a-update-rejects-letter-ratings',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A post updates accept only the upload vocabulary (safe, questionable, explicit) and reject s, q, e with 424.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.json$/)) return req;
      const r = form(req).get('post[rating]');
      if (r === null || !['s', 'q', 'e'].includes(r)) return req;
      return envelope(424, false, 'post[rating] must be one of safe, questionable, explicit');
    },
  }),
  F({
    id: 'posts-b-update-rejects-word-ratings',
    variants: ['B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant B post updates take the single-letter ratings of variant A and reject questionable with 424.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.json$/)) return req;
      const r = form(req).get('post[rating]');
      if (r !== 'questionable') return req;
      return envelope(424, false, 'post[rating] must be one of s, q, e');
    },
  }),
  F({
    id: 'posts-update-empty-parent-keeps-parent',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`post[parent_id]` (parent post id)',
    description: 'An empty post[parent_id] is treated as "not sent", so a parent link can never be removed.',
    onRequest: formFault('PUT', /^\/posts\/\d+\.json$/, (f) => f.get('post[parent_id]') === '', (f) => f.delete('post[parent_id]')),
  }),
  F({
    id: 'posts-tag-update-resets-rating',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '| Update | PUT /posts/{id}.json | `post[tag_string]` (space-delimited tags); `post[rating]`; `post[source]` (when it is a URL, the service downloads the file); `post[parent_id]` (parent post id) |',
    description: 'Update is read as replacing the whole post: an update that sends only post[tag_string] also resets the rating to safe.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.json$/)) return req;
      const f = form(req);
      if (f.get('post[tag_string]') === null || f.get('post[rating]') !== null) return req;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      const p = await upGet(ctx, req, `/posts/${id}.json`);
      if (!p || typeof p.rating !== 'string') return req;
      f.set('post[rating]', p.rating.length === 1 ? 's' : 'safe');
      return withForm(req, f);
    },
  }),
  F({
    id: 'posts-tag-string-update-appends',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`post[tag_string]` (space-delimited tags)',
    description: 'post[tag_string] on update is read as tags to add: the old tags are kept alongside the new ones.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.json$/)) return req;
      const f = form(req);
      const t = f.get('post[tag_string]');
      if (t === null || !t.trim()) return req;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      const p = await upGet(ctx, req, `/posts/${id}.json`);
      if (!p || typeof p.tag_string !== 'string') return req;
      f.set('post[tag_string]', `${p.tag_string} ${t}`.trim());
      return withForm(req, f);
    },
  }),
  F({
    id: 'posts-revert-keeps-current-rating',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: 'Lifecycle operations that exist: flag a post for deletion (posts cannot be deleted directly), delete and undelete of pools, forum topics and forum posts, delete of comments, dmails, notes and artists (artist delete: A only), and revert of a resource to a stated version.',
    description: 'Reverting a post restores its tags, source and parent from the version but keeps the current rating.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'PUT', /^\/posts\/\d+\/revert\.json$/)) return res;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      const before = ctx.state.get('r' + id + ':' + form(req).get('version_id')) as string | undefined;
      if (res.status !== 200 || !before) return res;
      await upSend(ctx, req, 'PUT', `/posts/${id}.json`, { 'post[rating]': before });
      return res;
    },
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/posts\/\d+\/revert\.json$/)) return req;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      const p = await upGet(ctx, req, `/posts/${id}.json`);
      if (p && typeof p.rating === 'string') ctx.state.set('r' + id + ':' + form(req).get('version_id'), p.rating);
      return req;
    },
  }),
  F({
    id: 'posts-revert-uses-following-version',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
    description: 'Revert looks the version up by position and is off by one: it restores the version after the one named.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/posts\/\d+\/revert\.json$/)) return req;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      const f = form(req);
      const vid = Number(f.get('version_id'));
      const vs = await upGet(ctx, req, '/post_versions.json', { 'search[post_id]': id, limit: 100 });
      if (!Array.isArray(vs)) return req;
      const sorted = vs.map((v: any) => v.id).sort((a: number, b: number) => a - b);
      const i = sorted.indexOf(vid);
      if (i < 0 || i + 1 >= sorted.length) return req;
      f.set('version_id', String(sorted[i + 1]));
      return withForm(req, f);
    },
  }),
  F({
    id: 'posts-copy-notes-wrong-direction',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'copy_notes copies the notes of other_post_id onto the post in the path, the reverse of the documented direction.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\/copy_notes\.json$/)) return req;
      const f = form(req);
      const other = f.get('other_post_id');
      if (!other || !/^\d+$/.test(other)) return req;
      const id = /\/posts\/(\d+)/.exec(req.path)![1];
      f.set('other_post_id', id);
      return { ...withForm(req, f), path: `/posts/${other}/copy_notes.json` };
    },
  }),
  F({
    id: 'posts-non-url-source-dropped',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`post[source]` (when it is a URL, the service downloads the file)',
    description: 'post[source] is read as URL-only: a source that is not a URL is silently discarded on update.',
    onRequest: formFault('PUT', /^\/posts\/\d+\.json$/, (f) => { const s = f.get('post[source]'); return !!s && !/^https?:/i.test(s); }, (f) => f.delete('post[source]')),
  }),
];

// ------------------------------------------------------------------ scenarios

async function pagesCover(base: string, n: number, limit: number): Promise<boolean> {
  const c = cl(base);
  const tag = 'pg_' + R();
  const made: number[] = [];
  for (let i = 0; i < n; i++) made.push(await c.post(tag));
  const seen: number[] = [];
  for (let p = 1; p <= Math.ceil(n / limit); p++) {
    const got = ids(ok(await c.get('/posts.json', { tags: tag, limit, page: p })));
    if (got.length > limit) return true;
    seen.push(...got);
  }
  const distinct = new Set(seen);
  return distinct.size !== seen.length || distinct.size !== n || !made.every((m) => distinct.has(m));
}

async function versionsOf(base: string, pid: number): Promise<number[]> {
  return ids(ok(await cl(base).get('/post_versions.json', { 'search[post_id]': pid }))).sort((a, b) => a - b);
}

export const checks: Record<string, Scenario> = {
  'posts-multi-tag-search-uses-first-tag': async (base) => {
    const c = cl(base);
    const a = 'ma_' + R(), b = 'mb_' + R();
    const p1 = await c.post(a);
    const p2 = await c.post(`${a} ${b}`);
    const got = ids(ok(await c.get('/posts.json', { tags: `${a} ${b}` })));
    return got.includes(p1) || !got.includes(p2);
  },
  'posts-raw-still-splits-tags': async (base) => {
    const c = cl(base);
    const a = 'ra_' + R(), b = 'rb_' + R();
    const p = await c.post(`${a} ${b}`);
    const got = ids(ok(await c.get('/posts.json', { tags: `${a} ${b}`, raw: 1 })));
    return got.includes(p);
  },
  'posts-page-number-zero-based': async (base) => pagesCover(base, 3, 2),
  'posts-later-pages-overlap-by-one': async (base) => pagesCover(base, 5, 2),
  'posts-a-update-rejects-letter-ratings': async (base) => {
    const c = cl(base);
    const p = await c.post('rt_' + R());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'e' });
    return r.status !== 200 || !isRating((await getPost(base, p)).rating, 'explicit');
  },
  'posts-b-update-rejects-word-ratings': async (base) => {
    const c = cl(base);
    const p = await c.post('rt_' + R());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'questionable' });
    return r.status !== 200 || !isRating((await getPost(base, p)).rating, 'questionable');
  },
  'posts-update-empty-parent-keeps-parent': async (base) => {
    const c = cl(base);
    const t = 'pa_' + R();
    const parent = await c.post(t);
    const child = await c.post(t, 'safe', { 'upload[parent_id]': parent });
    if ((await getPost(base, child)).parent_id !== parent) throw new Error('parent not set on upload');
    ok(await c.send('PUT', `/posts/${child}.json`, { 'post[parent_id]': '' }));
    const pp = (await getPost(base, child)).parent_id;
    return pp !== null && pp !== undefined && pp !== '';
  },
  'posts-tag-update-resets-rating': async (base) => {
    const c = cl(base);
    const p = await c.post('rr_' + R(), 'explicit');
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'rr2_' + R() }));
    return !isRating((await getPost(base, p)).rating, 'explicit');
  },
  'posts-tag-string-update-appends': async (base) => {
    const c = cl(base);
    const old = 'ta_' + R();
    const p = await c.post(old);
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'tb_' + R() }));
    return ids(ok(await c.get('/posts.json', { tags: old }))).includes(p);
  },
  'posts-revert-keeps-current-rating': async (base, v) => {
    const c = cl(base);
    const t1 = 'rv_' + R();
    const p = await c.post(t1, 'safe');
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'rw_' + R(), 'post[rating]': rating(v, 'explicit') }));
    const vs = await versionsOf(base, p);
    ok(await c.send('PUT', `/posts/${p}/revert.json`, { version_id: vs[0] }));
    const post = await getPost(base, p);
    return !isRating(post.rating, 'safe') || !ids(ok(await c.get('/posts.json', { tags: t1 }))).includes(p);
  },
  'posts-revert-uses-following-version': async (base) => {
    const c = cl(base);
    const t1 = 'v1_' + R(), t2 = 'v2_' + R(), t3 = 'v3_' + R();
    const p = await c.post(t1);
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': t2 }));
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': t3 }));
    const vs = await versionsOf(base, p);
    ok(await c.send('PUT', `/posts/${p}/revert.json`, { version_id: vs[0] }));
    return !ids(ok(await c.get('/posts.json', { tags: t1 }))).includes(p);
  },
  'posts-copy-notes-wrong-direction': async (base) => {
    const c = cl(base);
    const t = 'cn_' + R();
    const from = await c.post(t);
    const to = await c.post(t);
    idOf(await c.send('POST', '/notes.json', { 'note[post_id]': from, 'note[x]': 3, 'note[y]': 4, 'note[width]': 10, 'note[height]': 10, 'note[body]': 'copy me ' + t }));
    ok(await c.send('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to }));
    return ids(ok(await c.get('/notes.json', { 'search[post_id]': to }))).length === 0;
  },
  'posts-non-url-source-dropped': async (base) => {
    const c = cl(base);
    const p = await c.post('sr_' + R());
    const src = 'Page 12 of the artbook ' + R();
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[source]': src }));
    return (await getPost(base, p)).source !== src;
  },
};
