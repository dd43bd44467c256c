// Faults of the dmails family.
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from './fault.ts';
import { deleteParam, getParam, jsonResponse, loginOf, parseJson, route, setParam, sortByIdDesc, upstreamJson } from './util.ts';

const OWNERSHIP = 'A user can list, show and delete only the dmails the user owns.';
const LIST_ROW =
  '| List | GET /dmails.json | `search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`; `search[read]` (A only; true or false) |';

/** After a successful dmail create, fetches the new record as its sender and remembers it. */
async function remember(req: ProxiedRequest, res: ProxiedResponse, ctx: FaultContext): Promise<void> {
  if (!route(req, 'POST', '/dmails') || res.status !== 200) return;
  let id: number | undefined;
  const j = parseJson(res);
  if (j && typeof j.id === 'number') id = j.id;
  else {
    const m = /\bid="(\d+)"/.exec(res.body.toString('utf8'));
    if (m) id = Number(m[1]);
  }
  if (id === undefined) return;
  const list = await upstreamJson(ctx, req, '/dmails.json', { limit: '100' });
  if (!Array.isArray(list)) return;
  const rec = list.find((d: any) => d.id === id);
  if (!rec) return;
  const store = (ctx.state.get('dmails') as Map<number, any>) ?? new Map<number, any>();
  store.set(id, rec);
  ctx.state.set('dmails', store);
}

function stored(ctx: FaultContext): Map<number, any> {
  return (ctx.state.get('dmails') as Map<number, any>) ?? new Map();
}

const faults: Fault[] = [
  {
    id: 'dmails-list-includes-others',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: OWNERSHIP,
    description:
      'The unfiltered dmail list is not scoped to the caller: it also returns dmails between other users.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      await remember(req, res, ctx);
      if (!route(req, 'GET', '/dmails') || req.path.endsWith('.xml') || res.status !== 200) return res;
      if ([...req.query.keys()].some((k) => k.startsWith('search[') || k === 'page')) return res;
      const me = loginOf(req)?.toLowerCase();
      const mine = parseJson(res);
      if (!me || !Array.isArray(mine)) return res;
      const ids = new Set(mine.map((d: any) => d.id));
      const extra = [...stored(ctx).values()].filter(
        (d) => !ids.has(d.id) && String(d.from_name).toLowerCase() !== me && String(d.to_name).toLowerCase() !== me,
      );
      if (extra.length === 0) return res;
      return jsonResponse(sortByIdDesc([...mine, ...extra]), 200, res);
    },
  },
  {
    id: 'dmails-show-others',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: OWNERSHIP,
    description: 'GET /dmails/{id}.json shows a dmail to any logged-in user, not only to its sender or recipient.',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      await remember(req, res, ctx);
      const m = route(req, 'GET', '/dmails/(\\d+)');
      if (!m || req.path.endsWith('.xml') || res.status !== 403) return res;
      const rec = stored(ctx).get(Number(m[1]));
      if (!rec) return res;
      return jsonResponse(rec, 200, res);
    },
  },
  {
    id: 'dmails-read-filter-inverted',
    variants: ['A'],
    family: 'dmails',
    quote: LIST_ROW,
    description: '`search[read]=true` returns unread dmails and `search[read]=false` returns read ones.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/dmails')) return req;
      const v = getParam(req, 'search[read]');
      if (v === 'true') return setParam(req, 'search[read]', 'false');
      if (v === 'false') return setParam(req, 'search[read]', 'true');
      return req;
    },
  },
  {
    id: 'dmails-from-name-as-to-name',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: LIST_ROW,
    description: '`search[from_name]` is applied to the recipient column: it returns dmails sent to that user rather than from them.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/dmails')) return req;
      const v = getParam(req, 'search[from_name]');
      if (v === undefined || req.query.has('search[to_name]')) return req;
      return setParam(deleteParam(req, 'search[from_name]'), 'search[to_name]', v);
    },
  },
];

export default faults;
