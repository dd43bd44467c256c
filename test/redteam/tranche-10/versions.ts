// @ts-nocheck: frozen red-team code (see all.ts)
// Version listings.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, idOf, ids, listFault, ok, queryFault, uid, upGet, type Scenario } from './h.ts';

const auth = ['login', 'api_key', 'password_hash'];
const rest = (req: any, drop: string) => {
  const q: Record<string, string> = {};
  for (const [k, v] of req.query) if (k !== drop && !auth.includes(k)) q[k] = v;
  return q;
};

export const faults: Fault[] = [
  F({
    id: 'post-versions-updater-id-matches-uploader',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'spec-reader',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'search[updater_id] is joined against the uploader of the post, so edits made by a second account are never found by that account\'s id.',
    onResponse: listFault(/^\/post_versions\.json$/, (q) => !!q.get('search[updater_id]') && !!q.get('search[post_id]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/post_versions.json', rest(req, 'search[updater_id]'));
      const p = await upGet(ctx, req, `/posts/${req.query.get('search[post_id]')}.json`);
      return String(p?.uploader_id) === req.query.get('search[updater_id]') && Array.isArray(all) ? all : [];
    }),
  }),
  F({
    id: 'post-versions-updater-name-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'When search[post_id] is given, search[updater_name] is not applied and every version of the post is listed.',
    onRequest: queryFault(/^\/post_versions\.json$/, (q) => !!q.get('search[post_id]') && !!q.get('search[updater_name]'), (q) => q.delete('search[updater_name]')),
  }),
  F({
    id: 'note-versions-note-id-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[note_id] is overridden by search[post_id] when both are sent, so versions of sibling notes are listed too.',
    onRequest: queryFault(/^\/note_versions\.json$/, (q) => !!q.get('search[post_id]') && !!q.get('search[note_id]'), (q) => q.delete('search[note_id]')),
  }),
  F({
    id: 'pool-versions-updater-name-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'search[updater_name] on pool versions is not implemented (only updater_id is), so versions by every updater are listed.',
    onRequest: queryFault(/^\/pool_versions\.json$/, (q) => !!q.get('search[updater_name]'), (q) => q.delete('search[updater_name]')),
  }),
  F({
    id: 'pool-versions-pool-id-ignored-with-updater-id',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'When search[updater_id] is present the pool_id condition is dropped, listing that user\'s versions of all pools.',
    onRequest: queryFault(/^\/pool_versions\.json$/, (q) => !!q.get('search[updater_id]') && !!q.get('search[pool_id]'), (q) => q.delete('search[pool_id]')),
  }),
  F({
    id: 'artist-versions-a-updater-id-matches-creator',
    variants: ['A'],
    family: 'versions',
    kind: 'spec-reader',
    quote: '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: 'search[updater_id] on artist versions compares with the artist\'s creator, so versions written by another account are not found.',
    onResponse: listFault(/^\/artist_versions\.json$/, (q) => !!q.get('search[updater_id]') && !!q.get('search[artist_id]'), async (_l, req, ctx) => {
      const a = await upGet(ctx, req, `/artists/${req.query.get('search[artist_id]')}.json`);
      if (String(a?.creator_id) !== req.query.get('search[updater_id]')) return [];
      const all = await upGet(ctx, req, '/artist_versions.json', rest(req, 'search[updater_id]'));
      return Array.isArray(all) ? all : [];
    }),
  }),
  F({
    id: 'artist-versions-a-is-active-false-ignored',
    variants: ['A'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: 'search[is_active]=false is parsed as "no filter" (only "true" is recognised), so active versions are listed.',
    onRequest: queryFault(/^\/artist_versions\.json$/, (q) => q.get('search[is_active]') === 'false', (q) => q.delete('search[is_active]')),
  }),
  F({
    id: 'commentary-versions-a-post-id-ignored-with-updater',
    variants: ['A'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Artist commentary versions (A only) | GET /artist_commentary_versions.json | `search[updater_id]`, `search[post_id]` |',
    description: 'With search[updater_id] also present, the commentary version search drops search[post_id].',
    onRequest: queryFault(/^\/artist_commentary_versions\.json$/, (q) => !!q.get('search[updater_id]') && !!q.get('search[post_id]'), (q) => q.delete('search[post_id]')),
  }),
];

async function editedPost(base: string) {
  const p = await cl(base).post('pv_' + R());
  ok(await cl(base, 'member2').send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'pw_' + R() }));
  const vs = ok(await cl(base).get('/post_versions.json', { 'search[post_id]': p })).json;
  return { p, vs };
}

