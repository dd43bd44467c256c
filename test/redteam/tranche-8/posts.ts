// @ts-nocheck: frozen red-team code (see all.ts)
import {
  registry, cl, rand, is, bare, form, withForm, editQuery, envelope, upGet, upSend, parse, withJson, jsonRes, ids, prating, ok, mk, must,
  type V,
} from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };

const Q_TAGS = '`tags` (search terms; any tag combination valid on the web site, including meta-tags)';
const Q_RAW = '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)';
const isList = (req: any) => is(req, 'GET', /^\/posts$/);
const terms = (s: string | null) => (s ?? '').trim().split(/\s+/).filter(Boolean);

add(
  {
    id: 'posts-two-tags-union',
    variants: ['A', 'B'],
    family: 'posts',
    quote: Q_TAGS,
    description: 'A search of two or more plain tags returns posts having any of the tags (OR) instead of all of them.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (!isList(req) || req.query.get('raw')) return req;
      const t = terms(req.query.get('tags'));
      if (t.length < 2 || t.some((x) => /[:~\-*]/.test(x[0]) || x.includes(':'))) return req;
      const seen = new Map<number, any>();
      for (const one of t) {
        const l = await upGet(ctx, req, '/posts.json', { tags: one, limit: 100 });
        for (const p of l ?? []) seen.set(p.id, p);
      }
      return jsonRes(200, [...seen.values()].sort((a, b) => b.id - a.id).slice(0, Number(req.query.get('limit') ?? 20)));
    },
  },
  async (base) => {
    const c = cl(base), t = 'pt' + rand();
    const p1 = await c.post(`${t} a${t}`);
    const p2 = await c.post(`${t} b${t}`);
    const r = await c.get('/posts.json', { tags: `${t} a${t}` });
    must(ids(r).includes(p1), 'p1 listed');
    return ids(r).includes(p2);
  },
);

add(
  {
    id: 'posts-limit-above-100-honoured',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| Posts per list request | hard maximum 100 (`limit`) |',
    description: 'A limit above 100 is honoured: the list returns as many posts as asked for, beyond the hard maximum.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (!isList(req) || Number(req.query.get('limit')) <= 100) return req;
      const want = Number(req.query.get('limit'));
      const q: Record<string, string | number> = { limit: 100 };
      if (req.query.get('tags')) q.tags = req.query.get('tags')!;
      const a = await upGet(ctx, req, '/posts.json', { ...q, page: 1 });
      const b = await upGet(ctx, req, '/posts.json', { ...q, page: 2 });
      return jsonRes(200, [...a, ...b].slice(0, want));
    },
  },
  async (base) => {
    const c = cl(base, 'builder');
    const p1 = await c.get('/posts.json', { limit: 100, page: 1 });
    const p2 = await c.get('/posts.json', { limit: 100, page: 2 });
    const have = (p1.json?.length ?? 0) + (p2.json?.length ?? 0);
    for (let i = have; i < 106; i++) await c.post('bulk' + rand());
    const r = await c.get('/posts.json', { limit: 150 });
    must(r.status === 200, 'list ok');
    return r.json.length > 100;
  },
);

add(
  {
    id: 'posts-page-ignored-with-tags',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`page` (page number)',
    description: 'When `tags` is given, `page` is ignored and every page number returns the first page.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isList(req) || !req.query.get('tags') || !/^\d+$/.test(req.query.get('page') ?? '')) return req;
      return editQuery(req, (q) => q.delete('page'));
    },
  },
  async (base) => {
    const c = cl(base), t = 'pg' + rand();
    for (let i = 0; i < 3; i++) await c.post(t);
    const a = await c.get('/posts.json', { tags: t, limit: 1, page: 1 });
    const b = await c.get('/posts.json', { tags: t, limit: 1, page: 2 });
    must(ids(a).length === 1, 'page 1');
    return ids(a)[0] === ids(b)[0];
  },
);

add(
  {
    id: 'posts-limit-one-ignored',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`limit` (integer, at most 100 per request)',
    description: 'limit=1 is dropped by a truthiness check (limit > 1) and the default page size is used instead.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isList(req) || req.query.get('limit') !== '1') return req;
      return editQuery(req, (q) => q.delete('limit'));
    },
  },
  async (base) => {
    const c = cl(base), t = 'l1' + rand();
    await c.post(t);
    await c.post(t);
    const r = await c.get('/posts.json', { tags: t, limit: 1 });
    return ids(r).length > 1;
  },
);

