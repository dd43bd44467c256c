// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, envelope, acct, glob, cl, u, who, ids, must, ok, userId } from './h.ts';
import { accounts } from '../tranche-5/kit.ts';
const F = 'dmails';
const DL = /^\/dmails\.(json|xml)$/;
const DS = /^\/dmails\/(\d+)\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'dmails-list-from-name-leaks-others', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'When search[from_name] is given, the list is scoped to that sender instead of the caller, exposing other users\' dmails.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', DL) || fmt(req) !== 'json') return res;
      const from = req.query.get('search[from_name]');
      const a = Object.values(accounts()).find((x) => x.name.toLowerCase() === (from ?? '').toLowerCase());
      if (!a) return res;
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (k.startsWith('search[')) q[k] = v;
      const theirs = await lookup(ctx, req, '/dmails.json', q, a);
      const mine = json(res);
      if (!Array.isArray(theirs) || !Array.isArray(mine)) return res;
      const m = new Map<number, any>();
      for (const x of [...mine, ...theirs]) m.set(x.id, x);
      return setJson(res, [...m.values()].sort((x, y) => y.id - x.id), 200);
    },
  },
  {
    id: 'dmails-show-other-users', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Show returns any dmail by id, without checking that the caller owns it.',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', DS) || fmt(req) !== 'json' || res.status !== 403) return res;
      for (const a of Object.values(accounts())) {
        const d = await lookup(ctx, req, req.path, {}, a);
        if (d && d.id) return setJson(res, d, 200);
      }
      return res;
    },
  },
  {
    id: 'dmails-delete-other-users-succeeds', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'A user can list, show and delete only the dmails the user owns.',
    description: 'Deleting a dmail the caller does not own is answered with a success envelope.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', DS) || res.status !== 403) return res;
      return envelope(req, 200, true, '', { id: Number(DS.exec(req.path)![1]) });
    },
  },
  rewriteParam({
    id: 'dmails-read-false-as-true', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[read]` (A only; true or false)',
    description: 'search[read] is tested for presence, so read=false selects read dmails like read=true.',
  }, 'GET', DL, 'search[read]', (v) => (v === 'false' ? 'true' : v)),
  refilter({
    id: 'dmails-message-matches-title-only', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`search[message_matches]`',
    description: 'search[message_matches] is applied to the title only; text in the message body is not found.',
  }, DL, 'search[message_matches]', (it, v) => glob(v, it.title) || glob(v.includes('*') ? v : `*${v}*`, it.title)),
  {
    id: 'dmails-body-non-ascii-mangled', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Create | POST /dmails.json | `dmail[to_name]`; `dmail[title]`; `dmail[body]` |',
    description: 'dmail[body] is decoded as Latin-1, so non-ASCII characters are stored garbled.',
    onRequest(req) {
      if (!is(req, 'POST', DL)) return req;
      const b = form(req).get('dmail[body]');
      if (!b || !/[^\x00-\x7f]/.test(b)) return req;
      return withForm(req, (f) => f.set('dmail[body]', Buffer.from(b, 'utf8').toString('latin1')));
    },
  },
];

const send = async (c: any, to: string, title: string, body: string) => (await ok(c.send('POST', '/dmails.json', { 'dmail[to_name]': to, 'dmail[title]': title, 'dmail[body]': body }), 'dmail')).id;

export const checks: Record<string, Scenario> = {
  'dmails-list-from-name-leaks-others': async (base) => {
    const m = cl(base); const m2 = cl(base, who.member2()); const t = u();
    await send(m, 'conform_gold', 'hi', `secret ${t}`);
    const r = await m2.get('/dmails.json', { 'search[from_name]': 'conform_member', 'search[message_matches]': `*${t}*` });
    must(r.status === 200, 'list');
    return r.json.length > 0;
  },
  'dmails-show-other-users': async (base) => {
    const m = cl(base); const m2 = cl(base, who.member2());
    const id = await send(m, 'conform_gold', 'hi', 'private ' + u());
    const r = await m2.get(`/dmails/${id}.json`);
    return r.status === 200;
  },
  'dmails-delete-other-users-succeeds': async (base) => {
    const m = cl(base); const m2 = cl(base, who.member2());
    const id = await send(m, 'conform_gold', 'hi', 'private ' + u());
    const r = await m2.send('DELETE', `/dmails/${id}.json`);
    return r.status === 200 || r.json?.success === true;
  },
  'dmails-read-false-as-true': async (base) => {
    const m = cl(base); const g = cl(base, who.gold()); const t = u();
    await send(m, 'conform_gold', 'hi', `unread ${t}`);
    const r = await g.get('/dmails.json', { 'search[read]': 'false', 'search[message_matches]': `*${t}*` });
    return r.json.length === 0;
  },
  'dmails-message-matches-title-only': async (base) => {
    const m = cl(base); const t = u();
    await send(m, 'conform_gold', 'plain title', `body ${t}`);
    const r = await m.get('/dmails.json', { 'search[message_matches]': `*${t}*` });
    return r.json.length === 0;
  },
  'dmails-body-non-ascii-mangled': async (base) => {
    const m = cl(base); const body = `Grüße 東京 ${u()}`;
    const id = await send(m, 'conform_gold', 'x', body);
    return (await m.get(`/dmails/${id}.json`)).json.body !== body;
  },
};
