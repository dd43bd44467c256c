// @ts-nocheck: frozen red-team code (see all.ts)
// Artist commentaries (A only).
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, form, ids, is, ok, queryFault, upGet, withForm, type Scenario } from './h.ts';

const LIST = /^\/artist_commentaries\.json$/;
const ROW = '| List | GET /artist_commentaries.json | `search[text_matches]`; `search[post_tags_match]` (meta-tags unsupported); `search[original_present]` (yes or no); `search[translated_present]` (yes or no) |';

export const faults: Fault[] = [
  F({
    id: 'commentary-revert-id-read-as-commentary-id',
    variants: ['A'],
    family: 'commentary',
    kind: 'spec-reader',
    quote: '`version_id` REQUIRED; `{id}` is the post id, not the commentary id',
    description: 'The revert path id is looked up as a commentary id; reverting by post id misses (404) or hits another post\'s commentary.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/artist_commentaries\/\d+\/revert\.json$/)) return req;
      const id = Number(/\/artist_commentaries\/(\d+)/.exec(req.path)![1]);
      const vs = await upGet(ctx, req, '/artist_commentary_versions.json', { limit: 100 });
      const hit = Array.isArray(vs) ? vs.find((v: any) => v.artist_commentary_id === id) : undefined;
      if (!hit) return { status: 404, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify({ success: false, reason: 'not found: no artist commentary ' + id })) };
      return { ...req, path: `/artist_commentaries/${hit.post_id}/revert.json` };
    },
  }),
  F({
    id: 'commentary-original-present-inverted',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[original_present]=yes selects commentaries without an original and no selects those with one.',
    onRequest: queryFault(LIST, (q) => ['yes', 'no'].includes(q.get('search[original_present]') ?? ''), (q) => q.set('search[original_present]', q.get('search[original_present]') === 'yes' ? 'no' : 'yes')),
  }),
  F({
    id: 'commentary-translated-present-no-ignored',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[translated_present]=no is treated as "no filter" (only yes is implemented).',
    onRequest: queryFault(LIST, (q) => q.get('search[translated_present]') === 'no', (q) => q.delete('search[translated_present]')),
  }),
  F({
    id: 'commentary-post-tags-match-first-tag-only',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[post_tags_match] with several tags uses only the first one.',
    onRequest: queryFault(LIST, (q) => (q.get('search[post_tags_match]') ?? '').trim().split(/\s+/).length >= 2, (q) => q.set('search[post_tags_match]', q.get('search[post_tags_match]')!.trim().split(/\s+/)[0])),
  }),
  F({
    id: 'commentary-update-drops-translated-description',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: '| Create or update | POST /artist_commentaries/create_or_update.json | `artist_commentary[post_id]` REQUIRED; `artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]` |',
    description: 'When a commentary already exists, the update branch copies translated_title but forgets translated_description.',
    async onRequest(req, ctx) {
      if (!is(req, 'POST', /^\/artist_commentaries\/create_or_update\.json$/)) return req;
      const f = form(req);
      const pid = f.get('artist_commentary[post_id]');
      if (!pid || f.get('artist_commentary[translated_description]') === null) return req;
      const existing = await upGet(ctx, req, '/artist_commentary_versions.json', { 'search[post_id]': pid });
      if (!Array.isArray(existing) || existing.length === 0) return req;
      f.delete('artist_commentary[translated_description]');
      return withForm(req, f);
    },
  }),
];

async function commentary(base: string, post: number, p: Record<string, string>, who = 'member') {
  return ok(await cl(base, who).send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': post, ...p }), 'commentary').json;
}
const listed = async (base: string, q: Record<string, string>) => ok(await cl(base).get('/artist_commentaries.json', q)).json.map((c: any) => c.post_id);

export const checks: Record<string, Scenario> = {
  'commentary-revert-id-read-as-commentary-id': async (base) => {
    const c = cl(base);
    const t = 'ac_' + R();
    const p = await c.post(t);
    await commentary(base, p, { 'artist_commentary[original_title]': 'first ' + t });
    await commentary(base, p, { 'artist_commentary[original_title]': 'second ' + t }, 'member2');
    const vs = ids(ok(await c.get('/artist_commentary_versions.json', { 'search[post_id]': p }))).sort((a, b) => a - b);
    const r = await c.send('PUT', `/artist_commentaries/${p}/revert.json`, { version_id: vs[0] });
    if (r.status !== 200) return true;
    const cur = ok(await c.get('/artist_commentaries.json', { 'search[post_tags_match]': t })).json;
    return !cur.some((x: any) => x.post_id === p && x.original_title === 'first ' + t);
  },
  'commentary-original-present-inverted': async (base) => {
    const t = 'ao_' + R();
    const c = cl(base);
    const a = await c.post(t), b = await c.post(t);
    await commentary(base, a, { 'artist_commentary[original_title]': 'orig' });
    await commentary(base, b, { 'artist_commentary[translated_title]': 'trans' });
    const got = await listed(base, { 'search[post_tags_match]': t, 'search[original_present]': 'yes' });
    return got.includes(b) || !got.includes(a);
  },
  'commentary-translated-present-no-ignored': async (base) => {
    const t = 'at_' + R();
    const c = cl(base);
    const a = await c.post(t), b = await c.post(t);
    await commentary(base, a, { 'artist_commentary[original_title]': 'orig' });
    await commentary(base, b, { 'artist_commentary[original_title]': 'o', 'artist_commentary[translated_title]': 'trans' });
    const got = await listed(base, { 'search[post_tags_match]': t, 'search[translated_present]': 'no' });
    return got.includes(b) || !got.includes(a);
  },
  'commentary-post-tags-match-first-tag-only': async (base) => {
    const t1 = 'am_' + R(), t2 = 'an_' + R();
    const c = cl(base);
    const a = await c.post(t1), b = await c.post(`${t1} ${t2}`);
    await commentary(base, a, { 'artist_commentary[original_title]': 'x' });
    await commentary(base, b, { 'artist_commentary[original_title]': 'y' });
    const got = await listed(base, { 'search[post_tags_match]': `${t1} ${t2}` });
    return got.includes(a) || !got.includes(b);
  },
  'commentary-update-drops-translated-description': async (base) => {
    const t = 'au_' + R();
    const p = await cl(base).post(t);
    await commentary(base, p, { 'artist_commentary[original_title]': 'o' });
    const d = 'translated text ' + R();
    await commentary(base, p, { 'artist_commentary[translated_description]': d }, 'member2');
    const cur = ok(await cl(base).get('/artist_commentaries.json', { 'search[post_tags_match]': t })).json;
    return !cur.some((x: any) => x.post_id === p && x.translated_description === d);
  },
};
