import type { Fault } from '../tranche-1/fault.ts';
import { route } from '../tranche-1/util.ts';
import { fail, fetchJson, withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'commentary-revert-id-read-as-commentary-id',
    variants: ['A'],
    family: 'commentary',
    kind: 'spec-reader',
    quote: '`{id}` is the post id, not the commentary id',
    description: 'Artist commentary revert looks {id} up as the commentary id; with a post id it reverts the wrong commentary or answers 404.',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/artist_commentaries/(\\d+)/revert');
      if (!m) return req;
      const list = await fetchJson(ctx, req, '/artist_commentaries.json', { limit: '1000' });
      const rec = Array.isArray(list) ? list.find((c: any) => c.id === Number(m[1])) : undefined;
      if (!rec) return fail(req, 404, `not found: no artist commentary with id ${m[1]}`);
      return { ...req, path: req.path.replace(`/artist_commentaries/${m[1]}/`, `/artist_commentaries/${rec.post_id}/`) };
    },
  },
  {
    id: 'commentary-original-present-no-treated-as-yes',
    variants: ['A'],
    family: 'commentary',
    kind: 'implementation-bug',
    quote: '`search[original_present]` (yes or no)',
    description: 'search[original_present]=no is read as a truthy string and selects commentaries that do have an original.',
    onRequest(req) {
      if (!route(req, 'GET', '/artist_commentaries') || req.query.get('search[original_present]') !== 'no') return req;
      return withQuery(req, (q) => q.set('search[original_present]', 'yes'));
    },
  },
];
