// @ts-nocheck: frozen red-team code (see all.ts)
// Authentication, outcome envelope and status codes.
import type { Fault, ProxiedRequest } from '../tranche-1/fault.ts';
import * as Q from './q.ts';
import { ACC, cl, created, jsonOf, jsonRes, on, ok, params, rand, textRes, up, type Scenario } from './h.ts';
import { Client } from '../tranche-5/kit.ts';

export const faults: Fault[] = [];
export const checks: Record<string, Scenario> = {};
const add = (f: Fault, s: Scenario) => {
  faults.push(f);
  checks[f.id] = s;
};
const basicUser = (req: ProxiedRequest) => {
  const a = req.headers['authorization'] ?? '';
  if (!a.startsWith('Basic ')) return null;
  const [u, k] = Buffer.from(a.slice(6), 'base64').toString('utf8').split(':');
  return { u, k };
};
const denied = (fmt = 'json') =>
  fmt === 'xml'
    ? textRes(403, '<?xml version="1.0" encoding="UTF-8"?><response success="false" reason="access denied"/>', 'application/xml')
    : jsonRes(403, { success: false, reason: 'access denied' });

// ---------------------------------------------------------------- authentication

add(
  {
    id: 'auth-basic-ignored-on-put', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_BASIC, kind: 'implementation-bug',
    description: 'HTTP Basic credentials are not read on post updates (PUT), so a Basic-authenticated update is refused.',
    onRequest(req) {
      if (on(req, 'PUT', /^\/posts\/\d+$/) && basicUser(req) && !params(req).has('login')) {
        const h = { ...req.headers };
        delete h['authorization'];
        return { ...req, headers: h };
      }
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const r = await cl(base, 'member', 'basic').send('PUT', `/posts/${a}.json`, { 'post[source]': `b_${s}` });
    return !(r.status === 200 && r.json?.success === true);
  },
);

add(
  {
    id: 'auth-basic-ignored-on-dmail-list', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_BASIC, kind: 'implementation-bug',
    description: 'The dmail listing reads only `login`/`api_key`; with HTTP Basic alone the caller is treated as anonymous and sees none of the own dmails.',
    onRequest(req) {
      if (on(req, 'GET', /^\/dmails$/) && basicUser(req) && !params(req).has('login')) {
        const h = { ...req.headers };
        delete h['authorization'];
        return { ...req, headers: h };
      }
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    const r = await cl(base, 'member2', 'basic').get('/dmails.json', { 'search[message_matches]': `t_${s}` });
    return !(r.status === 200 && Array.isArray(r.json) && r.json.some((d: any) => d.id === id));
  },
);

add(
  {
    id: 'auth-legacy-password-hash-rejected', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_LEGACY, kind: 'spec-reader',
    description: '`login` with `password_hash` (legacy SHA1) is refused; only `api_key` is accepted.',
    onRequest(req) {
      const p = params(req);
      if (on(req, 'PUT', /^\/posts\/\d+$/) && p.has('login') && p.has('password_hash') && !p.has('api_key')) return denied();
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const r = await fetch(base + `/posts/${a}.json`, {
      method: 'PUT', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ login: ACC.member.name, password_hash: ACC.member.password_hash, 'post[source]': `l_${s}` }).toString(),
    });
    const j = await r.json().catch(() => undefined);
    return !(r.status === 200 && j?.success === true);
  },
);

add(
  {
    id: 'auth-session-cookie-ignored-on-post', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_COOKIE, kind: 'implementation-bug',
    description: 'Session cookies are ignored when creating a comment (POST), so a browser-session comment is refused.',
    onRequest(req) {
      if (on(req, 'POST', /^\/comments$/) && req.headers['cookie'] && !params(req).has('login')) {
        const h = { ...req.headers };
        delete h['cookie'];
        return { ...req, headers: h };
      }
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const r = await fetch(base + '/comments.json', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `login=${ACC.member.name}; password_hash=${ACC.member.api_key}` },
      body: new URLSearchParams({ 'comment[post_id]': String(a), 'comment[body]': `c_${s}` }).toString(),
    });
    const j = await r.json().catch(() => undefined);
    return !(r.status === 200 && j?.success === true);
  },
);

add(
  {
    id: 'auth-credentials-only-from-query', variants: ['A', 'B'], family: 'auth', quote: Q.PARAMS_BODY, kind: 'spec-reader',
    description: 'On POST the server reads `login` and `api_key` only from the query string, not from the request body, and refuses the call.',
    onRequest(req) {
      if (on(req, 'POST', /^\/forum_topics$/) && params(req).has('login') && !req.query.has('login')) return denied();
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).send('POST', '/forum_topics.json', { 'forum_topic[title]': `t_${s}`, 'forum_topic[original_post_attributes][body]': 'b' });
    return !(r.status === 200 && r.json?.success === true);
  },
);

