// @ts-nocheck: frozen red-team code (see all.ts)
// Formats, outcome envelope, status codes, authentication, limits.
import type { Fault } from '../tranche-1/fault.ts';
import {
  ACC, F, R, anon, cl, copyQ, envelope, form, idOf, is, json, loginOf, reply, upGet, withForm, withJson, withQuery,
  type Scenario,
} from './h.ts';
import { Client } from '../tranche-5/kit.ts';

const byName = (n: string | undefined) => Object.values(ACC).find((a) => a.name === n);

export const faults: Fault[] = [
  F({
    id: 'general-users-xml-answered-as-json',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /users.xml answers with the JSON rendering of the list (the format is chosen once per controller and the users controller forgot the suffix).',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/users\.xml$/) || res.status !== 200) return res;
      const q: Record<string, string> = {};
      for (const [k, v] of req.query) if (!['login', 'api_key', 'password_hash'].includes(k)) q[k] = v;
      const list = await upGet(ctx, req, '/users.json', q);
      return withJson(res, list);
    },
  }),
  F({
    id: 'general-xml-envelope-child-elements',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML outcome of a comment update carries success and reason as child elements of <response> instead of attributes.',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/comments\/\d+\.xml$/)) return res;
      const s = res.body.toString('utf8');
      const ok = /success="([^"]*)"/.exec(s)?.[1] ?? 'false';
      const reason = /reason="([^"]*)"/.exec(s)?.[1] ?? '';
      const body = `<?xml version="1.0" encoding="UTF-8"?><response><success>${ok}</success><reason>${reason}</reason></response>`;
      return { ...res, body: Buffer.from(body) };
    },
  }),
  F({
    id: 'general-json-envelope-success-as-string',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'Creating a forum topic answers {"success":"true"} with the flag as a string instead of a boolean.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/forum_topics\.json$/)) return res;
      const o = json(res);
      return withJson(res, { ...o, success: String(o.success) });
    },
  }),
  F({
    id: 'general-json-envelope-reason-missing-on-note-delete',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'A successful note delete answers {"success":true} without the reason member.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/notes\/\d+\.json$/) || res.status !== 200) return res;
      const o = json(res);
      delete o.reason;
      return withJson(res, o);
    },
  }),
  F({
    id: 'general-failed-vote-status-200',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'A rejected vote (invalid score) answers status 200 with an envelope saying success false, so status and envelope disagree.',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/posts\/\d+\/votes\.json$/) || res.status < 400) return res;
      return { ...res, status: 200 };
    },
  }),
  F({
    id: 'general-b-forum-post-delete-204',
    variants: ['B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Deleting a forum post answers 204 No Content with no envelope, a status variant B does not have.',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/forum_posts\/\d+\.json$/) || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  }),
  F({
    id: 'general-missing-comment-show-200-null',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| 404 | Not Found | not found |',
    description: 'Showing a comment id that does not exist answers 200 with a JSON null body.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/comments\/\d+\.json$/) || res.status !== 404) return res;
      return reply(200, null);
    },
  }),
  F({
    id: 'general-missing-pool-update-500',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| 404 | Not Found | not found |',
    description: 'Updating a pool id that does not exist crashes with 500 instead of answering not found.',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/pools\/\d+\.json$/) || res.status !== 404) return res;
      return envelope(500, false, 'undefined method name for nil');
    },
  }),
  F({
    id: 'general-a-anonymous-post-list-denied',
    variants: ['A'],
    family: 'general',
    kind: 'spec-reader',
    quote: '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Anonymous post listings are refused with 403 as in variant B.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.json$/) || loginOf(req) || req.headers['cookie']) return req;
      return envelope(403, false, 'access denied: log in');
    },
  }),
  F({
    id: 'general-b-anonymous-xml-list-allowed',
    variants: ['B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'The login requirement is enforced only for .json; an anonymous GET /posts.xml is answered with data.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.xml$/) || loginOf(req) || req.headers['cookie']) return req;
      const q = copyQ(req);
      q.set('login', ACC.member.name);
      q.set('api_key', ACC.member.api_key);
      return withQuery(req, q);
    },
  }),
  F({
    id: 'general-b-anonymous-401',
    variants: ['B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| 403 | Forbidden | access denied |',
    description: 'An anonymous wiki page listing in variant B is refused with 401 Unauthorized instead of 403 access denied.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/wiki_pages\.json$/) || loginOf(req) || res.status !== 403) return res;
      return { ...res, status: 401 };
    },
  }),
  F({
    id: 'general-basic-auth-ignored-on-comment-create',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Creating a comment reads credentials only from login/api_key parameters; a Basic Authorization header is ignored and the request is refused.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/comments\.json$/) || !/^basic /i.test(req.headers['authorization'] ?? '')) return req;
      const headers = { ...req.headers };
      delete headers['authorization'];
      return { ...req, headers };
    },
  }),
  F({
    id: 'general-password-hash-rejected',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '3. Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: 'login with password_hash (instead of api_key) is refused with 403 when creating a pool.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/pools\.json$/)) return req;
      const f = form(req);
      if (!f.get('password_hash') || f.get('api_key')) return req;
      return envelope(403, false, 'access denied: invalid credentials');
    },
  }),
  F({
    id: 'general-wrong-api-key-accepted-on-dmail-list',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '2. Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
    description: 'The dmail listing trusts the login parameter and never compares api_key, so a wrong key shows that user\'s dmails.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/dmails\.json$/)) return req;
      const a = byName(req.query.get('login') ?? undefined);
      if (!a || !req.query.get('api_key') || req.query.get('api_key') === a.api_key) return req;
      const q = copyQ(req);
      q.set('api_key', a.api_key);
      return withQuery(req, q);
    },
  }),
  F({
    id: 'general-basic-wrong-key-accepted-on-dmail-show',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Showing a dmail with HTTP Basic checks only the user name part of the header; any password is accepted.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/dmails\/\d+\.json$/)) return req;
      const h = req.headers['authorization'] ?? '';
      if (!/^basic /i.test(h)) return req;
      const [name, key] = Buffer.from(h.slice(6), 'base64').toString('utf8').split(':');
      const a = byName(name);
      if (!a || key === a.api_key) return req;
      return { ...req, headers: { ...req.headers, authorization: 'Basic ' + Buffer.from(`${a.name}:${a.api_key}`).toString('base64') } };
    },
  }),
  F({
    id: 'general-xml-comment-body-unescaped',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The XML rendering of comment listings writes text without escaping, so a body containing & or < yields malformed XML.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/comments\.xml$/) || res.status !== 200) return res;
      const s = res.body.toString('utf8').replace(/<body>([^<]*)<\/body>/g, (_m, t: string) =>
        `<body>${t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&')}</body>`);
      return { ...res, body: Buffer.from(s) };
    },
  }),
  F({
    id: 'general-post-limit-above-100-honoured',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: '| Posts per list request | hard maximum 100 (`limit`) |',
    description: 'The post listing clamps limit only for the default page size; limit=150 returns up to 150 posts.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/posts\.json$/)) return req;
      const lim = Number(req.query.get('limit'));
      if (!(lim > 100) || req.query.get('page')) return req;
      const out: any[] = [];
      for (let page = 1; out.length < lim; page++) {
        const q = copyQ(req);
        q.set('limit', '100');
        q.set('page', String(page));
        const r = await ctx.upstream({ ...req, query: q });
        const l = json(r);
        if (!Array.isArray(l) || l.length === 0) break;
        out.push(...l);
        if (l.length < 100) break;
      }
      return reply(200, out.slice(0, lim));
    },
  }),
];

