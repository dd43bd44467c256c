// Faults of the notes family.
import type { Fault } from './fault.ts';
import { creatorNamePrefix } from './comments.ts';
import { deleteParam, getParam, route, setParam } from './util.ts';

const faults: Fault[] = [
  {
    id: 'notes-update-x-y-swapped',
    variants: ['A', 'B'],
    family: 'notes',
    quote: '| Update | PUT /notes/{id}.json | `note[x]`, `note[y]`, `note[width]`, `note[height]`, `note[body]` (all optional, same meaning) |',
    description: 'On note update the coordinates are assigned crosswise: `note[x]` is stored as y and `note[y]` as x.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/notes/\\d+')) return req;
      const x = getParam(req, 'note[x]');
      const y = getParam(req, 'note[y]');
      if (x === undefined && y === undefined) return req;
      let r = deleteParam(deleteParam(req, 'note[x]'), 'note[y]');
      if (x !== undefined) r = setParam(r, 'note[y]', x);
      if (y !== undefined) r = setParam(r, 'note[x]', y);
      return r;
    },
  },
  {
    id: 'notes-group-by-note-ignores-post-id',
    variants: ['A'],
    family: 'notes',
    quote: 'A (only): notes of one post are listed with `group_by=note` and `search[post_id]`.',
    description: 'With `group_by=note`, `search[post_id]` is ignored and notes of every post are listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/notes') || req.query.get('group_by') !== 'note') return req;
      return deleteParam(req, 'search[post_id]');
    },
  },
  {
    id: 'notes-creator-name-prefix',
    variants: ['A', 'B'],
    family: 'notes',
    quote:
      '| List | GET /notes.json | `search[body_matches]`; `search[post_id]`; `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |',
    description: '`search[creator_name]` on notes is a prefix match instead of an exact match.',
    kind: 'spec-reader',
    onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/notes')) return res;
      return creatorNamePrefix(req, res, ctx);
    },
  },
];

export default faults;
