// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, envelope, dropQuery, editQuery, ACC, ids, mk, must, userId, type ProxiedRequest } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const OWN = 'A user can list, show and delete only the dmails the user owns.';
const LIST = /^\/dmails$/;
const Q_LIST = '| List | GET /dmails.json | `search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`; `search[read]` (A only; true or false) |';
const send = (c: ReturnType<typeof cl>, to: string, title: string) => mk(c, '/dmails.json', { 'dmail[to_name]': ACC[to].name, 'dmail[title]': title, 'dmail[body]': 'body ' + title });

add(
  {
    id: 'dmails-show-not-owned',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: OWN,
    description: 'GET /dmails/{id} shows a dmail to a user who is neither its sender nor its recipient.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/dmails\/\d+$/) || res.status !== 403) return res;
      for (const a of Object.values(ACC)) {
        const q = new URLSearchParams({ login: a.name, api_key: a.api_key });
        const r = await ctx.upstream({ method: 'GET', path: req.path, query: q, headers: {}, body: Buffer.alloc(0) });
        if (r.status === 200) return r;
      }
      return res;
    },
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const d = await send(c, 'member2', 'sh' + rand());
    const r = await g.get(`/dmails/${d}.json`);
    return r.status === 200;
  },
);

add(
  {
    id: 'dmails-delete-not-owned-succeeds',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: OWN,
    description: 'DELETE /dmails/{id} by a user who does not own the dmail answers success instead of denying access.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      const m = /^\/dmails\/(\d+)$/.exec(bare(req));
      if (req.method !== 'DELETE' || !m || res.status !== 403) return res;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold');
    const d = await send(c, 'member2', 'dl' + rand());
    const r = await g.send('DELETE', `/dmails/${d}.json`);
    return r.status === 200 && r.json?.success === true;
  },
);

add(
  {
    id: 'dmails-to-name-dropped-with-from-name',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: Q_LIST,
    description: 'When search[from_name] is given, search[to_name] is ignored.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[to_name]', (q) => q.has('search[from_name]')),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const d1 = await send(c, 'member2', 'tn' + t);
    const d2 = await send(c, 'gold', 'tn' + t);
    const r = await c.get('/dmails.json', { 'search[from_name]': ACC.member.name, 'search[to_name]': ACC.member2.name });
    must(ids(r).includes(d1), 'match listed');
    return ids(r).includes(d2);
  },
);

add(
  {
    id: 'dmails-read-false-ignored',
    variants: ['A'],
    family: 'dmails',
    quote: '| Dmail | read | true or false in searches (A only) |',
    description: 'search[read]=false is treated as "no filter", so dmails already read are listed too.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[read]', (q) => q.get('search[read]') === 'false'),
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2'), t = rand();
    const d1 = await send(c, 'member2', 'rd' + t);
    const d2 = await send(c, 'member2', 'rd' + t);
    must((await c2.get(`/dmails/${d1}.json`)).status === 200, 'read d1');
    const r = await c2.get('/dmails.json', { 'search[read]': 'false' });
    must(ids(r).includes(d2), 'unread listed');
    return ids(r).includes(d1);
  },
);

add(
  {
    id: 'dmails-from-id-filters-recipient',
    variants: ['A', 'B'],
    family: 'dmails',
    quote: Q_LIST,
    description: 'search[from_id] is applied to the recipient id (to_id) instead of the sender id.',
    kind: 'implementation-bug',
    onRequest(req: ProxiedRequest) {
      if (!is(req, 'GET', LIST) || !req.query.get('search[from_id]') || req.query.has('search[to_id]')) return req;
      return editQuery(req, (q) => {
        q.set('search[to_id]', q.get('search[from_id]')!);
        q.delete('search[from_id]');
      });
    },
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2'), t = rand();
    const d1 = await send(c, 'member2', 'fi' + t);
    const d2 = await send(c2, 'member', 'fi' + t);
    const me = await userId(c, 'member');
    const r = await c.get('/dmails.json', { 'search[from_id]': me });
    return !ids(r).includes(d1) || ids(r).includes(d2);
  },
);
