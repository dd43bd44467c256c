// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, ids, is, params, withParams, upGet, upSend, dropParam, rewriteParams, mapList, ratingLetter, envelope, must } from './h.ts';

const LIST = /^\/posts\.json$/;
const ONE = /^\/posts\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'posts-page-two-skips-a-page',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'With a numeric page above 1 and a limit, the offset is computed one page too far, so page 2 shows what page 3 should.',
    ...rewriteParams('GET', LIST, (p) => p.has('limit') && /^[2-9]$/.test(p.get('page') ?? ''), (p) => p.set('page', String(Number(p.get('page')) + 1))),
  },
  {
    id: 'posts-limit-returns-one-extra',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`limit` (integer, at most 100 per request)',
    description: 'A limit below 100 returns one post more than asked (inclusive bound).',
    ...rewriteParams('GET', LIST, (p) => /^\d+$/.test(p.get('limit') ?? '') && Number(p.get('limit')) < 100, (p) => p.set('limit', String(Number(p.get('limit')) + 1))),
  },
  {
    id: 'posts-two-tags-only-first-used',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'A search with two plain tags only applies the first one.',
    ...rewriteParams(
      'GET',
      LIST,
      (p) => !p.has('raw') && /^[a-z0-9_]+ [a-z0-9_]+$/.test(p.get('tags') ?? ''),
      (p) => p.set('tags', (p.get('tags') ?? '').split(' ')[0]),
    ),
  },
  {
    id: 'posts-raw-ignored',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'The raw parameter is ignored, so a raw search with a space is still parsed as several tags.',
    ...dropParam('GET', LIST, 'raw', (p) => (p.get('tags') ?? '').includes(' ')),
  },
  {
    id: 'posts-show-xml-answers-json',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /posts/{id}.xml answers with the JSON rendering.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\/\d+\.xml$/)) return req;
      return { ...req, path: req.path.replace(/\.xml$/, '.json') };
    },
  },
  {
    id: 'posts-rating-letter-rejected-a',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A rejects the one-letter ratings on post update, accepting only full words.',
    onRequest(req) {
      if (!is(req, 'PUT', ONE)) return req;
      if (!['s', 'q', 'e'].includes(params(req).get('post[rating]') ?? '')) return req;
      return envelope(424, false, 'post[rating] must be one of safe, questionable, explicit');
    },
  },
  {
    id: 'posts-rating-word-rejected-b',
    variants: ['B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant B rejects the full-word ratings on post update, accepting only s, q, e.',
    onRequest(req) {
      if (!is(req, 'PUT', ONE)) return req;
      if (!['safe', 'questionable', 'explicit'].includes(params(req).get('post[rating]') ?? '')) return req;
      return envelope(424, false, 'post[rating] must be one of s, q, e');
    },
  },
  {
    id: 'posts-update-tags-merged-not-replaced',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`post[tag_string]` (space-delimited tags)',
    description: 'A tag_string update adds the new tags to the old ones instead of replacing the tag string.',
    async onRequest(req, ctx) {
      const m = ONE.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const p = params(req);
      const ts = p.get('post[tag_string]');
      if (ts === null || p.has('post[rating]')) return req;
      const cur = await upGet(ctx, req, `/posts/${m[1]}.json`);
      if (!cur?.tag_string) return req;
      return withParams(req, (q) => q.set('post[tag_string]', `${cur.tag_string} ${ts}`));
    },
  },
  {
    id: 'posts-update-parent-id-dropped',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`post[parent_id]` (parent post id)',
    description: 'post[parent_id] is ignored on update.',
    ...dropParam('PUT', ONE, 'post[parent_id]'),
  },
  {
    id: 'posts-update-source-dropped-with-tags',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`post[source]` (when it is a URL, the service downloads the file)',
    description: 'When post[tag_string] and post[source] are sent together, the source is not saved.',
    ...dropParam('PUT', ONE, 'post[source]', (p) => p.has('post[tag_string]')),
  },
  {
    id: 'posts-revert-keeps-current-rating',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
    description: 'Revert restores the tags of the version but keeps the current rating.',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/posts/${m[1]}.json`);
      if (!cur?.rating) return req;
      ctx.state.set('rating:' + m[1], cur.rating);
      return req;
    },
    async onResponse(req, res, ctx) {
      const m = /^\/posts\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m || res.status !== 200) return res;
      const r = ctx.state.get('rating:' + m[1]) as string | undefined;
      if (r) await upSend(ctx, req, 'PUT', `/posts/${m[1]}.json`, { 'post[rating]': r });
      return res;
    },
  },
  {
    id: 'posts-revert-one-version-too-far',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
    description: 'Revert goes to the version before the one named (off by one in the version list).',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const vid = Number(params(req).get('version_id'));
      const vs = await upGet(ctx, req, '/post_versions.json', { 'search[post_id]': m[1], limit: '100' });
      if (!Array.isArray(vs)) return req;
      const older = vs.filter((v: any) => v.id < vid).sort((a: any, b: any) => b.id - a.id)[0];
      if (!older) return req;
      return withParams(req, (q) => q.set('version_id', String(older.id)));
    },
  },
  {
    id: 'posts-copy-notes-reversed',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'copy_notes copies the notes of other_post_id onto the post in the path (direction reversed).',
    onRequest(req) {
      const m = /^\/posts\/(\d+)\/copy_notes\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const other = params(req).get('other_post_id');
      if (!other) return req;
      return { ...withParams(req, (q) => q.set('other_post_id', m[1])), path: `/posts/${other}/copy_notes.json` };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'posts-page-two-skips-a-page'(base) {
    const c = who(base);
    const t = 'pg_' + rand();
    const all = [await c.post(t), await c.post(t), await c.post(t)];
    const p1 = ids(await c.get('/posts.json', { tags: t, limit: 2, page: 1 }));
    const p2 = ids(await c.get('/posts.json', { tags: t, limit: 2, page: 2 }));
    const seen = new Set([...p1, ...p2]);
    return !(seen.size === 3 && all.every((x) => seen.has(x)));
  },
  async 'posts-limit-returns-one-extra'(base) {
    const c = who(base);
    const t = 'lim_' + rand();
    for (let i = 0; i < 3; i++) await c.post(t);
    return ids(await c.get('/posts.json', { tags: t, limit: 2 })).length > 2;
  },
  async 'posts-two-tags-only-first-used'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post(`ta_${s}`);
    const b = await c.post(`ta_${s} tb_${s}`);
    const r = ids(await c.get('/posts.json', { tags: `ta_${s} tb_${s}` }));
    return !(r.includes(b) && !r.includes(a));
  },
  async 'posts-raw-ignored'(base) {
    const c = who(base);
    const s = rand();
    const b = await c.post(`ra_${s} rb_${s}`);
    const r = await c.get('/posts.json', { tags: `ra_${s} rb_${s}`, raw: 1 });
    return ids(r).includes(b);
  },
  async 'posts-show-xml-answers-json'(base) {
    const c = who(base);
    const p = await c.post('x_' + rand());
    const r = await c.get(`/posts/${p}.xml`);
    return !(r.status === 200 && r.text.trimStart().startsWith('<'));
  },
  async 'posts-rating-letter-rejected-a'(base) {
    const c = who(base);
    const p = await c.post('rl_' + rand());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'q' });
    const after = await c.get(`/posts/${p}.json`);
    return !(r.status === 200 && after.json?.rating === 'q');
  },
  async 'posts-rating-word-rejected-b'(base) {
    const c = who(base);
    const p = await c.post('rw_' + rand());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'questionable' });
    const after = await c.get(`/posts/${p}.json`);
    return !(r.status === 200 && after.json?.rating === 'questionable');
  },
  async 'posts-update-tags-merged-not-replaced'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post(`ua_${s} ub_${s}`);
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `ua_${s} uc_${s}` }), 'update');
    const r = ids(await c.get('/posts.json', { tags: `ub_${s}` }));
    const r2 = ids(await c.get('/posts.json', { tags: `uc_${s}` }));
    return r.includes(p) || !r2.includes(p);
  },
  async 'posts-update-parent-id-dropped'(base) {
    const c = who(base);
    const s = rand();
    const parent = await c.post(`pp_${s}`);
    const child = await c.post(`pc_${s}`);
    must(await c.send('PUT', `/posts/${child}.json`, { 'post[parent_id]': parent }), 'update');
    const r = await c.get(`/posts/${child}.json`);
    return Number(r.json?.parent_id) !== parent;
  },
  async 'posts-update-source-dropped-with-tags'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post(`ps_${s}`);
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `ps_${s} ps2_${s}`, 'post[source]': `scanned book ${s}` }), 'update');
    const r = await c.get(`/posts/${p}.json`);
    return r.json?.source !== `scanned book ${s}`;
  },
  async 'posts-revert-keeps-current-rating'(base, v) {
    const c = who(base);
    const s = rand();
    const p = await c.post(`rv_${s}`, 'safe');
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `rv_${s} rv2_${s}`, 'post[rating]': ratingLetter(v, 'explicit') }), 'update');
    const vs = (await c.get('/post_versions.json', { 'search[post_id]': p })).json as any[];
    const first = vs.reduce((a, b) => (a.id < b.id ? a : b));
    must(await c.send('PUT', `/posts/${p}/revert.json`, { version_id: first.id }), 'revert');
    const r = (await c.get(`/posts/${p}.json`)).json;
    return !(r.rating === ratingLetter(v, 'safe') && r.tag_string === `rv_${s}`);
  },
  async 'posts-revert-one-version-too-far'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post(`vf_${s}`);
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `vf_${s} vf2_${s}` }), 'u1');
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `vf_${s} vf2_${s} vf3_${s}` }), 'u2');
    const vs = ((await c.get('/post_versions.json', { 'search[post_id]': p })).json as any[]).sort((a, b) => a.id - b.id);
    must(await c.send('PUT', `/posts/${p}/revert.json`, { version_id: vs[1].id }), 'revert');
    const r = (await c.get(`/posts/${p}.json`)).json;
    return r.tag_string.split(' ').sort().join(' ') !== [`vf_${s}`, `vf2_${s}`].sort().join(' ');
  },
  async 'posts-copy-notes-reversed'(base) {
    const c = who(base);
    const s = rand();
    const from = await c.post(`cf_${s}`);
    const to = await c.post(`ct_${s}`);
    must(await c.send('POST', '/notes.json', { 'note[post_id]': from, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': `copied ${s}` }), 'note');
    must(await c.send('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to }), 'copy');
    const r = await c.get('/notes.json', { 'search[post_id]': to });
    return !(Array.isArray(r.json) && r.json.some((n: any) => n.body === `copied ${s}`));
  },
};
