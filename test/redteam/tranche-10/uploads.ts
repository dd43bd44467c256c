// @ts-nocheck: frozen red-team code (see all.ts)
// Uploads.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, envelope, getPost, ids, is, isRating, listFault, mpParts, mpRewrite, mpValue, ok, queryFault, upGet, type Scenario } from './h.ts';
import { randomPng } from '../tranche-5/kit.ts';

export const faults: Fault[] = [
  F({
    id: 'uploads-source-search-substring',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: '`search[source]` (exact string match)',
    description: 'search[source] is implemented as a substring (LIKE %...%) match, so uploads whose source merely contains the value are listed too.',
    onResponse: listFault(/^\/uploads\.json$/, (q) => !!q.get('search[source]') && !q.get('search[uploader_name]') && !q.get('search[uploader_id]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/uploads.json', { 'search[uploader_name]': req.query.get('login') ?? '', limit: 100 });
      const s = req.query.get('search[source]')!;
      return (Array.isArray(all) ? all : []).filter((u: any) => typeof u.source === 'string' && u.source.includes(s));
    }),
  }),
  F({
    id: 'uploads-uploader-name-ignored-with-source',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '| List | GET /uploads.json | `search[uploader_id]`, `search[uploader_name]`, `search[source]` (exact string match) |',
    description: 'When search[source] is present the uploader_name condition is not applied (the source branch builds its own query).',
    onRequest: queryFault(/^\/uploads\.json$/, (q) => !!q.get('search[source]') && !!q.get('search[uploader_name]'), (q) => q.delete('search[uploader_name]')),
  }),
  F({
    id: 'uploads-explicit-rating-stored-safe',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'The upload rating mapping has no entry for "explicit" and falls back to safe.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/uploads\.json$/) || mpValue(req, 'upload[rating]') !== 'explicit') return req;
      return mpRewrite(req, 'upload[rating]', 'safe');
    },
  }),
  F({
    id: 'uploads-parent-id-dropped',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '`upload[parent_id]`',
    description: 'upload[parent_id] is accepted but not copied onto the post the upload is converted into.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/uploads\.json$/) || !mpValue(req, 'upload[parent_id]')) return req;
      return mpRewrite(req, 'upload[parent_id]', null);
    },
  }),
  F({
    id: 'uploads-source-only-rejected',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    description: 'upload[file] is treated as mandatory; an upload that gives only a source URL is refused with 424.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/uploads\.json$/)) return req;
      if (mpParts(req).some((p) => p.name === 'upload[file]') || !mpValue(req, 'upload[source]')) return req;
      return envelope(424, false, 'upload[file] is required');
    },
  }),
];

export const checks: Record<string, Scenario> = {
  'uploads-source-search-substring': async (base) => {
    const c = cl(base, 'platinum');
    const s = `http://127.0.0.1:1/src_${R()}`;
    const a = await c.post('us_' + R(), 'safe', { 'upload[source]': s });
    const b = await c.post('us_' + R(), 'safe', { 'upload[source]': s + '/more' });
    const got = ok(await c.get('/uploads.json', { 'search[source]': s })).json.map((u: any) => u.post_id);
    return got.includes(b) || !got.includes(a);
  },
  'uploads-uploader-name-ignored-with-source': async (base) => {
    const s = `http://127.0.0.1:1/src_${R()}`;
    const a = await cl(base).post('uu_' + R(), 'safe', { 'upload[source]': s });
    const b = await cl(base, 'member2').post('uu_' + R(), 'safe', { 'upload[source]': s });
    const got = ok(await cl(base).get('/uploads.json', { 'search[source]': s, 'search[uploader_name]': 'conform_member2' })).json.map((u: any) => u.post_id);
    return got.includes(a) || !got.includes(b);
  },
  'uploads-explicit-rating-stored-safe': async (base) => {
    const p = await cl(base).post('ue_' + R(), 'explicit');
    return !isRating((await getPost(base, p)).rating, 'explicit');
  },
  'uploads-parent-id-dropped': async (base) => {
    const c = cl(base);
    const t = 'up_' + R();
    const parent = await c.post(t);
    const child = await c.post(t, 'safe', { 'upload[parent_id]': parent });
    return (await getPost(base, child)).parent_id !== parent;
  },
  'uploads-source-only-rejected': async (base) => {
    const png = randomPng();
    const srv = http.createServer((_q, s) => { s.writeHead(200, { 'content-type': 'image/png' }); s.end(png); });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const port = (srv.address() as AddressInfo).port;
      const tag = 'uo_' + R();
      const r = await cl(base).upload({ 'upload[source]': `http://127.0.0.1:${port}/img_${R()}.png`, 'upload[tag_string]': tag, 'upload[rating]': 'safe' }, false);
      if (r.status !== 200 || r.json?.success !== true) return true;
      return !ids(ok(await cl(base).get('/posts.json', { tags: tag }))).includes(r.json.post_id);
    } finally {
      srv.close();
      srv.closeAllConnections?.();
    }
  },
};
