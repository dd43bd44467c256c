// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, params, withForm, withQuery, dropParam, rewriteParam, requery, lookup, envelope, cl, u, who, ids, must, ok, xmlWellFormed } from './h.ts';

const F = 'posts';
const LIST = /^\/posts\.(json|xml)$/;
const SHOW = /^\/posts\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'posts-page-offset-skips-one', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`page` (page number)',
    description: 'For page 2 and later the offset is computed one too far, so one record between pages is never listed.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', LIST) || fmt(req) !== 'json') return res;
      const page = Number(req.query.get('page') ?? '1');
      const limit = Number(req.query.get('limit') ?? '0');
      if (!(page >= 2) || !(limit >= 1)) return res;
      const r2 = await requery(ctx, req, (q) => { q.set('page', '1'); q.set('limit', String(Math.min(100, limit * page + 1))); });
      const l = json(r2);
      if (!Array.isArray(l)) return res;
      const start = (page - 1) * limit + 1;
      return setJson(res, l.slice(start, start + limit), 200);
    },
  },
  {
    id: 'posts-negation-dropped-with-rating', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'When the search also has a rating: meta-tag, negated terms (-tag) are silently dropped.',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      const t = req.query.get('tags');
      if (!t || !/(^|\s)rating:/.test(t) || !/(^|\s)-\S/.test(t)) return req;
      return withQuery(req, (q) => q.set('tags', t.split(/\s+/).filter((x) => !x.startsWith('-')).join(' ')));
    },
  },
  {
    id: 'posts-two-tags-or', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'A search of exactly two plain tags returns posts having either tag instead of both.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', LIST) || fmt(req) !== 'json' || req.query.has('raw')) return res;
      const t = (req.query.get('tags') ?? '').trim().split(/\s+/).filter(Boolean);
      if (t.length !== 2 || t.some((x) => /[:\-~*]/.test(x[0]) || x.includes(':'))) return res;
      const a = json(await requery(ctx, req, (q) => q.set('tags', t[0])));
      const b = json(await requery(ctx, req, (q) => q.set('tags', t[1])));
      if (!Array.isArray(a) || !Array.isArray(b)) return res;
      const m = new Map<number, any>();
      for (const x of [...a, ...b]) m.set(x.id, x);
      return setJson(res, [...m.values()].sort((x, y) => y.id - x.id), 200);
    },
  },
  {
    id: 'posts-raw-ignored', family: F, kind: 'spec-reader', variants: ['A'],
    quote: 'when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing',
    description: 'The raw parameter is ignored: a raw search of "a b" is parsed as two tags.',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || !req.query.has('raw')) return req;
      return withQuery(req, (q) => q.delete('raw'));
    },
  },
  {
    id: 'posts-limit-over-100-honoured', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| Posts per list request | hard maximum 100 (`limit`) |',
    description: 'limit above 100 is honoured (read as a default rather than a hard maximum), so 101+ posts come back.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', LIST) || fmt(req) !== 'json') return res;
      const limit = Number(req.query.get('limit') ?? '0');
      if (!(limit > 100) || req.query.has('page')) return res;
      const a = json(await requery(ctx, req, (q) => { q.set('limit', '100'); q.set('page', '1'); }));
      const b = json(await requery(ctx, req, (q) => { q.set('limit', '100'); q.set('page', '2'); }));
      if (!Array.isArray(a) || !Array.isArray(b)) return res;
      return setJson(res, [...a, ...b].slice(0, limit), 200);
    },
  },
  {
    id: 'posts-update-rating-dropped-with-tags', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`post[tag_string]` (space-delimited tags); `post[rating]`',
    description: 'When an update carries both post[tag_string] and post[rating], the rating is not applied.',
    onRequest(req) {
      if (!is(req, 'PUT', SHOW)) return req;
      const p = params(req);
      if (!p.has('post[tag_string]') || !p.has('post[rating]')) return req;
      return withForm(req, (f) => f.delete('post[rating]'));
    },
  },
  {
    id: 'posts-update-a-rejects-letter-ratings', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A update rejects the letters s, q, e with 424, accepting only the full words.',
    onRequest(req) {
      if (!is(req, 'PUT', SHOW)) return req;
      const r = params(req).get('post[rating]');
      if (r === null || !['s', 'q', 'e'].includes(r)) return req;
      return envelope(req, 424, false, 'post[rating] must be one of safe, questionable, explicit');
    },
  },
  {
    id: 'posts-update-b-rejects-explicit', family: F, kind: 'implementation-bug', variants: ['B'],
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant B update validates against a list missing its last value, rejecting explicit.',
    onRequest(req) {
      if (!is(req, 'PUT', SHOW) || params(req).get('post[rating]') !== 'explicit') return req;
      return envelope(req, 424, false, 'post[rating] must be one of safe, questionable');
    },
  },
  dropParam({
    id: 'posts-update-parent-dropped-with-source', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`post[parent_id]` (parent post id)',
    description: 'post[parent_id] is ignored when the same update also sets post[source].',
  }, 'PUT', SHOW, 'post[parent_id]', ['post[source]']),
  rewriteParam({
    id: 'posts-update-source-plus-as-space', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'POST, PUT and DELETE parameters go in the request body.',
    description: 'post[source] is form-decoded twice, so a literal + becomes a space.',
  }, 'PUT', SHOW, 'post[source]', (v) => v.replace(/\+/g, ' ')),
  {
    id: 'posts-revert-applies-next-version', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`version_id` REQUIRED (post version id)',
    description: 'Revert restores the version after the requested one (off-by-one in the history lookup).',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (!m || req.method !== 'PUT') return req;
      const vid = Number(params(req).get('version_id'));
      const vs = await lookup(ctx, req, '/post_versions.json', { 'search[post_id]': m[1] });
      if (!Array.isArray(vs)) return req;
      const later = vs.filter((x: any) => x.id > vid).sort((a: any, b: any) => a.id - b.id)[0];
      if (!later) return req;
      return withForm(req, (f) => f.set('version_id', String(later.id)));
    },
  },
  {
    id: 'posts-show-xml-unescaped', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The XML show of a post writes text values without escaping &, giving malformed XML.',
    onResponse(req, res) {
      if (!is(req, 'GET', SHOW) || fmt(req) !== 'xml') return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&amp;/g, '&')) };
    },
  },
  {
    id: 'posts-copy-notes-reversed', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'Copy notes copies from other_post_id to {id} instead of from {id} to other_post_id.',
    onRequest(req) {
      const m = /^\/posts\/(\d+)\/copy_notes\.(json|xml)$/.exec(req.path);
      if (!m || req.method !== 'PUT') return req;
      const other = params(req).get('other_post_id');
      if (!other || !/^\d+$/.test(other)) return req;
      const r = withForm(req, (f) => f.set('other_post_id', m[1]));
      return { ...r, path: `/posts/${other}/copy_notes.${m[2]}` };
    },
  },
  {
    id: 'posts-page-zero-based', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`page` (page number)',
    description: 'page is read as a zero-based index, so page=1 returns the second page.',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      const p = req.query.get('page');
      if (p === null || !/^\d+$/.test(p) || Number(p) < 1) return req;
      return withQuery(req, (q) => q.set('page', String(Number(p) + 1)));
    },
  },
  {
    id: 'posts-update-tag-string-merges', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`post[tag_string]` (space-delimited tags)',
    description: 'post[tag_string] on update is read as tags to add, so tags left out of the new string are kept.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', SHOW)) return req;
      const t = params(req).get('post[tag_string]');
      if (t === null) return req;
      const cur = await lookup(ctx, req, req.path.replace(/\.xml$/, '.json'));
      if (!cur || typeof cur.tag_string !== 'string') return req;
      const merged = [...new Set([...cur.tag_string.split(/\s+/), ...t.split(/\s+/)].filter(Boolean))].join(' ');
      return withForm(req, (f) => f.set('post[tag_string]', merged));
    },
  },
  {
    id: 'posts-list-xml-skips-escaped-records', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The XML post list silently omits posts whose text needs escaping (e.g. a source containing &), so XML and JSON lists differ.',
    onResponse(req, res) {
      if (!is(req, 'GET', LIST) || fmt(req) !== 'xml' || res.status !== 200) return res;
      const s = res.body.toString('utf8');
      const out = s.replace(/<post>[\s\S]*?<\/post>/g, (p) => (/&amp;/.test(p) ? '' : p));
      return out === s ? res : { ...res, body: Buffer.from(out, 'utf8') };
    },
  },
  rewriteParam({
    id: 'posts-search-non-ascii-tag-misdecoded', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'The tags query is decoded as Latin-1, so a search for a non-ASCII tag finds nothing.',
  }, 'GET', LIST, 'tags', (v) => (/[^\x00-\x7f]/.test(v) ? Buffer.from(v, 'utf8').toString('latin1') : v)),
];

