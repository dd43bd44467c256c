// @ts-nocheck: frozen red-team code (see all.ts)
// Uploads, post flags and post appeals.
import type { Fault } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { ACC, cl, drop, has, jsonOf, listIds, mapList, on, params, postIds, rand, setMultipart, up, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const isUpload = (req: any) => on(req, 'POST', /^\/uploads$/) && (req.headers['content-type'] ?? '').includes('multipart/');

// uploads listing
add(
  {
    id: 'uploads-search-source-substring', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_LIST, kind: 'spec-reader',
    description: '`search[source]` is matched as a substring (prefix) instead of an exact string, so uploads with longer sources are listed.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', /^\/uploads$/)) return req;
      const p = params(req);
      const src = p.get('search[source]');
      if (!src) return req;
      p.delete('search[source]');
      p.set('limit', '100');
      const r = await ctx.upstream({ ...req, query: p });
      return mapList(r, (l) => l.filter((u) => String(u.source ?? '').includes(src)));
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const r = await c.upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': `http://example.com/${s}/long` });
    const id = r.json.id;
    return (await listIds(c, '/uploads.json', { 'search[source]': `http://example.com/${s}` })).includes(id);
  },
);
add(
  drop(
    { id: 'uploads-search-uploader-name-dropped-with-source', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_LIST, kind: 'implementation-bug',
      description: 'With `search[source]` given, `search[uploader_name]` is ignored, so other uploaders\' uploads of that source are listed.' },
    'GET', /^\/uploads$/, (p) => has(p, 'search[source]', 'search[uploader_name]'), ['search[uploader_name]']),
  async (base) => {
    const s = rand(); const src = `http://example.com/${s}`;
    const a = (await cl(base).upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': src })).json.id;
    await cl(base, 'member2').upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': src });
    return (await listIds(cl(base), '/uploads.json', { 'search[source]': src, 'search[uploader_name]': 'conform_member2' })).includes(a);
  },
);
add(
  drop(
    { id: 'uploads-search-uploader-id-dropped-with-source', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_LIST, kind: 'implementation-bug',
      description: 'With `search[source]` given, `search[uploader_id]` is ignored.' },
    'GET', /^\/uploads$/, (p) => has(p, 'search[source]', 'search[uploader_id]'), ['search[uploader_id]']),
  async (base) => {
    const s = rand(); const src = `http://example.com/${s}`;
    await cl(base).upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': src });
    const b = (await cl(base, 'member2').upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': src })).json.id;
    const me = (await cl(base).get('/users.json', { 'search[name]': 'conform_member' })).json[0].id;
    return (await listIds(cl(base), '/uploads.json', { 'search[source]': src, 'search[uploader_id]': me })).includes(b);
  },
);

// upload create
add(
  {
    id: 'uploads-rating-questionable-stored-safe', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOAD_RATING_VS, kind: 'implementation-bug',
    description: 'An upload with `upload[rating]=questionable` creates a post rated safe (the value map lacks questionable).',
    onRequest(req) {
      if (!isUpload(req) || params(req).get('upload[rating]') !== 'questionable') return req;
      return setMultipart(req, 'upload[rating]', 'safe');
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const id = await c.post(`x_${s}`, 'questionable');
    return !(await postIds(c, `x_${s} rating:q`)).includes(id);
  },
);
add(
  {
    id: 'uploads-parent-id-dropped', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_CREATE, kind: 'implementation-bug',
    description: '`upload[parent_id]` is not carried over to the created post.',
    onRequest(req) {
      if (!isUpload(req) || !params(req).get('upload[parent_id]')) return req;
      return setMultipart(req, 'upload[parent_id]', null);
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const par = await c.post(`x_${s}`);
    const ch = await c.post(`x_${s}`, 'safe', { 'upload[parent_id]': par });
    return !(await postIds(c, `x_${s} parent:${par}`)).includes(ch);
  },
);
add(
  {
    id: 'uploads-source-dropped-with-file', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_CREATE, kind: 'implementation-bug',
    description: 'When both `upload[file]` and `upload[source]` are sent, the source is discarded.',
    onRequest(req) {
      if (!isUpload(req) || !params(req).get('upload[source]') || !req.body.includes('filename=')) return req;
      return setMultipart(req, 'upload[source]', null);
    },
  },
  async (base) => {
    const c = cl(base); const s = rand(); const src = `http://example.com/${s}`;
    const id = (await c.upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe', 'upload[source]': src })).json.id;
    return !(await listIds(c, '/uploads.json', { 'search[source]': src })).includes(id);
  },
);
add(
  {
    id: 'uploads-tag-string-last-tag-lost', variants: ['A', 'B'], family: 'uploads', quote: Q.UPLOADS_CREATE, kind: 'implementation-bug',
    description: 'When `upload[tag_string]` has three or more tags, the last tag is lost (off-by-one in the split loop).',
    onRequest(req) {
      if (!isUpload(req)) return req;
      const t = (params(req).get('upload[tag_string]') ?? '').trim().split(/\s+/);
      if (t.length < 3) return req;
      return setMultipart(req, 'upload[tag_string]', t.slice(0, -1).join(' '));
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const id = await c.post(`x_${s} y_${s} z_${s}`);
    return !(await postIds(c, `z_${s}`)).includes(id);
  },
);
add(
  {
    id: 'uploads-show-xml-answered-json', variants: ['A', 'B'], family: 'uploads', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'Showing an upload through `.xml` returns the JSON rendering.',
    async onRequest(req, ctx) {
      const m = on(req, 'GET', /^\/uploads\/(\d+)$/);
      if (!m || !req.path.endsWith('.xml')) return req;
      return ctx.upstream({ ...req, path: `/uploads/${m[1]}.json` });
    },
  },
  async (base) => {
    const c = cl(base); const s = rand();
    const id = (await c.upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'safe' })).json.id;
    const r = await c.get(`/uploads/${id}.xml`);
    return !r.text.trimStart().startsWith('<');
  },
);

// flags and appeals
const flag = async (base: string, who: 'member' | 'member2' | 'gold', post: number, reason: string) => {
  const r = await cl(base, who).send('POST', '/post_flags.json', { 'post_flag[post_id]': post, 'post_flag[reason]': reason });
  if (r.status !== 200) throw new Error('flag ' + r.text);
  return r.json.id as number;
};
const appeal = async (base: string, who: 'member' | 'member2' | 'gold', post: number, reason: string) => {
  const r = await cl(base, who).send('POST', '/post_appeals.json', { 'post_appeal[post_id]': post, 'post_appeal[reason]': reason });
  if (r.status !== 200) throw new Error('appeal ' + r.text);
  return r.json.id as number;
};
add(
  drop(
    { id: 'flags-creator-name-dropped-with-post-id', variants: ['A', 'B'], family: 'flags', quote: Q.FLAGS_LIST, kind: 'implementation-bug',
      description: 'With `search[post_id]` given, `search[creator_name]` is ignored in the flag listing.' },
    'GET', /^\/post_flags$/, (p) => has(p, 'search[post_id]', 'search[creator_name]'), ['search[creator_name]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const f1 = await flag(base, 'member', a, 'r1'); await flag(base, 'member2', a, 'r2');
    return (await listIds(cl(base), '/post_flags.json', { 'search[post_id]': a, 'search[creator_name]': 'conform_member2' })).includes(f1);
  },
);
add(
  drop(
    { id: 'flags-post-id-dropped-with-creator-id', variants: ['A', 'B'], family: 'flags', quote: Q.FLAGS_LIST, kind: 'implementation-bug',
      description: 'With `search[creator_id]` given, `search[post_id]` is ignored in the flag listing.' },
    'GET', /^\/post_flags$/, (p) => has(p, 'search[post_id]', 'search[creator_id]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await flag(base, 'gold', a, 'r1'); const f2 = await flag(base, 'gold', b, 'r2');
    const gid = (await cl(base).get('/users.json', { 'search[name]': 'conform_gold' })).json[0].id;
    return (await listIds(cl(base), '/post_flags.json', { 'search[post_id]': a, 'search[creator_id]': gid })).includes(f2);
  },
);
add(
  {
    id: 'flags-list-xml-unescaped', variants: ['A', 'B'], family: 'flags', quote: Q.FORMAT, kind: 'implementation-bug',
    description: 'The XML flag listing writes `<` and `&` of a reason unescaped, so the document is not well-formed XML.',
    onResponse(req, res) {
      if (!on(req, 'GET', /^\/post_flags$/) || !req.path.endsWith('.xml')) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&lt;/g, '<').replace(/&amp;/g, '&'), 'utf8') };
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    await flag(base, 'member', a, `a < b & c ${s}`);
    const r = await cl(base).get('/post_flags.xml', { 'search[post_id]': a });
    return r.status !== 200 || /&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(r.text) || /<\s/.test(r.text);
  },
);
add(
  drop(
    { id: 'appeals-post-id-dropped-with-creator-name', variants: ['A', 'B'], family: 'flags', quote: Q.APPEALS_LIST, kind: 'implementation-bug',
      description: 'With `search[creator_name]` given, `search[post_id]` is ignored in the appeal listing.' },
    'GET', /^\/post_appeals$/, (p) => has(p, 'search[post_id]', 'search[creator_name]'), ['search[post_id]']),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    await appeal(base, 'member2', a, 'r1'); const x = await appeal(base, 'member2', b, 'r2');
    return (await listIds(cl(base), '/post_appeals.json', { 'search[post_id]': a, 'search[creator_name]': 'conform_member2' })).includes(x);
  },
);
add(
  {
    id: 'appeals-creator-id-matches-post-uploader', variants: ['A', 'B'], family: 'flags', quote: Q.APPEALS_LIST, kind: 'implementation-bug',
    description: '`search[creator_id]` on appeals is joined against the appealed post\'s uploader instead of the appeal\'s creator.',
    async onRequest(req, ctx) {
      if (!on(req, 'GET', /^\/post_appeals$/)) return req;
      const p = params(req);
      const cid = p.get('search[creator_id]');
      if (!cid) return req;
      p.delete('search[creator_id]');
      p.set('limit', '100');
      const r = await ctx.upstream({ ...req, query: p });
      const l = jsonOf(r);
      if (!Array.isArray(l)) return r;
      const out: any[] = [];
      for (const a of l) {
        const post = await up(ctx, req, 'GET', `/posts/${a.post_id}.json`);
        if (String(post.json?.uploader_id) === cid) out.push(a);
      }
      return mapList(r, () => out);
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const x = await appeal(base, 'member2', a, `r_${s}`);
    const me = (await cl(base).get('/users.json', { 'search[name]': 'conform_member' })).json[0].id;
    return (await listIds(cl(base), '/post_appeals.json', { 'search[creator_id]': me })).includes(x);
  },
);
void ACC;
