// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, withParams, type Scenario } from './h.ts';

const drop = (path: RegExp, name: string, unless?: string) => (req: any) => {
  if (is(req, 'GET', path) && req.query.has(name) && (!unless || req.query.has(unless))) return withParams(req, (p) => p.delete(name));
  return req;
};

export const faults: Fault[] = [
  {
    id: 'post-versions-updater-dropped-with-post-id',
    family: 'versions',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'When post versions are filtered by `search[post_id]` and `search[updater_name]` together, the updater filter is dropped.',
    onRequest: drop(/^\/post_versions\.(json|xml)$/, 'search[updater_name]', 'search[post_id]'),
  },
  {
    id: 'note-versions-note-id-ignored',
    family: 'versions',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'The note version list ignores `search[note_id]`.',
    onRequest: drop(/^\/note_versions\.(json|xml)$/, 'search[note_id]'),
  },
  {
    id: 'pool-versions-updater-name-ignored',
    family: 'versions',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
    description: 'The pool version list ignores `search[updater_name]`.',
    onRequest: drop(/^\/pool_versions\.(json|xml)$/, 'search[updater_name]'),
  },
  {
    id: 'artist-versions-artist-id-ignored',
    family: 'versions',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
    description: 'The artist version list ignores `search[artist_id]`.',
    onRequest: drop(/^\/artist_versions\.(json|xml)$/, 'search[artist_id]'),
  },
  {
    id: 'commentary-versions-post-id-ignored',
    family: 'versions',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '| Artist commentary versions (A only) | GET /artist_commentary_versions.json | `search[updater_id]`, `search[post_id]` |',
    description: 'The artist commentary version list ignores `search[post_id]`.',
    onRequest: drop(/^\/artist_commentary_versions\.(json|xml)$/, 'search[post_id]'),
  },
];

const allOf = (r: any, k: string, v: unknown) => Array.isArray(r.json) && r.json.length > 0 && r.json.every((o: any) => o[k] === v);

export const checks: Record<string, Scenario> = {
  'post-versions-updater-dropped-with-post-id': async (x) => {
    const id = await x.c.post(`pv_${x.t}`);
    await x.c2.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': `pv_${x.t} pv2_${x.t}` });
    const r = await x.c.get('/post_versions.json', { 'search[post_id]': id, 'search[updater_name]': x.acc.member2.name });
    return !allOf(r, 'updater_name', x.acc.member2.name);
  },
  'note-versions-note-id-ignored': async (x) => {
    const p = await x.c.post(`nv_${x.t}`);
    const mk = (b: string) => x.c.send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 4, 'note[height]': 4, 'note[body]': b });
    const a = (await mk(`a ${x.t}`)).json.id;
    await mk(`b ${x.t}`);
    const r = await x.c.get('/note_versions.json', { 'search[note_id]': a });
    return !allOf(r, 'note_id', a);
  },
  'pool-versions-updater-name-ignored': async (x) => {
    const id = (await x.c.send('POST', '/pools.json', { 'pool[name]': `pvu_${x.t}`, 'pool[description]': 'd' })).json.id;
    await x.c2.send('PUT', `/pools/${id}.json`, { 'pool[description]': `changed ${x.t}` });
    const r = await x.c.get('/pool_versions.json', { 'search[pool_id]': id, 'search[updater_name]': x.acc.member2.name });
    return !allOf(r, 'updater_name', x.acc.member2.name);
  },
  'artist-versions-artist-id-ignored': async (x) => {
    const a = (await x.c.send('POST', '/artists.json', { 'artist[name]': `ava_${x.t}` })).json.id;
    await x.c.send('POST', '/artists.json', { 'artist[name]': `avb_${x.t}` });
    const r = await x.c.get('/artist_versions.json', { 'search[artist_id]': a });
    return !allOf(r, 'artist_id', a);
  },
  'commentary-versions-post-id-ignored': async (x) => {
    const a = await x.c.post(`cv_${x.t}`);
    const b = await x.c.post(`cv_${x.t}`);
    await x.c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': a, 'artist_commentary[original_title]': `a ${x.t}` });
    await x.c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': b, 'artist_commentary[original_title]': `b ${x.t}` });
    const r = await x.c.get('/artist_commentary_versions.json', { 'search[post_id]': a });
    return !allOf(r, 'post_id', a);
  },
};
