// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on version listings.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, must, uid, userId, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'post-versions-updater-name-ignored-with-post-id',
      family: 'versions',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
      description: 'When `search[post_id]` is given, `search[updater_name]` is ignored and versions by every updater are listed.',
      onRequest: dropParam('GET', /^\/post_versions\.(json|xml)$/, 'search[updater_name]', (p) => p.has('search[post_id]')),
    },
    async scn(base) {
      const g = C(base, 'gold'), p = C(base, 'platinum');
      const id = await g.post(uid('pv'));
      await must(p.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': uid('pv2') }));
      const r = await must(g.get('/post_versions.json', { 'search[post_id]': id, 'search[updater_name]': acc.platinum.name }));
      return r.some((v: any) => v.updater_name !== acc.platinum.name);
    },
  },
  {
    fault: {
      id: 'note-versions-note-id-ignored-with-post-id',
      family: 'versions',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
      description: 'When `search[post_id]` is given, `search[note_id]` is ignored, so versions of every note of the post are listed.',
      onRequest: dropParam('GET', /^\/note_versions\.(json|xml)$/, 'search[note_id]', (p) => p.has('search[post_id]')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('nv'));
      const n = { 'note[post_id]': id, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'one' };
      const a = await must(c.send('POST', '/notes.json', n));
      await must(c.send('POST', '/notes.json', { ...n, 'note[body]': 'two' }));
      const r = await must(c.get('/note_versions.json', { 'search[post_id]': id, 'search[note_id]': a.id }));
      return r.some((v: any) => v.note_id !== a.id);
    },
  },
  {
    fault: {
      id: 'pool-versions-updater-name-ignored',
      family: 'versions',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| Pool versions | GET /pool_versions.json | `search[updater_id]`, `search[updater_name]`, `search[pool_id]` |',
      description: 'The pool version list does not support `search[updater_name]` and ignores it.',
      onRequest: dropParam('GET', /^\/pool_versions\.(json|xml)$/, 'search[updater_name]'),
    },
    async scn(base) {
      const g = C(base, 'gold'), p = C(base, 'platinum');
      const cr = await must(g.send('POST', '/pools.json', { 'pool[name]': uid('vp'), 'pool[description]': 'by gold' }));
      await must(p.send('PUT', `/pools/${cr.id}.json`, { 'pool[description]': 'by platinum' }));
      const r = await must(g.get('/pool_versions.json', { 'search[pool_id]': cr.id, 'search[updater_name]': acc.platinum.name }));
      return r.some((v: any) => v.updater_name !== acc.platinum.name);
    },
  },
  {
    fault: {
      id: 'artist-versions-artist-id-ignored-with-updater',
      family: 'versions',
      variants: ['A'],
      kind: 'implementation-bug',
      quote:
        '| Artist versions (A only) | GET /artist_versions.json | `search[name]`, `search[updater_id]`, `search[artist_id]`, `search[is_active]` (true or false), `search[is_banned]` (true or false), `search[order]` (name or date) |',
      description: 'When `search[updater_id]` is given, `search[artist_id]` is ignored on the artist version list.',
      onRequest: dropParam('GET', /^\/artist_versions\.(json|xml)$/, 'search[artist_id]', (p) => p.has('search[updater_id]')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const a = await must(c.send('POST', '/artists.json', { 'artist[name]': uid('va') }));
      await must(c.send('POST', '/artists.json', { 'artist[name]': uid('vb') }));
      const gid = await userId(c, acc.gold.name);
      const r = await must(c.get('/artist_versions.json', { 'search[updater_id]': gid, 'search[artist_id]': a.id }));
      return r.some((v: any) => v.artist_id !== a.id);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