add(
  {
    id: 'auth-anonymous-read-allowed-in-b', variants: ['B'], family: 'auth', quote: Q.AUTH_ANON, kind: 'spec-reader',
    description: 'Variant B answers anonymous post listings as variant A does, instead of requiring a logged-in caller.',
    onRequest(req) {
      const p = params(req);
      if (on(req, 'GET', /^\/posts$/) && !p.has('login') && !req.headers['authorization'] && !req.headers['cookie']) {
        const q = new URLSearchParams(req.query);
        q.set('login', ACC.member.name);
        q.set('api_key', ACC.member.api_key);
        return { ...req, query: q };
      }
      return req;
    },
  },
  async (base) => {
    const r = await new Client(base).get('/posts.json', { limit: 1 });
    return r.status === 200 && Array.isArray(r.json);
  },
);

add(
  {
    id: 'auth-anonymous-read-refused-in-a', variants: ['A'], family: 'auth', quote: Q.AUTH_ANON, kind: 'spec-reader',
    description: 'Variant A refuses anonymous reads of wiki pages with 403 as variant B does.',
    onRequest(req) {
      if (on(req, 'GET', /^\/wiki_pages$/) && !params(req).has('login') && !req.headers['authorization'] && !req.headers['cookie']) return denied();
      return req;
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': `w_${s}`, 'wiki_page[body]': 'b' }));
    const r = await new Client(base).get('/wiki_pages.json', { 'search[title]': `w_${s}` });
    return !(r.status === 200 && Array.isArray(r.json) && r.json.some((w: any) => w.id === id));
  },
);

add(
  {
    id: 'auth-api-key-not-checked-on-dmail-list', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_LOGIN, kind: 'implementation-bug',
    description: 'The dmail listing trusts `login` and does not compare `api_key`, so a wrong key lists the named user\'s dmails.',
    onRequest(req) {
      if (!on(req, 'GET', /^\/dmails$/)) return req;
      const q = new URLSearchParams(req.query);
      const acc = Object.values(ACC).find((a) => a.name === q.get('login'));
      if (!acc || !q.has('api_key')) return req;
      q.set('api_key', acc.api_key);
      return { ...req, query: q };
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    const r = await cl(base, { ...ACC.member2, api_key: 'wrong_' + s }).get('/dmails.json', { 'search[message_matches]': `t_${s}` });
    return r.status === 200 && Array.isArray(r.json) && r.json.some((d: any) => d.id === id);
  },
);

add(
  {
    id: 'auth-basic-key-not-checked-on-delete', variants: ['A', 'B'], family: 'auth', quote: Q.AUTH_BASIC, kind: 'implementation-bug',
    description: 'With HTTP Basic on a comment DELETE only the user name is used; the API key part is not compared.',
    onRequest(req) {
      const b = basicUser(req);
      if (!on(req, 'DELETE', /^\/comments\/\d+$/) || !b) return req;
      const acc = Object.values(ACC).find((a) => a.name === b.u);
      if (!acc) return req;
      return { ...req, headers: { ...req.headers, authorization: 'Basic ' + Buffer.from(`${acc.name}:${acc.api_key}`).toString('base64') } };
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const cid = await created(cl(base).send('POST', '/comments.json', { 'comment[post_id]': a, 'comment[body]': `c_${s}` }));
    const r = await cl(base, { ...ACC.member, api_key: 'wrong_' + s }, 'basic').send('DELETE', `/comments/${cid}.json`);
    return r.status === 200 || r.status === 204 || r.json?.success === true;
  },
);

// ---------------------------------------------------------------- envelope and status codes

add(
  {
    id: 'envelope-xml-child-elements', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_XML, kind: 'spec-reader',
    description: 'The XML envelope of a post update carries `success` and `reason` as child elements instead of attributes.',
    onResponse(req, res) {
      if (!on(req, 'PUT', /^\/posts\/\d+$/) || !req.path.endsWith('.xml')) return res;
      const t = res.body.toString('utf8');
      const s = /success="([^"]*)"/.exec(t)?.[1] ?? '';
      const r = /reason="([^"]*)"/.exec(t)?.[1] ?? '';
      return { ...res, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response><success>${s}</success><reason>${r}</reason></response>`) };
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const r = await cl(base).send('PUT', `/posts/${a}.xml`, { 'post[source]': `s_${s}` });
    return !/^\s*(<\?xml[^>]*>)?\s*<response\s[^>]*success="true"/.test(r.text);
  },
);

add(
  {
    id: 'envelope-json-success-string', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_JSON, kind: 'implementation-bug',
    description: 'Creating a comment returns `success` as the string "true" instead of a boolean.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/comments$/) || !req.path.endsWith('.json')) return res;
      const j = jsonOf(res);
      if (!j || typeof j.success !== 'boolean') return res;
      return jsonRes(res.status, { ...j, success: String(j.success) }, res);
    },
  },
  async (base) => {
    const s = rand();
    const a = await cl(base).post(`x_${s}`);
    const r = await cl(base).send('POST', '/comments.json', { 'comment[post_id]': a, 'comment[body]': `c_${s}` });
    return typeof r.json?.success !== 'boolean';
  },
);

add(
  {
    id: 'envelope-reason-missing-on-dmail-delete', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_JSON, kind: 'implementation-bug',
    description: 'The JSON envelope of a successful dmail delete has no `reason` string.',
    onResponse(req, res) {
      if (!on(req, 'DELETE', /^\/dmails\/\d+$/) || !req.path.endsWith('.json')) return res;
      const j = jsonOf(res);
      if (!j) return res;
      delete j.reason;
      return jsonRes(res.status, j, res);
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/dmails.json', { 'dmail[to_name]': 'conform_member2', 'dmail[title]': `t_${s}`, 'dmail[body]': 'b' }));
    const r = await cl(base).send('DELETE', `/dmails/${id}.json`);
    return r.status === 204 ? false : typeof r.json?.reason !== 'string';
  },
);

add(
  {
    id: 'envelope-not-found-says-success', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_RULE, kind: 'implementation-bug',
    description: 'An update of a pool that does not exist answers 404 but with `success: true` in the envelope, so status and envelope disagree.',
    onResponse(req, res) {
      if (!on(req, 'PUT', /^\/pools\/\d+$/) || res.status !== 404) return res;
      const j = jsonOf(res);
      return j ? jsonRes(404, { ...j, success: true }, res) : res;
    },
  },
  async (base) => {
    const r = await cl(base).send('PUT', `/pools/987654321.json`, { 'pool[description]': 'x' });
    const failedByStatus = r.status >= 400;
    return r.json?.success === failedByStatus;
  },
);

add(
  {
    id: 'envelope-invalid-record-status-200', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_RULE, kind: 'implementation-bug',
    description: 'A pool create that cannot be saved is answered with status 200 and `success: false`, so status and envelope disagree.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/pools$/) || res.status < 400) return res;
      return { ...res, status: 200 };
    },
  },
  async (base) => {
    const s = rand();
    const r = await cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}` });
    if (r.json?.success !== false) return false;
    return r.status >= 200 && r.status < 300;
  },
);

