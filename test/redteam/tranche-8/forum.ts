// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, params, envelope, form, withForm, editQuery, dropQuery, dropForm, filterInstead, upGet, ids, mk, ok, must, userId, wellFormedXml } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const TL = /^\/forum_topics$/;
const PL = /^\/forum_posts$/;
const topic = (c: ReturnType<typeof cl>, title: string, extra: Record<string, string | number> = {}) =>
  mk(c, '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': 'opening ' + title, ...extra });
const reply = (c: ReturnType<typeof cl>, tp: number, body: string) => mk(c, '/forum_posts.json', { 'forum_post[body]': body, 'forum_post[topic_id]': tp });

add(
  {
    id: 'forum-topics-title-exact-as-substring',
    variants: ['A', 'B'],
    family: 'forum-topics',
    quote: '`search[title]` (exact)',
    description: 'search[title] on forum topics is handled like search[title_matches], so longer titles containing the value are returned.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!is(req, 'GET', TL) || !req.query.get('search[title]') || req.query.has('search[title_matches]')) return req;
      return editQuery(req, (q) => {
        q.set('search[title_matches]', q.get('search[title]')!);
        q.delete('search[title]');
      });
    },
  },
  async (base) => {
    const c = cl(base), t = 'ft' + rand();
    const a = await topic(c, t);
    const b = await topic(c, t + ' continued');
    const r = await c.get('/forum_topics.json', { 'search[title]': t });
    must(ids(r).includes(a), 'exact');
    return ids(r).includes(b);
  },
);

add(
  {
    id: 'forum-topics-bugs-category-saved-general',
    variants: ['A'],
    family: 'forum-topics',
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'forum_topic[category_id]=2 (Bugs & Features) is not recognised on create and the topic is saved as General (0).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'POST', TL)) return req;
      const f = form(req);
      if (f.get('forum_topic[category_id]') !== '2') return req;
      f.set('forum_topic[category_id]', '0');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const tp = await topic(c, 'fb' + rand(), { 'forum_topic[category_id]': 2 });
    const s = await c.get(`/forum_topics/${tp}.json`);
    return s.json.category_id !== 2;
  },
);

add(
  {
    id: 'forum-topics-category-zero-search-ignored',
    variants: ['A'],
    family: 'forum-topics',
    quote: '`search[category_id]` (A only)',
    description: 'search[category_id]=0 (General) is dropped by a truthiness check, so topics of every category are returned.',
    kind: 'implementation-bug',
    onRequest: dropQuery(TL, 'search[category_id]', (q) => q.get('search[category_id]') === '0'),
  },
  async (base) => {
    const c = cl(base), t = 'fz' + rand();
    const g = await topic(c, t + ' general', { 'forum_topic[category_id]': 0 });
    const k = await topic(c, t + ' tags', { 'forum_topic[category_id]': 1 });
    const r = await c.get('/forum_topics.json', { 'search[title_matches]': t, 'search[category_id]': 0 });
    must(ids(r).includes(g), 'general');
    return ids(r).includes(k);
  },
);

add(
  {
    id: 'forum-topics-opening-post-gets-title',
    variants: ['A', 'B'],
    family: 'forum-topics',
    quote: '`forum_topic[original_post_attributes][body]` (message of the initial post)',
    description: 'The initial forum post of a new topic gets the topic title as its body instead of original_post_attributes[body].',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'POST', TL)) return req;
      const f = form(req);
      if (!f.has('forum_topic[original_post_attributes][body]') || !f.get('forum_topic[title]')) return req;
      f.set('forum_topic[original_post_attributes][body]', f.get('forum_topic[title]')!);
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = 'fo' + rand();
    const tp = await topic(c, t);
    const r = await c.get('/forum_posts.json', { 'search[topic_id]': tp });
    must(r.json.length >= 1, 'initial post');
    return !r.json.some((p: any) => p.body === 'opening ' + t);
  },
);

add(
  {
    id: 'forum-topics-xml-ampersand-raw',
    variants: ['A', 'B'],
    family: 'forum-topics',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The XML list of forum topics writes "&" in titles unescaped, so the document is not well-formed XML.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'GET', TL) || !req.path.endsWith('.xml')) return res;
      return { ...res, body: Buffer.from(res.body.toString('utf8').replace(/&amp;/g, '&'), 'utf8') };
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    await topic(c, `Q & A ${t}`);
    const r = await c.get('/forum_topics.xml', { 'search[title]': `Q & A ${t}` });
    must(r.status === 200 && r.text.includes(t), 'xml list');
    return !wellFormedXml(r.text);
  },
);

