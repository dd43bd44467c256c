// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, dropQuery, filterInstead, upGet, ids, mk, ok, must, userId, prating } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const note = (c: ReturnType<typeof cl>, post: number) =>
  mk(c, '/notes.json', { 'note[post_id]': post, 'note[x]': 1, 'note[y]': 2, 'note[width]': 3, 'note[height]': 4, 'note[body]': 'v ' + rand() });

add(
  {
    id: 'post-versions-updater-name-matches-uploader',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'search[updater_name] on post versions selects versions of posts uploaded by that user rather than versions made by that user.',
    kind: 'implementation-bug',
    onRequest: filterInstead(/^\/post_versions$/, 'search[updater_name]', async (it, v, ctx, req) => {
      const p = await upGet(ctx, req, `/posts/${it.post_id}.json`);
      return p?.uploader_name === v;
    }),
  },
  async (base, v) => {
    const c = cl(base), g = cl(base, 'gold');
    const p = await c.post('pv' + rand());
    await ok(g, 'PUT', `/posts/${p}.json`, { 'post[rating]': prating(v, 'questionable') });
    const r = await c.get('/post_versions.json', { 'search[post_id]': p, 'search[updater_name]': 'conform_gold' });
    return ids(r).length === 0;
  },
);

add(
  {
    id: 'post-versions-post-id-dropped-with-updater-id',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'search[post_id] is ignored when search[updater_id] is present.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/post_versions$/, 'search[post_id]', (q) => q.has('search[updater_id]')),
  },
  async (base) => {
    const c = cl(base, 'platinum');
    const p1 = await c.post('pd' + rand()), p2 = await c.post('pd' + rand());
    const me = await userId(c, 'platinum');
    const r = await c.get('/post_versions.json', { 'search[updater_id]': me, 'search[post_id]': p1 });
    must(r.json.some((x: any) => x.post_id === p1), 'own versions');
    return r.json.some((x: any) => x.post_id === p2);
  },
);

add(
  {
    id: 'note-versions-note-id-dropped-with-post-id',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[note_id] is ignored when search[post_id] is also given, so versions of every note of the post are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/note_versions$/, 'search[note_id]', (q) => q.has('search[post_id]')),
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('nn' + rand());
    const n1 = await note(c, p);
    const n2 = await note(c, p);
    const r = await c.get('/note_versions.json', { 'search[post_id]': p, 'search[note_id]': n1 });
    must(r.json.some((x: any) => x.note_id === n1), 'n1 versions');
    return r.json.some((x: any) => x.note_id === n2);
  },
);

add(
  {
    id: 'note-versions-updater-id-matches-creator',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[updater_id] on note versions selects versions of notes created by that user, not versions that user made.',
    kind: 'implementation-bug',
    onRequest: filterInstead(/^\/note_versions$/, 'search[updater_id]', async (it, v, ctx, req) => {
      const n = await upGet(ctx, req, `/notes/${it.note_id}.json`);
      return String(n?.creator_id) === v;
    }),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const p = await c.post('nc' + rand());
    const n = await note(c, p);
    await ok(g, 'PUT', `/notes/${n}.json`, { 'note[body]': 'by gold' });
    const gid = await userId(c, 'gold');
    const r = await c.get('/note_versions.json', { 'search[post_id]': p, 'search[updater_id]': gid });
    return ids(r).length === 0;
  },
);

add(
  {
    id: 'pool-versions-updater-name-dropped-with-pool-id',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'search[updater_name] is ignored when search[pool_id] is given, so every version of the pool is listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/pool_versions$/, 'search[updater_name]', (q) => q.has('search[pool_id]')),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const pool = await mk(c, '/pools.json', { 'pool[name]': 'pvn' + rand(), 'pool[description]': 'd' });
    await ok(g, 'PUT', `/pools/${pool}.json`, { 'pool[description]': 'gold edit' });
    const r = await c.get('/pool_versions.json', { 'search[pool_id]': pool, 'search[updater_name]': 'conform_gold' });
    must(r.json.some((x: any) => x.updater_name === 'conform_gold'), 'gold version');
    return r.json.some((x: any) => x.updater_name !== 'conform_gold');
  },
);

add(
  {
    id: 'artist-versions-updater-id-dropped-with-artist-id',
    variants: ['A'],
    family: 'versions',
    quote: '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: 'search[updater_id] is ignored when search[artist_id] is present.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/artist_versions$/, 'search[updater_id]', (q) => q.has('search[artist_id]')),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const a = await mk(c, '/artists.json', { 'artist[name]': 'avu' + rand() });
    await ok(g, 'PUT', `/artists/${a}.json`, { 'artist[group_name]': 'gg' });
    const gid = await userId(c, 'gold');
    const r = await c.get('/artist_versions.json', { 'search[artist_id]': a, 'search[updater_id]': gid });
    must(r.json.some((x: any) => x.updater_id === gid), 'gold version');
    return r.json.some((x: any) => x.updater_id !== gid);
  },
);

add(
  {
    id: 'commentary-versions-post-id-ignored',
    variants: ['A'],
    family: 'versions',
    quote: '| Artist commentary versions (A only) | GET /artist_commentary_versions.json | `search[updater_id]`, `search[post_id]` |',
    description: 'search[post_id] on artist commentary versions is ignored; versions of other posts\' commentaries are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(/^\/artist_commentary_versions$/, 'search[post_id]'),
  },
  async (base) => {
    const c = cl(base);
    const p1 = await c.post('cv' + rand()), p2 = await c.post('cv' + rand());
    await ok(c, 'POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': p1, 'artist_commentary[original_title]': 'one' });
    await ok(c, 'POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': p2, 'artist_commentary[original_title]': 'two' });
    const r = await c.get('/artist_commentary_versions.json', { 'search[post_id]': p1 });
    must(r.json.some((x: any) => x.post_id === p1), 'own versions');
    return r.json.some((x: any) => x.post_id !== p1);
  },
);
