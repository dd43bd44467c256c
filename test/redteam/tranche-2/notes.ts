import type { Fault } from '../tranche-1/fault.ts';
import { getParam, deleteParam } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'notes-update-zero-coordinate-ignored', variants: ['A', 'B'], family: 'notes', kind: 'implementation-bug',
    quote: '| Update | PUT /notes/{id}.json | `note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning) |',
    description: 'A note update with note[x]=0 or note[y]=0 (the top or left edge) is treated as absent (falsy check), so the note does not move.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/notes\/\d+\.(json|xml)$/)) return req;
      let r = req;
      for (const k of ['note[x]', 'note[y]']) if (getParam(r, k) !== undefined && Number(getParam(r, k)) === 0) r = deleteParam(r, k);
      return r;
    },
  },
  {
    id: 'notes-group-by-note-ignores-post', variants: ['A'], family: 'notes', kind: 'implementation-bug',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note, search[post_id] is ignored and the notes of all posts are listed.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/notes\.(json|xml)$/)) return req;
      if (getParam(req, 'group_by') !== 'note') return req;
      return deleteParam(req, 'search[post_id]');
    },
  },
];
