import type { Fault } from '../tranche-1/fault.ts';
import { envelope, getParam, route, setParam, upstreamJson } from '../tranche-1/util.ts';

export const commentary: Fault[] = [
  {
    id: 'commentary-original-present-no-as-yes',
    variants: ['A'],
    family: 'commentary',
    quote: '`search[original_present]` (yes or no)',
    description: 'search[original_present]=no is read as yes: commentaries that have an original are listed instead of those without.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/artist_commentaries') || getParam(req, 'search[original_present]') !== 'no') return req;
      return setParam(req, 'search[original_present]', 'yes');
    },
  },
  {
    id: 'commentary-revert-by-commentary-id',
    variants: ['A'],
    family: 'commentary',
    quote: '`{id}` is the post id, not the commentary id',
    description: 'The commentary revert path reads {id} as the commentary id: it reverts the commentary with that id, or answers 404 when there is none.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/artist_commentaries/(\\d+)/revert');
      if (!m) return req;
      const list = await upstreamJson(ctx, req, '/artist_commentaries.json', { limit: '100' });
      if (!Array.isArray(list)) return req;
      const c = list.find((x) => x.id === Number(m[1]));
      if (!c) return envelope(req, 404, false, `not found: no artist commentary with id ${m[1]}`);
      const ext = req.path.endsWith('.xml') ? 'xml' : 'json';
      return { ...req, path: `/artist_commentaries/${c.post_id}/revert.${ext}` };
    },
  },
];
