// @ts-nocheck: frozen red-team code (see all.ts)
// Notes.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, form, formFault, idOf, ids, is, listFault, ok, queryFault, uid, upGet, upSend, withForm, type Scenario } from './h.ts';

const GEOM = ['x', 'y', 'width', 'height'];

export const faults: Fault[] = [
  F({
    id: 'notes-partial-update-zeroes-geometry',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '| Update | PUT /notes/{id}.json | `note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning) |',
    description: 'Update is read as replacing the whole note: an update that sends only note[body] moves the note back to x=0, y=0 (unsent coordinates default to 0).',
    onRequest: formFault('PUT', /^\/notes\/\d+\.json$/, (f) => f.get('note[body]') !== null && GEOM.every((g) => f.get(`note[${g}]`) === null), (f) => { f.set('note[x]', '0'); f.set('note[y]', '0'); }),
  }),
  F({
    id: 'notes-update-x-y-swapped',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '`note[x]` REQUIRED (pixels from the top-left corner of the image); `note[y]` REQUIRED (same origin)',
    description: 'note[x] is read as the row (vertical offset) and note[y] as the column on update, swapping the two coordinates.',
    onRequest: formFault('PUT', /^\/notes\/\d+\.json$/, (f) => f.get('note[x]') !== null && f.get('note[y]') !== null && f.get('note[x]') !== f.get('note[y]'), (f) => { const x = f.get('note[x]')!; f.set('note[x]', f.get('note[y]')!); f.set('note[y]', x); }),
  }),
  F({
    id: 'notes-revert-restores-body-only',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '| Revert | PUT /notes/{id}/revert.json | `version_id` REQUIRED (note version id) |',
    description: 'Reverting a note restores its body but keeps the current position and size.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', /^\/notes\/\d+\/revert\.json$/)) return req;
      const id = /\/notes\/(\d+)/.exec(req.path)![1];
      const n = await upGet(ctx, req, `/notes/${id}.json`);
      if (n && typeof n.x === 'number') ctx.state.set('n' + id + ':' + form(req).get('version_id'), n);
      return req;
    },
    async onResponse(req, res, ctx) {
      if (!is(req, 'PUT', /^\/notes\/\d+\/revert\.json$/) || res.status !== 200) return res;
      const id = /\/notes\/(\d+)/.exec(req.path)![1];
      const n = ctx.state.get('n' + id + ':' + form(req).get('version_id')) as any;
      if (!n) return res;
      await upSend(ctx, req, 'PUT', `/notes/${id}.json`, { 'note[x]': n.x, 'note[y]': n.y, 'note[width]': n.width, 'note[height]': n.height });
      return res;
    },
  }),
  F({
    id: 'notes-creator-name-prefix-match',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[creator_name] on notes is a prefix match (LIKE name%), so conform_member also returns notes by conform_member2.',
    onResponse: listFault(/^\/notes\.json$/, (q) => !!q.get('search[creator_name]') && !!q.get('search[post_id]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/notes.json', { 'search[post_id]': req.query.get('search[post_id]')! });
      const n = req.query.get('search[creator_name]')!;
      return (Array.isArray(all) ? all : []).filter((x: any) => String(x.creator_name).startsWith(n));
    }),
  }),
  F({
    id: 'notes-a-group-by-note-drops-post-id',
    variants: ['A'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note the grouped listing ignores search[post_id] and lists notes of every post.',
    onRequest: queryFault(/^\/notes\.json$/, (q) => q.get('group_by') === 'note' && !!q.get('search[post_id]'), (q) => q.delete('search[post_id]')),
  }),
  F({
    id: 'notes-post-tags-match-dropped-with-creator',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'When search[creator_id] is also given, search[post_tags_match] is not applied.',
    onRequest: queryFault(/^\/notes\.json$/, (q) => !!q.get('search[post_tags_match]') && !!q.get('search[creator_id]'), (q) => q.delete('search[post_tags_match]')),
  }),
  F({
    id: 'notes-body-matches-non-ascii-mangled',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[body_matches] is decoded as Latin-1, so a search for text with non-ASCII letters never matches.',
    onRequest: queryFault(/^\/notes\.json$/, (q) => /[^\x00-\x7f]/.test(q.get('search[body_matches]') ?? ''), (q) => q.set('search[body_matches]', Buffer.from(q.get('search[body_matches]')!, 'utf8').toString('latin1'))),
  }),
];

