// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, envelope, multipartFields, hasMultipartFile, withMultipart, filterInstead, ids, must, type ProxiedRequest } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const isUp = (req: ProxiedRequest) => is(req, 'POST', /^\/uploads$/);
const Q_CREATE = '`upload[rating]` REQUIRED (safe, questionable, explicit)';

add(
  {
    id: 'uploads-source-without-file-refused',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    description: 'The rule line is overlooked and upload[file] is read as always required: an upload giving only upload[source] is refused with 424.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!isUp(req) || hasMultipartFile(req) || !multipartFields(req).get('upload[source]')) return req;
      return envelope(req, 424, false, 'upload[file] is required');
    },
  },
  async (base) => {
    const c = cl(base);
    const p0 = await c.post('us' + rand());
    const url = (await c.get(`/posts/${p0}.json`)).json.file_url;
    const r = await c.upload({ 'upload[source]': url, 'upload[tag_string]': 'us' + rand(), 'upload[rating]': 'safe' }, false);
    return r.status !== 200;
  },
);

add(
  {
    id: 'uploads-source-search-substring',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '`search[source]` (exact string match)',
    description: 'search[source] on uploads matches every upload whose source contains the value, not only exact matches.',
    kind: 'spec-reader',
    onRequest: filterInstead(/^\/uploads$/, 'search[source]', (it, v) => String(it.source ?? '').includes(v)),
  },
  async (base) => {
    const c = cl(base);
    const p0 = await c.post('uq' + rand());
    const url = (await c.get(`/posts/${p0}.json`)).json.file_url;
    const u1 = await c.upload({ 'upload[source]': url, 'upload[tag_string]': 'uq' + rand(), 'upload[rating]': 'safe' }, false);
    const u2 = await c.upload({ 'upload[source]': url + '?v=2', 'upload[tag_string]': 'uq' + rand(), 'upload[rating]': 'safe' }, false);
    must(u1.status === 200 && u2.status === 200, 'source uploads');
    const r = await c.get('/uploads.json', { 'search[source]': url });
    must(ids(r).includes(u1.json.id), 'exact listed');
    return ids(r).includes(u2.json.id);
  },
);

add(
  {
    id: 'uploads-parent-id-dropped',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '`upload[parent_id]`',
    description: 'upload[parent_id] is accepted but not applied: the post created from the upload has no parent.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isUp(req)) return req;
      const f = multipartFields(req);
      if (!f.has('upload[parent_id]')) return req;
      f.delete('upload[parent_id]');
      return withMultipart(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const parent = await c.post('upp' + rand());
    const p = await c.post('upc' + rand(), 'safe', { 'upload[parent_id]': parent });
    const s = await c.get(`/posts/${p}.json`);
    return s.json.parent_id !== parent;
  },
);

add(
  {
    id: 'uploads-rating-defaults-to-safe',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: Q_CREATE,
    description: 'An upload without upload[rating] is accepted and rated safe instead of being refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isUp(req)) return req;
      const f = multipartFields(req);
      if (f.has('upload[rating]')) return req;
      f.set('upload[rating]', 'safe');
      return withMultipart(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const r = await c.upload({ 'upload[tag_string]': 'ur' + rand() });
    return r.status === 200;
  },
);

add(
  {
    id: 'uploads-questionable-saved-explicit',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'upload[rating]=questionable produces an explicit post (the word is mapped to the wrong letter).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isUp(req)) return req;
      const f = multipartFields(req);
      if (f.get('upload[rating]') !== 'questionable') return req;
      f.set('upload[rating]', 'explicit');
      return withMultipart(req, f);
    },
  },
  async (base, v) => {
    const c = cl(base);
    const p = await c.post('uqe' + rand(), 'questionable');
    const s = await c.get(`/posts/${p}.json`);
    return s.json.rating !== (v === 'A' ? 'q' : 'questionable');
  },
);

add(
  {
    id: 'uploads-a-word-ratings-refused',
    variants: ['A'],
    family: 'uploads',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'Variant A applies its one-letter post rating set to uploads too and refuses upload[rating]=explicit (and the other words) with 424.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!isUp(req)) return req;
      const r = multipartFields(req).get('upload[rating]');
      if (!r || !['safe', 'questionable', 'explicit'].includes(r)) return req;
      return envelope(req, 424, false, 'upload[rating] must be one of s, q, e');
    },
  },
  async (base) => {
    const r = await cl(base).upload({ 'upload[tag_string]': 'uw' + rand(), 'upload[rating]': 'explicit' });
    return r.status !== 200;
  },
);
