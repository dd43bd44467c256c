// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, withQuery, envelope, lookup, acct, cl, u, who, ids, must, ok } from './h.ts';
import { accounts } from '../tranche-5/kit.ts';
import { mkNote } from './notes.ts';
import { mkPool } from './pools.ts';
import { mkTopic } from './forum.ts';
const F = 'general';

const NS = /^\/notes\/\d+\.(json|xml)$/;
const isEnvelope = (r: { json: any }) => r.json && typeof r.json.success === 'boolean' && typeof r.json.reason === 'string';

export const faults: Fault[] = [
  {
    id: 'general-b-delete-answers-204', family: F, kind: 'spec-reader', variants: ['B'],
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers a successful note delete with 204 No Content and no body.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', NS) || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  },
  {
    id: 'general-json-success-as-string', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'The forum post update envelope carries success as the string "true" instead of a boolean.',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/forum_posts\/\d+\.json$/)) return res;
      const j = json(res);
      if (!j || typeof j.success !== 'boolean') return res;
      return setJson(res, { ...j, success: String(j.success) });
    },
  },
  {
    id: 'general-failure-with-status-200', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'A wiki page create that fails (title taken) is answered with status 200 and success false.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/wiki_pages\.(json|xml)$/) || res.status < 400) return res;
      return { ...res, status: 200 };
    },
  },
  {
    id: 'general-xml-envelope-child-elements', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML envelope of a note delete carries success and reason as child elements, not attributes.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', NS) || fmt(req) !== 'xml') return res;
      const m = /<response success="(\w+)" reason="([^"]*)"/.exec(res.body.toString());
      if (!m) return res;
      return { ...res, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response><success type="boolean">${m[1]}</success><reason>${m[2]}</reason></response>`) };
    },
  },
  {
    id: 'general-basic-auth-ignored-on-comment-create', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Comment create does not read the Authorization header, so a Basic-authenticated request is anonymous and denied.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/comments\.(json|xml)$/) || !req.headers['authorization']) return req;
      const h = { ...req.headers }; delete h['authorization'];
      return { ...req, headers: h };
    },
  },
  {
    id: 'general-password-hash-rejected', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: 'Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: 'A post update authenticated with login and password_hash (no api_key) is denied with 403.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/)) return req;
      const p = form(req);
      if (!p.has('password_hash') || p.has('api_key')) return req;
      return envelope(req, 403, false, 'access denied: invalid credentials');
    },
  },
  {
    id: 'general-wrong-api-key-accepted', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
    description: 'On the dmail list the api_key is not compared: any key authenticates the named login.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/dmails\.(json|xml)$/)) return req;
      const login = req.query.get('login');
      const a = Object.values(accounts()).find((x) => x.name === login);
      if (!a || !req.query.has('api_key') || req.query.get('api_key') === a.api_key) return req;
      return withQuery(req, (q) => q.set('api_key', a.api_key));
    },
  },
  {
    id: 'general-anonymous-quota-throttles-early', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Requests per hour, anonymous (A only) | 500 |',
    description: 'The anonymous hourly counter is bumped 25 times per request, so anonymous callers are throttled (421) after 20 requests.',
    onRequest(req, ctx) {
      const p = params(req);
      if (p.has('login') || req.query.has('login') || req.headers['authorization'] || req.headers['cookie']) return req;
      const n = ((ctx.state.get('anon') as number) ?? 0) + 1;
      ctx.state.set('anon', n);
      if (n > 20) return envelope(req, 421, false, 'user is throttled, try again later');
      return req;
    },
  },
  {
    id: 'general-b-anonymous-allowed', family: F, kind: 'spec-reader', variants: ['B'],
    quote: 'B requires the caller to be logged in.',
    description: 'Variant B serves anonymous post listings (treats B like A for reads).',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.(json|xml)$/)) return req;
      if (req.query.has('login') || req.headers['authorization'] || req.headers['cookie']) return req;
      const a = acct('member');
      return withQuery(req, (q) => { q.set('login', a.name); q.set('api_key', a.api_key); });
    },
  },
  {
    id: 'general-missing-topic-answers-200', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| 404 | Not Found | not found |',
    description: 'Show of a forum topic id that does not exist answers 200 with an empty object.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/forum_topics\/\d+\.json$/) || res.status !== 404) return res;
      return setJson(res, {}, 200);
    },
  },
  {
    id: 'general-xml-error-as-json', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'A pool show on the .xml path that fails with 404 answers with the JSON envelope.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/pools\/\d+\.xml$/) || res.status < 400) return res;
      const m = /reason="([^"]*)"/.exec(res.body.toString());
      return setJson(res, { success: false, reason: m ? m[1] : 'not found' });
    },
  },
  {
    id: 'general-undelete-empty-body', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: 'Every state-changing call returns one element.',
    description: 'Pool undelete answers 200 with an empty body instead of the outcome envelope.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/pools\/\d+\/undelete\.json$/) || res.status !== 200) return res;
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.alloc(0) };
    },
  },
  {
    id: 'general-comment-delete-returns-record', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: 'Every state-changing call returns one element.',
    description: 'Comment delete answers with the deleted comment record (read as "one element" = the record) instead of the success/reason envelope.',
    async onRequest(req, ctx) {
      if (!is(req, 'DELETE', /^\/comments\/\d+\.json$/)) return req;
      const rec = await lookup(ctx, req, req.path);
      const res = await ctx.upstream(req);
      if (res.status !== 200 || !rec || !rec.id) return res;
      return setJson(res, rec, 200);
    },
  },
  {
    id: 'general-a-anonymous-denied', family: F, kind: 'spec-reader', variants: ['A'],
    quote: 'A allows anonymous requests (with the lowest hourly quota, see section 8).',
    description: 'Variant A refuses anonymous post listings with 403 (applies the B login rule).',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.(json|xml)$/)) return req;
      if (req.query.has('login') || req.headers['authorization'] || req.headers['cookie']) return req;
      return envelope(req, 403, false, 'access denied: log in');
    },
  },
  {
    id: 'general-json-reason-omitted-on-success', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'The JSON envelope of a successful pool update omits reason (read as present only on failure).',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/pools\/\d+\.json$/) || res.status !== 200) return res;
      const j = json(res);
      if (!j || j.success !== true) return res;
      delete j.reason;
      return setJson(res, j);
    },
  },
];

function params(req: any): URLSearchParams { return req.method === 'GET' ? req.query : form(req); }

export const checks: Record<string, Scenario> = {
  'general-b-delete-answers-204': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mkNote(m, p, 'n');
    const r = await m.send('DELETE', `/notes/${id}.json`);
    return r.status === 204 || !isEnvelope(r);
  },
  'general-json-success-as-string': async (base) => {
    const m = cl(base); const t = u(); await mkTopic(m, t);
    const l = await m.get('/forum_posts.json', { 'search[body_matches]': `opening ${t}` });
    const r = await m.send('PUT', `/forum_posts/${l.json[0].id}.json`, { 'forum_post[body]': 'changed' });
    return typeof r.json?.success !== 'boolean';
  },
  'general-failure-with-status-200': async (base) => {
    const m = cl(base); const t = u();
    await ok(m.send('POST', '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'a' }));
    const r = await m.send('POST', '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'b' });
    must(r.json?.success === false, 'duplicate fails');
    return r.status === 200;
  },
  'general-xml-envelope-child-elements': async (base) => {
    const m = cl(base); const p = await m.post(u()); const id = await mkNote(m, p, 'n');
    const r = await m.send('DELETE', `/notes/${id}.xml`);
    return !/<response\s[^>]*success="true"[^>]*reason="/.test(r.text) && !/<response\s[^>]*reason="[^"]*"[^>]*success="true"/.test(r.text);
  },
  'general-basic-auth-ignored-on-comment-create': async (base) => {
    const m = cl(base); const p = await m.post(u());
    const b = cl(base, who.member(), 'basic');
    const r = await b.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'via basic' });
    return r.status !== 200;
  },
  'general-password-hash-rejected': async (base) => {
    const m = cl(base); const p = await m.post(u()); const a = who.member();
    const body = new URLSearchParams({ login: a.name, password_hash: a.password_hash, 'post[source]': 'legacy ' + u() });
    const r = await fetch(`${base}/posts/${p}.json`, { method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() });
    return r.status !== 200;
  },
  'general-wrong-api-key-accepted': async (base) => {
    const r = await fetch(`${base}/dmails.json?login=conform_member&api_key=not-the-key-${u()}`);
    return r.status === 200;
  },
  'general-anonymous-quota-throttles-early': async (base) => {
    let throttled = 0;
    for (let i = 0; i < 30; i++) { const r = await fetch(`${base}/tag_aliases.json`); await r.text(); if (r.status === 421) throttled++; else must(r.status === 200, 'anon ok'); }
    return throttled > 0;
  },
  'general-b-anonymous-allowed': async (base) => {
    const r = await fetch(`${base}/posts.json?limit=1`); await r.text();
    return r.status === 200;
  },
  'general-missing-topic-answers-200': async (base) => (await cl(base).get('/forum_topics/987654321.json')).status !== 404,
  'general-xml-error-as-json': async (base) => {
    const r = await cl(base).get('/pools/987654321.xml');
    must(r.status >= 400, 'missing');
    return !r.text.trimStart().startsWith('<');
  },
  'general-undelete-empty-body': async (base) => {
    const m = cl(base); const id = await mkPool(m, u());
    await ok(m.send('DELETE', `/pools/${id}.json`));
    const r = await m.send('POST', `/pools/${id}/undelete.json`);
    return !isEnvelope(r);
  },
  'general-comment-delete-returns-record': async (base) => {
    const m = cl(base); const p = await m.post(u());
    const id = (await ok(m.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'bye' }))).id;
    const r = await m.send('DELETE', `/comments/${id}.json`);
    return !isEnvelope(r);
  },
  'general-a-anonymous-denied': async (base) => {
    const r = await fetch(`${base}/posts.json?limit=1`); await r.text();
    return r.status !== 200;
  },
  'general-json-reason-omitted-on-success': async (base) => {
    const m = cl(base); const id = await mkPool(m, u());
    return !isEnvelope(await m.send('PUT', `/pools/${id}.json`, { 'pool[description]': 'new' }));
  },
};
