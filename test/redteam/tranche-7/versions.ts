// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, cl, u, who, ids, must, ok, userId } from './h.ts';
import { mkNote } from './notes.ts';
import { mkPool } from './pools.ts';
const F = 'versions';

export const faults: Fault[] = [
  dropParam({
    id: 'post-versions-updater-name-dropped-with-post-id', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'search[updater_name] is ignored when search[post_id] is also given.',
  }, 'GET', /^\/post_versions\.(json|xml)$/, 'search[updater_name]', ['search[post_id]']),
  {
    id: 'pool-versions-updater-id-matches-creator', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'search[updater_id] selects every version of pools created by that user (join on the pool creator).',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/pool_versions\.json$/)) return res;
      const uid = req.query.get('search[updater_id]');
      if (!uid) return res;
      const q = new URLSearchParams(req.query.toString()); q.delete('search[updater_id]');
      const list = json(await ctx.upstream({ ...req, query: q }));
      if (!Array.isArray(list)) return res;
      const out: any[] = [];
      const creators = new Map<number, string>();
      for (const v of list) {
        if (String(v.updater_id) === uid) { out.push(v); continue; }
        if (!creators.has(v.pool_id)) { const p = await lookup(ctx, req, `/pools/${v.pool_id}.json`); creators.set(v.pool_id, String(p?.creator_id)); }
        if (creators.get(v.pool_id) === uid) out.push(v);
      }
      return setJson(res, out, 200);
    },
  },
  dropParam({
    id: 'artist-versions-name-dropped-with-updater', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: 'search[name] on artist versions is ignored when search[updater_id] is also given.',
  }, 'GET', /^\/artist_versions\.(json|xml)$/, 'search[name]', ['search[updater_id]']),
  dropParam({
    id: 'commentary-versions-post-id-dropped-with-updater', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Artist commentary versions (A only) | GET /artist_commentary_versions.json | `search[updater_id]`, `search[post_id]` |',
    description: 'search[post_id] on commentary versions is ignored when search[updater_id] is also given.',
  }, 'GET', /^\/artist_commentary_versions\.(json|xml)$/, 'search[post_id]', ['search[updater_id]']),
  {
    id: 'pools-revert-applies-next-version', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Revert | PUT /pools/{id}/revert.json | `version_id` REQUIRED |',
    description: 'Pool revert restores the version after the requested one (off-by-one in the history lookup).',
    async onRequest(req, ctx) {
      const m = /^\/pools\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (!m || req.method !== 'PUT') return req;
      const vid = Number(form(req).get('version_id'));
      const vs = await lookup(ctx, req, '/pool_versions.json', { 'search[pool_id]': m[1] });
      if (!Array.isArray(vs)) return req;
      const later = vs.filter((x: any) => x.id > vid).sort((a: any, b: any) => a.id - b.id)[0];
      if (!later) return req;
      return withForm(req, (f) => f.set('version_id', String(later.id)));
    },
  },
];

export const checks: Record<string, Scenario> = {
  'post-versions-updater-name-dropped-with-post-id': async (base) => {
    const m = cl(base); const g = cl(base, who.gold()); const t = u(); const p = await m.post(t);
    await ok(g.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `${t} ${t}_g` }));
    const r = await m.get('/post_versions.json', { 'search[post_id]': p, 'search[updater_name]': 'conform_gold' });
    must(r.json.length >= 1, 'gold');
    return r.json.some((x: any) => x.updater_name !== 'conform_gold');
  },
  'pool-versions-updater-id-matches-creator': async (base) => {
    const m = cl(base); const g = cl(base, who.gold()); const id = await mkPool(m, u());
    await ok(g.send('PUT', `/pools/${id}.json`, { 'pool[description]': 'gold edit' }));
    const mid = await userId(base, 'conform_member');
    const r = await m.get('/pool_versions.json', { 'search[pool_id]': id, 'search[updater_id]': mid });
    must(r.json.length >= 1, 'member');
    return r.json.some((x: any) => x.updater_id !== mid);
  },
  'artist-versions-name-dropped-with-updater': async (base) => {
    const m = cl(base); const t = u();
    await ok(m.send('POST', '/artists.json', { 'artist[name]': t + '_a' })); await ok(m.send('POST', '/artists.json', { 'artist[name]': t + '_b' }));
    const mid = await userId(base, 'conform_member');
    const r = await m.get('/artist_versions.json', { 'search[updater_id]': mid, 'search[name]': t + '_a' });
    must(r.json.length >= 1, 'a');
    return r.json.some((x: any) => x.name !== t + '_a');
  },
  'commentary-versions-post-id-dropped-with-updater': async (base) => {
    const m = cl(base); const p1 = await m.post(u()); const p2 = await m.post(u());
    for (const p of [p1, p2]) await ok(m.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'x' }));
    const mid = await userId(base, 'conform_member');
    const r = await m.get('/artist_commentary_versions.json', { 'search[updater_id]': mid, 'search[post_id]': p1 });
    must(r.json.length >= 1, 'p1');
    return r.json.some((x: any) => x.post_id !== p1);
  },
  'pools-revert-applies-next-version': async (base) => {
    const m = cl(base); const id = await mkPool(m, u(), 'v1');
    await ok(m.send('PUT', `/pools/${id}.json`, { 'pool[description]': 'v2' }));
    await ok(m.send('PUT', `/pools/${id}.json`, { 'pool[description]': 'v3' }));
    const vs = await m.get('/pool_versions.json', { 'search[pool_id]': id });
    await ok(m.send('PUT', `/pools/${id}/revert.json`, { version_id: Math.min(...ids(vs)) }), 'revert');
    return (await m.get(`/pools/${id}.json`)).json.description !== 'v1';
  },
};
