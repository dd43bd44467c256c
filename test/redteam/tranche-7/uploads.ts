// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, dropParam, refilter, multipartField, withMultipartField, cl, u, who, ids, must, ok, userId } from './h.ts';
const F = 'uploads';
const UL = /^\/uploads\.(json|xml)$/;

export const faults: Fault[] = [
  refilter({
    id: 'uploads-source-substring-match', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`search[source]` (exact string match)',
    description: 'search[source] matches uploads whose source contains the value, not only an exact match.',
  }, UL, 'search[source]', (it, v) => String(it.source ?? '').includes(v)),
  {
    id: 'uploads-parent-dropped-with-source', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`upload[parent_id]`',
    description: 'upload[parent_id] is lost when the upload also carries upload[source].',
    onRequest(req) {
      if (!is(req, 'POST', UL)) return req;
      if (multipartField(req, 'upload[parent_id]') === undefined || multipartField(req, 'upload[source]') === undefined) return req;
      return withMultipartField(req, 'upload[parent_id]', null);
    },
  },
  {
    id: 'uploads-questionable-stored-safe', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'upload[rating]=questionable falls through the mapping and the post is stored as safe.',
    onRequest(req) {
      if (!is(req, 'POST', UL) || multipartField(req, 'upload[rating]') !== 'questionable') return req;
      return withMultipartField(req, 'upload[rating]', 'safe');
    },
  },
  {
    id: 'uploads-last-tag-dropped', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`upload[tag_string]` REQUIRED',
    description: 'Splitting upload[tag_string] drops the last of three or more tags.',
    onRequest(req) {
      if (!is(req, 'POST', UL)) return req;
      const t = multipartField(req, 'upload[tag_string]');
      if (!t) return req;
      const parts = t.trim().split(/\s+/);
      if (parts.length < 3) return req;
      return withMultipartField(req, 'upload[tag_string]', parts.slice(0, -1).join(' '));
    },
  },
  {
    id: 'uploads-a-rating-letters-only', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`upload[rating]` REQUIRED (safe, questionable, explicit)',
    description: 'Variant A applies the post update rating letters (s, q, e) to uploads and rejects upload[rating]=safe.',
    onRequest(req) {
      if (!is(req, 'POST', UL)) return req;
      const r = multipartField(req, 'upload[rating]');
      if (r !== 'safe') return req;
      return { status: 424, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'upload[rating] must be one of s, q, e' })) };
    },
  },
];

const SRC = 'http://127.0.0.1:9/';
export const checks: Record<string, Scenario> = {
  'uploads-source-substring-match': async (base) => {
    const m = cl(base); const t = u();
    await m.post(t, 'safe', { 'upload[source]': `${SRC}${t}/a` });
    await m.post(t, 'safe', { 'upload[source]': `${SRC}${t}/ab` });
    const r = await m.get('/uploads.json', { 'search[source]': `${SRC}${t}/a` });
    must(r.json.length >= 1, 'exact');
    return r.json.length !== 1;
  },
  'uploads-parent-dropped-with-source': async (base) => {
    const m = cl(base); const t = u(); const par = await m.post(t);
    const p = await m.post(t, 'safe', { 'upload[parent_id]': par, 'upload[source]': `${SRC}${t}` });
    const s = await m.get(`/posts/${p}.json`);
    return s.json.parent_id !== par;
  },
  'uploads-questionable-stored-safe': async (base, v) => {
    const m = cl(base); const p = await m.post(u(), 'questionable');
    const s = await m.get(`/posts/${p}.json`);
    return s.json.rating !== (v === 'A' ? 'q' : 'questionable');
  },
  'uploads-last-tag-dropped': async (base) => {
    const m = cl(base); const t = u(); const p = await m.post(`${t}_a ${t}_b ${t}_c`);
    const s = await m.get(`/posts/${p}.json`);
    return !String(s.json.tag_string).split(' ').includes(`${t}_c`);
  },
  'uploads-a-rating-letters-only': async (base) => {
    const r = await cl(base).upload({ 'upload[tag_string]': u(), 'upload[rating]': 'safe' });
    return r.status !== 200;
  },
};
