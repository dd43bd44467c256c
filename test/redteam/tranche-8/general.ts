// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, fmt, params, envelope, parse, jsonRes, mapJson, upGet, ACC, mk, ok, must, wellFormedXml, Client } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const Q_ENV_XML = '| XML | a single `response` element with attributes `success` and `reason` |';
const Q_ENV_JSON = '| JSON | an object with `success` (boolean) and `reason` (string) |';
const Q_FMT = '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.';
const comment = async (c: Client, body = 'gc ' + rand()) => {
  const p = await c.post('gc' + rand());
  return mk(c, '/comments.json', { 'comment[post_id]': p, 'comment[body]': body });
};
const noCreds = (req: any) => {
  const p = params(req);
  return !p.get('login') && !p.get('api_key') && !req.headers['authorization'] && !req.headers['cookie'];
};

add(
  {
    id: 'envelope-success-string-on-wiki-update',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_ENV_JSON,
    description: 'The JSON envelope of a wiki page update carries success as the string "true" instead of a boolean.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'PUT', /^\/wiki_pages\/\d+$/) || fmt(req) !== 'json') return res;
      return mapJson(res, (j) => (j && typeof j.success === 'boolean' ? { ...j, success: String(j.success) } : j));
    },
  },
  async (base) => {
    const c = cl(base);
    const w = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'es' + rand(), 'wiki_page[body]': 'b' });
    const r = await c.send('PUT', `/wiki_pages/${w}.json`, { 'wiki_page[body]': 'b2' });
    return typeof r.json?.success !== 'boolean';
  },
);

add(
  {
    id: 'envelope-reason-missing-on-delete',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_ENV_JSON,
    description: 'reason is read as an error-only field: the JSON envelope of a successful note delete leaves it out.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/notes\/\d+$/) || fmt(req) !== 'json') return res;
      return mapJson(res, (j) => {
        if (!j || typeof j !== 'object') return j;
        const { reason, ...rest } = j;
        void reason;
        return rest;
      });
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('er' + rand());
    const n = await mk(c, '/notes.json', { 'note[post_id]': p, 'note[x]': 1, 'note[y]': 1, 'note[width]': 2, 'note[height]': 2, 'note[body]': 'x' });
    const r = await c.send('DELETE', `/notes/${n}.json`);
    must(r.status === 200, 'deleted');
    return typeof r.json?.reason !== 'string';
  },
);

