// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on posts (list, update, revert, copy notes).
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, envelopeRes, json, must, params, ratingWord, route, uid, withCallerAuth, mkReq, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'posts-raw-ignored',
      family: 'posts',
      variants: ['A'],
      kind: 'spec-reader',
      quote:
        '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
      description: 'The `raw` parameter is ignored: a `tags` value with a space is still split into several tags and matched.',
      onRequest: dropParam('GET', /^\/posts\.(json|xml)$/, 'raw'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const a = uid('ra'), b = uid('rb');
      await c.post(`${a} ${b}`);
      const r = await must(c.get('/posts.json', { tags: `${a} ${b}`, raw: 1 }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'posts-page-ignored-with-tags',
      family: 'posts',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| List | GET /posts.json | `limit` (integer, at most 100 per request); `page` (page number); `tags` (search terms; any tag combination valid on the web site, including meta-tags); `raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing) |',
      description: 'When `tags` is given, `page` is ignored and every page returns the first page of matches.',
      onRequest: dropParam('GET', /^\/posts\.(json|xml)$/, 'page', (p) => !!p.get('tags')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('pg');
      for (let i = 0; i < 3; i++) await c.post(t);
      const p1 = await must(c.get('/posts.json', { tags: t, limit: 1, page: 1 }));
      const p2 = await must(c.get('/posts.json', { tags: t, limit: 1, page: 2 }));
      return p1.length === 1 && p2.length === 1 && p1[0].id === p2[0].id;
    },
  },
  {
    fault: {
      id: 'posts-update-last-rating-rejected',
      family: 'posts',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
      description: 'Post update rejects the last value of the rating set (A: `e`, B: `explicit`) with 424; the other values work.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/)) return req;
        const r = params(req).get('post[rating]');
        if (r === 'e' || r === 'explicit') return envelopeRes(424, false, 'post[rating] is invalid', req.path.endsWith('.xml'));
        return req;
      },
    },
    async scn(base, v) {
      const c = C(base, 'gold');
      const id = await c.post(uid('lr'));
      const r = await c.send('PUT', `/posts/${id}.json`, { 'post[rating]': ratingWord(v, 'explicit') });
      return r.status !== 200;
    },
  },
  {
    fault: {
      id: 'posts-tag-update-resets-rating',
      family: 'posts',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| Update | PUT /posts/{id}.json | `post[tag_string]` (space-delimited tags); `post[rating]`; `post[source]` (when it is a URL, the service downloads the file); `post[parent_id]` (parent post id) |',
      description: 'An update that sends only `post[tag_string]` also resets the rating to safe, although no rating was sent.',
      async onResponse(req, res, ctx) {
        const m = route(req, 'PUT', /^\/posts\/(\d+)\.(json|xml)$/);
        if (!m || res.status !== 200) return res;
        const p = params(req);
        if (!p.has('post[tag_string]') || p.has('post[rating]')) return res;
        for (const w of ['s', 'safe']) {
          const r = await ctx.upstream(withCallerAuth(req, mkReq('PUT', `/posts/${m[1]}.json`, { 'post[rating]': w })));
          if (r.status === 200) break;
        }
        return res;
      },
    },
    async scn(base, v) {
      const c = C(base, 'gold');
      const id = await c.post(uid('rr'), 'explicit');
      await must(c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': uid('rr2') }));
      const p = await must(c.get(`/posts/${id}.json`));
      return p.rating !== ratingWord(v, 'explicit');
    },
  },
  {
    fault: {
      id: 'posts-parent-dropped-with-tags',
      family: 'posts',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '`post[parent_id]` (parent post id)',
      description: 'When an update sends `post[tag_string]` together with `post[parent_id]`, the parent id is silently dropped.',
      onRequest: dropParam('PUT', /^\/posts\/\d+\.(json|xml)$/, 'post[parent_id]', (p) => p.has('post[tag_string]')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const parent = await c.post(uid('par'));
      const child = await c.post(uid('chi'));
      await must(c.send('PUT', `/posts/${child}.json`, { 'post[tag_string]': uid('chi2'), 'post[parent_id]': parent }));
      const p = await must(c.get(`/posts/${child}.json`));
      return p.parent_id !== parent;
    },
  },
  {
    fault: {
      id: 'posts-revert-to-previous-version',
      family: 'posts',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
      description: 'Post revert ignores `version_id` and always restores the version just before the current one.',
      async onRequest(req, ctx) {
        const m = route(req, 'PUT', /^\/posts\/(\d+)\/revert\.(json|xml)$/);
        if (!m) return req;
        const vr = await ctx.upstream(withCallerAuth(req, mkReq('GET', '/post_versions.json', { 'search[post_id]': m[1], limit: 100 })));
        const list = (json(vr) ?? []).slice().sort((a: any, b: any) => b.version - a.version);
        if (list.length < 2) return req;
        return editParams(req, (q) => q.set('version_id', String(list[1].id)));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t1 = uid('v1'), t2 = uid('v2'), t3 = uid('v3');
      const id = await c.post(t1);
      await must(c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': t2 }));
      await must(c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': t3 }));
      const vs = await must(c.get('/post_versions.json', { 'search[post_id]': id }));
      const v1 = vs.find((x: any) => x.version === 1);
      await must(c.send('PUT', `/posts/${id}/revert.json`, { version_id: v1.id }));
      const p = await must(c.get(`/posts/${id}.json`));
      return !p.tag_string.split(' ').includes(t1);
    },
  },
  {
    fault: {
      id: 'posts-copy-notes-reversed',
      family: 'posts',
      variants: ['A'],
      kind: 'spec-reader',
      quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
      description: 'Copy notes runs in the wrong direction: notes are copied from `other_post_id` onto the post in the path.',
      onRequest(req) {
        const m = route(req, 'PUT', /^\/posts\/(\d+)\/copy_notes\.(json|xml)$/);
        if (!m) return req;
        const other = params(req).get('other_post_id');
        if (!other) return req;
        const r = editParams(req, (q) => q.set('other_post_id', m[1]));
        return { ...r, path: `/posts/${other}/copy_notes.${m[2]}` };
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const from = await c.post(uid('cf'));
      const to = await c.post(uid('ct'));
      await must(c.send('POST', '/notes.json', { 'note[post_id]': from, 'note[x]': 3, 'note[y]': 4, 'note[width]': 10, 'note[height]': 10, 'note[body]': 'copy me' }));
      await c.send('PUT', `/posts/${from}/copy_notes.json`, { other_post_id: to });
      const n = await must(c.get('/notes.json', { 'search[post_id]': to }));
      return n.length === 0;
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
