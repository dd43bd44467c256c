// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, mapList, creds, userId, must, ACC } from './h.ts';
import type { ProxiedRequest } from '../tranche-1/fault.ts';

const LIST = /^\/dmails\.json$/;
const ONE = /^\/dmails\/(\d+)\.json$/;

// remembers the credentials a dmail was created with, to act as its owner later
function rememberOwner(): Pick<Fault, 'onResponse'> {
  return {
    onResponse(req, res, ctx) {
      if (is(req, 'POST', LIST) && res.status === 200) {
        try {
          const j = JSON.parse(res.body.toString('utf8'));
          const c = creds(req);
          if (j?.id) ctx.state.set('dmail:' + j.id, c);
          let login = c.q.find(([k]) => k === 'login')?.[1];
          const auth = c.h['authorization'];
          if (!login && auth?.startsWith('Basic ')) login = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0];
          if (login) ctx.state.set('user:' + login, c);
        } catch { /* not json */ }
      }
      return res;
    },
  };
}
function asOwner(req: ProxiedRequest, c: { q: [string, string][]; h: Record<string, string> }): ProxiedRequest {
  const strip = (p: URLSearchParams) => { for (const k of ['login', 'api_key', 'password_hash']) p.delete(k); for (const [k, v] of c.q) p.set(k, v); };
  const r = withParams(req, strip);
  const q = new URLSearchParams(r.query.toString());
  if (req.method.toUpperCase() !== 'GET') { for (const k of ['login', 'api_key', 'password_hash']) q.delete(k); }
  const headers = { ...r.headers };
  delete headers['authorization'];
  delete headers['cookie'];
  return { ...r, query: q, headers: { ...headers, ...c.h } };
}

export const faults: Fault[] = [
  {
    id: 'dmails-show-by-non-owner',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'GET /dmails/{id} does not check ownership: any logged-in user can read any dmail.',
    ...rememberOwner(),
    onRequest(req, ctx) {
      const m = ONE.exec(req.path);
      if (req.method !== 'GET' || !m) return req;
      const owner = ctx.state.get('dmail:' + m[1]) as any;
      return owner ? asOwner(req, owner) : req;
    },
  },
  {
    id: 'dmails-delete-by-non-owner',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'DELETE /dmails/{id} does not check ownership: any logged-in user can delete any dmail.',
    ...rememberOwner(),
    onRequest(req, ctx) {
      const m = ONE.exec(req.path);
      if (req.method !== 'DELETE' || !m) return req;
      const owner = ctx.state.get('dmail:' + m[1]) as any;
      return owner ? asOwner(req, owner) : req;
    },
  },
  {
    id: 'dmails-list-from-name-shows-others',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'A dmail search by search[from_name] returns that sender\'s dmails to any caller (the owner scope is dropped when a sender is named).',
    ...rememberOwner(),
    onRequest(req, ctx) {
      if (!is(req, 'GET', LIST)) return req;
      const from = req.query.get('search[from_name]');
      if (!from) return req;
      const owner = ctx.state.get('user:' + from) as any;
      return owner ? asOwner(req, owner) : req;
    },
  },
  {
    id: 'dmails-to-name-ignored',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`',
    description: 'search[to_name] is ignored when search[message_matches] is given.',
    ...dropParam('GET', LIST, 'search[to_name]', (p) => p.has('search[message_matches]')),
  },
  {
    id: 'dmails-from-id-filters-recipient',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[message_matches]`; `search[to_name]`; `search[to_id]`; `search[from_name]`; `search[from_id]`',
    description: 'search[from_id] is applied to the recipient column (copy-paste of the to_id filter).',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || !req.query.has('search[from_id]')) return req;
      return withParams(req, (q) => { q.set('search[to_id]', q.get('search[from_id]')!); q.delete('search[from_id]'); });
    },
  },
  {
    id: 'dmails-read-filter-ignored',
    variants: ['A'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '`search[read]` (A only; true or false)',
    description: 'search[read] is ignored: both read=true and read=false return every matching dmail.',
    ...dropParam('GET', LIST, 'search[read]'),
  },
  {
    id: 'dmails-message-matches-title-only',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'spec-reader',
    quote: '| List | GET /dmails.json | `search[message_matches]`;',
    description: 'search[message_matches] only looks at the title, never at the message body.',
    onResponse(req, res) {
      const m = req.query.get('search[message_matches]');
      if (!is(req, 'GET', LIST) || !m) return res;
      const term = m.replace(/\*/g, '').toLowerCase();
      return mapList(res, (l) => l.filter((d) => String(d.title).toLowerCase().includes(term)));
    },
  },
  {
    id: 'dmails-create-title-from-body',
    variants: ['A', 'B'],
    family: 'dmails',
    kind: 'implementation-bug',
    quote: '| Create | POST /dmails.json | `dmail[to_name]`; `dmail[title]`; `dmail[body]` |',
    description: 'A new dmail gets its body copied into the title field (wrong parameter read for the title).',
    onRequest(req) {
      if (!is(req, 'POST', LIST)) return req;
      const p = params(req);
      if (!p.has('dmail[title]') || !p.has('dmail[body]') || p.get('dmail[title]') === p.get('dmail[body]')) return req;
      return withParams(req, (q) => q.set('dmail[title]', q.get('dmail[body]')!));
    },
  },
];

