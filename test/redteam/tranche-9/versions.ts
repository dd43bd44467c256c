// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, dropParam, userId, must, ACC } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'post-versions-updater-name-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '`search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only)',
    description: 'search[updater_name] on post versions is ignored when search[post_id] is given.',
    ...dropParam('GET', /^\/post_versions\.json$/, 'search[updater_name]', (p) => p.has('search[post_id]')),
  },
  {
    id: 'post-versions-updater-id-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '`search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only)',
    description: 'search[updater_id] on post versions is ignored when search[post_id] is given.',
    ...dropParam('GET', /^\/post_versions\.json$/, 'search[updater_id]', (p) => p.has('search[post_id]')),
  },
  {
    id: 'note-versions-note-id-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[note_id] on note versions is ignored when search[post_id] is given.',
    ...dropParam('GET', /^\/note_versions\.json$/, 'search[note_id]', (p) => p.has('search[post_id]')),
  },
  {
    id: 'note-versions-updater-id-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[updater_id] on note versions is ignored when search[note_id] is given.',
    ...dropParam('GET', /^\/note_versions\.json$/, 'search[updater_id]', (p) => p.has('search[note_id]')),
  },
  {
    id: 'pool-versions-updater-name-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'search[updater_name] on pool versions is ignored when search[pool_id] is given.',
    ...dropParam('GET', /^\/pool_versions\.json$/, 'search[updater_name]', (p) => p.has('search[pool_id]')),
  },
  {
    id: 'artist-versions-artist-id-ignored',
    variants: ['A'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '`search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false)',
    description: 'search[artist_id] on artist versions is ignored.',
    ...dropParam('GET', /^\/artist_versions\.json$/, 'search[artist_id]'),
  },
  {
    id: 'commentary-versions-post-id-ignored',
    variants: ['A'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '| Artist commentary versions (A only) | GET /artist_commentary_versions.json | `search[updater_id]`, `search[post_id]` |',
    description: 'search[post_id] on artist commentary versions is ignored.',
    ...dropParam('GET', /^\/artist_commentary_versions\.json$/, 'search[post_id]'),
  },
];

export const checks: Record<string, Scenario> = {
  async 'post-versions-updater-name-ignored'(base) {
    const p = await who(base).post('pvn_' + rand());
    must(await who(base, 'member2').send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'pvn_x_' + rand() }), 'edit');
    const l = (await who(base).get('/post_versions.json', { 'search[post_id]': p, 'search[updater_name]': ACC.member2.name })).json as any[];
    return !(l.length === 1 && l[0].post_id === p);
  },
  async 'post-versions-updater-id-ignored'(base) {
    const p = await who(base).post('pvi_' + rand());
    must(await who(base, 'gold').send('PUT', `/posts/${p}.json`, { 'post[tag_string]': 'pvi_x_' + rand() }), 'edit');
    const gid = await userId(base, 'gold');
    const l = (await who(base).get('/post_versions.json', { 'search[post_id]': p, 'search[updater_id]': gid })).json as any[];
    return !(l.length === 1 && l[0].post_id === p);
  },
  async 'note-versions-note-id-ignored'(base) {
    const c = who(base);
    const p = await c.post('nvn_' + rand());
    const mk = async (b: string) => must(await c.send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': b }), 'note').id as number;
    const n1 = await mk('one');
    await mk('two');
    const l = (await c.get('/note_versions.json', { 'search[post_id]': p, 'search[note_id]': n1 })).json as any[];
    return !(l.length === 1 && l[0].note_id === n1);
  },
  async 'note-versions-updater-id-ignored'(base) {
    const c = who(base);
    const p = await c.post('nvu_' + rand());
    const n = must(await c.send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': 'a' }), 'note').id;
    must(await who(base, 'member2').send('PUT', `/notes/${n}.json`, { 'note[body]': 'b' }), 'edit');
    const m2 = await userId(base, 'member2');
    const l = (await c.get('/note_versions.json', { 'search[note_id]': n, 'search[updater_id]': m2 })).json as any[];
    return !(l.length === 1 && l[0].body === 'b');
  },
  async 'pool-versions-updater-name-ignored'(base) {
    const s = rand();
    const id = must(await who(base).send('POST', '/pools.json', { 'pool[name]': 'pvp_' + s, 'pool[description]': 'd' }), 'pool').id;
    must(await who(base, 'member2').send('PUT', `/pools/${id}.json`, { 'pool[description]': 'edited' }), 'edit');
    const l = (await who(base).get('/pool_versions.json', { 'search[pool_id]': id, 'search[updater_name]': ACC.member2.name })).json as any[];
    return !(l.length === 1 && l[0].pool_id === id);
  },
  async 'artist-versions-artist-id-ignored'(base) {
    const s = rand();
    const id = must(await who(base).send('POST', '/artists.json', { 'artist[name]': 'avi_' + s }), 'artist').id;
    must(await who(base).send('POST', '/artists.json', { 'artist[name]': 'avj_' + s }), 'artist2');
    const l = (await who(base).get('/artist_versions.json', { 'search[artist_id]': id })).json as any[];
    return !(l.length === 1 && l[0].artist_id === id);
  },
  async 'commentary-versions-post-id-ignored'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('cvp_' + s);
    const q = await c.post('cvq_' + s);
    must(await c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'one' }), 'c1');
    must(await c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': q, 'artist_commentary[original_title]': 'two' }), 'c2');
    const l = (await c.get('/artist_commentary_versions.json', { 'search[post_id]': p })).json as any[];
    return !(l.length === 1 && l[0].post_id === p);
  },
};
