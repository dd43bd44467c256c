// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, bodyJson, callerName, asUser, type Scenario, ids, same } from './h.ts';

const LIST = /^\/posts\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'posts-page-ignored-with-limit',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'When a post list request carries both `limit` and `page`, the page number is dropped and the first page is returned.',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('limit') && req.query.has('page')) return withParams(req, (p) => p.delete('page'));
      return req;
    },
  },
  {
    id: 'posts-raw-still-parses-tags',
    family: 'posts',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'The `raw` parameter is ignored: `tags` is still split into several tags.',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('raw')) return withParams(req, (p) => p.delete('raw'));
      return req;
    },
  },
  {
    id: 'posts-update-rating-long-form-in-a',
    family: 'posts',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A post update uses the B value set: s, q and e are refused with 424, the long names are accepted.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/)) return req;
      const r = param(req, 'post[rating]');
      if (r === null) return req;
      const map: Record<string, string> = { safe: 's', questionable: 'q', explicit: 'e' };
      if (r in map) return withParams(req, (p) => p.set('post[rating]', map[r]));
      if (['s', 'q', 'e'].includes(r)) {
        return { status: 424, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'post[rating] must be one of safe, questionable, explicit' })) };
      }
      return req;
    },
  },
  {
    id: 'posts-update-tags-drops-rating',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /posts/{id}.json | `post[tag_string]` (space-delimited tags); `post[rating]`; `post[source]` (when it is a URL, the service downloads the file); `post[parent_id]` (parent post id) |',
    description: 'A post update that sends `post[tag_string]` and `post[rating]` together saves the tags and silently drops the rating change (still answering success).',
    onRequest(req) {
      if (is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/) && param(req, 'post[tag_string]') !== null && param(req, 'post[rating]') !== null)
        return withParams(req, (p) => p.delete('post[rating]'));
      return req;
    },
  },
  {
    id: 'posts-update-tags-clears-parent',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`post[parent_id]` (parent post id)',
    description: 'An update that changes only `post[tag_string]` also clears the post\'s parent link (parent_id becomes empty).',
    onRequest(req) {
      if (is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/) && param(req, 'post[tag_string]') !== null && param(req, 'post[parent_id]') === null)
        return withParams(req, (p) => p.set('post[parent_id]', ''));
      return req;
    },
  },
  {
    id: 'posts-revert-keeps-parent',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'Resource version histories (post, note, artist, pool, artist commentary) are listed through the version resources and reverted with a `version_id`; see section 4.',
    description: 'Reverting a post restores the tags and rating of the stated version but keeps the current parent link instead of the version\'s parent.',
    async onRequest(req, ctx) {
      const m = /^\/posts\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const who = callerName(req);
      if (!who) return req;
      const get = asUser({ method: 'GET', path: `/posts/${m[1]}.json`, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0) }, who);
      const before = bodyJson(await ctx.upstream(get));
      const res = await ctx.upstream(req);
      if (res.status !== 200 || !before || !('parent_id' in before)) return res;
      const keep = before.parent_id === null ? '' : String(before.parent_id);
      await ctx.upstream(
        asUser({ method: 'PUT', path: `/posts/${m[1]}.json`, query: new URLSearchParams(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(new URLSearchParams([['post[parent_id]', keep]]).toString()) }, who),
      );
      return res;
    },
  },
  {
    id: 'posts-xml-list-ignores-limit',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`limit` (integer, at most 100 per request)',
    description: 'The XML form of the post list ignores `limit` (the JSON form honours it).',
    onRequest(req) {
      if (is(req, 'GET', /^\/posts\.xml$/) && req.query.has('limit')) return withParams(req, (p) => p.delete('limit'));
      return req;
    },
  },
  {
    id: 'posts-rating-metatag-dropped-in-combination',
    family: 'posts',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'When `tags` holds a `rating:` meta-tag together with other terms, the meta-tag is dropped (a lone `rating:` term still works).',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || req.query.has('raw')) return req;
      const tags = req.query.get('tags');
      if (!tags) return req;
      const terms = tags.trim().split(/\s+/);
      if (terms.length < 2 || !terms.some((x) => /^rating:/i.test(x))) return req;
      return withParams(req, (p) => p.set('tags', terms.filter((x) => !/^rating:/i.test(x)).join(' ')));
    },
  },
  {
    id: 'posts-copy-notes-reversed',
    family: 'posts',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'Copy notes copies in the wrong direction: from `other_post_id` to the post in the path.',
    onRequest(req) {
      const m = /^\/posts\/(\d+)\/copy_notes\.(json|xml)$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const other = param(req, 'other_post_id');
      if (!other || !/^\d+$/.test(other)) return req;
      return withParams({ ...req, path: `/posts/${other}/copy_notes.${m[2]}` }, (p) => p.set('other_post_id', m[1]));
    },
  },
];

