// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, relist, callerName, asUser, bodyJson, type Scenario, ids } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'notes-update-x-resets-y',
    family: 'notes',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /notes/{id}.json | `note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning) |',
    description: 'A note update that sends `note[x]` without `note[y]` resets y to 0.',
    onRequest(req) {
      if (is(req, 'PUT', /^\/notes\/\d+\.(json|xml)$/) && param(req, 'note[x]') !== null && param(req, 'note[y]') === null)
        return withParams(req, (p) => p.set('note[y]', '0'));
      return req;
    },
  },
  {
    id: 'notes-creator-name-substring',
    family: 'notes',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: 'The note list matches `search[creator_name]` as a substring (conform_member also selects conform_member2).',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/notes\.json$/)) return req;
      const n = req.query.get('search[creator_name]');
      if (!n) return req;
      return relist(req, ctx, (p) => { p.delete('search[creator_name]'); p.set('limit', '100'); }, (o) => typeof o.creator_name === 'string' && o.creator_name.includes(n));
    },
  },
  {
    id: 'notes-group-by-note-drops-post-id',
    family: 'notes',
    variants: ['A'],
    kind: 'spec-reader',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With `group_by=note` the note list ignores `search[post_id]` and lists notes of every post.',
    onRequest(req) {
      if (is(req, 'GET', /^\/notes\.(json|xml)$/) && req.query.get('group_by') === 'note' && req.query.has('search[post_id]'))
        return withParams(req, (p) => p.delete('search[post_id]'));
      return req;
    },
  },
  {
    id: 'notes-revert-keeps-position',
    family: 'notes',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Revert | PUT /notes/{id}/revert.json | `version_id` REQUIRED (note version id) |',
    description: 'Reverting a note restores the body of the stated version but keeps the current x and y.',
    async onRequest(req, ctx) {
      const m = /^\/notes\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      const who = callerName(req);
      if (req.method !== 'PUT' || !m || !who) return req;
      const before = bodyJson(await ctx.upstream(asUser({ method: 'GET', path: `/notes/${m[1]}.json`, query: new URLSearchParams(), headers: {}, body: Buffer.alloc(0) }, who)));
      const res = await ctx.upstream(req);
      if (res.status !== 200 || !before || before.x === undefined) return res;
      await ctx.upstream(
        asUser({ method: 'PUT', path: `/notes/${m[1]}.json`, query: new URLSearchParams(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(new URLSearchParams([['note[x]', String(before.x)], ['note[y]', String(before.y)]]).toString()) }, who),
      );
      return res;
    },
  },
];

const mkn = (who: any, post: number, body: string, x = 1, y = 2) => who.send('POST', '/notes.json', { 'note[post_id]': post, 'note[x]': x, 'note[y]': y, 'note[width]': 10, 'note[height]': 10, 'note[body]': body });

export const checks: Record<string, Scenario> = {
  'notes-update-x-resets-y': async (x) => {
    const p = await x.c.post(`nx_${x.t}`);
    const id = (await mkn(x.c, p, `n ${x.t}`, 5, 7)).json.id;
    await x.c.send('PUT', `/notes/${id}.json`, { 'note[x]': 9 });
    const n = (await x.c.get(`/notes/${id}.json`)).json;
    return !(n.x === 9 && n.y === 7);
  },
  'notes-creator-name-substring': async (x) => {
    const p = await x.c.post(`nc_${x.t}`);
    await mkn(x.c, p, `a ${x.t}`);
    await mkn(x.c2, p, `b ${x.t}`);
    const r = await x.c.get('/notes.json', { 'search[creator_name]': x.acc.member.name, 'search[post_id]': p });
    return !Array.isArray(r.json) || r.json.some((n: any) => n.creator_name !== x.acc.member.name);
  },
  'notes-group-by-note-drops-post-id': async (x) => {
    const a = await x.c.post(`ng_${x.t}`);
    const b = await x.c.post(`ng_${x.t}`);
    await mkn(x.c, a, `a ${x.t}`);
    await mkn(x.c, b, `b ${x.t}`);
    const r = await x.c.get('/notes.json', { group_by: 'note', 'search[post_id]': a });
    return !Array.isArray(r.json) || r.json.length === 0 || r.json.some((n: any) => n.post_id !== a);
  },
  'notes-revert-keeps-position': async (x) => {
    const p = await x.c.post(`nr_${x.t}`);
    const id = (await mkn(x.c, p, `v1 ${x.t}`, 3, 4)).json.id;
    const v = (await x.c.get('/note_versions.json', { 'search[note_id]': id })).json;
    await x.c.send('PUT', `/notes/${id}.json`, { 'note[x]': 30, 'note[y]': 40, 'note[body]': `v2 ${x.t}` });
    await x.c.send('PUT', `/notes/${id}/revert.json`, { version_id: v[v.length - 1].id });
    const n = (await x.c.get(`/notes/${id}.json`)).json;
    return !(n.x === 3 && n.y === 4 && n.body === `v1 ${x.t}`);
  },
};
void ids;
