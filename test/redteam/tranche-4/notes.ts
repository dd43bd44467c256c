import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, hasParam, route, setParam } from '../tranche-1/util.ts';
import { fetchJson, ok, withQuery, writeAs } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'notes-update-zero-coordinate-ignored',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
    description: 'A note update with note[x]=0 or note[y]=0 treats 0 as "not given" and keeps the old coordinate.',
    onRequest(req) {
      if (!route(req, 'PUT', '/notes/(\\d+)')) return req;
      let r = req;
      for (const k of ['note[x]', 'note[y]']) if (getParam(r, k) === '0') r = deleteParam(r, k);
      return r;
    },
  },
  {
    id: 'notes-revert-keeps-geometry',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: '`version_id` REQUIRED (note version id)',
    description: 'Note revert restores the body but keeps the current position and size.',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/notes/(\\d+)/revert');
      if (!m) return req;
      const before = await fetchJson(ctx, req, `/notes/${m[1]}.json`);
      const res = await ctx.upstream(req);
      if (ok(res) && before) {
        await writeAs(ctx, req, 'PUT', `/notes/${m[1]}.json`, {
          'note[x]': String(before.x),
          'note[y]': String(before.y),
          'note[width]': String(before.width),
          'note[height]': String(before.height),
        });
      }
      return res;
    },
  },
  {
    id: 'notes-width-optional',
    variants: ['A', 'B'],
    family: 'notes',
    kind: 'spec-reader',
    quote: '`note[width]` REQUIRED (pixels)',
    description: 'A note created without note[width] is accepted with a default width of 100 instead of being refused.',
    onRequest(req) {
      if (!route(req, 'POST', '/notes') || hasParam(req, 'note[width]') || !hasParam(req, 'note[post_id]')) return req;
      return setParam(req, 'note[width]', '100');
    },
  },
  {
    id: 'notes-group-by-note-ignores-post-id',
    variants: ['A'],
    family: 'notes',
    kind: 'implementation-bug',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note the search[post_id] filter is dropped, so notes of all posts are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/notes') || req.query.get('group_by') !== 'note' || !req.query.has('search[post_id]')) return req;
      return withQuery(req, (q) => q.delete('search[post_id]'));
    },
  },
];