add(
  {
    id: 'forum-posts-topic-id-dropped-with-creator-name',
    variants: ['A', 'B'],
    family: 'forum-posts',
    quote: '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |',
    description: 'search[topic_id] is ignored when search[creator_name] is given, so the user\'s posts in other topics are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(PL, 'search[topic_id]', (q) => q.has('search[creator_name]')),
  },
  async (base) => {
    const c = cl(base, 'platinum'), t = 'fp' + rand();
    const t1 = await topic(c, t + 'a'), t2 = await topic(c, t + 'b');
    const a = await reply(c, t1, 'in one');
    const b = await reply(c, t2, 'in two');
    const r = await c.get('/forum_posts.json', { 'search[topic_id]': t1, 'search[creator_name]': 'conform_platinum' });
    must(ids(r).includes(a), 'own');
    return ids(r).includes(b);
  },
);

add(
  {
    id: 'forum-posts-topic-category-ignored',
    variants: ['A'],
    family: 'forum-posts',
    quote: '`search[topic_category_id]` (A only)',
    description: 'search[topic_category_id] is accepted but not applied when search[topic_title_matches] is present.',
    kind: 'implementation-bug',
    onRequest: dropQuery(PL, 'search[topic_category_id]', (q) => q.has('search[topic_title_matches]')),
  },
  async (base) => {
    const c = cl(base), t = 'fk' + rand();
    const t1 = await topic(c, t + ' tags', { 'forum_topic[category_id]': 1 });
    const t2 = await topic(c, t + ' bugs', { 'forum_topic[category_id]': 2 });
    const a = await reply(c, t1, 'x');
    const b = await reply(c, t2, 'y');
    const r = await c.get('/forum_posts.json', { 'search[topic_title_matches]': t, 'search[topic_category_id]': 2 });
    must(ids(r).includes(b), 'bugs post');
    return ids(r).includes(a);
  },
);

add(
  {
    id: 'forum-posts-creator-id-matches-topic-creator',
    variants: ['A', 'B'],
    family: 'forum-posts',
    quote: '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |',
    description: 'search[creator_id] on forum posts selects the posts of topics created by that user instead of posts written by that user.',
    kind: 'implementation-bug',
    onRequest: filterInstead(PL, 'search[creator_id]', async (it, v, ctx, req) => {
      const tp = await upGet(ctx, req, `/forum_topics/${it.topic_id}.json`);
      return String(tp?.creator_id) === v;
    }),
  },
  async (base) => {
    const c = cl(base), c2 = cl(base, 'member2');
    const tp = await topic(c, 'fcr' + rand());
    const rp = await reply(c2, tp, 'reply');
    const m2 = await userId(c, 'member2');
    const r = await c.get('/forum_posts.json', { 'search[topic_id]': tp, 'search[creator_id]': m2 });
    return !ids(r).includes(rp);
  },
);

add(
  {
    id: 'forum-posts-update-body-ignored',
    variants: ['A', 'B'],
    family: 'forum-posts',
    quote: '| Update | PUT /forum_posts/{id}.json | `forum_post[body]` |',
    description: 'An update of a forum post made by someone other than its creator answers success but does not save the new body.',
    kind: 'implementation-bug',
    onRequest(req) {
      const m = /^\/forum_posts\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const login = params(req).get('login');
      if (login !== 'conform_moderator') return req;
      return envelope(req, 200, true, '', { id: Number(m[1]) });
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const tp = await topic(c, 'fu' + t);
    const p = await reply(c, tp, 'old ' + t);
    const mod = cl(base, 'moderator');
    const u = await mod.send('PUT', `/forum_posts/${p}.json`, { 'forum_post[body]': 'new ' + t });
    must(u.status === 200, 'moderator may edit');
    const r = await c.get('/forum_posts.json', { 'search[topic_id]': tp });
    const mine = r.json.find((x: any) => x.id === p);
    return mine?.body !== 'new ' + t;
  },
);