add(
  {
    id: 'envelope-xml-child-elements',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_ENV_XML,
    description: 'The XML envelope of create calls puts success and reason in child elements (<success>, <reason>) instead of attributes.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (req.method !== 'POST' || fmt(req) !== 'xml') return res;
      const s = res.body.toString('utf8');
      const m = /<response\s+([^>]*?)\/?>/.exec(s);
      if (!m) return res;
      const attrs = [...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => `<${k}>${v}</${k}>`).join('');
      return { ...res, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response>${attrs}</response>`, 'utf8') };
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('ex' + rand());
    const r = await c.send('POST', '/comments.xml', { 'comment[post_id]': p, 'comment[body]': 'xml' });
    return !/<response\s[^>]*success="true"/.test(r.text);
  },
);

add(
  {
    id: 'envelope-xml-root-result-on-delete',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_ENV_XML,
    description: 'XML deletes of forum posts answer with a <result> root element instead of <response>.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/forum_posts\/\d+$/) || fmt(req) !== 'xml') return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/<response(\s|\/|>)/, '<result$1').replace('</response>', '</result>'), 'utf8') };
    },
  },
  async (base) => {
    const c = cl(base);
    const tp = await mk(c, '/forum_topics.json', { 'forum_topic[title]': 'xd' + rand(), 'forum_topic[original_post_attributes][body]': 'b' });
    const fp = await mk(c, '/forum_posts.json', { 'forum_post[body]': 'bye', 'forum_post[topic_id]': tp });
    const r = await c.send('DELETE', `/forum_posts/${fp}.xml`);
    must(r.status === 200, 'deleted');
    return !/^\s*(<\?xml[^>]*\?>)?\s*<response[\s/>]/.test(r.text);
  },
);

add(
  {
    id: 'xml-errors-answered-in-json',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_FMT,
    description: 'Error answers on .xml paths (e.g. 404 for an unknown pool) carry a JSON body instead of an XML response element.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (fmt(req) !== 'xml' || res.status < 400) return res;
      const s = res.body.toString('utf8');
      const success = /success="([^"]*)"/.exec(s)?.[1] === 'true';
      const reason = (/reason="([^"]*)"/.exec(s)?.[1] ?? '').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      return jsonRes(res.status, { success, reason });
    },
  },
  async (base) => {
    const r = await cl(base).get('/pools/987654321.xml');
    must(r.status === 404, 'not found');
    return !r.text.trim().startsWith('<');
  },
);

add(
  {
    id: 'xml-non-ascii-sent-as-latin1',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_FMT,
    description: 'The XML comment list is sent in ISO-8859-1 bytes while declaring UTF-8, so non-ASCII text arrives corrupted.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/comments$/) || fmt(req) !== 'xml') return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8'), 'latin1') };
    },
  },
  async (base) => {
    const c = cl(base), t = 'nx' + rand();
    const p = await c.post(t);
    await mk(c, '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'café déjà ' + t });
    const r = await c.get('/comments.xml', { group_by: 'comment', 'search[post_tags_match]': t });
    must(r.status === 200 && r.text.includes(t), 'xml list');
    return !r.text.includes('café déjà');
  },
);

add(
  {
    id: 'accept-header-overrides-suffix',
    variants: ['A', 'B'],
    family: 'general',
    quote: Q_FMT,
    description: 'An Accept: application/xml header wins over the .json suffix on show requests (content negotiation before the suffix).',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (req.method !== 'GET' || !req.path.endsWith('.json') || !/xml/.test(req.headers['accept'] ?? '')) return req;
      if (!/^\/forum_topics\/\d+$/.test(bare(req))) return req;
      return ctx.upstream({ ...req, path: req.path.replace(/\.json$/, '.xml') });
    },
  },
  async (base) => {
    const c = cl(base);
    const tp = await mk(c, '/forum_topics.json', { 'forum_topic[title]': 'ah' + rand(), 'forum_topic[original_post_attributes][body]': 'b' });
    const q = new URLSearchParams({ login: ACC.member.name, api_key: ACC.member.api_key });
    const r = await fetch(`${base}/forum_topics/${tp}.json?${q}`, { headers: { accept: 'application/xml, text/xml' } });
    const text = await r.text();
    try {
      return JSON.parse(text).id !== tp;
    } catch {
      return true;
    }
  },
);

add(
  {
    id: 'status-not-found-as-200',
    variants: ['A', 'B'],
    family: 'general',
    quote: '| 404 | Not Found | not found |',
    description: 'Showing a note id that does not exist answers status 200 (with success false) instead of 404.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/notes\/\d+$/) || res.status !== 404) return res;
      return { ...res, status: 200 };
    },
  },
  async (base) => {
    const r = await cl(base).get('/notes/987654321.json');
    return r.status === 200;
  },
);

add(
  {
    id: 'status-duplicate-as-invalid-record',
    variants: ['A', 'B'],
    family: 'general',
    quote: '| 423 | Already Exists | resource already exists |',
    description: 'Creating a wiki page whose title already exists answers 420 Invalid Record instead of 423 Already Exists.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/wiki_pages$/) || res.status !== 423) return res;
      return envelope(req, 420, false, 'record could not be saved: title has already been taken');
    },
  },
  async (base) => {
    const c = cl(base), t = 'dw' + rand();
    await mk(c, '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'b' });
    const r = await c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'b' });
    return r.status !== 423;
  },
);

add(
  {
    id: 'status-invalid-parameters-as-200',
    variants: ['A', 'B'],
    family: 'general',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'The rule is read as "either channel may carry the outcome": a comment create refused for a missing parameter answers status 200 with success false.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!is(req, 'POST', /^\/comments$/) || res.status !== 424) return res;
      return { ...res, status: 200 };
    },
  },
  async (base) => {
    const r = await cl(base).send('POST', '/comments.json', { 'comment[body]': 'no post' });
    return r.status === 200;
  },
);

add(
  {
    id: 'status-204-on-delete-in-b',
    variants: ['B'],
    family: 'general',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers a successful comment delete with 204 No Content, a status that exists only in A.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!is(req, 'DELETE', /^\/comments\/\d+$/) || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  },
  async (base) => {
    const c = cl(base);
    const id = await comment(c);
    const r = await c.send('DELETE', `/comments/${id}.json`);
    return r.status === 204;
  },
);

add(
  {
    id: 'auth-password-hash-refused',
    variants: ['A', 'B'],
    family: 'general',
    quote: '3. Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: '"Legacy" is read as retired: login with password_hash (instead of api_key) is refused with 403.',
    kind: 'spec-reader',
    onRequest(req) {
      const p = params(req);
      if (!p.get('login') || !p.get('password_hash') || p.get('api_key')) return req;
      return envelope(req, 403, false, 'access denied: invalid credentials');
    },
  },
  async (base) => {
    const r = await new Client(base).get('/forum_topics.json', { login: ACC.member.name, password_hash: ACC.member.password_hash });
    return r.status === 403;
  },
);

add(
  {
    id: 'auth-basic-not-recognised-in-b',
    variants: ['B'],
    family: 'general',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Variant B ignores the Authorization: Basic header, so Basic callers are treated as anonymous and refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!/^basic /i.test(req.headers['authorization'] ?? '')) return req;
      const h = { ...req.headers };
      delete h['authorization'];
      return { ...req, headers: h };
    },
  },
  async (base) => {
    const r = await cl(base, 'member', 'basic').get('/forum_topics.json');
    return r.status === 403;
  },
);

add(
  {
    id: 'auth-wrong-api-key-accepted',
    variants: ['A', 'B'],
    family: 'general',
    quote: '2. Without a session, the parameters `login` (user name) and `api_key` authenticate a request.',
    description: 'The api_key is not checked on create calls: a known login with any api_key acts as that user.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (req.method !== 'POST') return req;
      const f = new URLSearchParams(req.body.toString('utf8'));
      const login = f.get('login');
      const acc = Object.values(ACC).find((a) => a.name === login);
      if (!acc || !f.get('api_key') || f.get('api_key') === acc.api_key) return req;
      f.set('api_key', acc.api_key);
      return { ...req, body: Buffer.from(f.toString()) };
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('wk' + rand());
    const bad = new Client(base, { ...ACC.member, api_key: 'not-the-key-' + rand() });
    const r = await bad.send('POST', '/comments.json', { 'comment[post_id]': p, 'comment[body]': 'sneaky' });
    return r.status === 200;
  },
);

add(
  {
    id: 'auth-anonymous-reads-allowed-in-b',
    variants: ['B'],
    family: 'general',
    quote: '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Variant B lets anonymous callers read lists (GET) and only requires login for state-changing calls.',
    kind: 'spec-reader',
    onRequest(req) {
      if (req.method !== 'GET' || !noCreds(req)) return req;
      const q = new URLSearchParams(req.query);
      q.set('login', ACC.member.name);
      q.set('api_key', ACC.member.api_key);
      return { ...req, query: q };
    },
  },
  async (base) => {
    const r = await new Client(base).get('/tag_aliases.json');
    return r.status === 200;
  },
);

add(
  {
    id: 'auth-anonymous-wiki-list-refused-in-a',
    variants: ['A'],
    family: 'general',
    quote: '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Variant A refuses anonymous reads of the wiki page list with 403.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', /^\/wiki_pages$/) || !noCreds(req)) return req;
      return envelope(req, 403, false, 'access denied: log in');
    },
  },
  async (base) => {
    const r = await new Client(base).get('/wiki_pages.json');
    return r.status === 403;
  },
);

add(
  {
    id: 'auth-body-credentials-ignored-on-put',
    variants: ['A', 'B'],
    family: 'general',
    quote: '3. GET parameters go in the query string. POST, PUT and DELETE parameters go in the request body.',
    description: 'login/api_key are read as query-string credentials: on PUT requests credentials sent in the body are ignored and the update is refused.',
    kind: 'spec-reader',
    onRequest(req) {
      if (req.method !== 'PUT' || !/^\/forum_posts\/\d+$/.test(bare(req)) || req.query.get('login')) return req;
      const f = new URLSearchParams(req.body.toString('utf8'));
      if (!f.get('login')) return req;
      return envelope(req, 403, false, 'access denied: log in');
    },
  },
  async (base) => {
    const c = cl(base);
    const tp = await mk(c, '/forum_topics.json', { 'forum_topic[title]': 'bc' + rand(), 'forum_topic[original_post_attributes][body]': 'b' });
    const fp = await mk(c, '/forum_posts.json', { 'forum_post[body]': 'one', 'forum_post[topic_id]': tp });
    const r = await c.send('PUT', `/forum_posts/${fp}.json`, { 'forum_post[body]': 'two' });
    return r.status === 403;
  },
);

add(
  {
    id: 'quota-param-callers-get-anonymous-quota',
    variants: ['A'],
    family: 'general',
    quote: '| Requests per hour, Platinum | 20000 |',
    description: 'Only HTTP Basic callers are given their level\'s quota; callers authenticating with login/api_key parameters get the anonymous 500 per hour and are throttled (421) after 500 requests.',
    kind: 'spec-reader',
    onRequest(req, ctx) {
      if (req.headers['authorization']) return req;
      const login = params(req).get('login');
      if (!login) return req;
      const n = ((ctx.state.get('n:' + login) as number) ?? 0) + 1;
      ctx.state.set('n:' + login, n);
      if (n > 500) return envelope(req, 421, false, 'user is throttled, try again later');
      return req;
    },
  },
  async (base) => {
    const c = cl(base, 'platinum');
    for (let i = 0; i < 505; i++) {
      const r = await c.get('/tag_aliases.json', { 'search[id]': 1 });
      if (r.status === 421) return true;
    }
    return false;
  },
);
void parse; void upGet; void ok;

add(
  {
    id: 'create-returns-record-not-envelope',
    variants: ['A', 'B'],
    family: 'general',
    quote: 'Every state-changing call returns one element.',
    description: 'Creating a pool answers with the created pool record (the usual REST habit) instead of the success/reason envelope.',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!is(req, 'POST', /^\/pools$/) || fmt(req) !== 'json' || res.status !== 200) return res;
      const j = parse(res);
      if (!j?.id) return res;
      const rec = await upGet(ctx, req, `/pools/${j.id}.json`);
      return jsonRes(200, rec);
    },
  },
  async (base) => {
    const r = await cl(base).send('POST', '/pools.json', { 'pool[name]': 'cr' + rand(), 'pool[description]': 'd' });
    must(r.status === 200, 'created');
    return typeof r.json?.success !== 'boolean';
  },
);