add(
  {
    id: 'status-missing-note-200', variants: ['A', 'B'], family: 'envelope', quote: Q.S404, kind: 'implementation-bug',
    description: 'Showing a note id that does not exist answers 200 with an empty object instead of 404.',
    onResponse(req, res) {
      if (!on(req, 'GET', /^\/notes\/\d+$/) || res.status !== 404) return res;
      return jsonRes(200, {}, res);
    },
  },
  async (base) => {
    const r = await cl(base).get('/notes/987654321.json');
    return r.status !== 404;
  },
);

add(
  {
    id: 'status-204-in-variant-b', variants: ['B'], family: 'envelope', quote: Q.S204, kind: 'spec-reader',
    description: 'Variant B answers a successful pool undelete with 204 No Content, a code that exists only in variant A.',
    onResponse(req, res) {
      if (!on(req, 'POST', /^\/pools\/\d+\/undelete$/) || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/pools.json', { 'pool[name]': `p_${s}`, 'pool[description]': 'd' }));
    ok(await cl(base).send('DELETE', `/pools/${id}.json`));
    const r = await cl(base).send('POST', `/pools/${id}/undelete.json`);
    return r.status === 204;
  },
);

add(
  {
    id: 'envelope-empty-body-on-topic-delete', variants: ['A', 'B'], family: 'envelope', quote: Q.ENV_EVERY, kind: 'implementation-bug',
    description: 'A forum topic delete answers 200 with an empty body instead of the envelope.',
    onResponse(req, res) {
      if (!on(req, 'DELETE', /^\/forum_topics\/\d+$/) || res.status !== 200) return res;
      return { ...res, body: Buffer.alloc(0) };
    },
  },
  async (base) => {
    const s = rand();
    const id = await created(cl(base).send('POST', '/forum_topics.json', { 'forum_topic[title]': `t_${s}`, 'forum_topic[original_post_attributes][body]': 'b' }));
    const r = await cl(base).send('DELETE', `/forum_topics/${id}.json`);
    if (r.status === 204) return false;
    return typeof r.json?.success !== 'boolean';
  },
);
void up;