const send = (base: string, from: string, to: string, title: string, body: string) =>
  who(base, from).send('POST', '/dmails.json', { 'dmail[to_name]': ACC[to].name, 'dmail[title]': title, 'dmail[body]': body });

export const checks: Record<string, Scenario> = {
  async 'dmails-show-by-non-owner'(base) {
    const s = rand();
    const id = must(await send(base, 'member', 'member2', 'secret ' + s, 'for you only'), 'send').id;
    const r = await who(base, 'gold').get(`/dmails/${id}.json`);
    return r.status === 200 && r.json?.body === 'for you only';
  },
  async 'dmails-delete-by-non-owner'(base) {
    const s = rand();
    const id = must(await send(base, 'member', 'member2', 'keep ' + s, 'body'), 'send').id;
    const r = await who(base, 'gold').send('DELETE', `/dmails/${id}.json`);
    return r.status >= 200 && r.status < 300 && r.json?.success !== false;
  },
  async 'dmails-list-from-name-shows-others'(base) {
    const s = rand();
    must(await send(base, 'member', 'member2', 'private ' + s, 'dm' + s), 'send');
    const l = (await who(base, 'gold').get('/dmails.json', { 'search[from_name]': ACC.member.name, 'search[message_matches]': 'dm' + s })).json;
    return Array.isArray(l) && l.length > 0;
  },
  async 'dmails-to-name-ignored'(base) {
    const s = rand();
    must(await send(base, 'member', 'member2', 't1', 'tn' + s), 's1');
    must(await send(base, 'member', 'gold', 't2', 'tn' + s), 's2');
    const l = (await who(base).get('/dmails.json', { 'search[to_name]': ACC.member2.name, 'search[message_matches]': 'tn' + s })).json as any[];
    return !(l.length === 1 && l[0].to_name === ACC.member2.name);
  },
  async 'dmails-from-id-filters-recipient'(base) {
    const s = rand();
    must(await send(base, 'member', 'member2', 'a', 'fi' + s), 's1');
    must(await send(base, 'member2', 'member', 'b', 'fi' + s), 's2');
    const mid = await userId(base, 'member');
    const l = (await who(base).get('/dmails.json', { 'search[from_id]': mid, 'search[message_matches]': 'fi' + s })).json as any[];
    return !(l.length === 1 && l[0].title === 'a');
  },
  async 'dmails-read-filter-ignored'(base) {
    const s = rand();
    must(await send(base, 'member', 'member2', 'r', 'rd' + s), 'send');
    const c = who(base, 'member2');
    const t = (await c.get('/dmails.json', { 'search[read]': 'true', 'search[message_matches]': 'rd' + s })).json as any[];
    const f = (await c.get('/dmails.json', { 'search[read]': 'false', 'search[message_matches]': 'rd' + s })).json as any[];
    return t.length + f.length !== 1;
  },
  async 'dmails-message-matches-title-only'(base) {
    const s = rand();
    const id = must(await send(base, 'member', 'member2', 'hello', 'the code word is mm' + s), 'send').id;
    const l = (await who(base).get('/dmails.json', { 'search[message_matches]': 'mm' + s })).json as any[];
    return !l.some((d) => d.id === id);
  },
  async 'dmails-create-title-from-body'(base) {
    const s = rand();
    const id = must(await send(base, 'member', 'member2', 'Title ' + s, 'b'), 'send').id;
    return (await who(base).get(`/dmails/${id}.json`)).json?.title !== 'Title ' + s;
  },
};
