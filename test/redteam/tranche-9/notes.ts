// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, rewriteParams, mapList, upGet, upSend, must } from './h.ts';

const LIST = /^\/notes\.json$/;
const ONE = /^\/notes\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'notes-update-resets-missing-position',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
    description: 'An update that omits note[x] and note[y] resets them to 0.',
    ...rewriteParams('PUT', ONE, (p) => p.has('note[body]') && !p.has('note[x]') && !p.has('note[y]'), (p) => { p.set('note[x]', '0'); p.set('note[y]', '0'); }),
  },
  {
    id: 'notes-y-measured-from-bottom',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '`note[y]` REQUIRED (same origin)',
    description: 'note[y] is taken as pixels from the bottom edge of the image and converted, so the stored y differs from the one sent.',
    async onRequest(req, ctx) {
      if (!is(req, 'POST', LIST)) return req;
      const p = params(req);
      const pid = p.get('note[post_id]');
      const y = Number(p.get('note[y]'));
      const h = Number(p.get('note[height]'));
      if (!pid || !Number.isFinite(y) || !Number.isFinite(h)) return req;
      const post = await upGet(ctx, req, `/posts/${pid}.json`);
      const H = Number(post?.image_height);
      if (!Number.isFinite(H)) return req;
      const ny = Math.max(0, H - y - h);
      if (ny === y) return req;
      return withParams(req, (q) => q.set('note[y]', String(ny)));
    },
  },
  {
    id: 'notes-x-measured-from-right',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '`note[x]` REQUIRED (pixels from the top-left corner of the image)',
    description: 'note[x] is taken as pixels from the right edge of the image and converted, so the stored x differs from the one sent.',
    async onRequest(req, ctx) {
      if (!is(req, 'POST', LIST)) return req;
      const p = params(req);
      const pid = p.get('note[post_id]');
      const x = Number(p.get('note[x]'));
      const w = Number(p.get('note[width]'));
      if (!pid || !Number.isFinite(x) || !Number.isFinite(w)) return req;
      const post = await upGet(ctx, req, `/posts/${pid}.json`);
      const W = Number(post?.image_width);
      if (!Number.isFinite(W)) return req;
      const nx = Math.max(0, W - x - w);
      if (nx === x) return req;
      return withParams(req, (q) => q.set('note[x]', String(nx)));
    },
  },
  {
    id: 'notes-create-width-height-swapped',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`note[width]` REQUIRED (pixels); `note[height]` REQUIRED (pixels)',
    description: 'On create, width and height are stored swapped.',
    ...rewriteParams('POST', LIST, (p) => p.has('note[width]') && p.has('note[height]') && p.get('note[width]') !== p.get('note[height]'), (p) => { const w = p.get('note[width]')!; p.set('note[width]', p.get('note[height]')!); p.set('note[height]', w); }),
  },
  {
    id: 'notes-creator-name-prefix-match',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]`',
    description: 'search[creator_name] on notes matches every name starting with the value.',
    async onResponse(req, res, ctx) {
      const name = req.query.get('search[creator_name]');
      if (!is(req, 'GET', LIST) || !name || !req.query.has('search[post_id]') || res.status !== 200) return res;
      const wider = await upGet(ctx, req, '/notes.json', { 'search[post_id]': req.query.get('search[post_id]')! });
      if (!Array.isArray(wider)) return res;
      return mapList(res, () => wider.filter((n: any) => String(n.creator_name).startsWith(name)));
    },
  },
  {
    id: 'notes-group-by-note-drops-post-id',
    variants: ['A'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note, search[post_id] is ignored and notes of every post are listed.',
    ...dropParam('GET', LIST, 'search[post_id]', (p) => p.get('group_by') === 'note'),
  },
  {
    id: 'notes-post-tags-match-first-tag-only',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported)',
    description: 'search[post_tags_match] on notes only applies the first of several tags.',
    ...rewriteParams('GET', LIST, (p) => (p.get('search[post_tags_match]') ?? '').trim().includes(' '), (p) => p.set('search[post_tags_match]', (p.get('search[post_tags_match]') ?? '').trim().split(/\s+/)[0])),
  },
  {
    id: 'notes-revert-keeps-position',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`version_id` REQUIRED (note version id)',
    description: 'Revert restores the body of the version but keeps the current x and y.',
    async onRequest(req, ctx) {
      const m = /^\/notes\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const cur = await upGet(ctx, req, `/notes/${m[1]}.json`);
      if (cur && typeof cur.x === 'number') ctx.state.set('pos:' + m[1], { x: cur.x, y: cur.y });
      return req;
    },
    async onResponse(req, res, ctx) {
      const m = /^\/notes\/(\d+)\/revert\.json$/.exec(req.path);
      if (req.method !== 'PUT' || !m || res.status !== 200) return res;
      const pos = ctx.state.get('pos:' + m[1]) as any;
      if (pos) await upSend(ctx, req, 'PUT', `/notes/${m[1]}.json`, { 'note[x]': String(pos.x), 'note[y]': String(pos.y) });
      return res;
    },
  },
  {
    id: 'notes-body-matches-ignored-with-post-id',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`;',
    description: 'When search[post_id] is given, search[body_matches] is not applied.',
    ...dropParam('GET', LIST, 'search[body_matches]', (p) => p.has('search[post_id]') && p.get('group_by') !== 'note'),
  },
];

