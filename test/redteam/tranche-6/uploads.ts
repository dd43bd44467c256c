// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, relist, envelope, type Scenario } from './h.ts';

const CREATE = /^\/uploads\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'uploads-source-search-substring',
    family: 'uploads',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '`search[source]` (exact string match)',
    description: 'The upload list matches `search[source]` as a substring instead of the exact string.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/uploads\.json$/)) return req;
      const src = req.query.get('search[source]');
      if (!src) return req;
      return relist(req, ctx, (p) => { p.delete('search[source]'); p.set('limit', '100'); }, (u) => typeof u.source === 'string' && u.source.includes(src));
    },
  },
  {
    id: 'uploads-explicit-stored-questionable',
    family: 'uploads',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description: 'An upload rated explicit (the last value of the set) is stored as questionable.',
    onRequest(req) {
      if (is(req, 'POST', CREATE) && param(req, 'upload[rating]') === 'explicit') return withParams(req, (p) => p.set('upload[rating]', 'questionable'));
      return req;
    },
  },
  {
    id: 'uploads-parent-id-dropped',
    family: 'uploads',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`upload[parent_id]`',
    description: 'An upload that names a parent with `upload[parent_id]` is converted into a post without the parent link.',
    onRequest(req) {
      if (is(req, 'POST', CREATE) && param(req, 'upload[parent_id]') !== null) return withParams(req, (p) => p.delete('upload[parent_id]'));
      return req;
    },
  },
  {
    id: 'uploads-source-only-refused',
    family: 'uploads',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    description: 'An upload with `upload[source]` and no file part is refused with 424 (file demanded).',
    onRequest(req) {
      if (!is(req, 'POST', CREATE)) return req;
      const hasFile = /filename=/i.test(req.body.toString('latin1'));
      if (!hasFile && param(req, 'upload[source]')) return envelope(req, 424, false, 'upload[file] is required');
      return req;
    },
  },
];

export const checks: Record<string, Scenario> = {
  'uploads-source-search-substring': async (x) => {
    await x.c.upload({ 'upload[tag_string]': `us_${x.t}`, 'upload[rating]': 'safe', 'upload[source]': `http://127.0.0.1:9/img/${x.t}/a.png` });
    await x.c.upload({ 'upload[tag_string]': `us_${x.t}`, 'upload[rating]': 'safe', 'upload[source]': `http://127.0.0.1:9/img/${x.t}/a.png?big` });
    const r = await x.c.get('/uploads.json', { 'search[source]': `http://127.0.0.1:9/img/${x.t}/a.png` });
    return !(Array.isArray(r.json) && r.json.length === 1);
  },
  'uploads-explicit-stored-questionable': async (x) => {
    const id = await x.c.post(`ue_${x.t}`, 'explicit');
    const p = (await x.c.get(`/posts/${id}.json`)).json;
    return !['e', 'explicit'].includes(p.rating);
  },
  'uploads-parent-id-dropped': async (x) => {
    const par = await x.c.post(`up_${x.t}`);
    const id = await x.c.post(`uc_${x.t}`, 'safe', { 'upload[parent_id]': par });
    const p = (await x.c.get(`/posts/${id}.json`)).json;
    return p.parent_id !== par;
  },
  'uploads-source-only-refused': async (x) => {
    const id = await x.c.post(`uo_${x.t}`);
    const fileUrl = (await x.c.get(`/posts/${id}.json`)).json.file_url;
    // the file is fetched from the reference server itself (allowed host), whatever base the client talks to
    const src = fileUrl.replace(/^http:\/\/[^/]+/, 'http://127.0.0.1:' + new URL(fileUrl).port) + `?v=${x.t}`;
    const r = await x.c.upload({ 'upload[tag_string]': `uo2_${x.t}`, 'upload[rating]': 'safe', 'upload[source]': src }, false);
    return r.status !== 200 || typeof r.json?.post_id !== 'number';
  },
};
