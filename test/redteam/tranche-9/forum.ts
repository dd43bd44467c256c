// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, rewriteParams, must, ACC } from './h.ts';

const TOPICS = /^\/forum_topics\.json$/;
const TOPIC = /^\/forum_topics\/(\d+)\.json$/;
const POSTS = /^\/forum_posts\.json$/;
const POST = /^\/forum_posts\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'forum-topics-title-exact-is-substring',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'spec-reader',
    quote: '`search[title]` (exact)',
    description: 'search[title] on forum topics is matched as a substring, like title_matches.',
    ...rewriteParams('GET', TOPICS, (p) => p.has('search[title]'), (p) => { p.set('search[title_matches]', `*${p.get('search[title]')}*`); p.delete('search[title]'); }),
  },
  {
    id: 'forum-topics-title-matches-exact',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'spec-reader',
    quote: '| List | GET /forum_topics.json | `search[title_matches]`; `search[title]` (exact);',
    description: 'search[title_matches] is compared as an exact title (the * wildcards are stripped), so partial matches are not found.',
    ...rewriteParams('GET', TOPICS, (p) => (p.get('search[title_matches]') ?? '').includes('*') && !p.has('search[category_id]'), (p) => { p.set('search[title]', (p.get('search[title_matches]') ?? '').replace(/\*/g, '')); p.delete('search[title_matches]'); }),
  },
  {
    id: 'forum-topics-category-filter-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[title_matches]`; `search[title]` (exact); `search[category_id]` (A only)',
    description: 'search[category_id] on topics is ignored when search[title_matches] is given.',
    ...dropParam('GET', TOPICS, 'search[category_id]', (p) => p.has('search[title_matches]')),
  },
  {
    id: 'forum-topics-create-category-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'forum_topic[category_id] is not saved on create; every topic lands in General.',
    ...dropParam('POST', TOPICS, 'forum_topic[category_id]'),
  },
  {
    id: 'forum-topics-title-update-resets-category',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_topics/{id}.json | `forum_topic[title]`; `forum_topic[category_id]` (A only) |',
    description: 'An update that only sends the title resets the category to 0 (General).',
    ...rewriteParams('PUT', TOPIC, (p) => p.has('forum_topic[title]') && !p.has('forum_topic[category_id]'), (p) => p.set('forum_topic[category_id]', '0')),
  },
  {
    id: 'forum-topics-original-post-gets-title',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`forum_topic[original_post_attributes][body]` (message of the initial post)',
    description: 'The initial post of a new topic is given the topic title as its body instead of the message sent.',
    ...rewriteParams('POST', TOPICS, (p) => p.has('forum_topic[title]') && p.has('forum_topic[original_post_attributes][body]'), (p) => p.set('forum_topic[original_post_attributes][body]', p.get('forum_topic[title]')!)),
  },
  {
    id: 'forum-posts-topic-id-ignored',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`;',
    description: 'search[topic_id] on forum posts is ignored when search[body_matches] is given.',
    ...dropParam('GET', POSTS, 'search[topic_id]', (p) => p.has('search[body_matches]')),
  },
  {
    id: 'forum-posts-topic-title-matches-ignored',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[topic_title_matches]`',
    description: 'search[topic_title_matches] is ignored when search[body_matches] is given (the topic relation is not followed).',
    ...dropParam('GET', POSTS, 'search[topic_title_matches]', (p) => p.has('search[body_matches]')),
  },
  {
    id: 'forum-posts-topic-category-ignored',
    variants: ['A'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '`search[topic_category_id]` (A only)',
    description: 'search[topic_category_id] on forum posts is ignored.',
    ...dropParam('GET', POSTS, 'search[topic_category_id]'),
  },
  {
    id: 'forum-posts-creator-name-ignored',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`;',
    description: 'search[creator_name] on forum posts is ignored when search[body_matches] is given.',
    ...dropParam('GET', POSTS, 'search[creator_name]', (p) => p.has('search[body_matches]')),
  },
  {
    id: 'forum-posts-update-non-ascii-mangled',
    variants: ['A', 'B'],
    family: 'forum',
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_posts/{id}.json | `forum_post[body]` |',
    description: 'A forum post update decodes the body as Latin-1, mangling non-ASCII text.',
    ...rewriteParams('PUT', POST, (p) => /[^\x00-\x7f]/.test(p.get('forum_post[body]') ?? ''), (p) => p.set('forum_post[body]', Buffer.from(p.get('forum_post[body]')!, 'utf8').toString('latin1'))),
  },
];

const topic = async (base: string, title: string, body: string, extra: Record<string, string | number> = {}, as = 'member') =>
  must(await who(base, as).send('POST', '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': body, ...extra }), 'topic').id as number;
const tids = (r: any): number[] => (Array.isArray(r.json) ? r.json.map((x: any) => x.id) : []);
const ptids = (r: any): number[] => (Array.isArray(r.json) ? r.json.map((x: any) => x.topic_id) : []);

export const checks: Record<string, Scenario> = {
  async 'forum-topics-title-exact-is-substring'(base) {
    const s = rand();
    const a = await topic(base, `Topic ${s}`, 'x');
    await topic(base, `Topic ${s} again`, 'x');
    const l = tids(await who(base).get('/forum_topics.json', { 'search[title]': `Topic ${s}` }));
    return !(l.length === 1 && l[0] === a);
  },
  async 'forum-topics-title-matches-exact'(base) {
    const s = rand();
    const a = await topic(base, `Question about ${s} tagging`, 'x');
    return !tids(await who(base).get('/forum_topics.json', { 'search[title_matches]': `*${s}*` })).includes(a);
  },
  async 'forum-topics-category-filter-ignored'(base) {
    const s = rand();
    await topic(base, `fcg ${s}`, 'x', { 'forum_topic[category_id]': 0 });
    const b = await topic(base, `fcb ${s}`, 'x', { 'forum_topic[category_id]': 2 });
    const l = tids(await who(base).get('/forum_topics.json', { 'search[title_matches]': `*${s}*`, 'search[category_id]': 2 }));
    return !(l.length === 1 && l[0] === b);
  },
  async 'forum-topics-create-category-ignored'(base) {
    const id = await topic(base, `fcc ${rand()}`, 'x', { 'forum_topic[category_id]': 1 });
    return (await who(base).get(`/forum_topics/${id}.json`)).json?.category_id !== 1;
  },
  async 'forum-topics-title-update-resets-category'(base) {
    const s = rand();
    const id = await topic(base, `fur ${s}`, 'x', { 'forum_topic[category_id]': 2 });
    must(await who(base).send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': `fur renamed ${s}` }), 'update');
    const t = (await who(base).get(`/forum_topics/${id}.json`)).json;
    return !(t.category_id === 2 && t.title === `fur renamed ${s}`);
  },
  async 'forum-topics-original-post-gets-title'(base) {
    const s = rand();
    const id = await topic(base, `fop ${s}`, `opening message ${s}`);
    const l = (await who(base).get('/forum_posts.json', { 'search[topic_id]': id })).json as any[];
    return !l.some((p) => p.body === `opening message ${s}`);
  },
  async 'forum-posts-topic-id-ignored'(base) {
    const s = rand();
    const a = await topic(base, `fpa ${s}`, `word ${s}`);
    await topic(base, `fpb ${s}`, `word ${s}`);
    const l = ptids(await who(base).get('/forum_posts.json', { 'search[topic_id]': a, 'search[body_matches]': `word ${s}` }));
    return !(l.length === 1 && l[0] === a);
  },
  async 'forum-posts-topic-title-matches-ignored'(base) {
    const s = rand();
    const a = await topic(base, `alpha ${s}`, `shared ${s}`);
    await topic(base, `beta ${s}`, `shared ${s}`);
    const l = ptids(await who(base).get('/forum_posts.json', { 'search[topic_title_matches]': `alpha ${s}`, 'search[body_matches]': `shared ${s}` }));
    return !(l.length === 1 && l[0] === a);
  },
  async 'forum-posts-topic-category-ignored'(base) {
    const s = rand();
    await topic(base, `ftc0 ${s}`, 'x', { 'forum_topic[category_id]': 0 });
    const b = await topic(base, `ftc1 ${s}`, 'x', { 'forum_topic[category_id]': 1 });
    const l = ptids(await who(base).get('/forum_posts.json', { 'search[topic_title_matches]': `*${s}*`, 'search[topic_category_id]': 1 }));
    return !(l.length === 1 && l[0] === b);
  },
  async 'forum-posts-creator-name-ignored'(base) {
    const s = rand();
    await topic(base, `fcn1 ${s}`, `hello ${s}`);
    const b = await topic(base, `fcn2 ${s}`, `hello ${s}`, {}, 'member2');
    const l = ptids(await who(base).get('/forum_posts.json', { 'search[creator_name]': ACC.member2.name, 'search[body_matches]': `hello ${s}` }));
    return !(l.length === 1 && l[0] === b);
  },
  async 'forum-posts-update-non-ascii-mangled'(base) {
    const s = rand();
    const id = await topic(base, `fna ${s}`, 'plain');
    const post = ((await who(base).get('/forum_posts.json', { 'search[topic_id]': id })).json as any[])[0];
    const body = `Grüße — 東京 ${s}`;
    must(await who(base).send('PUT', `/forum_posts/${post.id}.json`, { 'forum_post[body]': body }), 'update');
    const l = (await who(base).get('/forum_posts.json', { 'search[topic_id]': id })).json as any[];
    return !l.some((p) => p.body === body);
  },
};
