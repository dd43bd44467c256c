// Faults of the artist commentary family (variant A only).
import type { Fault } from './fault.ts';
import { deleteParam, envelope, getParam, route, setParam, upstreamJson } from './util.ts';

const LIST_ROW =
  '| List | GET /artist_commentaries.json | `search[text_matches]`; `search[post_tags_match]` (meta-tags unsupported); `search[original_present]` (yes or no); `search[translated_present]` (yes or no) |';

const faults: Fault[] = [
  {
    id: 'commentary-revert-uses-commentary-id',
    variants: ['A'],
    family: 'commentary',
    quote: '| Revert | PUT /artist_commentaries/{id}/revert.json | `version_id` REQUIRED; `{id}` is the post id, not the commentary id |',
    description:
      'The commentary revert path `{id}` is looked up as a commentary id instead of a post id (404 or the wrong post when the two differ).',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/artist_commentaries/(\\d+)/revert');
      if (!m) return req;
      const list = await upstreamJson(ctx, req, '/artist_commentaries.json', { limit: '100' });
      if (!Array.isArray(list)) return req;
      const hit = list.find((c: any) => Number(c.id) === Number(m[1]));
      if (!hit) return envelope(req, 404, false, `not found: no artist commentary with id ${m[1]}`);
      return { ...req, path: `/artist_commentaries/${hit.post_id}/revert.${m[2]}` };
    },
  },
  {
    id: 'commentary-original-present-ignored',
    variants: ['A'],
    family: 'commentary',
    quote: LIST_ROW,
    description: '`search[original_present]` is ignored: commentaries with and without an original text are listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artist_commentaries') || !req.query.has('search[original_present]')) return req;
      return deleteParam(req, 'search[original_present]');
    },
  },
  {
    id: 'commentary-translated-present-checks-original',
    variants: ['A'],
    family: 'commentary',
    quote: LIST_ROW,
    description: '`search[translated_present]` tests the original title and description instead of the translated ones.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/artist_commentaries')) return req;
      const v = getParam(req, 'search[translated_present]');
      if (v === undefined || req.query.has('search[original_present]')) return req;
      return setParam(deleteParam(req, 'search[translated_present]'), 'search[original_present]', v);
    },
  },
];

export default faults;
