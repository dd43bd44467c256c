// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, relist, type Scenario, ids } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'forum-topics-title-exact-as-prefix',
    family: 'forum',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '`search[title]` (exact)',
    description: 'The forum topic list matches `search[title]` as a prefix instead of the exact title.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/forum_topics\.json$/)) return req;
      const n = req.query.get('search[title]');
      if (!n) return req;
      return relist(req, ctx, (p) => { p.delete('search[title]'); p.set('limit', '100'); }, (t) => typeof t.title === 'string' && t.title.startsWith(n));
    },
  },
  {
    id: 'forum-topic-op-body-cut-at-ampersand',
    family: 'forum',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`forum_topic[original_post_attributes][body]` (message of the initial post)',
    description: 'The initial post body of a new topic is cut before the first `&`.',
    onRequest(req) {
      if (!is(req, 'POST', /^\/forum_topics\.(json|xml)$/)) return req;
      const b = param(req, 'forum_topic[original_post_attributes][body]');
      if (!b || !b.includes('&')) return req;
      return withParams(req, (p) => p.set('forum_topic[original_post_attributes][body]', b.slice(0, b.indexOf('&')).trimEnd() || 'x'));
    },
  },
  {
    id: 'forum-topic-title-update-resets-category',
    family: 'forum',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /forum_topics/{id}.json | `forum_topic[title]`; `forum_topic[category_id]` (A only) |',
    description: 'A topic update that changes only the title resets the category to 0 (General).',
    onRequest(req) {
      if (is(req, 'PUT', /^\/forum_topics\/\d+\.(json|xml)$/) && param(req, 'forum_topic[title]') !== null && param(req, 'forum_topic[category_id]') === null)
        return withParams(req, (p) => p.set('forum_topic[category_id]', '0'));
      return req;
    },
  },
  {
    id: 'forum-posts-topic-id-dropped-with-creator',
    family: 'forum',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |',
    description: 'When forum posts are filtered by `search[topic_id]` and `search[creator_name]` together, the topic filter is dropped.',
    onRequest(req) {
      if (is(req, 'GET', /^\/forum_posts\.(json|xml)$/) && req.query.has('search[topic_id]') && req.query.has('search[creator_name]'))
        return withParams(req, (p) => p.delete('search[topic_id]'));
      return req;
    },
  },
  {
    id: 'forum-topics-category-2-maps-to-1',
    family: 'forum',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
    description: 'The topic list searches category 1 when asked for `search[category_id]=2` (off by one at the last value).',
    onRequest(req) {
      if (is(req, 'GET', /^\/forum_topics\.(json|xml)$/) && req.query.get('search[category_id]') === '2') return withParams(req, (p) => p.set('search[category_id]', '1'));
      return req;
    },
  },
];

const mkt = (who: any, title: string, body: string, extra: Record<string, string | number> = {}) =>
  who.send('POST', '/forum_topics.json', { 'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': body, ...extra });

export const checks: Record<string, Scenario> = {
  'forum-topics-title-exact-as-prefix': async (x) => {
    await mkt(x.c, `Topic ${x.t}`, 'b');
    await mkt(x.c, `Topic ${x.t} part two`, 'b');
    const r = await x.c.get('/forum_topics.json', { 'search[title]': `Topic ${x.t}` });
    return ids(r).length !== 1;
  },
  'forum-topic-op-body-cut-at-ampersand': async (x) => {
    const body = `Q&A about <tags> ${x.t}`;
    const id = (await mkt(x.c, `amp ${x.t}`, body)).json.id;
    const r = await x.c.get('/forum_posts.json', { 'search[topic_id]': id });
    return !(Array.isArray(r.json) && r.json.some((p: any) => p.body === body));
  },
  'forum-topic-title-update-resets-category': async (x) => {
    const id = (await mkt(x.c, `cat ${x.t}`, 'b', { 'forum_topic[category_id]': 2 })).json.id;
    await x.c.send('PUT', `/forum_topics/${id}.json`, { 'forum_topic[title]': `cat2 ${x.t}` });
    return (await x.c.get(`/forum_topics/${id}.json`)).json?.category_id !== 2;
  },
  'forum-posts-topic-id-dropped-with-creator': async (x) => {
    const a = (await mkt(x.c, `fa ${x.t}`, 'one')).json.id;
    await mkt(x.c, `fb ${x.t}`, 'two');
    const r = await x.c.get('/forum_posts.json', { 'search[topic_id]': a, 'search[creator_name]': x.acc.member.name });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].topic_id === a);
  },
  'forum-topics-category-2-maps-to-1': async (x) => {
    const id = (await mkt(x.c, `c2 ${x.t}`, 'b', { 'forum_topic[category_id]': 2 })).json.id;
    const r = await x.c.get('/forum_topics.json', { 'search[category_id]': 2, 'search[title_matches]': `*${x.t}*` });
    return !ids(r).includes(id);
  },
};
