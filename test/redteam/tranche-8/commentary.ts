// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, envelope, dropQuery, filterInstead, upGet, ids, ok, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/artist_commentaries$/;
const CU = '/artist_commentaries/create_or_update.json';
const Q_LIST = '| List | GET /artist_commentaries.json | `search[text_matches]`; `search[post_tags_match]` (meta-tags unsupported); `search[original_present]` (yes or no); `search[translated_present]` (yes or no) |';

add(
  {
    id: 'commentary-original-present-no-ignored',
    variants: ['A'],
    family: 'artist-commentary',
    quote: Q_LIST,
    description: 'original_present is read as a switch that only narrows on "yes": search[original_present]=no applies no filter, so commentaries with an original are listed.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[original_present]', (q) => q.get('search[original_present]') === 'no'),
  },
  async (base) => {
    const c = cl(base), t = 'co' + rand();
    const p1 = await c.post(t), p2 = await c.post(t);
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p1, 'artist_commentary[original_title]': 'orig' });
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p2, 'artist_commentary[translated_title]': 'trans' });
    const r = await c.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[original_present]': 'no' });
    const posts = (r.json ?? []).map((x: any) => x.post_id);
    must(posts.includes(p2), 'translated only listed');
    return posts.includes(p1);
  },
);

add(
  {
    id: 'commentary-translated-present-yes-inverted',
    variants: ['A'],
    family: 'artist-commentary',
    quote: Q_LIST,
    description: 'search[translated_present]=yes selects commentaries without a translation (the condition is inverted).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || req.query.get('search[translated_present]') !== 'yes') return req;
      const q = new URLSearchParams(req.query);
      q.set('search[translated_present]', 'no');
      return { ...req, query: q };
    },
  },
  async (base) => {
    const c = cl(base), t = 'ct' + rand();
    const p1 = await c.post(t);
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p1, 'artist_commentary[translated_title]': 'tt', 'artist_commentary[translated_description]': 'td' });
    const r = await c.get('/artist_commentaries.json', { 'search[post_tags_match]': t, 'search[translated_present]': 'yes' });
    return !(r.json ?? []).some((x: any) => x.post_id === p1);
  },
);

add(
  {
    id: 'commentary-revert-id-as-commentary-id',
    variants: ['A'],
    family: 'artist-commentary',
    quote: '`{id}` is the post id, not the commentary id',
    description: 'The revert path {id} is taken as the commentary id, so reverting by post id fails (or hits another commentary).',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      const m = /^\/artist_commentaries\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const vs = await upGet(ctx, req, '/artist_commentary_versions.json', { limit: 1000 });
      const hit = (vs ?? []).find((x: any) => String(x.artist_commentary_id) === m[1]);
      if (!hit) return envelope(req, 404, false, `not found: no artist commentary with id ${m[1]}`);
      return { ...req, path: req.path.replace(`/artist_commentaries/${m[1]}/`, `/artist_commentaries/${hit.post_id}/`) };
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    // make the commentary id differ from the post id
    let tag = 'cr' + t;
    await c.post('pad' + t);
    let p = await c.post(tag);
    for (let i = 0; i < 3; i++) {
      const r0 = await c.send('POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'v1 ' + t });
      if (r0.json.id !== p) break;
      tag = 'cr' + t + i;
      await c.post('pad' + t);
      p = await c.post(tag);
    }
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'v1 ' + t });
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'v2 ' + t });
    const vs = await c.get('/artist_commentary_versions.json', { 'search[post_id]': p });
    const v1 = vs.json.find((x: any) => x.original_title === 'v1 ' + t);
    const r = await c.send('PUT', `/artist_commentaries/${p}/revert.json`, { version_id: v1.id });
    const l = await c.get('/artist_commentaries.json', { 'search[post_tags_match]': tag });
    const mine = (l.json ?? []).find((x: any) => x.post_id === p);
    return r.status !== 200 || mine?.original_title !== 'v1 ' + t;
  },
);

add(
  {
    id: 'commentary-second-save-already-exists',
    variants: ['A'],
    family: 'artist-commentary',
    quote: '| Create or update | POST /artist_commentaries/create_or_update.json | `artist_commentary[post_id]` REQUIRED; `artist_commentary[original_title]`; `artist_commentary[original_description]`; `artist_commentary[translated_title]`; `artist_commentary[translated_description]` |',
    description: 'create_or_update only creates: a second call for a post that already has a commentary fails with 423 Already Exists.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (!is(req, 'POST', /^\/artist_commentaries\/create_or_update$/)) return req;
      const f = new URLSearchParams(req.body.toString('utf8'));
      const post = f.get('artist_commentary[post_id]');
      if (!post) return req;
      const vs = await upGet(ctx, req, '/artist_commentary_versions.json', { 'search[post_id]': post });
      if (Array.isArray(vs) && vs.length > 0) return envelope(req, 423, false, 'resource already exists: artist commentary for this post');
      return req;
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('cs' + rand());
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'a' });
    const r = await c.send('POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[original_title]': 'b' });
    return r.status !== 200;
  },
);

add(
  {
    id: 'commentary-text-matches-original-only',
    variants: ['A'],
    family: 'artist-commentary',
    quote: Q_LIST,
    description: 'search[text_matches] only looks at the original title and description, not at the translated ones.',
    kind: 'spec-reader',
    onRequest: filterInstead(LIST, 'search[text_matches]', (it, v) => {
      const w = v.replace(/\*/g, '').toLowerCase();
      return `${it.original_title} ${it.original_description}`.toLowerCase().includes(w);
    }),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const p = await c.post('cx' + t);
    await ok(c, 'POST', CU, { 'artist_commentary[post_id]': p, 'artist_commentary[translated_title]': 'word' + t });
    const r = await c.get('/artist_commentaries.json', { 'search[text_matches]': 'word' + t });
    return !(r.json ?? []).some((x: any) => x.post_id === p);
  },
);
void ids;