const R = (v: string, a: string, b: string) => (v === 'A' ? a : b);

export const checks: Record<string, Scenario> = {
  'posts-page-offset-skips-one': async (base) => {
    const c = cl(base); const t = u();
    const p: number[] = [];
    for (let i = 0; i < 4; i++) p.push(await c.post(`${t} n${i}`));
    const r = await c.get('/posts.json', { tags: t, limit: 1, page: 2 });
    return !(ids(r).length === 1 && ids(r)[0] === p[2]);
  },
  'posts-negation-dropped-with-rating': async (base) => {
    const c = cl(base); const t = u();
    const a = await c.post(`${t} ${t}_n1`); await c.post(`${t} ${t}_n2`);
    const r = await c.get('/posts.json', { tags: `${t} -${t}_n1 rating:safe` });
    must(r.status === 200, 'search');
    return ids(r).includes(a);
  },
  'posts-two-tags-or': async (base) => {
    const c = cl(base); const t = u();
    const a = await c.post(`${t}_a`); await c.post(`${t}_b`); const both = await c.post(`${t}_a ${t}_b`);
    const r = await c.get('/posts.json', { tags: `${t}_a ${t}_b` });
    must(ids(r).includes(both), 'both');
    return ids(r).includes(a);
  },
  'posts-raw-ignored': async (base) => {
    const c = cl(base); const t = u();
    await c.post(`${t}_a ${t}_b`);
    const r = await c.get('/posts.json', { tags: `${t}_a ${t}_b`, raw: 1 });
    return ids(r).length > 0;
  },
  'posts-limit-over-100-honoured': async (base) => {
    const c = cl(base); const t = u();
    for (let i = 0; i < 101; i++) await c.post(t);
    const r = await c.get('/posts.json', { tags: t, limit: 150 });
    return ids(r).length > 100;
  },
  'posts-update-rating-dropped-with-tags': async (base, v) => {
    const c = cl(base); const t = u();
    const p = await c.post(t);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} ${t}_2`, 'post[rating]': R(v, 'e', 'explicit') }), 'update');
    const s = await c.get(`/posts/${p}.json`);
    return s.json.rating !== R(v, 'e', 'explicit');
  },
  'posts-update-a-rejects-letter-ratings': async (base) => {
    const c = cl(base); const p = await c.post(u());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'q' });
    return r.status !== 200;
  },
  'posts-update-b-rejects-explicit': async (base) => {
    const c = cl(base); const p = await c.post(u());
    const r = await c.send('PUT', `/posts/${p}.json`, { 'post[rating]': 'explicit' });
    return r.status !== 200;
  },
  'posts-update-parent-dropped-with-source': async (base) => {
    const c = cl(base); const t = u();
    const par = await c.post(t); const p = await c.post(t);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[parent_id]': par, 'post[source]': `src ${t}` }), 'update');
    const s = await c.get(`/posts/${p}.json`);
    return s.json.parent_id !== par;
  },
  'posts-update-source-plus-as-space': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(t);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[source]': `a+b ${t}` }), 'update');
    const s = await c.get(`/posts/${p}.json`);
    return s.json.source !== `a+b ${t}`;
  },
  'posts-revert-applies-next-version': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(`${t} ${t}_v1`);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} ${t}_v2` }));
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} ${t}_v3` }));
    const vs = await c.get('/post_versions.json', { 'search[post_id]': p });
    const v1 = Math.min(...ids(vs));
    await ok(c.send('PUT', `/posts/${p}/revert.json`, { version_id: v1 }), 'revert');
    const s = await c.get(`/posts/${p}.json`);
    return !String(s.json.tag_string).split(' ').includes(`${t}_v1`);
  },
  'posts-show-xml-unescaped': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(t);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[source]': `a&b<c ${t}` }));
    const s = await c.get(`/posts/${p}.xml`);
    return !xmlWellFormed(s.text);
  },
  'posts-copy-notes-reversed': async (base) => {
    const c = cl(base); const t = u(); const a = await c.post(t); const b = await c.post(t);
    await ok(c.send('POST', '/notes.json', { 'note[post_id]': a, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': t }), 'note');
    await c.send('PUT', `/posts/${a}/copy_notes.json`, { other_post_id: b });
    const r = await c.get('/notes.json', { 'search[post_id]': b });
    return ids(r).length === 0;
  },
  'posts-page-zero-based': async (base) => {
    const c = cl(base); const t = u(); const a = await c.post(t); const b = await c.post(t);
    const r = await c.get('/posts.json', { tags: t, limit: 1, page: 1 });
    return !(ids(r).length === 1 && ids(r)[0] === b);
  },
  'posts-update-tag-string-merges': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(`${t}_a`);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t}_b` }));
    return String((await c.get(`/posts/${p}.json`)).json.tag_string).split(' ').includes(`${t}_a`);
  },
  'posts-list-xml-skips-escaped-records': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(t);
    await ok(c.send('PUT', `/posts/${p}.json`, { 'post[source]': `a&b ${t}` }));
    const x = await c.get('/posts.xml', { tags: t });
    return !new RegExp(`<id[^>]*>${p}</id>`).test(x.text);
  },
  'posts-search-non-ascii-tag-misdecoded': async (base) => {
    const c = cl(base); const t = u(); const p = await c.post(`ñandú_${t} ${t}`);
    return !ids(await c.get('/posts.json', { tags: `ñandú_${t}` })).includes(p);
  },
};