const note = (base: string, post: number, extra: Record<string, string | number> = {}, as = 'member') =>
  who(base, as).send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': 10, 'note[y]': 20, 'note[width]': 30, 'note[height]': 40, 'note[body]': 'note', ...extra }).then((r) => must(r, 'note').id as number);

export const checks: Record<string, Scenario> = {
  async 'notes-update-resets-missing-position'(base) {
    const c = who(base);
    const p = await c.post('nu_' + rand());
    const n = await note(base, p, { 'note[x]': 7, 'note[y]': 9 });
    must(await c.send('PUT', `/notes/${n}.json`, { 'note[body]': 'changed' }), 'update');
    const r = (await c.get(`/notes/${n}.json`)).json;
    return !(r.x === 7 && r.y === 9 && r.body === 'changed');
  },
  async 'notes-y-measured-from-bottom'(base) {
    const c = who(base);
    const p = await c.post('ny_' + rand());
    const n = await note(base, p, { 'note[x]': 0, 'note[y]': 0, 'note[width]': 1, 'note[height]': 1 });
    return (await c.get(`/notes/${n}.json`)).json?.y !== 0;
  },
  async 'notes-x-measured-from-right'(base) {
    const c = who(base);
    const p = await c.post('nx_' + rand());
    const n = await note(base, p, { 'note[x]': 0, 'note[y]': 0, 'note[width]': 1, 'note[height]': 1 });
    return (await c.get(`/notes/${n}.json`)).json?.x !== 0;
  },
  async 'notes-create-width-height-swapped'(base) {
    const c = who(base);
    const p = await c.post('nw_' + rand());
    const n = await note(base, p, { 'note[width]': 5, 'note[height]': 9 });
    const r = (await c.get(`/notes/${n}.json`)).json;
    return !(r.width === 5 && r.height === 9);
  },
  async 'notes-creator-name-prefix-match'(base) {
    const s = rand();
    const p = await who(base).post('nc_' + s);
    await note(base, p, { 'note[body]': 'mine' });
    await note(base, p, { 'note[body]': 'theirs' }, 'member2');
    const l = (await who(base).get('/notes.json', { 'search[post_id]': p, 'search[creator_name]': who(base).account!.name })).json as any[];
    return !(l.length === 1 && l[0].body === 'mine');
  },
  async 'notes-group-by-note-drops-post-id'(base) {
    const s = rand();
    const p1 = await who(base).post('ng1_' + s);
    const p2 = await who(base).post('ng2_' + s);
    await note(base, p1);
    await note(base, p2);
    const l = (await who(base).get('/notes.json', { group_by: 'note', 'search[post_id]': p1 })).json as any[];
    return !(l.length === 1 && l[0].post_id === p1);
  },
  async 'notes-post-tags-match-first-tag-only'(base) {
    const s = rand();
    const p1 = await who(base).post(`nta_${s}`);
    const p2 = await who(base).post(`nta_${s} ntb_${s}`);
    await note(base, p1);
    await note(base, p2);
    const l = (await who(base).get('/notes.json', { 'search[post_tags_match]': `nta_${s} ntb_${s}` })).json as any[];
    return !(l.length === 1 && l[0].post_id === p2);
  },
  async 'notes-revert-keeps-position'(base) {
    const c = who(base);
    const p = await c.post('nr_' + rand());
    const n = await note(base, p, { 'note[x]': 1, 'note[y]': 2, 'note[body]': 'first' });
    must(await c.send('PUT', `/notes/${n}.json`, { 'note[x]': 11, 'note[y]': 12, 'note[body]': 'second' }), 'update');
    const vs = (await c.get('/note_versions.json', { 'search[note_id]': n })).json as any[];
    must(await c.send('PUT', `/notes/${n}/revert.json`, { version_id: Math.min(...vs.map((v) => v.id)) }), 'revert');
    const r = (await c.get(`/notes/${n}.json`)).json;
    return !(r.x === 1 && r.y === 2 && r.body === 'first');
  },
  async 'notes-body-matches-ignored-with-post-id'(base) {
    const s = rand();
    const p = await who(base).post('nb_' + s);
    await note(base, p, { 'note[body]': 'apple ' + s });
    await note(base, p, { 'note[body]': 'pear ' + s });
    const l = (await who(base).get('/notes.json', { 'search[post_id]': p, 'search[body_matches]': 'apple' })).json as any[];
    return !(l.length === 1 && l[0].body === 'apple ' + s);
  },
};
