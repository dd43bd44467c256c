// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, envelope, bodyJson, withJson, jsonRes, callerName, asUser, accountByName, allAccountNames, isJson, type Scenario } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'status-204-in-variant-b',
    family: 'general',
    variants: ['B'],
    kind: 'spec-reader',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers a successful comment delete with 204 No Content (an A-only code) and no envelope.',
    onResponse(req, res) {
      if (is(req, 'DELETE', /^\/comments\/\d+\.(json|xml)$/) && res.status === 200) return { status: 204, headers: {}, body: Buffer.alloc(0) };
      return res;
    },
  },
  {
    id: 'status-invalid-record-as-200',
    family: 'general',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'A pool create that cannot be saved keeps its `success: false` envelope but is sent with status 200, so status and envelope disagree.',
    onResponse(req, res) {
      if (is(req, 'POST', /^\/pools\.(json|xml)$/) && res.status >= 400 && res.status < 500) return { ...res, status: 200 };
      return res;
    },
  },
  {
    id: 'envelope-success-as-string',
    family: 'general',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'The JSON envelope of a forum post create carries `success` as the string "true" instead of a boolean.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/forum_posts\.json$/)) return res;
      const j = bodyJson(res);
      if (j && typeof j.success === 'boolean') return withJson(res, { ...j, success: String(j.success) });
      return res;
    },
  },
  {
    id: 'envelope-xml-element-name',
    family: 'general',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML envelope of pool create/update/delete is a `result` element instead of `response`.',
    onResponse(req, res) {
      if (!/^\/pools(\/\d+)?\.xml$/.test(req.path) || req.method === 'GET') return res;
      const s = res.body.toString('utf8');
      return { ...res, body: Buffer.from(s.replace(/<response\b/, '<result').replace(/<\/response>/, '</result>')) };
    },
  },
  {
    id: 'status-not-found-as-200',
    family: 'general',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| 404 | Not Found | not found |',
    description: 'Showing a pool id that does not exist answers 200 with an empty object instead of 404.',
    onResponse(req, res) {
      if (is(req, 'GET', /^\/pools\/\d+\.json$/) && res.status === 404) return jsonRes(200, {});
      return res;
    },
  },
  {
    id: 'format-xml-topic-list-in-json',
    family: 'general',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /forum_topics.xml answers with the JSON list.',
    onRequest(req) {
      if (is(req, 'GET', /^\/forum_topics\.xml$/)) return { ...req, path: '/forum_topics.json' };
      return req;
    },
  },
  {
    id: 'auth-basic-ignored-on-reads',
    family: 'authentication',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'GET requests authenticated only with HTTP Basic are treated as anonymous (the header is dropped); writes still honour it.',
    onRequest(req) {
      if (req.method === 'GET' && /^basic /i.test(req.headers['authorization'] ?? '') && !req.query.has('login')) {
        const headers = { ...req.headers };
        delete headers['authorization'];
        return { ...req, headers };
      }
      return req;
    },
  },
  {
    id: 'auth-password-hash-refused',
    family: 'authentication',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: 'Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: 'A request authenticated with `login` and `password_hash` is refused with 403.',
    onRequest(req) {
      if (param(req, 'password_hash') !== null && param(req, 'api_key') === null) return envelope(req, 403, false, 'access denied: invalid credentials');
      return req;
    },
  },
  {
    id: 'auth-anonymous-reads-allowed-b',
    family: 'authentication',
    variants: ['B'],
    kind: 'spec-reader',
    quote: 'Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Variant B serves anonymous GET requests on the post list as if the caller were logged in.',
    onRequest(req) {
      if (is(req, 'GET', /^\/posts\.(json|xml)$/) && !callerName(req) && !req.headers['cookie']) return asUser(req, allAccountNames()[0]);
      return req;
    },
  },
  {
    id: 'auth-anonymous-reads-refused-a',
    family: 'authentication',
    variants: ['A'],
    kind: 'spec-reader',
    quote: 'Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Variant A refuses anonymous GET requests on the post list with 403.',
    onRequest(req) {
      if (is(req, 'GET', /^\/posts\.(json|xml)$/) && !callerName(req) && !req.headers['cookie']) return envelope(req, 403, false, 'access denied: log in');
      return req;
    },
  },
  {
    id: 'auth-api-key-of-another-user',
    family: 'authentication',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '2. Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
    description: 'The api_key is checked against all users instead of the named login: `login` of one user with the api_key of another authenticates as the named user.',
    onRequest(req) {
      const login = param(req, 'login');
      const key = param(req, 'api_key');
      if (!login || !key) return req;
      const named = accountByName(login);
      if (!named || named.api_key === key) return req;
      if (!allAccountNames().some((n) => accountByName(n)?.api_key === key)) return req;
      return withParams(req, (p) => p.set('api_key', named.api_key));
    },
  },
  {
    id: 'quota-anonymous-a-throttled-at-50',
    family: 'quotas',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Requests per hour, anonymous (A only) | 500 |',
    description: 'Anonymous requests are throttled with 421 after 50 requests in the hour instead of 500.',
    onRequest(req, ctx) {
      if (callerName(req) || req.headers['cookie'] || param(req, 'password_hash') !== null) return req;
      const n = ((ctx.state.get('anon') as number) ?? 0) + 1;
      ctx.state.set('anon', n);
      if (n > 50) return envelope(req, 421, false, 'user is throttled, try again later');
      return req;
    },
  },
];