async function note(base: string, who: string, post: number, body: string, g = [10, 20, 30, 40]): Promise<number> {
  return idOf(await cl(base, who).send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': g[0], 'note[y]': g[1], 'note[width]': g[2], 'note[height]': g[3], 'note[body]': body }), 'note create');
}
const show = async (base: string, id: number) => ok(await cl(base).get(`/notes/${id}.json`)).json;

export const checks: Record<string, Scenario> = {
  'notes-partial-update-zeroes-geometry': async (base) => {
    const p = await cl(base).post('np_' + R());
    const id = await note(base, 'member', p, 'one');
    ok(await cl(base, 'member2').send('PUT', `/notes/${id}.json`, { 'note[body]': 'two' }));
    const n = await show(base, id);
    return n.x !== 10 || n.y !== 20 || n.width !== 30 || n.height !== 40 || n.body !== 'two';
  },
  'notes-update-x-y-swapped': async (base) => {
    const p = await cl(base).post('nx_' + R());
    const id = await note(base, 'member', p, 'one');
    ok(await cl(base).send('PUT', `/notes/${id}.json`, { 'note[x]': 5, 'note[y]': 55 }));
    const n = await show(base, id);
    return n.x !== 5 || n.y !== 55;
  },
  'notes-revert-restores-body-only': async (base) => {
    const p = await cl(base).post('nr_' + R());
    const id = await note(base, 'member', p, 'orig');
    ok(await cl(base, 'member2').send('PUT', `/notes/${id}.json`, { 'note[x]': 70, 'note[y]': 80, 'note[width]': 90, 'note[height]': 100, 'note[body]': 'changed' }));
    const vs = ids(ok(await cl(base).get('/note_versions.json', { 'search[note_id]': id }))).sort((a, b) => a - b);
    ok(await cl(base).send('PUT', `/notes/${id}/revert.json`, { version_id: vs[0] }));
    const n = await show(base, id);
    return n.x !== 10 || n.y !== 20 || n.width !== 30 || n.height !== 40 || n.body !== 'orig';
  },
  'notes-creator-name-prefix-match': async (base) => {
    const p = await cl(base).post('nc_' + R());
    const a = await note(base, 'member', p, 'a');
    const b = await note(base, 'member2', p, 'b');
    const got = ids(ok(await cl(base).get('/notes.json', { 'search[post_id]': p, 'search[creator_name]': 'conform_member' })));
    return got.includes(b) || !got.includes(a);
  },
  'notes-a-group-by-note-drops-post-id': async (base) => {
    const t = 'ng_' + R();
    const p1 = await cl(base).post(t), p2 = await cl(base).post(t);
    const a = await note(base, 'member', p1, 'a');
    const b = await note(base, 'member', p2, 'b');
    const got = ids(ok(await cl(base).get('/notes.json', { group_by: 'note', 'search[post_id]': p1 })));
    return got.includes(b) || !got.includes(a);
  },
  'notes-post-tags-match-dropped-with-creator': async (base) => {
    const t1 = 'nt_' + R(), t2 = 'nu_' + R();
    const c = cl(base, 'builder');
    const p1 = await c.post(t1), p2 = await c.post(t2);
    const a = await note(base, 'builder', p1, 'a');
    const b = await note(base, 'builder', p2, 'b');
    const got = ids(ok(await c.get('/notes.json', { 'search[post_tags_match]': t1, 'search[creator_id]': await uid(base, 'builder') })));
    return got.includes(b) || !got.includes(a);
  },
  'notes-body-matches-non-ascii-mangled': async (base) => {
    const p = await cl(base).post('nn_' + R());
    const body = `Café Ωmega ${R()}`;
    const id = await note(base, 'member', p, body);
    return !ids(ok(await cl(base).get('/notes.json', { 'search[body_matches]': body }))).includes(id);
  },
};
