// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, anon, rand, is, params, creds, envelope, readJson, jsonRes, must, ACC } from './h.ts';
import { Client } from '../tranche-5/kit.ts';

const hasCreds = (req: any) => { const c = creds(req); return c.q.length > 0 || !!c.h['authorization'] || !!c.h['cookie']; };

export const faults: Fault[] = [
  {
    id: 'auth-anonymous-read-refused-a',
    variants: ['A'],
    family: 'general',
    kind: 'spec-reader',
    quote: 'A allows anonymous requests (with the lowest hourly quota, see section 8)',
    description: 'Variant A refuses anonymous reads of the pool list with 403.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/pools\.json$/) || hasCreds(req)) return req;
      return envelope(403, false, 'access denied: log in');
    },
  },
  {
    id: 'auth-anonymous-read-allowed-b',
    variants: ['B'],
    family: 'general',
    kind: 'spec-reader',
    quote: 'B requires the caller to be logged in.',
    description: 'Variant B serves the wiki page list to anonymous callers.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/wiki_pages\.json$/) || hasCreds(req)) return req;
      const q = new URLSearchParams(req.query.toString());
      q.set('login', ACC.member.name);
      q.set('api_key', ACC.member.api_key);
      return { ...req, query: q };
    },
  },
  {
    id: 'auth-wrong-api-key-accepted',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '2. Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
    description: 'Comment creation only checks that the login names an existing user; any api_key is accepted.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/comments\.json$/)) return req;
      const p = params(req);
      const login = p.get('login');
      const acc = Object.values(ACC).find((a) => a.name === login);
      if (!acc || p.get('api_key') === acc.api_key || !p.has('api_key')) return req;
      p.set('api_key', acc.api_key);
      return { ...req, body: Buffer.from(p.toString(), 'utf8') };
    },
  },
  {
    id: 'auth-password-hash-refused',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '3. Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: 'Pool creation does not accept login with password_hash; only api_key is understood.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/pools\.json$/)) return req;
      const p = params(req);
      if (!p.has('password_hash') || p.has('api_key')) return req;
      return envelope(403, false, 'access denied: invalid credentials');
    },
  },
  {
    id: 'auth-basic-ignored-on-wiki-update',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Wiki page updates ignore the Authorization header and are refused as anonymous.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/wiki_pages\/\d+\.json$/) || !req.headers['authorization'] || params(req).has('login')) return req;
      return envelope(403, false, 'access denied: log in');
    },
  },
  {
    id: 'auth-body-credentials-ignored',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '3. GET parameters go in the query string. POST, PUT and DELETE parameters go in the request body.',
    description: 'Forum topic creation reads login and api_key from the query string only; credentials in the body are ignored.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/forum_topics\.json$/) || req.query.has('login') || req.headers['authorization'] || req.headers['cookie']) return req;
      if (!params(req).has('login')) return req;
      return envelope(403, false, 'access denied: log in');
    },
  },
  {
    id: 'auth-session-cookie-ignored',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '1. A session cookie authenticates a request.',
    description: 'Dmail creation ignores the session cookie and refuses the request as anonymous.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/dmails\.json$/) || !req.headers['cookie'] || params(req).has('login') || req.headers['authorization']) return req;
      return envelope(403, false, 'access denied: log in');
    },
  },
  {
    id: 'status-204-on-note-delete-b',
    variants: ['B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers a successful note delete with 204 and no body.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/notes\/\d+\.json$/) || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  },
  {
    id: 'envelope-not-found-update-status-200',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'Updating a pool that does not exist answers status 200 with a failure envelope.',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/pools\/\d+\.json$/) || res.status !== 404) return res;
      return { ...res, status: 200 };
    },
  },
  {
    id: 'envelope-failure-reason-missing',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'A failed dmail create answers {"success":false} without a reason.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/dmails\.json$/) || res.status < 400) return res;
      const j = readJson(res);
      if (!j || j.success !== false) return res;
      const { reason: _r, ...rest } = j;
      return jsonRes(res, rest);
    },
  },
  {
    id: 'envelope-update-success-null-reason',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'A successful forum topic update answers reason: null instead of a string.',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/forum_topics\/\d+\.json$/) || res.status !== 200) return res;
      const j = readJson(res);
      if (!j || j.success !== true) return res;
      return jsonRes(res, { ...j, reason: null });
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'auth-anonymous-read-refused-a'(base) {
    const r = await anon(base).get('/pools.json', { 'search[name_matches]': 'anon_' + rand() });
    return r.status !== 200;
  },
  async 'auth-anonymous-read-allowed-b'(base) {
    const r = await anon(base).get('/wiki_pages.json', { 'search[title]': 'anon_' + rand() });
    return r.status === 200;
  },
  async 'auth-wrong-api-key-accepted'(base) {
    const p = await who(base).post('wk_' + rand());
    const fake = { ...ACC.member2, api_key: 'not-the-key-' + rand() };
    const r = await new Client(base, fake).send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'impostor' });
    if (!(r.status === 200 && r.json?.success === true)) return false;
    const c = await who(base).get(`/comments/${r.json.id}.json`);
    return c.json?.creator_name === ACC.member2.name;
  },
  async 'auth-password-hash-refused'(base) {
    const s = rand();
    const b = new URLSearchParams({ 'pool[name]': 'ph_' + s, 'pool[description]': 'd', login: ACC.member.name, password_hash: ACC.member.password_hash });
    const res = await fetch(base + '/pools.json', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: b.toString() });
    const j = await res.json().catch(() => undefined);
    return !(res.status === 200 && j?.success === true);
  },
  async 'auth-basic-ignored-on-wiki-update'(base) {
    const s = rand();
    const id = must(await who(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': 'wb_' + s, 'wiki_page[body]': 'v1' }), 'wiki').id;
    const r = await who(base, 'member', 'basic').send('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[body]': 'v2' });
    return !(r.status === 200 && r.json?.success === true);
  },
  async 'auth-body-credentials-ignored'(base) {
    const r = await who(base).send('POST', '/forum_topics.json', { 'forum_topic[title]': 'bc ' + rand(), 'forum_topic[original_post_attributes][body]': 'x' });
    return !(r.status === 200 && r.json?.success === true);
  },
  async 'auth-session-cookie-ignored'(base) {
    const b = new URLSearchParams({ 'dmail[to_name]': ACC.member2.name, 'dmail[title]': 'cookie ' + rand(), 'dmail[body]': 'x' });
    const res = await fetch(base + '/dmails.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `login=${ACC.member.name}; password_hash=${ACC.member.api_key}` },
      body: b.toString(),
    });
    const j = await res.json().catch(() => undefined);
    return !(res.status === 200 && j?.success === true);
  },
  async 'status-204-on-note-delete-b'(base) {
    const c = who(base);
    const p = await c.post('nd_' + rand());
    const n = must(await c.send('POST', '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': 'bye' }), 'note').id;
    const r = await c.send('DELETE', `/notes/${n}.json`);
    return r.status === 204;
  },
  async 'envelope-not-found-update-status-200'(base) {
    const r = await who(base).send('PUT', '/pools/987654321.json', { 'pool[description]': 'x' });
    return (r.status >= 200 && r.status < 300) !== (r.json?.success === true);
  },
  async 'envelope-failure-reason-missing'(base) {
    const r = await who(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'nobody_' + rand(), 'dmail[title]': 'x', 'dmail[body]': 'y' });
    return !(r.json?.success === false && typeof r.json?.reason === 'string');
  },
  async 'envelope-update-success-null-reason'(base) {
    const s = rand();
    const id = must(await who(base).send('POST', '/forum_topics.json', { 'forum_topic[title]': 'er ' + s, 'forum_topic[original_post_attributes][body]': 'x' }), 'topic').id;
    const r = await who(base).send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': 'er2 ' + s });
    return !(typeof r.json?.success === 'boolean' && typeof r.json?.reason === 'string');
  },
};
