// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, envelope, cl, u, who, ids, must, ok } from './h.ts';
const F = 'artist-commentary';
const CL = /^\/artist_commentaries\.(json|xml)$/;
const CU = /^\/artist_commentaries\/create_or_update\.(json|xml)$/;
const FIELDS = ['original_title', 'original_description', 'translated_title', 'translated_description'];

export const faults: Fault[] = [
  {
    id: 'commentary-revert-id-as-commentary-id', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`{id}` is the post id, not the commentary id',
    description: 'The revert path {id} is looked up as the commentary id rather than the post id.',
    async onRequest(req, ctx) {
      const m = /^\/artist_commentaries\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (!m || req.method !== 'PUT') return req;
      const list = await lookup(ctx, req, '/artist_commentaries.json', { limit: '1000' });
      if (!Array.isArray(list)) return req;
      const c = list.find((x: any) => String(x.id) === m[1]);
      if (!c) return envelope(req, 404, false, `not found: no artist commentary with id ${m[1]}`);
      return { ...req, path: `/artist_commentaries/${c.post_id}/revert.${m[2]}` };
    },
  },
  {
    id: 'commentary-update-blanks-unsent-fields', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Create or update | POST /artist_commentaries/create_or_update.json | `artist_commentary[post_id]` REQUIRED; `artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]` |',
    description: 'When a commentary already exists, create_or_update blanks the fields the request does not send (e.g. another account adding a translation wipes the original).',
    onRequest(req) {
      if (!is(req, 'POST', CU)) return req;
      const p = form(req);
      const missing = FIELDS.filter((f) => !p.has(`artist_commentary[${f}]`));
      if (!missing.length || missing.length === FIELDS.length) return req;
      return withForm(req, (x) => { for (const f of missing) x.set(`artist_commentary[${f}]`, ''); });
    },
  },
  rewriteParam({
    id: 'commentary-original-present-no-as-yes', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[original_present]` (yes or no)',
    description: 'search[original_present] is tested for presence, so no behaves like yes.',
  }, 'GET', CL, 'search[original_present]', (v) => (v === 'no' ? 'yes' : v)),
  {
    id: 'commentary-translated-present-checks-original', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[translated_present]` (yes or no)',
    description: 'search[translated_present] tests the original fields (copy-paste of the original_present branch).',
    onRequest(req) {
      if (!is(req, 'GET', CL)) return req;
      const v = req.query.get('search[translated_present]');
      if (v === null || req.query.has('search[original_present]')) return req;
      const q = new URLSearchParams(req.query.toString()); q.delete('search[translated_present]'); q.set('search[original_present]', v);
      return { ...req, query: q };
    },
  },
  rewriteParam({
    id: 'commentary-text-matches-first-word-only', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[text_matches]`',
    description: 'search[text_matches] keeps only the text before the first space.',
  }, 'GET', CL, 'search[text_matches]', (v) => v.split(' ')[0] + (v.includes(' ') ? '*' : '')),
  {
    id: 'commentary-present-expects-true-false', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`search[original_present]` (yes or no)',
    description: 'search[original_present] only understands true/false, so yes is ignored and every commentary is listed.',
    ...dropParam({} as any, 'GET', CL, 'search[original_present]', [], (v) => v === 'yes'),
  } as Fault,
];

const cu = (c: any, p: Record<string, string | number>) => ok(c.send('POST', '/artist_commentaries/create_or_update.json', p), 'commentary');

export const checks: Record<string, Scenario> = {
  'commentary-revert-id-as-commentary-id': async (base) => {
    const m = cl(base); const t = u();
    await m.post(t); await m.post(t); const p = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': `first ${t}` });
    await cu(m, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': `second ${t}` });
    const vs = await m.get('/artist_commentary_versions.json', { 'search[post_id]': p });
    const v1 = Math.min(...ids(vs));
    const r = await m.send('PUT', `/artist_commentaries/${p}/revert.json`, { version_id: v1 });
    const l = await m.get('/artist_commentaries.json', { 'search[text_matches]': `first ${t}` });
    return r.status !== 200 || !l.json.some((x: any) => x.post_id === p);
  },
  'commentary-update-blanks-unsent-fields': async (base) => {
    const m = cl(base); const g = cl(base, who.gold()); const t = u(); const p = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': `orig ${t}` });
    await cu(g, { 'artist_commentary[post_id]': p, 'artist_commentary[translated_title]': `trans ${t}` });
    const l = await m.get('/artist_commentaries.json', { 'search[post_tags_match]': t });
    return l.json[0]?.original_title !== `orig ${t}`;
  },
  'commentary-original-present-no-as-yes': async (base) => {
    const m = cl(base); const t = u(); const p = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p, 'artist_commentary[translated_title]': `trans ${t}` });
    return (await m.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[original_present]': 'no' })).json.length !== 1;
  },
  'commentary-translated-present-checks-original': async (base) => {
    const m = cl(base); const t = u(); const p = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': `orig ${t}` });
    return (await m.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[translated_present]': 'yes' })).json.length !== 0;
  },
  'commentary-text-matches-first-word-only': async (base) => {
    const m = cl(base); const t = u(); const p1 = await m.post(t); const p2 = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p1, 'artist_commentary[original_title]': `${t} red fox` });
    await cu(m, { 'artist_commentary[post_id]': p2, 'artist_commentary[original_title]': `${t} blue fox` });
    const r = await m.get('/artist_commentaries.json', { 'search[text_matches]': `${t} red*` });
    must(r.json.length >= 1, 'red');
    return r.json.length !== 1;
  },
  'commentary-present-expects-true-false': async (base) => {
    const m = cl(base); const t = u(); const p1 = await m.post(t); const p2 = await m.post(t);
    await cu(m, { 'artist_commentary[post_id]': p1, 'artist_commentary[original_title]': `o ${t}` });
    await cu(m, { 'artist_commentary[post_id]': p2, 'artist_commentary[translated_title]': `t ${t}` });
    const r = await m.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[original_present]': 'yes' });
    must(r.json.some((x: any) => x.post_id === p1), 'p1');
    return r.json.some((x: any) => x.post_id === p2);
  },
};