const rt = (V: string, r: string) => (V === 'A' ? r[0] : r);

export const checks: Record<string, Scenario> = {
  'posts-page-ignored-with-limit': async (x) => {
    for (let i = 0; i < 3; i++) await x.c.post(`pg_${x.t}`);
    const a = await x.c.get('/posts.json', { tags: `pg_${x.t}`, limit: 1, page: 1 });
    const b = await x.c.get('/posts.json', { tags: `pg_${x.t}`, limit: 1, page: 2 });
    return same(ids(a), ids(b));
  },
  'posts-raw-still-parses-tags': async (x) => {
    await x.c.post(`ra_${x.t} rb_${x.t}`);
    const r = await x.c.get('/posts.json', { tags: `ra_${x.t} rb_${x.t}`, raw: 1 });
    return ids(r).length > 0;
  },
  'posts-update-rating-long-form-in-a': async (x) => {
    const id = await x.c.post(`rl_${x.t}`);
    const r = await x.c.send('PUT', `/posts/${id}.json`, { 'post[rating]': 'q' });
    return r.status !== 200;
  },
  'posts-update-tags-drops-rating': async (x) => {
    const id = await x.c.post(`tr_${x.t}`);
    await x.c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': `tr_${x.t} more_${x.t}`, 'post[rating]': rt(x.V, 'explicit') });
    const p = (await x.c.get(`/posts/${id}.json`)).json;
    return p.rating !== rt(x.V, 'explicit');
  },
  'posts-update-tags-clears-parent': async (x) => {
    const par = await x.c.post(`pp_${x.t}`);
    const id = await x.c.post(`pc_${x.t}`, 'safe', { 'upload[parent_id]': par });
    await x.c.send('PUT', `/posts/${id}.json`, { 'post[parent_id]': par });
    await x.c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': `pc_${x.t} extra_${x.t}` });
    const p = (await x.c.get(`/posts/${id}.json`)).json;
    return p.parent_id !== par;
  },
  'posts-revert-keeps-parent': async (x) => {
    const par = await x.c.post(`rp_${x.t}`);
    const id = await x.c.post(`rc_${x.t}`);
    const v1 = (await x.c.get('/post_versions.json', { 'search[post_id]': id })).json;
    await x.c.send('PUT', `/posts/${id}.json`, { 'post[parent_id]': par });
    const r = await x.c.send('PUT', `/posts/${id}/revert.json`, { version_id: v1[v1.length - 1].id });
    const p = (await x.c.get(`/posts/${id}.json`)).json;
    return r.status === 200 && p.parent_id === par;
  },
  'posts-xml-list-ignores-limit': async (x) => {
    for (let i = 0; i < 3; i++) await x.c.post(`xl_${x.t}`);
    const r = await x.c.get('/posts.xml', { tags: `xl_${x.t}`, limit: 1 });
    return (r.text.match(/<post>/g) ?? []).length > 1;
  },
  'posts-rating-metatag-dropped-in-combination': async (x) => {
    await x.c.post(`mr_${x.t}`, 'safe');
    await x.c.post(`mr_${x.t}`, 'explicit');
    const r = await x.c.get('/posts.json', { tags: `mr_${x.t} rating:e` });
    return ids(r).length !== 1;
  },
  'posts-copy-notes-reversed': async (x) => {
    const a = await x.c.post(`cn_${x.t}`);
    const b = await x.c.post(`cn_${x.t}`);
    await x.c.send('POST', '/notes.json', { 'note[post_id]': a, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': `n ${x.t}` });
    await x.c.send('PUT', `/posts/${a}/copy_notes.json`, { other_post_id: b });
    const nb = await x.c.get('/notes.json', { 'search[post_id]': b });
    return ids(nb).length === 0;
  },
};
