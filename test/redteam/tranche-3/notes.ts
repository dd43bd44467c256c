import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route } from '../tranche-1/util.ts';

export const notes: Fault[] = [
  {
    id: 'notes-update-zero-x-ignored',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '`note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning)',
    description: 'Updating a note with note[x]=0 leaves x unchanged (0 is treated as absent); other values work.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/notes/(\\d+)') || getParam(req, 'note[x]') !== '0') return req;
      return deleteParam(req, 'note[x]');
    },
  },
  {
    id: 'notes-group-by-note-ignores-post',
    variants: ['A'],
    family: 'notes',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With group_by=note the search[post_id] filter is ignored and notes of all posts are listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/notes') || getParam(req, 'group_by') !== 'note') return req;
      return deleteParam(req, 'search[post_id]');
    },
  },
];
