// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on notes.
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, json, mkReq, must, params, route, uid, withCallerAuth, type Entry } from './h.ts';

const note = (post: number, extra: Record<string, string | number> = {}) => ({
  'note[post_id]': post, 'note[x]': 10, 'note[y]': 20, 'note[width]': 30, 'note[height]': 40, 'note[body]': 'note body', ...extra,
});

export const entries: Entry[] = [
  {
    fault: {
      id: 'notes-create-x-y-swapped',
      family: 'notes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '`note[x]` REQUIRED (pixels from the top-left corner of the image); `note[y]` REQUIRED (same origin)',
      description: 'On note creation `note[x]` and `note[y]` are stored swapped.',
      onRequest(req) {
        if (!route(req, 'POST', /^\/notes\.(json|xml)$/)) return req;
        const p = params(req);
        const x = p.get('note[x]'), y = p.get('note[y]');
        if (x === null || y === null) return req;
        return editParams(req, (q) => {
          q.set('note[x]', y);
          q.set('note[y]', x);
        });
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('nx'));
      const cr = await must(c.send('POST', '/notes.json', note(id)));
      const r = await must(c.get(`/notes/${cr.id}.json`));
      return r.x !== 10 || r.y !== 20;
    },
  },
  {
    fault: {
      id: 'notes-partial-update-resets-position',
      family: 'notes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
      description: 'A note update that sends only `note[body]` also moves the note to x=0, y=0.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/notes\/\d+\.(json|xml)$/)) return req;
        const p = params(req);
        if (!p.has('note[body]') || p.has('note[x]') || p.has('note[y]')) return req;
        return editParams(req, (q) => {
          q.set('note[x]', '0');
          q.set('note[y]', '0');
        });
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('nu'));
      const cr = await must(c.send('POST', '/notes.json', note(id)));
      await must(c.send('PUT', `/notes/${cr.id}.json`, { 'note[body]': 'new body' }));
      const r = await must(c.get(`/notes/${cr.id}.json`));
      return r.x !== 10 || r.y !== 20;
    },
  },
  {
    fault: {
      id: 'notes-group-by-note-post-id-ignored',
      family: 'notes',
      variants: ['A'],
      kind: 'spec-reader',
      quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
      description: 'With `group_by=note` the `search[post_id]` filter is dropped, so notes of other posts are listed too.',
      onRequest: dropParam('GET', /^\/notes\.(json|xml)$/, 'search[post_id]', (p) => p.get('group_by') === 'note'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const a = await c.post(uid('ga'));
      const b = await c.post(uid('gb'));
      await must(c.send('POST', '/notes.json', note(a)));
      await must(c.send('POST', '/notes.json', note(b)));
      const r = await must(c.get('/notes.json', { group_by: 'note', 'search[post_id]': a }));
      return r.some((n: any) => n.post_id !== a);
    },
  },
  {
    fault: {
      id: 'notes-revert-to-previous-version',
      family: 'notes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Revert | PUT /notes/{id}/revert.json | `version_id` REQUIRED (note version id) |',
      description: 'Note revert ignores `version_id` and restores the version just before the current one.',
      async onRequest(req, ctx) {
        const m = route(req, 'PUT', /^\/notes\/(\d+)\/revert\.(json|xml)$/);
        if (!m) return req;
        const vr = await ctx.upstream(withCallerAuth(req, mkReq('GET', '/note_versions.json', { 'search[note_id]': m[1], limit: 100 })));
        const list = (json(vr) ?? []).slice().sort((a: any, b: any) => b.version - a.version);
        if (list.length < 2) return req;
        return editParams(req, (q) => q.set('version_id', String(list[1].id)));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('nr'));
      const cr = await must(c.send('POST', '/notes.json', note(id, { 'note[body]': 'v1' })));
      await must(c.send('PUT', `/notes/${cr.id}.json`, { 'note[body]': 'v2' }));
      await must(c.send('PUT', `/notes/${cr.id}.json`, { 'note[body]': 'v3' }));
      const vs = await must(c.get('/note_versions.json', { 'search[note_id]': cr.id }));
      const v1 = vs.find((v: any) => v.version === 1);
      await must(c.send('PUT', `/notes/${cr.id}/revert.json`, { version_id: v1.id }));
      const r = await must(c.get(`/notes/${cr.id}.json`));
      return r.body !== 'v1';
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