add(
  {
    id: 'posts-raw-still-splits-words',
    variants: ['A'],
    family: 'posts',
    quote: Q_RAW,
    description: 'With raw set, a value containing a space is still split into several tags (multi-tag parsing), so posts carrying both words are found.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isList(req) || !req.query.get('raw') || !/\s/.test((req.query.get('tags') ?? '').trim())) return req;
      return editQuery(req, (q) => q.delete('raw'));
    },
  },
  async (base) => {
    const c = cl(base), t = 'rw' + rand();
    const p = await c.post(`${t} x${t}`);
    const r = await c.get('/posts.json', { tags: `${t} x${t}`, raw: 1 });
    return ids(r).includes(p);
  },
);

add(
  {
    id: 'posts-raw-parses-metatags',
    variants: ['A'],
    family: 'posts',
    quote: Q_RAW,
    description: 'raw is read as "no alias expansion" only: a single meta-tag such as id:N is still parsed as a meta-tag when raw is set.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!isList(req) || !req.query.get('raw')) return req;
      const t = terms(req.query.get('tags'));
      if (t.length !== 1 || !/^[a-z_]+:/.test(t[0])) return req;
      return editQuery(req, (q) => q.delete('raw'));
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('rm' + rand());
    const r = await c.get('/posts.json', { tags: `id:${p}`, raw: 1 });
    return ids(r).includes(p);
  },
);

add(
  {
    id: 'posts-tag-string-update-merges',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post[tag_string]` (space-delimited tags)',
    description: 'post[tag_string] on update is read as tags to add: the new tags are merged with the old ones, so tags left out are never removed.',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (!f.has('post[tag_string]')) return req;
      const cur = await upGet(ctx, req, `/posts/${m[1]}.json`);
      const all = new Set([...terms(cur?.tag_string), ...terms(f.get('post[tag_string]'))]);
      f.set('post[tag_string]', [...all].join(' '));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = 'tm' + rand();
    const p = await c.post(`${t} old${t}`);
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} new${t}` });
    const s = await c.get(`/posts/${p}.json`);
    must(s.json.tag_string.includes('new' + t), 'new tag');
    return s.json.tag_string.split(' ').includes('old' + t);
  },
);

add(
  {
    id: 'posts-rating-letters-rejected-in-a',
    variants: ['A'],
    family: 'posts',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A rejects the one-letter ratings s, q, e on post update with 424 (it accepts only the words, as in B).',
    kind: 'spec-reader',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/posts\/\d+$/.test(bare(req))) return req;
      const r = form(req).get('post[rating]');
      if (r === null || !['s', 'q', 'e'].includes(r)) return req;
      return envelope(req, 424, false, 'post[rating] must be one of safe, questionable, explicit');
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('rl' + rand());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'q' });
    return r.status !== 200;
  },
);

add(
  {
    id: 'posts-rating-explicit-saved-questionable',
    variants: ['B'],
    family: 'posts',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'In B, post[rating]=explicit on update is stored as questionable (off-by-one in the value list).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/posts\/\d+$/.test(bare(req))) return req;
      const f = form(req);
      if (f.get('post[rating]') !== 'explicit') return req;
      f.set('post[rating]', 'questionable');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('re' + rand());
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[rating]': 'explicit' });
    const s = await c.get(`/posts/${p}.json`);
    return s.json.rating !== 'explicit';
  },
);

add(
  {
    id: 'posts-parent-dropped-with-tags',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post[parent_id]` (parent post id)',
    description: 'post[parent_id] is ignored when post[tag_string] is sent in the same update.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/posts\/\d+$/.test(bare(req))) return req;
      const f = form(req);
      if (!f.has('post[parent_id]') || !f.has('post[tag_string]')) return req;
      f.delete('post[parent_id]');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = 'pp' + rand();
    const parent = await c.post(t);
    const p = await c.post(t);
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} child${t}`, 'post[parent_id]': parent });
    const s = await c.get(`/posts/${p}.json`);
    must(s.json.tag_string.includes('child'), 'tags saved');
    return s.json.parent_id !== parent;
  },
);

