// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on uploads.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, envelopeRes, filterList, isJsonPath, mpBuild, mpParse, must, route, uid, userId, type Entry } from './h.ts';

const CREATE = /^\/uploads\.(json|xml)$/;

export const entries: Entry[] = [
  {
    fault: {
      id: 'uploads-source-search-prefix-match',
      family: 'uploads',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '`search[source]` (exact string match)',
      description: 'The upload list matches `search[source]` as a prefix: a source that merely begins with the value is returned.',
      onRequest(req, ctx) {
        if (!route(req, 'GET', /^\/uploads\.json$/) || !req.query.get('search[source]')) return req;
        ctx.state.set('src', req.query.get('search[source]'));
        return dropParam('GET', /^\/uploads\.json$/, 'search[source]')(req);
      },
      onResponse(req, res, ctx) {
        const s = ctx.state.get('src') as string | undefined;
        if (!s || !route(req, 'GET', /^\/uploads\.json$/)) return res;
        ctx.state.delete('src');
        return filterList(res, (u) => typeof u.source === 'string' && u.source.startsWith(s));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('src');
      await must(c.upload({ 'upload[source]': `http://example.com/${t}/a.png`, 'upload[rating]': 'safe', 'upload[tag_string]': t }));
      const r = await must(c.get('/uploads.json', { 'search[source]': `http://example.com/${t}` }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'uploads-uploader-id-ignored-with-name',
      family: 'uploads',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| List | GET /uploads.json | `search[uploader_id]`, `search[uploader_name]`, `search[source]` (exact string match) |',
      description: 'When both `search[uploader_name]` and `search[uploader_id]` are given, the id filter is dropped.',
      onRequest: dropParam('GET', /^\/uploads\.(json|xml)$/, 'search[uploader_id]', (p) => p.has('search[uploader_name]')),
    },
    async scn(base) {
      const g = C(base, 'gold');
      await g.post(uid('un'));
      const other = await userId(g, acc.member2.name);
      const r = await must(g.get('/uploads.json', { 'search[uploader_name]': acc.gold.name, 'search[uploader_id]': other }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'uploads-source-only-rejected',
      family: 'uploads',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
      description: 'An upload that provides `upload[source]` but no `upload[file]` is rejected with 424 (the file is treated as mandatory).',
      onRequest(req) {
        if (!route(req, 'POST', CREATE)) return req;
        const mp = mpParse(req);
        if (!mp) return req;
        if (mp.parts.some((p) => p.name === 'upload[file]')) return req;
        if (!mp.parts.some((p) => p.name === 'upload[source]')) return req;
        return envelopeRes(424, false, 'upload[file] is required', !isJsonPath(req));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('so'));
      const p = await must(c.get(`/posts/${id}.json`));
      const r = await c.upload({ 'upload[source]': p.file_url, 'upload[rating]': 'safe', 'upload[tag_string]': uid('so2') }, false);
      return r.status !== 200;
    },
  },
  {
    fault: {
      id: 'uploads-parent-id-dropped',
      family: 'uploads',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| Create | POST /uploads.json | `upload[file]` (multipart form file data); `upload[source]` (source URL); `upload[rating]` REQUIRED (safe, questionable, explicit); `upload[parent_id]`; `upload[tag_string]` REQUIRED |',
      description: 'The multipart field `upload[parent_id]` is not read; the new post has no parent.',
      onRequest(req) {
        if (!route(req, 'POST', CREATE)) return req;
        const mp = mpParse(req);
        if (!mp || !mp.parts.some((p) => p.name === 'upload[parent_id]')) return req;
        return mpBuild(req, mp.boundary, mp.parts.filter((p) => p.name !== 'upload[parent_id]'));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const parent = await c.post(uid('up'));
      const child = await c.post(uid('uc'), 'safe', { 'upload[parent_id]': parent });
      const p = await must(c.get(`/posts/${child}.json`));
      return p.parent_id !== parent;
    },
  },
  {
    fault: {
      id: 'uploads-only-first-tag-kept',
      family: 'uploads',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| Create | POST /uploads.json | `upload[file]` (multipart form file data); `upload[source]` (source URL); `upload[rating]` REQUIRED (safe, questionable, explicit); `upload[parent_id]`; `upload[tag_string]` REQUIRED |',
      description: 'Only the first tag of a multi-tag `upload[tag_string]` is stored on the new post.',
      onRequest(req) {
        if (!route(req, 'POST', CREATE)) return req;
        const mp = mpParse(req);
        if (!mp) return req;
        const parts = mp.parts.map((p) => {
          if (p.name !== 'upload[tag_string]') return p;
          const first = p.data.toString('utf8').trim().split(/\s+/)[0] ?? '';
          return { ...p, data: Buffer.from(first, 'utf8') };
        });
        return mpBuild(req, mp.boundary, parts);
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const tags = [uid('ta'), uid('tb'), uid('tc')];
      const id = await c.post(tags.join(' '));
      const p = await must(c.get(`/posts/${id}.json`));
      const got = p.tag_string.split(' ');
      return !tags.every((t) => got.includes(t));
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
