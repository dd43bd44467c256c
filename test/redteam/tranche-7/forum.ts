// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, envelope, cl, u, who, ids, must, ok } from './h.ts';
const F = 'forum';
const TL = /^\/forum_topics\.(json|xml)$/;
const TS = /^\/forum_topics\/\d+\.(json|xml)$/;
const PL = /^\/forum_posts\.(json|xml)$/;
const PS = /^\/forum_posts\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  refilter({
    id: 'forum-topics-title-exact-as-substring', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`search[title]` (exact)',
    description: 'search[title] on forum topics matches titles containing the value rather than equal to it.',
  }, TL, 'search[title]', (it, v) => String(it.title).toLowerCase().includes(v.toLowerCase())),
  dropParam({
    id: 'forum-topics-category-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'search[category_id]=0 is treated as absent (falsy), so topics of every category are listed.',
  }, 'GET', TL, 'search[category_id]', [], (v) => v === '0'),
  rewriteParam({
    id: 'forum-topics-create-last-category-rejected', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'forum_topic[category_id]=2 (the last value) fails an off-by-one range check and is stored as 0.',
  }, 'POST', TL, 'forum_topic[category_id]', (v) => (v === '2' ? '0' : v)),
  {
    id: 'forum-topics-update-title-dropped-with-category', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Update | PUT /forum_topics/{id}.json | `forum_topic[title]`; `forum_topic[category_id]` (A only) |',
    description: 'An update carrying both forum_topic[title] and forum_topic[category_id] keeps the old title.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', TS)) return req;
      const p = form(req);
      if (!p.has('forum_topic[title]') || !p.has('forum_topic[category_id]')) return req;
      const cur = await lookup(ctx, req, req.path.replace(/\.xml$/, '.json'));
      if (!cur || typeof cur.title !== 'string') return req;
      return withForm(req, (f) => f.set('forum_topic[title]', cur.title));
    },
  },
  dropParam({
    id: 'forum-posts-topic-category-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[topic_category_id]` (A only)',
    description: 'search[topic_category_id]=0 is treated as absent (falsy).',
  }, 'GET', PL, 'search[topic_category_id]', [], (v) => v === '0'),
  {
    id: 'forum-posts-update-body-non-ascii-mangled', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Update | PUT /forum_posts/{id}.json | `forum_post[body]` |',
    description: 'forum_post[body] on update is decoded as Latin-1, garbling non-ASCII text.',
    onRequest(req) {
      if (!is(req, 'PUT', PS)) return req;
      const b = form(req).get('forum_post[body]');
      if (!b || !/[^\x00-\x7f]/.test(b)) return req;
      return withForm(req, (f) => f.set('forum_post[body]', Buffer.from(b, 'utf8').toString('latin1')));
    },
  },
  {
    id: 'forum-topics-title-matches-read-as-exact', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| List | GET /forum_topics.json | `search[title_matches]`; `search[title]` (exact); `search[category_id]` (A only) |',
    description: 'search[title_matches] is applied like search[title] (exact), so * patterns match nothing.',
    onRequest(req) {
      if (!is(req, 'GET', TL) || !req.query.has('search[title_matches]') || req.query.has('search[title]')) return req;
      const v = req.query.get('search[title_matches]')!;
      if (!v.includes('*')) return req;
      const q = new URLSearchParams(req.query.toString()); q.delete('search[title_matches]'); q.set('search[title]', v);
      return { ...req, query: q };
    },
  },
];

export const mkTopic = async (c: any, title: string, extra: Record<string, string | number> = {}) =>
  (await ok(c.send('POST', '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': 'opening ' + title, ...extra }), 'topic')).id;
const titles = (r: any) => (Array.isArray(r.json) ? r.json.map((x: any) => x.title) : []);

export const checks: Record<string, Scenario> = {
  'forum-topics-title-exact-as-substring': async (base) => {
    const m = cl(base); const t = u(); await mkTopic(m, t); await mkTopic(m, t + ' again');
    const n = titles(await m.get('/forum_topics.json', { 'search[title]': t }));
    must(n.includes(t), 'exact');
    return n.length !== 1;
  },
  'forum-topics-category-zero-ignored': async (base) => {
    const m = cl(base); const t = u();
    await mkTopic(m, t + ' gen', { 'forum_topic[category_id]': 0 }); await mkTopic(m, t + ' bug', { 'forum_topic[category_id]': 2 });
    const n = titles(await m.get('/forum_topics.json', { 'search[title_matches]': `${t}*`, 'search[category_id]': 0 }));
    must(n.includes(t + ' gen'), 'gen');
    return n.includes(t + ' bug');
  },
  'forum-topics-create-last-category-rejected': async (base) => {
    const m = cl(base); const id = await mkTopic(m, u(), { 'forum_topic[category_id]': 2 });
    return (await m.get(`/forum_topics/${id}.json`)).json.category_id !== 2;
  },
  'forum-topics-update-title-dropped-with-category': async (base) => {
    const m = cl(base); const t = u(); const id = await mkTopic(m, t);
    await ok(m.send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': t + ' renamed', 'forum_topic[category_id]': 1 }));
    return (await m.get(`/forum_topics/${id}.json`)).json.title !== t + ' renamed';
  },
  'forum-posts-topic-category-zero-ignored': async (base) => {
    const m = cl(base); const t = u();
    await mkTopic(m, t + ' gen', { 'forum_topic[category_id]': 0 }); await mkTopic(m, t + ' tag', { 'forum_topic[category_id]': 1 });
    const r = await m.get('/forum_posts.json', { 'search[body_matches]': `opening ${t}*`, 'search[topic_category_id]': 0 });
    const b = r.json.map((x: any) => x.body);
    must(b.includes(`opening ${t} gen`), 'gen');
    return b.includes(`opening ${t} tag`);
  },
  'forum-posts-update-body-non-ascii-mangled': async (base) => {
    const m = cl(base); const t = u(); await mkTopic(m, t);
    const r = await m.get('/forum_posts.json', { 'search[body_matches]': `opening ${t}` });
    const id = r.json[0].id; const body = `naïve café 日本語 ${t}`;
    await ok(m.send('PUT', `/forum_posts/${id}.json`, { 'forum_post[body]': body }));
    const l = await m.get('/forum_posts.json', { 'search[creator_name]': 'conform_member', 'search[body_matches]': `*${t}` });
    return !l.json.some((x: any) => x.body === body);
  },
  'forum-topics-title-matches-read-as-exact': async (base) => {
    const m = cl(base); const t = u(); await mkTopic(m, t + ' hello');
    return !titles(await m.get('/forum_topics.json', { 'search[title_matches]': `${t}*` })).includes(t + ' hello');
  },
};
