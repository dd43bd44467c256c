// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, dropParam, rewriteParams, mapList, upGet, upSend, envelope, must } from './h.ts';

const LIST = /^\/artist_commentaries\.json$/;
const CU = /^\/artist_commentaries\/create_or_update\.json$/;
const REV = /^\/artist_commentaries\/(\d+)\/revert\.json$/;

export const faults: Fault[] = [
  {
    id: 'commentary-revert-path-id-as-commentary-id',
    variants: ['A'],
    family: 'commentary',
    kind: 'spec-reader',
    quote: '`{id}` is the post id, not the commentary id',
    description: 'The revert path id is looked up as a commentary id, so reverting by post id finds no commentary.',
    async onRequest(req, ctx) {
      const m = REV.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const vs = await upGet(ctx, req, '/artist_commentary_versions.json', { 'search[post_id]': m[1] });
      const cid = Array.isArray(vs) && vs[0] ? vs[0].artist_commentary_id : undefined;
      if (cid === undefined || String(cid) === m[1]) return req;
      return envelope(404, false, `not found: no artist commentary with id ${m[1]}`);
    },
  },
  {
    id: 'commentary-original-present-ignored',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: '`search[original_present]` (yes or no)',
    description: 'search[original_present] is ignored when search[post_tags_match] is given.',
    ...dropParam('GET', LIST, 'search[original_present]', (p) => p.has('search[post_tags_match]')),
  },
  {
    id: 'commentary-translated-present-inverted',
    variants: ['A'],
    family: 'commentary',
    kind: 'spec-reader',
    quote: '`search[translated_present]` (yes or no)',
    description: 'search[translated_present]=yes selects commentaries without a translation, and no those with one.',
    ...rewriteParams('GET', LIST, (p) => ['yes', 'no'].includes(p.get('search[translated_present]') ?? ''), (p) => p.set('search[translated_present]', p.get('search[translated_present]') === 'yes' ? 'no' : 'yes')),
  },
  {
    id: 'commentary-text-matches-original-only',
    variants: ['A'],
    family: 'commentary',
    kind: 'spec-reader',
    quote: '| List | GET /artist_commentaries.json | `search[text_matches]`;',
    description: 'search[text_matches] only searches the original title and description, never the translation.',
    onResponse(req, res) {
      const t = req.query.get('search[text_matches]');
      if (!is(req, 'GET', LIST) || !t) return res;
      const term = t.replace(/\*/g, '').toLowerCase();
      return mapList(res, (l) => l.filter((c) => `${c.original_title} ${c.original_description}`.toLowerCase().includes(term)));
    },
  },
  {
    id: 'commentary-revert-keeps-translation',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /artist_commentaries/{id}/revert.json | `version_id` REQUIRED;',
    description: 'Revert restores the original title and description but keeps the current translated title.',
    async onRequest(req, ctx) {
      const m = REV.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const vs = await upGet(ctx, req, '/artist_commentary_versions.json', { 'search[post_id]': m[1] });
      if (Array.isArray(vs) && vs.length) {
        const latest = vs.reduce((a: any, b: any) => (a.id > b.id ? a : b));
        ctx.state.set('tt:' + m[1], latest.translated_title);
      }
      return req;
    },
    async onResponse(req, res, ctx) {
      const m = REV.exec(req.path);
      if (req.method !== 'PUT' || !m || res.status !== 200) return res;
      const tt = ctx.state.get('tt:' + m[1]) as string | undefined;
      if (tt !== undefined) await upSend(ctx, req, 'POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': m[1], 'artist_commentary[translated_title]': tt });
      return res;
    },
  },
  {
    id: 'commentary-post-tags-match-first-tag-only',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: '`search[text_matches]`; `search[post_tags_match]` (meta-tags unsupported)',
    description: 'search[post_tags_match] on commentaries only applies the first of several tags.',
    ...rewriteParams('GET', LIST, (p) => (p.get('search[post_tags_match]') ?? '').trim().includes(' '), (p) => p.set('search[post_tags_match]', (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/)[0])),
  },
];

