// Faults of the forum family: forum topics and forum posts.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, hasParam, jsonResponse, parseJson, relist, route, setParam } from './util.ts';

const faults: Fault[] = [
  {
    id: 'forum-topics-title-not-exact',
    variants: ['A', 'B'],
    family: 'forum',
    quote: '| List | GET /forum_topics.json | `search[title_matches]`; `search[title]` (exact); `search[category_id]` (A only) |',
    description: '`search[title]` is a substring match instead of an exact one: a search for "Bug" returns the topic titled "Bug report".',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/forum_topics') || req.path.endsWith('.xml') || res.status !== 200) return res;
      const t = req.query.get('search[title]');
      if (!t) return res;
      const all = await relist(ctx, req, (q) => {
        q.delete('search[title]');
        q.set('limit', '100');
        q.delete('page');
      });
      const items = parseJson(all);
      if (!Array.isArray(items)) return res;
      const lower = t.toLowerCase();
      return jsonResponse(items.filter((x: any) => String(x.title).toLowerCase().includes(lower)), 200, res);
    },
  },
  {
    id: 'forum-topics-category-dropped',
    variants: ['A'],
    family: 'forum',
    quote:
      '| Create | POST /forum_topics.json | `forum_topic[title]`; `forum_topic[original_post_attributes][body]` (message of the initial post); `forum_topic[category_id]` (A only) |',
    description: 'Variant A ignores `forum_topic[category_id]` on create: every topic lands in category 0 (General).',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/forum_topics') || !hasParam(req, 'forum_topic[category_id]')) return req;
      return deleteParam(req, 'forum_topic[category_id]');
    },
  },
  {
    id: 'forum-posts-topic-title-searches-body',
    variants: ['A', 'B'],
    family: 'forum',
    quote:
      '| List | GET /forum_posts.json | `search[creator_id]`; `search[creator_name]`; `search[topic_id]`; `search[topic_title_matches]`; `search[topic_category_id]` (A only); `search[body_matches]` |',
    description: '`search[topic_title_matches]` is matched against the forum post body instead of the title of its topic.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/forum_posts')) return req;
      const v = getParam(req, 'search[topic_title_matches]');
      if (v === undefined || req.query.has('search[body_matches]')) return req;
      return setParam(deleteParam(req, 'search[topic_title_matches]'), 'search[body_matches]', v);
    },
  },
];

export default faults;