add(
  {
    id: 'posts-empty-source-not-cleared',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post[source]` (when it is a URL, the service downloads the file)',
    description: 'An empty post[source] is treated as "not sent", so a source can never be cleared.',
    kind: 'implementation-bug',
    onRequest(req) {
      const m = /^\/posts\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (f.get('post[source]') !== '') return req;
      f.delete('post[source]');
      if (![...f.keys()].some((k) => k.startsWith('post['))) return envelope(req, 200, true, '', { id: Number(m[1]) });
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('sc' + rand());
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[source]': 'scanned book ' + rand() });
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[source]': '' });
    const s = await c.get(`/posts/${p}.json`);
    return s.json.source !== '';
  },
);

add(
  {
    id: 'posts-revert-keeps-rating',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
    description: 'Reverting a post restores its tags but keeps the current rating instead of the rating of the stated version.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/posts/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur?.rating) await upSend(ctx, req, 'PUT', `/posts/${m[1]}.json`, { 'post[rating]': cur.rating });
      return r;
    },
  },
  async (base, v) => {
    const c = cl(base), t = 'rv' + rand();
    const p = await c.post(`${t} a${t}`, 'safe');
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} b${t}`, 'post[rating]': prating(v, 'explicit') });
    const vs = await c.get('/post_versions.json', { 'search[post_id]': p });
    const v1 = vs.json.find((x: any) => x.version === 1);
    await ok(c, 'PUT', `/posts/${p}/revert.json`, { version_id: v1.id });
    const s = await c.get(`/posts/${p}.json`);
    must(s.json.tag_string.includes('a' + t), 'tags reverted');
    return s.json.rating !== prating(v, 'safe');
  },
);

add(
  {
    id: 'posts-copy-notes-direction-reversed',
    variants: ['A'],
    family: 'posts',
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'copy_notes copies the notes of other_post_id onto the post in the path, the reverse of the stated direction.',
    kind: 'spec-reader',
    onRequest(req) {
      const m = /^\/posts\/(\d+)\/copy_notes$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      const other = f.get('other_post_id');
      if (!other) return req;
      f.set('other_post_id', m[1]);
      return { ...withForm(req, f), path: req.path.replace(`/posts/${m[1]}/`, `/posts/${other}/`) };
    },
  },
  async (base) => {
    const c = cl(base), t = 'cn' + rand();
    const p1 = await c.post(t);
    const p2 = await c.post(t);
    await mk(c, '/notes.json', { 'note[post_id]': p1, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'n' + t });
    await c.send('PUT', `/posts/${p1}/copy_notes.json`, { other_post_id: p2 });
    const n = await c.get('/notes.json', { 'search[post_id]': p2 });
    return ids(n).length === 0;
  },
);

void parse; void withJson;

add(
  {
    id: 'posts-parent-link-inverted',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post[parent_id]` (parent post id)',
    description: 'post[parent_id] is read as "the post that becomes my child": updating post X with parent_id=Y sets Y\'s parent to X.',
    kind: 'spec-reader',
    onRequest(req) {
      const m = /^\/posts\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      const par = f.get('post[parent_id]');
      if (!par || [...f.keys()].some((k) => k.startsWith('post[') && k !== 'post[parent_id]')) return req;
      f.set('post[parent_id]', m[1]);
      return { ...withForm(req, f), path: req.path.replace(`/posts/${m[1]}`, `/posts/${par}`) };
    },
  },
  async (base) => {
    const c = cl(base), t = 'pi' + rand();
    const child = await c.post(t), parent = await c.post(t);
    await ok(c, 'PUT', `/posts/${child}.json`, { 'post[parent_id]': parent });
    const s = await c.get(`/posts/${child}.json`);
    return s.json.parent_id !== parent;
  },
);

add(
  {
    id: 'posts-page-zero-based',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`page` (page number)',
    description: 'page is read as a zero-based offset page: page=1 returns the second page of results.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!isList(req) || !/^\d+$/.test(req.query.get('page') ?? '')) return req;
      return editQuery(req, (q) => q.set('page', String(Number(q.get('page')) + 1)));
    },
  },
  async (base) => {
    const c = cl(base), t = 'pz' + rand();
    for (let i = 0; i < 3; i++) await c.post(t);
    const a = await c.get('/posts.json', { tags: t, limit: 1 });
    const b = await c.get('/posts.json', { tags: t, limit: 1, page: 1 });
    must(ids(a).length === 1, 'first');
    return ids(a)[0] !== ids(b)[0];
  },
);