const cu = async (base: string, post: number, f: Record<string, string>) =>
  must(await who(base).send('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': post, ...Object.fromEntries(Object.entries(f).map(([k, v]) => [`artist_commentary[${k}]`, v])) }), 'commentary');
const posts = (r: any): number[] => (Array.isArray(r.json) ? r.json.map((c: any) => c.post_id) : []);

export const checks: Record<string, Scenario> = {
  async 'commentary-revert-path-id-as-commentary-id'(base) {
    const c = who(base);
    const s = rand();
    let p = 0;
    let tag = '';
    let vs: any[] = [];
    for (let i = 0; i < 3; i++) {
      tag = `crp${i}_${s}`;
      p = await c.post(tag);
      await cu(base, p, { original_title: 'first' });
      vs = (await c.get('/artist_commentary_versions.json', { 'search[post_id]': p })).json as any[];
      if (vs[0].artist_commentary_id !== p) break;
    }
    await cu(base, p, { original_title: 'second' });
    const r = await c.send('PUT', `/artist_commentaries/${p}/revert.json`, { version_id: vs[0].id });
    const after = (await c.get('/artist_commentaries.json', { 'search[post_tags_match]': tag })).json as any[];
    return !(r.status === 200 && after.some((x) => x.post_id === p && x.original_title === 'first'));
  },
  async 'commentary-original-present-ignored'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post('cop_' + s), b = await c.post('cop_' + s);
    await cu(base, a, { original_title: 'orig' });
    await cu(base, b, { translated_title: 'trans' });
    const l = posts(await c.get('/artist_commentaries.json', { 'search[post_tags_match]': 'cop_' + s, 'search[original_present]': 'yes' }));
    return !(l.length === 1 && l[0] === a);
  },
  async 'commentary-translated-present-inverted'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post('ctp_' + s), b = await c.post('ctp_' + s);
    await cu(base, a, { original_title: 'orig' });
    await cu(base, b, { original_title: 'orig', translated_title: 'trans' });
    const l = posts(await c.get('/artist_commentaries.json', { 'search[post_tags_match]': 'ctp_' + s, 'search[translated_present]': 'yes' }));
    return !(l.length === 1 && l[0] === b);
  },
  async 'commentary-text-matches-original-only'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post('ctm_' + s);
    await cu(base, a, { original_title: 'orig', translated_description: `translated words tw${s}` });
    return !posts(await c.get('/artist_commentaries.json', { 'search[text_matches]': `tw${s}` })).includes(a);
  },
  async 'commentary-revert-keeps-translation'(base) {
    const c = who(base);
    const s = rand();
    const p = await c.post('crk_' + s);
    await cu(base, p, { original_title: 'o1', translated_title: 't1' });
    await cu(base, p, { original_title: 'o2', translated_title: 't2' });
    const vs = (await c.get('/artist_commentary_versions.json', { 'search[post_id]': p })).json as any[];
    must(await c.send('PUT', `/artist_commentaries/${p}/revert.json`, { version_id: Math.min(...vs.map((v) => v.id)) }), 'revert');
    const r = ((await c.get('/artist_commentaries.json', { 'search[post_tags_match]': 'crk_' + s })).json as any[])[0];
    return !(r.original_title === 'o1' && r.translated_title === 't1');
  },
  async 'commentary-post-tags-match-first-tag-only'(base) {
    const c = who(base);
    const s = rand();
    const a = await c.post(`cpa_${s}`), b = await c.post(`cpa_${s} cpb_${s}`);
    await cu(base, a, { original_title: 'x' });
    await cu(base, b, { original_title: 'y' });
    const l = posts(await c.get('/artist_commentaries.json', { 'search[post_tags_match]': `cpa_${s} cpb_${s}` }));
    return !(l.length === 1 && l[0] === b);
  },
};