async function pool(base: string) {
  const id = idOf(await cl(base).send('POST', '/pools.json', { 'pool[name]': 'pv_' + R(), 'pool[description]': 'd' }));
  ok(await cl(base, 'member2').send('PUT', `/pools/${id}.json`, { 'pool[description]': 'd2 ' + R() }));
  return id;
}

export const checks: Record<string, Scenario> = {
  'post-versions-updater-id-matches-uploader': async (base) => {
    const { p } = await editedPost(base);
    const l = ok(await cl(base).get('/post_versions.json', { 'search[post_id]': p, 'search[updater_id]': await uid(base, 'member2') })).json;
    return l.length !== 1;
  },
  'post-versions-updater-name-ignored-with-post-id': async (base) => {
    const { p, vs } = await editedPost(base);
    const l = ok(await cl(base).get('/post_versions.json', { 'search[post_id]': p, 'search[updater_name]': 'conform_member2' })).json;
    return vs.length !== 2 || l.length !== 1;
  },
  'note-versions-note-id-ignored-with-post-id': async (base) => {
    const p = await cl(base).post('nv_' + R());
    const mk = async (b: string) => idOf(await cl(base).send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 9, 'note[height]': 9, 'note[body]': b }));
    const a = await mk('a');
    const b = await mk('b');
    const l = ok(await cl(base).get('/note_versions.json', { 'search[post_id]': p, 'search[note_id]': a })).json;
    return l.length === 0 || l.some((x: any) => x.note_id === b);
  },
  'pool-versions-updater-name-ignored': async (base) => {
    const id = await pool(base);
    const l = ok(await cl(base).get('/pool_versions.json', { 'search[pool_id]': id, 'search[updater_name]': 'conform_member2' })).json;
    return l.length !== 1;
  },
  'pool-versions-pool-id-ignored-with-updater-id': async (base) => {
    const a = await pool(base);
    const b = await pool(base);
    const l = ok(await cl(base).get('/pool_versions.json', { 'search[pool_id]': a, 'search[updater_id]': await uid(base, 'member2') })).json;
    return l.length === 0 || l.some((x: any) => x.pool_id === b);
  },
  'artist-versions-a-updater-id-matches-creator': async (base) => {
    const id = idOf(await cl(base).send('POST', '/artists.json', { 'artist[name]': 'av_' + R() }));
    ok(await cl(base, 'member2').send('PUT', `/artists/${id}.json`, { 'artist[group_name]': 'g_' + R() }));
    const l = ok(await cl(base).get('/artist_versions.json', { 'search[artist_id]': id, 'search[updater_id]': await uid(base, 'member2') })).json;
    return l.length !== 1;
  },
  'artist-versions-a-is-active-false-ignored': async (base) => {
    const id = idOf(await cl(base).send('POST', '/artists.json', { 'artist[name]': 'aa_' + R() }));
    const l = ok(await cl(base).get('/artist_versions.json', { 'search[artist_id]': id, 'search[is_active]': 'false' })).json;
    return l.length !== 0;
  },
  'commentary-versions-a-post-id-ignored-with-updater': async (base) => {
    const c = cl(base, 'member2');
    const p1 = await c.post('cv_' + R()), p2 = await c.post('cv_' + R());
    for (const p of [p1, p2]) ok(await c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 't' }));
    const l = ok(await c.get('/artist_commentary_versions.json', { 'search[post_id]': p1, 'search[updater_id]': await uid(base, 'member2') })).json;
    return l.length === 0 || l.some((x: any) => x.post_id === p2);
  },
};