// ------------------------------------------------------------------ scenarios

async function commentOn(base: string, body: string): Promise<{ pid: number; cid: number; tag: string }> {
  const tag = 'g_' + R();
  const c = cl(base);
  const pid = await c.post(tag);
  const cid = idOf(await c.send('POST', '/comments.json', { 'comment[post_id]': pid, 'comment[body]': body }), 'comment');
  return { pid, cid, tag };
}

export const checks: Record<string, Scenario> = {
  'general-users-xml-answered-as-json': async (base) => {
    const r = await cl(base).get('/users.xml', { 'search[name]': ACC.member.name });
    return r.status !== 200 || !r.text.trimStart().startsWith('<');
  },
  'general-xml-envelope-child-elements': async (base) => {
    const { cid } = await commentOn(base, 'x ' + R());
    const r = await cl(base).send('PUT', `/comments/${cid}.xml`, { 'comment[body]': 'changed ' + R() });
    const root = /<response\b([^>]*)\/?>/.exec(r.text);
    return !root || !/\bsuccess="(true|false)"/.test(root[1]) || !/\breason="/.test(root[1]);
  },
  'general-json-envelope-success-as-string': async (base) => {
    const r = await cl(base).send('POST', '/forum_topics.json', {
      'forum_topic[title]': 'env ' + R(),
      'forum_topic[original_post_attributes][body]': 'b',
    });
    return typeof r.json?.success !== 'boolean';
  },
  'general-json-envelope-reason-missing-on-note-delete': async (base) => {
    const c = cl(base);
    const pid = await c.post('g_' + R());
    const nid = idOf(await c.send('POST', '/notes.json', { 'note[post_id]': pid, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'n' }));
    const r = await c.send('DELETE', `/notes/${nid}.json`);
    return typeof r.json?.success !== 'boolean' || typeof r.json?.reason !== 'string';
  },
  'general-failed-vote-status-200': async (base) => {
    const c = cl(base);
    const pid = await c.post('g_' + R());
    const r = await c.send('POST', `/posts/${pid}/votes.json`, { score: 'sideways' });
    const s = r.json?.success;
    return (r.status < 300 && s === false) || (r.status >= 400 && s === true);
  },
  'general-b-forum-post-delete-204': async (base) => {
    const c = cl(base);
    const tid = idOf(await c.send('POST', '/forum_topics.json', { 'forum_topic[title]': 't ' + R(), 'forum_topic[original_post_attributes][body]': 'b' }));
    const fid = idOf(await c.send('POST', '/forum_posts.json', { 'forum_post[body]': 'r', 'forum_post[topic_id]': tid }));
    const r = await c.send('DELETE', `/forum_posts/${fid}.json`);
    return r.status === 204;
  },
  'general-missing-comment-show-200-null': async (base) => {
    const r = await cl(base).get('/comments/987654321.json');
    return r.status === 200;
  },
  'general-missing-pool-update-500': async (base) => {
    const r = await cl(base).send('PUT', '/pools/987654321.json', { 'pool[description]': 'x' });
    return r.status !== 404;
  },
  'general-a-anonymous-post-list-denied': async (base) => {
    const tag = 'g_' + R();
    await cl(base).post(tag);
    const r = await anon(base).get('/posts.json', { tags: tag });
    return r.status !== 200;
  },
  'general-b-anonymous-xml-list-allowed': async (base) => {
    const r = await anon(base).get('/posts.xml', { limit: 1 });
    return r.status === 200;
  },
  'general-b-anonymous-401': async (base) => {
    const r = await anon(base).get('/wiki_pages.json', { 'search[title]': 'w_' + R() });
    return r.status !== 403;
  },
  'general-basic-auth-ignored-on-comment-create': async (base) => {
    const pid = await cl(base).post('g_' + R());
    const r = await cl(base, 'member', 'basic').send('POST', '/comments.json', { 'comment[post_id]': pid, 'comment[body]': 'basic ' + R() });
    return r.status !== 200 || r.json?.success !== true;
  },
  'general-password-hash-rejected': async (base) => {
    const c = new Client(base);
    const r = await c.send('POST', '/pools.json', {
      login: ACC.member.name,
      password_hash: ACC.member.password_hash,
      'pool[name]': 'ph_' + R(),
      'pool[description]': 'd',
    });
    return r.status !== 200 || r.json?.success !== true;
  },
  'general-wrong-api-key-accepted-on-dmail-list': async (base) => {
    const r = await new Client(base).get('/dmails.json', { login: ACC.member.name, api_key: 'wrong' + R() });
    return r.status === 200;
  },
  'general-basic-wrong-key-accepted-on-dmail-show': async (base) => {
    const d = idOf(await cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': ACC.member2.name, 'dmail[title]': 't', 'dmail[body]': 'b ' + R() }));
    const r = await new Client(base, { ...ACC.member, api_key: 'wrong' + R() }, 'basic').get(`/dmails/${d}.json`);
    return r.status === 200;
  },
  'general-xml-comment-body-unescaped': async (base) => {
    const mark = R();
    await commentOn(base, `a & b <c> ${mark}`);
    const r = await cl(base).get('/comments.xml', { group_by: 'comment', 'search[body_matches]': mark });
    return r.text.includes(`a & b <c> ${mark}`);
  },
  'general-post-limit-above-100-honoured': async (base) => {
    const tag = 'lim_' + R();
    const c = cl(base);
    for (let i = 0; i < 101; i += 17) await Promise.all(Array.from({ length: Math.min(17, 101 - i) }, () => c.post(tag)));
    const r = await c.get('/posts.json', { tags: tag, limit: 150 });
    return Array.isArray(r.json) && r.json.length > 100;
  },
};
