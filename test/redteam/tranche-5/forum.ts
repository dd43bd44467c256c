// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on forum topics and forum posts.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, editParams, filterList, must, route, uid, userId, type Entry } from './h.ts';

const topic = (title: string, extra: Record<string, string | number> = {}) => ({
  'forum_topic[title]': title, 'forum_topic[original_post_attributes][body]': 'opening post', ...extra,
});

export const entries: Entry[] = [
  {
    fault: {
      id: 'forum-topic-title-exact-as-substring',
      family: 'forum',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '`search[title]` (exact)',
      description: '`search[title]` on forum topics returns every topic whose title contains the value.',
      onRequest(req, ctx) {
        if (!route(req, 'GET', /^\/forum_topics\.json$/) || !req.query.get('search[title]')) return req;
        ctx.state.set('t', req.query.get('search[title]'));
        return editParams(req, (q) => {
          q.delete('search[title]');
          q.set('limit', '1000');
        });
      },
      onResponse(req, res, ctx) {
        const t = ctx.state.get('t') as string | undefined;
        if (!t || !route(req, 'GET', /^\/forum_topics\.json$/)) return res;
        ctx.state.delete('t');
        return filterList(res, (x) => String(x.title).includes(t));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('ft');
      await must(c.send('POST', '/forum_topics.json', topic(t)));
      await must(c.send('POST', '/forum_topics.json', topic(`${t} & more`)));
      const r = await must(c.get('/forum_topics.json', { 'search[title]': t }));
      return r.some((x: any) => x.title !== t);
    },
  },
  {
    fault: {
      id: 'forum-topic-category-2-dropped',
      family: 'forum',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: '| Forum category_id (A only) | 0 General, 1 Tags, 2 Bugs & Features |',
      description: 'Creating a topic with `forum_topic[category_id]=2` (the last category) stores it as General (0).',
      onRequest: dropParam('POST', /^\/forum_topics\.(json|xml)$/, 'forum_topic[category_id]', (p) => p.get('forum_topic[category_id]') === '2'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/forum_topics.json', topic(uid('fc'), { 'forum_topic[category_id]': 2 })));
      const r = await must(c.get(`/forum_topics/${cr.id}.json`));
      return r.category_id !== 2;
    },
  },
  {
    fault: {
      id: 'forum-posts-topic-id-ignored-with-creator',
      family: 'forum',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |',
      description: 'When `search[creator_id]` is given, the `search[topic_id]` filter of the forum post list is ignored.',
      onRequest: dropParam('GET', /^\/forum_posts\.(json|xml)$/, 'search[topic_id]', (p) => p.has('search[creator_id]')),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t1 = await must(c.send('POST', '/forum_topics.json', topic(uid('fa'))));
      await must(c.send('POST', '/forum_topics.json', topic(uid('fb'))));
      const gid = await userId(c, acc.gold.name);
      const r = await must(c.get('/forum_posts.json', { 'search[creator_id]': gid, 'search[topic_id]': t1.id }));
      return r.some((p: any) => p.topic_id !== t1.id);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
