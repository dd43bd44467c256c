// @ts-nocheck: frozen red-team code (see all.ts)
// Misreadings of value sets, flags and status codes across families.
import type { Fault, ProxiedRequest } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { ACC, cl, created, jsonOf, jsonRes, listIds, mapList, on, ok, params, rand, rewrite, setMultipart, show, type Scenario } from './h.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const DOC_CODES = (v: 'A' | 'B') => [200, 403, 404, 420, 421, 422, 423, 424, 500, 503, ...(v === 'A' ? [204] : [])];

add(
  {
    id: 'status-duplicate-wiki-409', variants: ['A', 'B'], family: 'envelope', quote: '| 423 | Already Exists | resource already exists |', kind: 'spec-reader',
    description: 'A wiki page create with a title that already exists is answered with the generic HTTP 409 Conflict instead of the documented code.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/wiki_pages$/) || res.status !== 423) return res;
      return { ...res, status: 409 };
    },
  },
  async (base, v) => {
    const s = rand();
    await created(cl(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': `w_${s}`, 'wiki_page[body]': 'b' }));
    const r = await cl(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': `w_${s}`, 'wiki_page[body]': 'b' });
    return r.status !== 200 && !DOC_CODES(v).includes(r.status);
  },
);
add(
  {
    id: 'status-duplicate-artist-locked', variants: ['A', 'B'], family: 'envelope', quote: '| 422 | Locked | resource is locked and cannot be modified |', kind: 'spec-reader',
    description: 'A duplicate artist name is answered with 422 (read as "Unprocessable Entity"), which the document reserves for locked resources.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/artists$/) || res.status !== 423) return res;
      return { ...res, status: 422 };
    },
  },
  async (base) => {
    const s = rand();
    await created(cl(base).send('POST', '/artists.json', { 'artist[name]': `a_${s}` }));
    const r = await cl(base).send('POST', '/artists.json', { 'artist[name]': `a_${s}` });
    return r.status === 422;
  },
);
add(
  {
    id: 'status-invalid-parameters-400', variants: ['A', 'B'], family: 'envelope', quote: '| 424 | Invalid Parameters | given parameters were invalid |', kind: 'spec-reader',
    description: 'Invalid parameters (a non-numeric `limit` on the user list) are answered with the generic HTTP 400 instead of a documented code.',
    onResponse(req, res) {
      if (!on(req, 'GET', /^\/users$/) || res.status !== 424) return res;
      return { ...res, status: 400 };
    },
  },
  async (base, v) => {
    const r = await cl(base).get('/users.json', { limit: 'abc' });
    return r.status !== 200 && !DOC_CODES(v).includes(r.status);
  },
);
add(
  {
    id: 'status-missing-required-422', variants: ['A', 'B'], family: 'envelope', quote: '| 422 | Locked | resource is locked and cannot be modified |', kind: 'spec-reader',
    description: 'A pool create without its required description is answered with 422 (read as "Unprocessable Entity"), which the document reserves for locked resources.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/pools$/) || res.status < 400 || res.status === 423) return res;
      return { ...res, status: 422 };
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}` });
    return r.status === 422;
  },
);
add(
  {
    id: 'uploads-rating-words-rejected-in-a', variants: ['A'], family: 'uploads', quote: Q.UPLOAD_RATING_VS, kind: 'spec-reader',
    description: 'Variant A applies the post update value set (s, q, e) to uploads, refusing `upload[rating]=questionable`.',
    onRequest(req) {
      if (!on(req, 'POST', /^\/uploads$/)) return req;
      if (!/^(safe|questionable|explicit)$/.test(params(req).get('upload[rating]') ?? '') || params(req).get('upload[rating]') !== 'questionable') return req;
      return jsonRes(424, { success: false, reason: 'upload[rating] must be one of s, q, e' });
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).upload({ 'upload[tag_string]': `x_${s}`, 'upload[rating]': 'questionable' });
    return !(r.status === 200 && r.json?.success === true);
  },
);
const truthy = (id: string, variants: ('A' | 'B')[], family: string, quote: string, re: RegExp, key: string, description: string) =>
  rewrite({ id, variants, family, quote, kind: 'spec-reader', description }, 'GET', re, (p) => p.get(key) === 'false', (p) => p.set(key, 'true'));
add(
  truthy('dmails-read-false-truthy', ['A'], 'dmails', Q.DMAIL_STATE, /^\/dmails$/, 'search[read]', '`search[read]` is treated as a presence flag, so `false` selects read dmails.'),
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    return !(await listIds(cl(base, 'member2'), '/dmails.json', { 'search[read]': 'false', 'search[message_matches]': `t_${s}` })).includes(id);
  },
);
add(
  truthy('artists-is-banned-false-truthy', ['A'], 'artists', Q.ARTISTS_LIST, /^\/artists$/, 'search[is_banned]', '`search[is_banned]` is treated as a presence flag, so `false` selects banned artists only.'),
  async (base) => {
    const s = rand(); const a = await created(cl(base).send('POST', '/artists.json', { 'artist[name]': `a_${s}` }));
    return !(await listIds(cl(base), '/artists.json', { 'search[name]': `a_${s}`, 'search[is_banned]': 'false' })).includes(a);
  },
);
add(
  rewrite({ id: 'artists-is-active-true-string-compare', variants: ['A'], family: 'artists', quote: Q.ARTIST_ACTIVE_STATE, kind: 'spec-reader',
    description: '`search[is_active]` is compared with the update values 1 or 0, so `true` matches nothing and active artists are not listed.' },
  'GET', /^\/artists$/, (p) => p.get('search[is_active]') === 'true', (p) => { p.set('search[is_active]', 'false'); }),
  async (base) => {
    const s = rand(); const a = await created(cl(base).send('POST', '/artists.json', { 'artist[name]': `a_${s}` }));
    return !(await listIds(cl(base), '/artists.json', { 'search[name]': `a_${s}`, 'search[is_active]': 'true' })).includes(a);
  },
);
add(
  truthy('artist-versions-is-banned-false-truthy', ['A'], 'artists', Q.AV, /^\/artist_versions$/, 'search[is_banned]', '`search[is_banned]` on artist versions is a presence flag, so `false` selects banned versions only.'),
  async (base) => {
    const s = rand(); const a = await created(cl(base).send('POST', '/artists.json', { 'artist[name]': `a_${s}` }));
    const v = ((await cl(base).get('/artist_versions.json', { 'search[artist_id]': a })).json as any[])[0].id;
    return !(await listIds(cl(base), '/artist_versions.json', { 'search[artist_id]': a, 'search[is_banned]': 'false' })).includes(v);
  },
);
add(
  rewrite({ id: 'tags-has-wiki-no-truthy', variants: ['A'], family: 'tags', quote: Q.TAGS_LIST, kind: 'spec-reader',
    description: '`search[has_wiki]` is a presence flag, so `no` selects tags that have a wiki page.' },
  'GET', /^\/tags$/, (p) => p.get('search[has_wiki]') === 'no', (p) => p.set('search[has_wiki]', 'yes')),
  async (base) => {
    const s = rand(); await cl(base).post(`w_${s} nw_${s}`);
    const r = await cl(base).get('/tags.json', { 'search[name_matches]': `*_${s}`, 'search[has_wiki]': 'no' });
    return !(r.json as any[]).some((t) => t.name === `nw_${s}`);
  },
);
add(
  {
    id: 'related-tag-copyright-as-2', variants: ['A', 'B'], family: 'tag-relations', quote: Q.TAG_CAT_VS, kind: 'spec-reader',
    description: 'Related tag categories are numbered contiguously, so `category=3` is read as 2 and no copyright tags are returned.',
    onRequest(req) {
      if (on(req, 'GET', /^\/related_tag$/) && req.path.endsWith('.json') && params(req).get('category') === '3') return jsonRes(200, []);
      return req;
    },
  },
  async (base) => {
    const s = rand(); await cl(base).post(`q_${s} copyright:cp_${s}`);
    const r = await cl(base).get('/related_tag.json', { query: `q_${s}`, category: 3 });
    return !(Array.isArray(r.json) && r.json.some((t: any) => t.name === `cp_${s}`));
  },
);
add(
  {
    id: 'notes-width-read-as-right-edge', variants: ['A', 'B'], family: 'notes', quote: Q.NOTES_CREATE, kind: 'spec-reader',
    description: '`note[width]` and `note[height]` are read as the right and bottom edge coordinates, so the stored size is reduced by x and y.',
    onRequest(req) {
      if (!on(req, 'POST', /^\/notes$/)) return req;
      const p = params(req);
      const x = Number(p.get('note[x]')), y = Number(p.get('note[y]')), w = Number(p.get('note[width]')), h = Number(p.get('note[height]'));
      if (![x, y, w, h].every(Number.isFinite) || x === 0) return req;
      p.set('note[width]', String(Math.max(1, w - x)));
      p.set('note[height]', String(Math.max(1, h - y)));
      return { ...req, body: Buffer.from(p.toString()) };
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const n = await created(cl(base).send('POST', '/notes.json', { 'note[post_id]': a, 'note[x]': 2, 'note[y]': 2, 'note[width]': 5, 'note[height]': 5, 'note[body]': `n_${s}` }));
    const r = await show(cl(base), `/notes/${n}.json`);
    return r.width !== 5 || r.height !== 5;
  },
);
const cookieOf = (req: ProxiedRequest) => Object.fromEntries((req.headers['cookie'] ?? '').split(/;\s*/).filter(Boolean).map((kv) => [kv.split('=')[0], kv.split('=').slice(1).join('=')]));
add(
  {
    id: 'auth-cookie-hash-compared-to-sha1', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_KEY, kind: 'spec-reader',
    description: 'The session cookie `password_hash` is compared with the legacy SHA1 hash instead of the API key, so a valid session is not recognised when showing a dmail.',
    onRequest(req) {
      if (!on(req, 'GET', /^\/dmails\/\d+$/) || !req.headers['cookie']) return req;
      const ck = cookieOf(req);
      const acc = Object.values(ACC).find((a) => a.api_key === ck['password_hash']);
      if (!acc) return req;
      return { ...req, headers: { ...req.headers, cookie: `login=${ck['login'] ?? ''}; password_hash=${acc.password_hash}` } };
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    const r = await fetch(base + `/dmails/${id}.json`, { headers: { cookie: `login=${ACC.member2.name}; password_hash=${ACC.member2.api_key}` } });
    return r.status !== 200;
  },
);
add(
  {
    id: 'auth-basic-password-read-as-legacy-hash', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_BASIC, kind: 'spec-reader',
    description: 'The password part of HTTP Basic is compared with the legacy `password_hash` instead of the API key, so Basic with the API key is refused when showing a dmail.',
    onRequest(req) {
      const a = req.headers['authorization'] ?? '';
      if (!on(req, 'GET', /^\/dmails\/\d+$/) || !a.startsWith('Basic ')) return req;
      const [u, k] = Buffer.from(a.slice(6), 'base64').toString('utf8').split(':');
      const acc = Object.values(ACC).find((x) => x.name === u);
      if (!acc || acc.api_key !== k) return req;
      return { ...req, headers: { ...req.headers, authorization: 'Basic ' + Buffer.from(`${u}:${acc.password_hash}`).toString('base64') } };
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    return (await cl(base, 'member2', 'basic').get(`/dmails/${id}.json`)).status !== 200;
  },
);
add(
  rewrite({ id: 'posts-update-tags-comma-delimited', variants: ['A', 'B'], family: 'posts', quote: Q.POSTS_UPDATE, kind: 'spec-reader',
    description: '`post[tag_string]` is split on commas (as `other_names_comma` is), so space-separated tags are joined into one tag.' },
  'PUT', /^\/posts\/\d+$/, (p) => /\S\s+\S/.test(p.get('post[tag_string]') ?? '') && !(p.get('post[tag_string]') ?? '').includes(','),
  (p) => p.set('post[tag_string]', p.get('post[tag_string]')!.trim().replace(/\s+/g, '_'))),
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    ok(await cl(base).send('PUT', `/posts/${a}.json`, { 'post[tag_string]': `x_${s} y_${s}` }));
    return !(await listIds(cl(base), '/posts.json', { tags: `y_${s}` })).includes(a);
  },
);
add(
  {
    id: 'pools-update-post-ids-comma-delimited', variants: ['A', 'B'], family: 'pools', quote: Q.POOLS_UPDATE, kind: 'spec-reader',
    description: '`pool[post_ids]` is parsed as a comma-delimited list, so a space-delimited list is refused as an invalid id.',
    onRequest(req) {
      if (!on(req, 'PUT', /^\/pools\/\d+$/) || !/\d\s+\d/.test(params(req).get('pool[post_ids]') ?? '')) return req;
      return jsonRes(424, { success: false, reason: 'pool[post_ids]: invalid post id' });
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`); const b = await cl(base).post(`x_${s}`);
    const id = await created(cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}`, 'pool[description]': 'd' }));
    const r = await cl(base).send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}` });
    return !(r.status === 200 && r.json?.success === true);
  },
);
add(
  rewrite({ id: 'users-level-read-as-minimum', variants: ['A', 'B'], family: 'users', quote: Q.USERS_LIST, kind: 'spec-reader',
    description: '`search[level]` is applied as a minimum level (like `search[min_level]`) instead of an exact level.' },
  'GET', /^\/users$/, (p) => (p.get('search[level]') ?? '') !== '' && !p.has('search[min_level]'), (p) => { p.set('search[min_level]', p.get('search[level]')!); p.delete('search[level]'); }),
  async (base) => {
    const r = await cl(base).get('/users.json', { 'search[level]': 20, limit: 100 });
    return (r.json as any[]).some((u) => u.name === 'conform_gold');
  },
);
add(
  {
    id: 'envelope-xml-nested-root', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_XML, kind: 'spec-reader',
    description: 'The XML envelope of a pool create wraps the `response` element in a `result` root, so the document is not a single `response` element.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/pools$/) || !req.path.endsWith('.xml')) return res;
      const t = res.body.toString('utf8').replace(/^<\?xml[^>]*>/, '');
      return { ...res, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><result>${t}</result>`) };
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).send('POST', '/pools.xml', { 'pool[name]': `p_${s}`, 'pool[description]': 'd' });
    return !/^\s*(<\?xml[^>]*>)?\s*<response[\s/>]/.test(r.text);
  },
);
add(
  {
    id: 'envelope-json-one-element-array', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_EVERY, kind: 'spec-reader',
    description: '"returns one element" is read as a one-element list: deleting a note returns `[{success, reason}]` instead of an object.',
    onResponse(req, res) {
      if (!on(req, 'DELETE', /^\/notes\/\d+$/) || !req.path.endsWith('.json')) return res;
      const j = jsonOf(res);
      return j && !Array.isArray(j) ? jsonRes(res.status, [j], res) : res;
    },
  },
  async (base) => {
    const s = rand(); const a = await cl(base).post(`x_${s}`);
    const n = await created(cl(base).send('POST', '/notes.json', { 'note[post_id]': a, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': `n_${s}` }));
    const r = await cl(base).send('DELETE', `/notes/${n}.json`);
    if (r.status === 204) return false;
    return !(r.json && typeof r.json === 'object' && !Array.isArray(r.json) && typeof r.json.success === 'boolean');
  },
);
void mapList; void setMultipart;