export const checks: Record<string, Scenario> = {
  'status-204-in-variant-b': async (x) => {
    const p = await x.c.post(`g4_${x.t}`);
    const id = (await x.c.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': `d ${x.t}` })).json.id;
    const r = await x.c.send('DELETE', `/comments/${id}.json`);
    return r.status === 204;
  },
  'status-invalid-record-as-200': async (x) => {
    const r = await x.c.send('POST', '/pools.json', { 'pool[name]': '', 'pool[description]': `x ${x.t}` });
    return r.json?.success === false && r.status === 200;
  },
  'envelope-success-as-string': async (x) => {
    const tid = (await x.c.send('POST', '/forum_topics.json', { 'forum_topic[title]': `e ${x.t}`, 'forum_topic[original_post_attributes][body]': 'b' })).json.id;
    const r = await x.c.send('POST', '/forum_posts.json', { 'forum_post[body]': `reply ${x.t}`, 'forum_post[topic_id]': tid });
    return typeof r.json?.success !== 'boolean';
  },
  'envelope-xml-element-name': async (x) => {
    const r = await x.c.send('POST', '/pools.xml', { 'pool[name]': `gx_${x.t}`, 'pool[description]': 'd' });
    return !/<response\b[^>]*\bsuccess="true"/.test(r.text);
  },
  'status-not-found-as-200': async (x) => {
    const r = await x.c.get('/pools/987654321.json');
    return r.status !== 404;
  },
  'format-xml-topic-list-in-json': async (x) => {
    await x.c.send('POST', '/forum_topics.json', { 'forum_topic[title]': `fx ${x.t}`, 'forum_topic[original_post_attributes][body]': 'b' });
    const r = await x.c.get('/forum_topics.xml', { 'search[title_matches]': `*${x.t}*` });
    return !r.text.trimStart().startsWith('<');
  },
  'auth-basic-ignored-on-reads': async (x) => {
    await x.c.send('POST', '/dmails.json', { 'dmail[to_name]': x.acc.member2.name, 'dmail[title]': `ba ${x.t}`, 'dmail[body]': 'b' });
    const r = await x.c2.as(x.acc.member2, 'basic').get('/dmails.json', { 'search[message_matches]': x.t });
    return !(r.status === 200 && Array.isArray(r.json) && r.json.length === 1);
  },
  'auth-password-hash-refused': async (x) => {
    const r = await x.anon.get('/dmails.json', { login: x.acc.gold.name, password_hash: x.acc.gold.password_hash });
    return r.status !== 200;
  },
  'auth-anonymous-reads-allowed-b': async (x) => {
    const r = await x.anon.get('/posts.json', { limit: 1 });
    return r.status === 200;
  },
  'auth-anonymous-reads-refused-a': async (x) => {
    const r = await x.anon.get('/posts.json', { limit: 1 });
    return r.status !== 200;
  },
  'auth-api-key-of-another-user': async (x) => {
    const r = await x.anon.get('/dmails.json', { login: x.acc.member.name, api_key: x.acc.gold.api_key });
    return r.status === 200;
  },
  'quota-anonymous-a-throttled-at-50': async (x) => {
    let throttled = false;
    for (let i = 0; i < 60; i++) {
      const r = await x.anon.get('/users/1.json');
      if (r.status === 421) throttled = true;
    }
    return throttled;
  },
};
void isJson;
