// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on artist commentaries (A only).
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, envelopeRes, json, mkReq, must, params, route, uid, withCallerAuth, type Entry } from './h.ts';

const CU = /^\/artist_commentaries\/create_or_update\.(json|xml)$/;

export const entries: Entry[] = [
  {
    fault: {
      id: 'commentary-update-clears-unsent-fields',
      family: 'artist-commentary',
      variants: ['A'],
      kind: 'implementation-bug',
      quote:
        '| Create or update | POST /artist_commentaries/create_or_update.json | `artist_commentary[post_id]` REQUIRED; `artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]` |',
      description: 'Updating an existing commentary with only a translated title empties its original title.',
      onRequest(req) {
        if (!route(req, 'POST', CU)) return req;
        const p = params(req);
        if (!p.has('artist_commentary[translated_title]') || p.has('artist_commentary[original_title]')) return req;
        return editParams(req, (q) => q.set('artist_commentary[original_title]', ''));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('ac');
      const id = await c.post(t);
      await must(c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': id, 'artist_commentary[original_title]': 'orig' }));
      await must(c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': id, 'artist_commentary[translated_title]': 'trans' }));
      const r = await must(c.get('/artist_commentaries.json', { 'search[post_tags_match]': t }));
      return r.length !== 1 || r[0].original_title !== 'orig';
    },
  },
  {
    fault: {
      id: 'commentary-original-present-ignored',
      family: 'artist-commentary',
      variants: ['A'],
      kind: 'spec-reader',
      quote: '`search[original_present]` (yes or no)',
      description: 'The commentary list ignores `search[original_present]`.',
      onRequest: dropParam('GET', /^\/artist_commentaries\.(json|xml)$/, 'search[original_present]'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('op');
      const id = await c.post(t);
      await must(c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': id, 'artist_commentary[translated_title]': 'only translated' }));
      const r = await must(c.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[original_present]': 'yes' }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'commentary-revert-id-taken-as-commentary-id',
      family: 'artist-commentary',
      variants: ['A'],
      kind: 'spec-reader',
      quote: '`{id}` is the post id, not the commentary id',
      description: 'Commentary revert reads `{id}` as the commentary id; with a post id it reverts another commentary or answers 404.',
      async onRequest(req, ctx) {
        const m = route(req, 'PUT', /^\/artist_commentaries\/(\d+)\/revert\.(json|xml)$/);
        if (!m) return req;
        const all = json(await ctx.upstream(withCallerAuth(req, mkReq('GET', '/artist_commentaries.json', { limit: 1000 })))) ?? [];
        const hit = all.find((x: any) => String(x.id) === m[1]);
        if (!hit) return envelopeRes(404, false, `not found: no artist commentary with id ${m[1]}`, m[2] === 'xml');
        return { ...req, path: `/artist_commentaries/${hit.post_id}/revert.${m[2]}` };
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      for (let i = 0; i < 3; i++) await c.post(uid('pad'));
      const t = uid('rv');
      const id = await c.post(t);
      const cu = (title: string) => must(c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': id, 'artist_commentary[original_title]': title }));
      await cu('t1');
      await cu('t2');
      const vs = await must(c.get('/artist_commentary_versions.json', { 'search[post_id]': id }));
      const first = vs.slice().sort((a: any, b: any) => a.id - b.id)[0];
      const rr = await c.send('PUT', `/artist_commentaries/${id}/revert.json`, { version_id: first.id });
      const r = await must(c.get('/artist_commentaries.json', { 'search[post_tags_match]': t }));
      return rr.status !== 200 || r[0]?.original_title !== 't1';
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
