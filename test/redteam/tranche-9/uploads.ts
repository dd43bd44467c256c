// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, mapList, readJson, jsonRes, envelope, isMultipart, mpField, mpReplace, pngServer, must, upGet, withParams } from './h.ts';

const LIST = /^\/uploads\.json$/;
const CREATE = /^\/uploads\.json$/;

export const faults: Fault[] = [
  {
    id: 'uploads-source-search-ignores-trailing-slash',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '`search[source]` (exact string match)',
    description: 'The source search normalises a trailing slash, so a search for a URL also returns uploads whose source is that URL plus "/".',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', LIST)) return res;
      const src = req.query.get('search[source]');
      if (!src || src.endsWith('/')) return res;
      const extra = await upGet(ctx, req, '/uploads.json', Object.fromEntries([...req.query.entries()].filter(([k]) => !['login', 'api_key', 'password_hash'].includes(k)).map(([k, v]) => [k, k === 'search[source]' ? v + '/' : v])));
      if (!Array.isArray(extra)) return res;
      return mapList(res, (l) => [...l, ...extra].sort((a, b) => b.id - a.id));
    },
  },
  {
    id: 'uploads-source-search-case-insensitive',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '`search[source]` (exact string match)',
    description: 'The source search compares case-insensitively (lower-cases both sides).',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', LIST)) return res;
      const src = req.query.get('search[source]');
      if (!src || src === src.toLowerCase()) return res;
      const extra = await upGet(ctx, req, '/uploads.json', { 'search[source]': src.toLowerCase() });
      if (!Array.isArray(extra)) return res;
      return mapList(res, (l) => [...l, ...extra.filter((x: any) => !l.some((y) => y.id === x.id))].sort((a, b) => b.id - a.id));
    },
  },
  {
    id: 'uploads-uploader-name-ignored-with-source',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '| List | GET /uploads.json | `search[uploader_id]`, `search[uploader_name]`, `search[source]` (exact string match) |',
    description: 'When search[source] is given, search[uploader_name] is not applied.',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || !req.query.has('search[source]') || !req.query.has('search[uploader_name]')) return req;
      return withParams(req, (q) => q.delete('search[uploader_name]'));
    },
  },
  {
    id: 'uploads-source-only-rejected',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    description: 'An upload with upload[source] but no upload[file] is refused: the server always requires the file.',
    onRequest(req) {
      if (!is(req, 'POST', CREATE) || !isMultipart(req)) return req;
      const s = req.body.toString('latin1');
      if (s.includes('name="upload[file]"') || !s.includes('name="upload[source]"')) return req;
      return envelope(424, false, 'upload[file] is required');
    },
  },
  {
    id: 'uploads-parent-id-dropped',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '`upload[parent_id]`',
    description: 'upload[parent_id] is not carried over to the post.',
    onRequest(req) {
      if (!is(req, 'POST', CREATE) || !isMultipart(req)) return req;
      if (mpField(req, 'upload[parent_id]') === undefined) return req;
      return mpReplace(req, 'name="upload[parent_id]"', 'name="upload[parent_id_ignored]"');
    },
  },
  {
    id: 'uploads-rating-questionable-saved-as-safe',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'An upload rated questionable is saved as safe (the rating mapping misses questionable).',
    onRequest(req) {
      if (!is(req, 'POST', CREATE) || !isMultipart(req)) return req;
      if (mpField(req, 'upload[rating]') !== 'questionable') return req;
      return mpReplace(req, /(name="upload\[rating\]"\r\n\r\n)questionable/, '$1safe');
    },
  },
  {
    id: 'uploads-rating-words-rejected',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'spec-reader',
    quote: '`upload[rating]` REQUIRED (safe, questionable, explicit)',
    description: 'Uploads only accept the one-letter ratings of post updates; upload[rating]=explicit is refused.',
    onRequest(req) {
      if (!is(req, 'POST', CREATE) || !isMultipart(req) || mpField(req, 'upload[rating]') !== 'explicit') return req;
      return envelope(424, false, 'upload[rating] must be one of s, q, e');
    },
  },
  {
    id: 'uploads-list-xml-answers-json',
    variants: ['A', 'B'],
    family: 'uploads',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /uploads.xml answers with the JSON rendering of the list.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/uploads\.xml$/)) return req;
      return { ...req, path: '/uploads.json' };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'uploads-source-search-ignores-trailing-slash'(base) {
    const c = who(base);
    const s = rand();
    const src = `http://example.com/art/${s}`;
    const a = must(await c.upload({ 'upload[tag_string]': 'us_' + s, 'upload[rating]': 'safe', 'upload[source]': src }), 'u1').id;
    const b = must(await c.upload({ 'upload[tag_string]': 'us_' + s, 'upload[rating]': 'safe', 'upload[source]': src + '/' }), 'u2').id;
    const l = (await c.get('/uploads.json', { 'search[source]': src })).json as any[];
    return !(l.some((u) => u.id === a) && !l.some((u) => u.id === b));
  },
  async 'uploads-source-search-case-insensitive'(base) {
    const c = who(base);
    const s = rand();
    const src = `http://example.com/Gallery/${s}`;
    const a = must(await c.upload({ 'upload[tag_string]': 'uc_' + s, 'upload[rating]': 'safe', 'upload[source]': src }), 'u1').id;
    const b = must(await c.upload({ 'upload[tag_string]': 'uc_' + s, 'upload[rating]': 'safe', 'upload[source]': src.toLowerCase() }), 'u2').id;
    const l = (await c.get('/uploads.json', { 'search[source]': src })).json as any[];
    return !(l.some((u) => u.id === a) && !l.some((u) => u.id === b));
  },
  async 'uploads-uploader-name-ignored-with-source'(base) {
    const s = rand();
    const src = `http://example.com/shared/${s}`;
    must(await who(base).upload({ 'upload[tag_string]': 'un_' + s, 'upload[rating]': 'safe', 'upload[source]': src }), 'u1');
    const b = must(await who(base, 'member2').upload({ 'upload[tag_string]': 'un_' + s, 'upload[rating]': 'safe', 'upload[source]': src }), 'u2').id;
    const l = (await who(base).get('/uploads.json', { 'search[source]': src, 'search[uploader_name]': who(base, 'member2').account!.name })).json as any[];
    return !(l.length === 1 && l[0].id === b);
  },
  async 'uploads-source-only-rejected'(base) {
    const srv = await pngServer();
    try {
      const s = rand();
      const r = await who(base).upload({ 'upload[tag_string]': 'uo_' + s, 'upload[rating]': 'safe', 'upload[source]': `${srv.url}/img_${s}.png` }, false);
      return !(r.status === 200 && r.json?.success === true);
    } finally {
      await srv.close();
    }
  },
  async 'uploads-parent-id-dropped'(base) {
    const c = who(base);
    const s = rand();
    const parent = await c.post('upp_' + s);
    const child = await c.post('upc_' + s, 'safe', { 'upload[parent_id]': parent });
    return Number((await c.get(`/posts/${child}.json`)).json?.parent_id) !== parent;
  },
  async 'uploads-rating-questionable-saved-as-safe'(base) {
    const c = who(base);
    const r = must(await c.upload({ 'upload[tag_string]': 'uq_' + rand(), 'upload[rating]': 'questionable' }), 'upload');
    const u = (await c.get(`/uploads/${r.id}.json`)).json;
    return u?.rating !== 'questionable';
  },
  async 'uploads-rating-words-rejected'(base) {
    const r = await who(base).upload({ 'upload[tag_string]': 'ue_' + rand(), 'upload[rating]': 'explicit' });
    return !(r.status === 200 && r.json?.success === true);
  },
  async 'uploads-list-xml-answers-json'(base) {
    const c = who(base);
    await c.post('ux_' + rand());
    const r = await c.get('/uploads.xml', { 'search[uploader_name]': c.account!.name, limit: 2 });
    return !(r.status === 200 && r.text.trimStart().startsWith('<'));
  },
};
