// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, envelope, cl, u, who, ids, must, ok, userId } from './h.ts';
const F = 'notes';
const NL = /^\/notes\.(json|xml)$/;
const NS = /^\/notes\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  dropParam({
    id: 'notes-update-x-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`note[x]` REQUIRED (pixels from the top-left corner of the image)',
    description: 'An update with note[x]=0 is ignored (falsy check), so a note cannot be moved to the left edge.',
  }, 'PUT', NS, 'note[x]', [], (v) => Number(v) === 0),
  dropParam({
    id: 'notes-group-by-note-ignores-post-id', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note the post filter is lost and notes of every post are listed.',
  }, 'GET', NL, 'search[post_id]', ['group_by']),
  {
    id: 'notes-creator-id-matches-updater', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'search[creator_id] also matches notes last updated by that user.',
    ...refilter({} as any, NL, 'search[creator_id]', (it, v) => String(it.creator_id) === v || String(it.updater_id) === v),
  } as Fault,
  {
    id: 'notes-revert-version-number', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`version_id` REQUIRED (note version id)',
    description: 'version_id is read as the note\'s version number (1, 2, ...) rather than the version record id.',
    async onRequest(req, ctx) {
      const m = /^\/notes\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (!m || req.method !== 'PUT') return req;
      const n = Number(form(req).get('version_id'));
      const vs = await lookup(ctx, req, '/note_versions.json', { 'search[note_id]': m[1] });
      if (!Array.isArray(vs)) return req;
      const hit = vs.find((x: any) => x.version === n);
      if (!hit) return envelope(req, 424, false, `version_id: no version ${n} of this record`);
      return withForm(req, (f) => f.set('version_id', String(hit.id)));
    },
  },
  {
    id: 'notes-update-body-xml-escaped-twice', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
    description: 'note[body] on update is HTML-escaped before storing, so < & > come back as entities.',
    onRequest(req) {
      if (!is(req, 'PUT', NS)) return req;
      const b = form(req).get('note[body]');
      if (!b || !/[<&>]/.test(b)) return req;
      return withForm(req, (f) => f.set('note[body]', b.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')));
    },
  },
  {
    id: 'notes-update-width-as-right-edge', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`note[width]` REQUIRED (pixels)',
    description: 'On update, note[width] is read as the x coordinate of the right edge, so the stored width is width - x.',
    onRequest(req) {
      if (!is(req, 'PUT', NS)) return req;
      const p = form(req);
      const x = Number(p.get('note[x]')); const w = Number(p.get('note[width]'));
      if (!p.has('note[x]') || !p.has('note[width]') || !(x > 0) || !(w - x >= 1)) return req;
      return withForm(req, (f) => f.set('note[width]', String(w - x)));
    },
  },
];

export async function mkNote(c: any, post: number, body: string, x = 1): Promise<number> {
  return (await ok(c.send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': x, 'note[y]': 2, 'note[width]': 3, 'note[height]': 4, 'note[body]': body }), 'note')).id;
}

export const checks: Record<string, Scenario> = {
  'notes-update-x-zero-ignored': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mkNote(m, p, 'n', 7);
    await ok(m.send('PUT', `/notes/${id}.json`, { 'note[x]': 0 }));
    return (await m.get(`/notes/${id}.json`)).json.x !== 0;
  },
  'notes-group-by-note-ignores-post-id': async (base) => {
    const m = cl(base); const t = u(); const p1 = await m.post(t); const p2 = await m.post(t);
    await mkNote(m, p1, 'one'); await mkNote(m, p2, 'two');
    const r = await m.get('/notes.json', { group_by: 'note', 'search[post_id]': p1 });
    return r.json.some((x: any) => x.post_id !== p1);
  },
  'notes-creator-id-matches-updater': async (base) => {
    const m = cl(base); const g = cl(base, who.gold()); const p = await m.post(u()); const id = await mkNote(m, p, 'n');
    await ok(g.send('PUT', `/notes/${id}.json`, { 'note[y]': 9 }));
    const gid = await userId(base, 'conform_gold');
    return ids(await m.get('/notes.json', { 'search[creator_id]': gid, 'search[post_id]': p })).includes(id);
  },
  'notes-revert-version-number': async (base) => {
    const m = cl(base); const p = await m.post(u());
    await mkNote(m, p, 'pad1'); await mkNote(m, p, 'pad2');
    const id = await mkNote(m, p, 'first');
    await ok(m.send('PUT', `/notes/${id}.json`, { 'note[body]': 'second' }));
    const vs = await m.get('/note_versions.json', { 'search[note_id]': id });
    const v1 = vs.json.find((x: any) => x.version === 1);
    must(v1 && v1.id > 2, 'version id differs from number');
    const r = await m.send('PUT', `/notes/${id}/revert.json`, { version_id: v1.id });
    return r.status !== 200 || (await m.get(`/notes/${id}.json`)).json.body !== 'first';
  },
  'notes-update-body-xml-escaped-twice': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mkNote(m, p, 'n');
    await ok(m.send('PUT', `/notes/${id}.json`, { 'note[body]': 'a <b>bold</b> & c' }));
    return (await m.get(`/notes/${id}.json`)).json.body !== 'a <b>bold</b> & c';
  },
  'notes-update-width-as-right-edge': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mkNote(m, p, 'n');
    await ok(m.send('PUT', `/notes/${id}.json`, { 'note[x]': 4, 'note[width]': 10 }));
    return (await m.get(`/notes/${id}.json`)).json.width !== 10;
  },
};
