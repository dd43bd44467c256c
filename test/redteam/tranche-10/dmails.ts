// @ts-nocheck: frozen red-team code (see all.ts)
// Dmails.
import type { Fault } from '../tranche-1/fault.ts';
import { ACC, F, R, cl, envelope, formFault, idOf, ids, is, json, loginOf, ok, queryFault, reply, uid, upGetAs, type Scenario } from './h.ts';

const OWNERSHIP = 'A user can list, show and delete only the dmails the user owns.';
const byName = (n: string | null | undefined) => Object.values(ACC).find((a) => a.name === n);

async function someOwner(ctx: any, path: string) {
  for (const a of Object.values(ACC)) {
    const r = await upGetAs(ctx, a, path);
    if (r.status === 200) return { a, r };
  }
  return undefined;
}

export const faults: Fault[] = [
  F({
    id: 'dmails-list-by-recipient-name-leaks',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: OWNERSHIP,
    description: 'A dmail search with search[to_name] runs the recipient\'s mailbox query, so any user sees the dmails received by the named user.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/dmails\.json$/)) return req;
      const target = byName(req.query.get('search[to_name]'));
      if (!target || target.name === loginOf(req)) return req;
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (!['login', 'api_key', 'password_hash'].includes(k)) q[k] = v;
      const r = await upGetAs(ctx, target, '/dmails.json', q);
      return r;
    },
  }),
  F({
    id: 'dmails-show-any-user',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: OWNERSHIP,
    description: 'GET /dmails/{id} does not check ownership: a user who neither sent nor received the dmail can read it.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/dmails\/\d+\.json$/) || res.status !== 403 || !loginOf(req)) return res;
      const o = await someOwner(ctx, req.path);
      return o ? o.r : res;
    },
  }),
  F({
    id: 'dmails-delete-any-user',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: OWNERSHIP,
    description: 'DELETE /dmails/{id} checks only that the caller is logged in, so a third user can delete someone else\'s dmail.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'DELETE', /^\/dmails\/\d+\.json$/) || res.status !== 403 || !loginOf(req)) return res;
      const o = await someOwner(ctx, req.path);
      if (!o) return res;
      const f = new URLSearchParams({ login: o.a.name, api_key: o.a.api_key });
      return ctx.upstream({ method: 'DELETE', path: req.path, query: new URLSearchParams(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from(f.toString()) });
    },
  }),
  F({
    id: 'dmails-recipient-cannot-show',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'spec-reader',
    quote: OWNERSHIP,
    description: 'The owner of a dmail is taken to be its sender only; the recipient gets 403 when showing a dmail sent to them.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/dmails\/\d+\.json$/) || res.status !== 200) return res;
      const d = json(res);
      const me = loginOf(req);
      if (!me || d?.from_name === me) return res;
      return envelope(403, false, 'access denied: not your dmail');
    },
  }),
  F({
    id: 'dmails-recipient-cannot-delete',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'spec-reader',
    quote: OWNERSHIP,
    description: 'Only the sender may delete a dmail; the recipient\'s delete of a received dmail is refused with 403.',
    async onRequest(req, ctx) {
      if (!is(req, 'DELETE', /^\/dmails\/\d+\.json$/)) return req;
      const me = byName(loginOf(req));
      if (!me) return req;
      const r = await upGetAs(ctx, me, req.path);
      if (r.status !== 200) return req;
      const d = json(r);
      if (d?.from_name === me.name) return req;
      return envelope(403, false, 'access denied: only the sender may delete');
    },
  }),
  F({
    id: 'dmails-from-name-filters-recipient',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`; `search[read]` (A only; true or false)',
    description: 'search[from_name] is wired to the recipient column (copy-paste of the to_name branch).',
    onRequest: queryFault(/^\/dmails\.json$/, (q) => !!q.get('search[from_name]') && !q.get('search[to_name]'), (q) => { q.set('search[to_name]', q.get('search[from_name]')!); q.delete('search[from_name]'); }),
  }),
  F({
    id: 'dmails-a-read-filter-inverted',
    variants: ['A'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '| Dmail | read | true or false in searches (A only) |',
    description: 'search[read]=false selects read dmails and true selects unread ones (the boolean is negated twice).',
    onRequest: queryFault(/^\/dmails\.json$/, (q) => ['true', 'false'].includes(q.get('search[read]') ?? ''), (q) => q.set('search[read]', q.get('search[read]') === 'true' ? 'false' : 'true')),
  }),
  F({
    id: 'dmails-to-id-ignored-with-message',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`; `search[read]` (A only; true or false)',
    description: 'When search[message_matches] is present, the full-text branch replaces the query and search[to_id] is lost.',
    onRequest: queryFault(/^\/dmails\.json$/, (q) => !!q.get('search[to_id]') && !!q.get('search[message_matches]'), (q) => q.delete('search[to_id]')),
  }),
  F({
    id: 'dmails-title-markup-stripped',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '| Create | POST /dmails.json | `dmail[to_name]`; `dmail[title]`; `dmail[body]` |',
    description: 'Dmail titles are passed through a tag stripper on create, so text like "<3" or "<b>" disappears from the stored title.',
    onRequest: formFault('POST', /^\/dmails\.json$/, (f) => /</.test(f.get('dmail[title]') ?? ''), (f) => f.set('dmail[title]', f.get('dmail[title]')!.replace(/<[^>]*>?/g, ''))),
  }),
];

