// @ts-nocheck: frozen red-team code (see all.ts)
// Cross-cutting faults: authentication, envelopes, status codes, formats, limits, quotas.
import type { Fault } from '../tranche-1/fault.ts';
import { Client } from './kit.ts';
import {
  C, acc, accountByName, allParams, callerName, editParams, envelopeRes, hasAuth, json, route, setJson, uid,
  ratingWord, type Entry,
} from './h.ts';

const POST_PUT = /^\/posts\/(\d+)\.(json|xml)$/;

export const entries: Entry[] = [
  {
    fault: {
      id: 'auth-api-key-not-checked',
      family: 'authentication',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '2. Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
      description:
        'On state-changing requests the server only looks at `login`: a wrong `api_key` is accepted and the request runs as the named user.',
      onRequest(req) {
        if (req.method === 'GET') return req;
        const p = allParams(req);
        const a = accountByName(p.get('login') ?? undefined);
        if (!a || p.get('api_key') === null || p.get('api_key') === a.api_key) return req;
        return editParams(req, (q) => q.set('api_key', a.api_key));
      },
    },
    async scn(base, v) {
      const c = C(base, 'gold');
      const id = await c.post(uid('ak'));
      const bad = new Client(base, { ...acc.gold, api_key: 'wrong-key-123' });
      const r = await bad.send('PUT', `/posts/${id}.json`, { 'post[rating]': ratingWord(v, 'questionable') });
      return r.status === 200;
    },
  },
  {
    fault: {
      id: 'auth-password-hash-refused',
      family: 'authentication',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '3. Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
      description: 'Requests authenticated with `login` and `password_hash` are refused with 403 instead of being authenticated.',
      onRequest(req) {
        const p = allParams(req);
        if (p.get('login') && p.get('password_hash') && !p.get('api_key'))
          return envelopeRes(403, false, 'access denied: invalid credentials', req.path.endsWith('.xml'));
        return req;
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('ph'));
      const r = await C(base, null).get(`/posts/${id}.json`, { login: acc.member.name, password_hash: acc.member.password_hash });
      return r.status === 403;
    },
  },
  {
    fault: {
      id: 'auth-basic-ignored-on-writes',
      family: 'authentication',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
      description: 'HTTP Basic credentials are honoured on GET but dropped on POST/PUT/DELETE, so Basic-authenticated writes are refused.',
      onRequest(req) {
        if (req.method === 'GET' || !req.headers['authorization']) return req;
        const h = { ...req.headers };
        delete h['authorization'];
        return { ...req, headers: h };
      },
    },
    async scn(base, v) {
      const id = await C(base, 'gold').post(uid('ba'));
      const r = await C(base, 'gold', 'basic').send('PUT', `/posts/${id}.json`, { 'post[rating]': ratingWord(v, 'explicit') });
      return r.status === 403;
    },
  },
  {
    fault: {
      id: 'auth-anonymous-read-refused-in-a',
      family: 'authentication',
      variants: ['A'],
      kind: 'spec-reader',
      quote:
        '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
      description: 'Variant A applies the B rule: anonymous GET requests are refused with 403.',
      onRequest(req) {
        if (req.method === 'GET' && !hasAuth(req)) return envelopeRes(403, false, 'access denied: log in', req.path.endsWith('.xml'));
        return req;
      },
    },
    async scn(base) {
      const r = await C(base, null).get('/posts.json', { limit: 1 });
      return r.status === 403;
    },
  },
  {
    fault: {
      id: 'auth-anonymous-read-allowed-in-b',
      family: 'authentication',
      variants: ['B'],
      kind: 'spec-reader',
      quote:
        '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
      description: 'Variant B applies the A rule to reads: anonymous GET requests are answered (as a Member) instead of refused.',
      onRequest(req) {
        if (req.method === 'GET' && !hasAuth(req))
          return editParams(req, (q) => {
            q.set('login', acc.member.name);
            q.set('api_key', acc.member.api_key);
          });
        return req;
      },
    },
    async scn(base) {
      const r = await C(base, null).get('/posts.json', { limit: 1 });
      return r.status === 200;
    },
  },
  {
    fault: {
      id: 'envelope-xml-child-elements',
      family: 'envelopes',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| XML | a single `response` element with attributes `success` and `reason` |',
      description: 'XML outcome envelopes carry success and reason as child elements instead of attributes of `response`.',
      onResponse(req, res) {
        if (req.method === 'GET' || !req.path.endsWith('.xml')) return res;
        const s = res.body.toString('utf8');
        const m = /<response success="([^"]*)" reason="([^"]*)"([^>]*)\/>/.exec(s);
        if (!m) return res;
        const extra = [...m[3].matchAll(/(\w+)="([^"]*)"/g)].map((x) => `<${x[1]}>${x[2]}</${x[1]}>`).join('');
        const out = `<?xml version="1.0" encoding="UTF-8"?><response><success>${m[1]}</success><reason>${m[2]}</reason>${extra}</response>`;
        return { ...res, body: Buffer.from(out, 'utf8') };
      },
    },
    async scn(base, v) {
      const c = C(base, 'gold');
      const id = await c.post(uid('xe'));
      const r = await c.send('PUT', `/posts/${id}.xml`, { 'post[rating]': ratingWord(v, 'questionable') });
      return r.status === 200 && !/<response\s[^>]*success="true"/.test(r.text);
    },
  },
  {
    fault: {
      id: 'envelope-json-success-string-on-delete',
      family: 'envelopes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
      description: 'DELETE responses in JSON carry `success` as the string "true"/"false" instead of a boolean.',
      onResponse(req, res) {
        if (req.method !== 'DELETE' || !req.path.endsWith('.json')) return res;
        const j = json(res);
        if (!j || typeof j.success !== 'boolean') return res;
        return setJson(res, { ...j, success: String(j.success) });
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('js'));
      const cr = await c.send('POST', '/comments.json', { 'comment[post_id]': id, 'comment[body]': 'to delete' });
      const r = await c.send('DELETE', `/comments/${cr.json.id}.json`);
      return typeof r.json?.success !== 'boolean';
    },
  },
  {
    fault: {
      id: 'status-204-in-variant-b',
      family: 'status-codes',
      variants: ['B'],
      kind: 'spec-reader',
      quote: '| 204 | No Content | request successful (A only) |',
      description: 'Variant B answers successful DELETE requests with 204 No Content and no body.',
      onResponse(req, res) {
        if (req.method === 'DELETE' && res.status === 200) return { status: 204, headers: {}, body: Buffer.alloc(0) };
        return res;
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('nc'));
      const cr = await c.send('POST', '/notes.json', { 'note[post_id]': id, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'n' });
      const r = await c.send('DELETE', `/notes/${cr.json.id}.json`);
      return r.status === 204;
    },
  },
  {
    fault: {
      id: 'status-failure-reported-as-200',
      family: 'status-codes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: 'Rules: success or failure can be read from the envelope or from the status code.',
      description: 'Failed PUT requests keep `success: false` in the envelope but are sent with status 200, so the status code says success.',
      onResponse(req, res) {
        if (req.method === 'PUT' && res.status >= 400) return { ...res, status: 200 };
        return res;
      },
    },
    async scn(base, v) {
      const c = C(base, 'gold');
      const id = await c.post(uid('sf'));
      const r = await c.send('PUT', `/posts/${id}.json`, { 'post[rating]': v === 'A' ? 'explicit' : 'e' });
      return r.status === 200 && r.json?.success === false;
    },
  },
  {
    fault: {
      id: 'format-xml-list-answered-in-json',
      family: 'formats',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
      description: 'List requests for comments with the `.xml` suffix are answered with the JSON rendering.',
      onRequest(req) {
        if (route(req, 'GET', /^\/comments\.xml$/)) return { ...req, path: '/comments.json' };
        return req;
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('fx'));
      await c.send('POST', '/comments.json', { 'comment[post_id]': id, 'comment[body]': 'xml please' });
      const r = await c.get('/comments.xml', { group_by: 'comment', limit: 2 });
      return r.status === 200 && !r.text.trimStart().startsWith('<');
    },
  },
  {
    fault: {
      id: 'delete-body-parameters-ignored',
      family: 'request-conventions',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '3. GET parameters go in the query string. POST, PUT and DELETE parameters go in the request body.',
      description: 'The body of DELETE requests is not parsed, so credentials sent in a DELETE body are lost and the request is refused.',
      onRequest(req) {
        if (req.method === 'DELETE') return { ...req, body: Buffer.alloc(0) };
        return req;
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const id = await c.post(uid('db'));
      const cr = await c.send('POST', '/notes.json', { 'note[post_id]': id, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'n' });
      const r = await c.send('DELETE', `/notes/${cr.json.id}.json`);
      return r.status === 403;
    },
  },
  {
    fault: {
      id: 'limit-over-100-honoured',
      family: 'limits',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| Posts per list request | hard maximum 100 (`limit`) |',
      description: 'A post list with `limit` above 100 returns more than 100 posts (the maximum is not enforced).',
      async onRequest(req, ctx) {
        if (!route(req, 'GET', /^\/posts\.json$/)) return req;
        const lim = Number(req.query.get('limit'));
        if (!(lim > 100)) return req;
        const out: any[] = [];
        for (let page = 1; out.length < lim && page < 10; page++) {
          const q = new URLSearchParams(req.query);
          q.set('limit', '100');
          q.set('page', String(page));
          const r = await ctx.upstream({ ...req, query: q });
          const j = json(r);
          if (!Array.isArray(j) || j.length === 0) break;
          out.push(...j);
          if (j.length < 100) break;
        }
        return setJson({ status: 200, headers: {}, body: Buffer.alloc(0) }, out.slice(0, lim));
      },
    },
    async scn(base) {
      const c = C(base, 'platinum');
      const t = uid('lim');
      for (let i = 0; i < 105; i++) await c.post(t);
      const r = await c.get('/posts.json', { tags: t, limit: 150 });
      return Array.isArray(r.json) && r.json.length > 100;
    },
  },
  {
    fault: {
      id: 'quota-member-basic-throttled-early',
      family: 'quotas',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Requests per hour, Basic (Member) | 3000 |',
      description: 'A Member authenticating with HTTP Basic is throttled (421) after 50 requests in the hour instead of 3000.',
      onRequest(req, ctx) {
        const a = req.headers['authorization'];
        if (!a || !/^basic /i.test(a)) return req;
        const who = accountByName(callerName(req));
        if (!who || who.level !== 20) return req;
        const n = ((ctx.state.get(who.name) as number) ?? 0) + 1;
        ctx.state.set(who.name, n);
        if (n > 50) return envelopeRes(421, false, 'user is throttled, try again later', req.path.endsWith('.xml'));
        return req;
      },
    },
    async scn(base) {
      const c = C(base, 'member2', 'basic');
      let throttled = false;
      for (let i = 0; i < 60; i++) {
        const r = await c.get('/tag_aliases.json', { limit: 1 });
        if (r.status === 421) throttled = true;
      }
      return throttled;
    },
  },
  {
    fault: {
      id: 'quota-anonymous-throttled-early',
      family: 'quotas',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: '| Requests per hour, anonymous (A only) | 500 |',
      description: 'Anonymous callers in variant A are throttled (421) after 100 requests in the hour instead of 500.',
      onRequest(req, ctx) {
        if (hasAuth(req)) return req;
        const n = ((ctx.state.get('anon') as number) ?? 0) + 1;
        ctx.state.set('anon', n);
        if (n > 100) return envelopeRes(421, false, 'user is throttled, try again later', req.path.endsWith('.xml'));
        return req;
      },
    },
    async scn(base) {
      const c = C(base, null);
      let throttled = false;
      for (let i = 0; i < 110; i++) {
        const r = await c.get('/tag_implications.json', { limit: 1 });
        if (r.status === 421) throttled = true;
      }
      return throttled;
    },
  },
  {
    fault: {
      id: 'status-missing-pool-200-null',
      family: 'status-codes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| 404 | Not Found | not found |',
      description: 'Showing a pool id that does not exist answers 200 with a `null` body instead of 404.',
      onResponse(req, res) {
        if (route(req, 'GET', /^\/pools\/\d+\.json$/) && res.status === 404) return setJson(res, null, 200);
        return res;
      },
    },
    async scn(base) {
      const r = await C(base, 'gold').get('/pools/987654321.json');
      return r.status === 200;
    },
  },
  {
    fault: {
      id: 'status-invalid-credentials-401',
      family: 'status-codes',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| 403 | Forbidden | access denied |',
      description: 'Requests with invalid credentials are denied with 401 instead of 403.',
      onResponse(req, res) {
        if (res.status === 403 && /invalid credentials/.test(res.body.toString())) return { ...res, status: 401 };
        return res;
      },
    },
    async scn(base) {
      const r = await C(base, null).get('/tag_aliases.json', { login: acc.gold.name, api_key: 'nope-nope' });
      return r.status === 401;
    },
  },
  {
    fault: {
      id: 'status-duplicate-wiki-420',
      family: 'status-codes',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| 423 | Already Exists | resource already exists |',
      description: 'Creating a wiki page whose title already exists is answered 420 (Invalid Record) instead of 423 (Already Exists).',
      onResponse(req, res) {
        if (route(req, 'POST', /^\/wiki_pages\.(json|xml)$/) && res.status === 423) return { ...res, status: 420 };
        return res;
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('dupw');
      await c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'one' });
      const r = await c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'two' });
      return r.status === 420;
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
