// @ts-nocheck: frozen red-team code (see all.ts)
// Forum topics and forum posts.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, formFault, idOf, ids, listFault, ok, queryFault, uid, upGet, type Scenario } from './h.ts';

const TOPICS = /^\/forum_topics\.json$/;
const POSTS = /^\/forum_posts\.json$/;
const FP_ROW = '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |';

export const faults: Fault[] = [
  F({
    id: 'forum-topics-title-exact-as-substring',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'spec-reader',
    quote: '`search[title]` (exact)',
    description: 'search[title] is handled like title_matches with wildcards on both sides, so topics whose title merely contains the value are listed.',
    onResponse: listFault(TOPICS, (q) => !!q.get('search[title]'), async (_l, req, ctx) => {
      const all = await upGet(ctx, req, '/forum_topics.json', { 'search[title_matches]': `*${req.query.get('search[title]')}*` });
      return Array.isArray(all) ? all : [];
    }),
  }),
  F({
    id: 'forum-topics-a-category-zero-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'search[category_id]=0 is dropped by a truthiness check, so topics of every category are listed instead of General only.',
    onRequest: queryFault(TOPICS, (q) => q.get('search[category_id]') === '0', (q) => q.delete('search[category_id]')),
  }),
  F({
    id: 'forum-topics-a-category-update-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_topics/{id}.json | `forum_topic[title]`; `forum_topic[category_id]` (A only) |',
    description: 'forum_topic[category_id] is missing from the update whitelist; the category of a topic cannot be changed.',
    onRequest: formFault('PUT', /^\/forum_topics\/\d+\.json$/, (f) => f.get('forum_topic[category_id]') !== null, (f) => f.delete('forum_topic[category_id]')),
  }),
  F({
    id: 'forum-topics-original-post-body-lost',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`forum_topic[original_post_attributes][body]` (message of the initial post)',
    description: 'The nested original_post_attributes are not unpacked; the initial post is created with a placeholder body instead of the sent message.',
    onRequest: formFault('POST', TOPICS, (f) => !!f.get('forum_topic[original_post_attributes][body]'), (f) => f.set('forum_topic[original_post_attributes][body]', '(no message)')),
  }),
  F({
    id: 'forum-posts-topic-title-matches-ignored',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: FP_ROW,
    description: 'search[topic_title_matches] needs a join with topics that was never added; the condition is skipped.',
    onRequest: queryFault(POSTS, (q) => !!q.get('search[topic_title_matches]'), (q) => q.delete('search[topic_title_matches]')),
  }),
  F({
    id: 'forum-posts-a-topic-category-zero-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[topic_category_id]` (A only)',
    description: 'search[topic_category_id]=0 is treated as absent, so posts of topics in every category are listed.',
    onRequest: queryFault(POSTS, (q) => q.get('search[topic_category_id]') === '0', (q) => q.delete('search[topic_category_id]')),
  }),
  F({
    id: 'forum-posts-creator-id-ignored-with-topic-id',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: FP_ROW,
    description: 'Listing by search[topic_id] uses the topic\'s post association and ignores search[creator_id].',
    onRequest: queryFault(POSTS, (q) => !!q.get('search[topic_id]') && !!q.get('search[creator_id]'), (q) => q.delete('search[creator_id]')),
  }),
  F({
    id: 'forum-posts-update-body-html-escaped',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_posts/{id}.json | `forum_post[body]` |',
    description: 'Updated forum post bodies are HTML-escaped before storage, so "&" and "<" come back as entities.',
    onRequest: formFault('PUT', /^\/forum_posts\/\d+\.json$/, (f) => /[&<>]/.test(f.get('forum_post[body]') ?? ''), (f) => f.set('forum_post[body]', f.get('forum_post[body]')!.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'))),
  }),
];

async function topic(base: string, title: string, extra: Record<string, string | number> = {}, who = 'member', body = 'opening post'): Promise<number> {
  return idOf(await cl(base, who).send('POST', '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': body, ...extra }), 'topic create');
}
async function reply(base: string, tid: number, body: string, who = 'member'): Promise<number> {
  return idOf(await cl(base, who).send('POST', '/forum_posts.json', { 'forum_post[body]': body, 'forum_post[topic_id]': tid }), 'forum post create');
}

export const checks: Record<string, Scenario> = {
  'forum-topics-title-exact-as-substring': async (base) => {
    const t = 'Exact title ' + R();
    const a = await topic(base, t);
    const b = await topic(base, t + ' and more');
    const got = ids(ok(await cl(base).get('/forum_topics.json', { 'search[title]': t })));
    return got.includes(b) || !got.includes(a);
  },
  'forum-topics-a-category-zero-ignored': async (base) => {
    const r = R();
    const a = await topic(base, `General ${r}`, { 'forum_topic[category_id]': 0 });
    const b = await topic(base, `Bugs ${r}`, { 'forum_topic[category_id]': 2 });
    const got = ids(ok(await cl(base).get('/forum_topics.json', { 'search[title_matches]': `*${r}*`, 'search[category_id]': 0 })));
    return got.includes(b) || !got.includes(a);
  },
  'forum-topics-a-category-update-ignored': async (base) => {
    const t = 'Move me ' + R();
    const id = await topic(base, t, { 'forum_topic[category_id]': 0 });
    ok(await cl(base).send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[category_id]': 1 }));
    return !ids(ok(await cl(base).get('/forum_topics.json', { 'search[title]': t, 'search[category_id]': 1 }))).includes(id);
  },
  'forum-topics-original-post-body-lost': async (base) => {
    const body = 'Opening message ' + R();
    const id = await topic(base, 'Op ' + R(), {}, 'member', body);
    const l = ok(await cl(base).get('/forum_posts.json', { 'search[topic_id]': id })).json;
    return !l.some((p: any) => p.body === body);
  },
  'forum-posts-topic-title-matches-ignored': async (base) => {
    const r = R();
    const t1 = await topic(base, `Alpha ${r}`);
    const t2 = await topic(base, `Beta ${r}`);
    const a = await reply(base, t1, 'in alpha');
    const b = await reply(base, t2, 'in beta');
    const got = ids(ok(await cl(base).get('/forum_posts.json', { 'search[topic_title_matches]': `Alpha ${r}`, 'search[creator_name]': 'conform_member' })));
    return got.includes(b) || !got.includes(a);
  },
  'forum-posts-a-topic-category-zero-ignored': async (base) => {
    const r = R();
    const t1 = await topic(base, `G ${r}`, { 'forum_topic[category_id]': 0 });
    const t2 = await topic(base, `T ${r}`, { 'forum_topic[category_id]': 1 });
    const a = await reply(base, t1, `catmark${r}`);
    const b = await reply(base, t2, `catmark${r}`);
    const got = ids(ok(await cl(base).get('/forum_posts.json', { 'search[body_matches]': `catmark${r}`, 'search[topic_category_id]': 0 })));
    return got.includes(b) || !got.includes(a);
  },
  'forum-posts-creator-id-ignored-with-topic-id': async (base) => {
    const tid = await topic(base, 'Mixed ' + R());
    const a = await reply(base, tid, 'by member2', 'member2');
    const got = ids(ok(await cl(base).get('/forum_posts.json', { 'search[topic_id]': tid, 'search[creator_id]': await uid(base, 'member2') })));
    return got.length !== 1 || got[0] !== a;
  },
  'forum-posts-update-body-html-escaped': async (base) => {
    const tid = await topic(base, 'Esc ' + R());
    const id = await reply(base, tid, 'first');
    const body = `fish & chips <3 ${R()}`;
    ok(await cl(base).send('PUT', `/forum_posts/${id}.json`, { 'forum_post[body]': body }));
    const l = ok(await cl(base).get('/forum_posts.json', { 'search[topic_id]': tid })).json;
    return !l.some((p: any) => p.id === id && p.body === body);
  },
};
