// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, form, withForm, dropQuery, filterInstead, upGet, upSend, ids, mk, ok, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/notes$/;
const note = (c: ReturnType<typeof cl>, post: number, extra: Record<string, string | number> = {}) =>
  mk(c, '/notes.json', { 'note[post_id]': post, 'note[x]': 10, 'note[y]': 20, 'note[width]': 30, 'note[height]': 40, 'note[body]': 'nb ' + rand(), ...extra });

add(
  {
    id: 'notes-post-id-dropped-with-creator-name',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[post_id] is ignored when search[creator_name] is also given, so the creator\'s notes on other posts are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[post_id]', (q) => q.has('search[creator_name]')),
  },
  async (base) => {
    const c = cl(base), t = 'np' + rand();
    const p1 = await c.post(t), p2 = await c.post(t);
    const n1 = await note(c, p1);
    const n2 = await note(c, p2);
    const r = await c.get('/notes.json', { 'search[post_id]': p1, 'search[creator_name]': 'conform_member' });
    must(ids(r).includes(n1), 'own note');
    return ids(r).includes(n2);
  },
);

add(
  {
    id: 'notes-creator-name-matches-updater',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`search[creator_name]` (exact match)',
    description: 'search[creator_name] on notes is compared with the name of the last updater, not the creator.',
    kind: 'implementation-bug',
    onRequest: filterInstead(LIST, 'search[creator_name]', (it, v) => it.updater_name === v),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const p = await c.post('nu' + rand());
    const n = await note(c, p);
    await ok(g, 'PUT', `/notes/${n}.json`, { 'note[body]': 'edited' });
    const r = await c.get('/notes.json', { 'search[post_id]': p, 'search[creator_name]': 'conform_member' });
    return !ids(r).includes(n);
  },
);

add(
  {
    id: 'notes-partial-update-resets-position',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
    description: 'PUT is read as full replacement: an update that leaves out note[x] and note[y] resets the position to 0,0 instead of keeping it.',
    kind: 'spec-reader',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/notes\/\d+$/.test(bare(req))) return req;
      const f = form(req);
      if (f.has('note[x]') || f.has('note[y]')) return req;
      f.set('note[x]', '0');
      f.set('note[y]', '0');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('nr' + rand());
    const n = await note(c, p);
    await ok(c, 'PUT', `/notes/${n}.json`, { 'note[body]': 'only body' });
    const s = await c.get(`/notes/${n}.json`);
    return s.json.x !== 10 || s.json.y !== 20;
  },
);

add(
  {
    id: 'notes-width-height-swapped-on-update',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`note[width]` REQUIRED (pixels); `note[height]` REQUIRED (pixels)',
    description: 'On update, note[width] and note[height] are stored in each other\'s place.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/notes\/\d+$/.test(bare(req))) return req;
      const f = form(req);
      if (!f.has('note[width]') || !f.has('note[height]')) return req;
      const w = f.get('note[width]')!;
      f.set('note[width]', f.get('note[height]')!);
      f.set('note[height]', w);
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('nw' + rand());
    const n = await note(c, p);
    await ok(c, 'PUT', `/notes/${n}.json`, { 'note[width]': 55, 'note[height]': 66 });
    const s = await c.get(`/notes/${n}.json`);
    return s.json.width !== 55;
  },
);

add(
  {
    id: 'notes-revert-keeps-geometry',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '| Revert | PUT /notes/{id}/revert.json | `version_id` REQUIRED (note version id) |',
    description: 'Reverting a note restores its body but keeps the current position and size.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/notes\/(\d+)\/revert$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/notes/${m[1]}.json`);
      const r = await ctx.upstream(req);
      if (r.status === 200 && cur)
        await upSend(ctx, req, 'PUT', `/notes/${m[1]}.json`, { 'note[x]': cur.x, 'note[y]': cur.y, 'note[width]': cur.width, 'note[height]': cur.height });
      return r;
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const p = await c.post('nv' + t);
    const n = await note(c, p, { 'note[body]': 'first ' + t });
    await ok(c, 'PUT', `/notes/${n}.json`, { 'note[x]': 111, 'note[y]': 222, 'note[body]': 'second ' + t });
    const vs = await c.get('/note_versions.json', { 'search[note_id]': n });
    const v1 = vs.json.find((x: any) => x.version === 1);
    await ok(c, 'PUT', `/notes/${n}/revert.json`, { version_id: v1.id });
    const s = await c.get(`/notes/${n}.json`);
    must(s.json.body === 'first ' + t, 'body reverted');
    return s.json.x !== 10 || s.json.y !== 20;
  },
);

add(
  {
    id: 'notes-group-by-note-ignores-post-id',
    variants: ['A'],
    family: 'notes',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note, search[post_id] is ignored and notes of every post are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[post_id]', (q) => q.get('group_by') === 'note'),
  },
  async (base) => {
    const c = cl(base), t = 'ng' + rand();
    const p1 = await c.post(t), p2 = await c.post(t);
    const n1 = await note(c, p1);
    const n2 = await note(c, p2);
    const r = await c.get('/notes.json', { group_by: 'note', 'search[post_id]': p1 });
    must(ids(r).includes(n1), 'own note');
    return ids(r).includes(n2);
  },
);

add(
  {
    id: 'notes-create-height-optional',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`note[height]` REQUIRED (pixels)',
    description: 'A note created without note[height] is accepted with a default height instead of being refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'POST', LIST)) return req;
      const f = form(req);
      if (f.has('note[height]')) return req;
      f.set('note[height]', '1');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('nh' + rand());
    const r = await c.send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[body]': 'b' });
    return r.status === 200;
  },
);

add(
  {
    id: 'notes-y-measured-from-bottom',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`note[y]` REQUIRED (same origin)',
    description: 'note[y] is read as measured from the bottom edge (image coordinates with y up): on create y is stored as image_height - y - height.',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      if (!is(req, 'POST', LIST)) return req;
      const f = form(req);
      const post = f.get('note[post_id]'), y = f.get('note[y]'), h = f.get('note[height]');
      if (!post || y === null || h === null) return req;
      const p = await upGet(ctx, req, `/posts/${post}.json`);
      if (!p?.image_height) return req;
      f.set('note[y]', String(Math.max(0, p.image_height - Number(y) - Number(h))));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('ny' + rand());
    const n = await note(c, p, { 'note[x]': 0, 'note[y]': 0, 'note[width]': 1, 'note[height]': 1 });
    const s = await c.get(`/notes/${n}.json`);
    return s.json.y !== 0;
  },
);