async function send(base: string, to = 'member2', marker = R()) {
  const id = idOf(await cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': ACC[to].name, 'dmail[title]': 'hi ' + marker, 'dmail[body]': 'body ' + marker }));
  return { id, marker };
}

export const checks: Record<string, Scenario> = {
  'dmails-list-by-recipient-name-leaks': async (base) => {
    const { id, marker } = await send(base);
    const r = await cl(base, 'gold').get('/dmails.json', { 'search[to_name]': ACC.member2.name, 'search[message_matches]': marker });
    return r.status === 200 && Array.isArray(r.json) && ids(r).includes(id);
  },
  'dmails-show-any-user': async (base) => {
    const { id } = await send(base);
    return (await cl(base, 'gold').get(`/dmails/${id}.json`)).status === 200;
  },
  'dmails-delete-any-user': async (base) => {
    const { id } = await send(base);
    const r = await cl(base, 'gold').send('DELETE', `/dmails/${id}.json`);
    return r.status === 200 || r.json?.success === true;
  },
  'dmails-recipient-cannot-show': async (base) => {
    const { id } = await send(base);
    return (await cl(base, 'member2').get(`/dmails/${id}.json`)).status !== 200;
  },
  'dmails-recipient-cannot-delete': async (base) => {
    const { id } = await send(base);
    const r = await cl(base, 'member2').send('DELETE', `/dmails/${id}.json`);
    return r.status !== 200 || r.json?.success !== true;
  },
  'dmails-from-name-filters-recipient': async (base) => {
    const { id, marker } = await send(base);
    return !ids(ok(await cl(base).get('/dmails.json', { 'search[from_name]': ACC.member.name, 'search[message_matches]': marker }))).includes(id);
  },
  'dmails-a-read-filter-inverted': async (base) => {
    const { id, marker } = await send(base);
    const unread = ids(ok(await cl(base, 'member2').get('/dmails.json', { 'search[read]': 'false', 'search[message_matches]': marker })));
    const read = ids(ok(await cl(base, 'member2').get('/dmails.json', { 'search[read]': 'true', 'search[message_matches]': marker })));
    return !unread.includes(id) || read.includes(id);
  },
  'dmails-to-id-ignored-with-message': async (base) => {
    const marker = R();
    const a = (await send(base, 'member2', marker)).id;
    const b = (await send(base, 'gold', marker)).id;
    const got = ids(ok(await cl(base).get('/dmails.json', { 'search[to_id]': await uid(base, 'member2'), 'search[message_matches]': marker })));
    return got.includes(b) || !got.includes(a);
  },
  'dmails-title-markup-stripped': async (base) => {
    const title = `thanks <3 & <b>bold</b> ${R()}`;
    const id = idOf(await cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': ACC.member2.name, 'dmail[title]': title, 'dmail[body]': 'b' }));
    return ok(await cl(base).get(`/dmails/${id}.json`)).json?.title !== title;
  },
};
