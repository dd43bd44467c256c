import type { Fault } from '../tranche-1/fault.ts';
import { authOf, getRequest, parseJson, envelope } from '../tranche-1/util.ts';

export const faults: Fault[] = [
  {
    id: 'commentary-revert-id-is-commentary-id', variants: ['A'], family: 'commentary', kind: 'spec-reader',
    quote: '`version_id` REQUIRED; `{id}` is the post id, not the commentary id',
    description: 'PUT /artist_commentaries/{id}/revert takes {id} as the commentary id and reverts the commentary with that id.',
    async onRequest(req, ctx) {
      const m = /^\/artist_commentaries\/(\d+)\/revert\.(json|xml)$/.exec(req.path);
      if (req.method.toUpperCase() !== 'PUT' || !m) return req;
      const q = new URLSearchParams({ 'search[id]': m[1]!, limit: '1000' });
      const res = await ctx.upstream(getRequest(authOf(req), '/artist_commentaries.json', q));
      const list = parseJson(res);
      const hit = Array.isArray(list) ? list.find((c: any) => String(c.id) === m[1]) : undefined;
      if (!hit) return envelope(req, 404, false, `not found: no artist commentary with id ${m[1]}`);
      return { ...req, path: `/artist_commentaries/${hit.post_id}/revert.${m[2]}` };
    },
  },
];
