// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, type Scenario, ids } from './h.ts';

const CU = /^\/artist_commentaries\/create_or_update\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'commentary-update-clears-translation',
    family: 'artist-commentary',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Create or update | POST /artist_commentaries/create_or_update.json | `artist_commentary[post_id]` REQUIRED; `artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]` |',
    description: 'Create-or-update with only original fields blanks the existing translated title and description.',
    onRequest(req) {
      if (is(req, 'POST', CU) && param(req, 'artist_commentary[original_title]') !== null && param(req, 'artist_commentary[translated_title]') === null)
        return withParams(req, (p) => { p.set('artist_commentary[translated_title]', ''); p.set('artist_commentary[translated_description]', ''); });
      return req;
    },
  },
  {
    id: 'commentary-translated-present-no-inverted',
    family: 'artist-commentary',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '`search[translated_present]` (yes or no)',
    description: '`search[translated_present]=no` selects commentaries that do have a translation.',
    onRequest(req) {
      if (is(req, 'GET', /^\/artist_commentaries\.(json|xml)$/) && req.query.get('search[translated_present]') === 'no') return withParams(req, (p) => p.set('search[translated_present]', 'yes'));
      return req;
    },
  },
  {
    id: 'commentary-post-tags-match-ignored',
    family: 'artist-commentary',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '| List | GET /artist_commentaries.json | `search[text_matches]`; `search[post_tags_match]` (meta-tags unsupported); `search[original_present]` (yes or no); `search[translated_present]` (yes or no) |',
    description: 'The commentary list ignores `search[post_tags_match]`.',
    onRequest(req) {
      if (is(req, 'GET', /^\/artist_commentaries\.(json|xml)$/) && req.query.has('search[post_tags_match]')) return withParams(req, (p) => p.delete('search[post_tags_match]'));
      return req;
    },
  },
];

const cu = (x: any, post: number, f: Record<string, string>) => x.c.send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': post, ...f });

export const checks: Record<string, Scenario> = {
  'commentary-update-clears-translation': async (x) => {
    const p = await x.c.post(`ct_${x.t}`);
    await cu(x, p, { 'artist_commentary[original_title]': `o1 ${x.t}`, 'artist_commentary[translated_title]': `tr ${x.t}` });
    await cu(x, p, { 'artist_commentary[original_title]': `o2 ${x.t}` });
    const r = await x.c.get('/artist_commentaries.json', { 'search[text_matches]': `*o2 ${x.t}*` });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].translated_title === `tr ${x.t}`);
  },
  'commentary-translated-present-no-inverted': async (x) => {
    const a = await x.c.post(`cp_${x.t}`);
    const b = await x.c.post(`cp_${x.t}`);
    await cu(x, a, { 'artist_commentary[original_title]': `plain ${x.t}` });
    await cu(x, b, { 'artist_commentary[original_title]': `tl ${x.t}`, 'artist_commentary[translated_title]': `en ${x.t}` });
    const r = await x.c.get('/artist_commentaries.json', { 'search[translated_present]': 'no', 'search[post_tags_match]': `cp_${x.t}` });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].post_id === a);
  },
  'commentary-post-tags-match-ignored': async (x) => {
    const a = await x.c.post(`cm1_${x.t}`);
    const b = await x.c.post(`cm2_${x.t}`);
    await cu(x, a, { 'artist_commentary[original_title]': `same ${x.t}` });
    await cu(x, b, { 'artist_commentary[original_title]': `same ${x.t}` });
    const r = await x.c.get('/artist_commentaries.json', { 'search[post_tags_match]': `cm1_${x.t}`, 'search[text_matches]': `*${x.t}*` });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].post_id === a);
  },
};
void ids;
