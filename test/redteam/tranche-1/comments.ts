// Faults of the comments family.
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from './fault.ts';
import { deleteParam, hasParam, jsonResponse, parseJson, relist, route, setParam, upstreamJson } from './util.ts';

const LIST_ROW =
  '| List | GET /comments.json | `group_by` (must be comment); `search[body_matches]`; `search[post_id]` (A only); `search[post_tags_match]` (meta-tags unsupported); `search[creator_name]` (exact match); `search[creator_id]` |';

/** Re-runs a list without `search[creator_name]` and keeps the records whose creator name starts with the value. */
export async function creatorNamePrefix(req: ProxiedRequest, res: ProxiedResponse, ctx: FaultContext): Promise<ProxiedResponse> {
  if (req.path.endsWith('.xml') || res.status !== 200) return res;
  const name = req.query.get('search[creator_name]');
  if (!name) return res;
  const all = await relist(ctx, req, (q) => {
    q.delete('search[creator_name]');
    q.set('limit', '100');
    q.delete('page');
  });
  const items = parseJson(all);
  if (!Array.isArray(items)) return res;
  const lower = name.toLowerCase();
  return jsonResponse(
    items.filter((c: any) => typeof c.creator_name === 'string' && c.creator_name.toLowerCase().startsWith(lower)),
    200,
    res,
  );
}

const faults: Fault[] = [
  {
    id: 'comments-do-not-bump-ignored',
    variants: ['A', 'B'],
    family: 'comments',
    quote:
      '| Create | POST /comments.json | `comment[post_id]` REQUIRED; `comment[body]` REQUIRED; `comment[do_not_bump_post]` (set to 1 to keep the post from moving to the top of the comment listing) |',
    description: '`comment[do_not_bump_post]=1` is ignored on create: every new comment bumps its post.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/comments') || !hasParam(req, 'comment[do_not_bump_post]')) return req;
      return deleteParam(req, 'comment[do_not_bump_post]');
    },
  },
  {
    id: 'comments-creator-name-prefix',
    variants: ['A', 'B'],
    family: 'comments',
    quote: LIST_ROW,
    description:
      '`search[creator_name]` is a prefix match instead of an exact match: searching conform_member also returns comments by conform_member2.',
    kind: 'spec-reader',
    onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/comments')) return res;
      return creatorNamePrefix(req, res, ctx);
    },
  },
  {
    id: 'comments-update-keeps-body-with-do-not-bump',
    variants: ['A', 'B'],
    family: 'comments',
    quote: '| Update | PUT /comments/{id}.json | `comment[body]` REQUIRED; `comment[do_not_bump_post]` (as above) |',
    description:
      'When an update carries `comment[do_not_bump_post]`, the new `comment[body]` is silently discarded (success is reported, the old body stays).',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/comments/(\\d+)');
      if (!m || !hasParam(req, 'comment[do_not_bump_post]') || !hasParam(req, 'comment[body]')) return req;
      const cur = await upstreamJson(ctx, req, `/comments/${m[1]}.json`);
      if (!cur || typeof cur.body !== 'string') return req;
      return setParam(req, 'comment[body]', cur.body);
    },
  },
  {
    id: 'comments-creator-id-dropped-in-combination',
    variants: ['A', 'B'],
    family: 'comments',
    quote: LIST_ROW,
    description:
      '`search[creator_id]` is applied only when it is the sole search parameter; combined with any other `search[...]` filter it is dropped.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/comments') || !req.query.has('search[creator_id]')) return req;
      const others = [...req.query.keys()].filter((k) => k.startsWith('search[') && k !== 'search[creator_id]');
      if (others.length === 0) return req;
      return deleteParam(req, 'search[creator_id]');
    },
  },
];

export default faults;

