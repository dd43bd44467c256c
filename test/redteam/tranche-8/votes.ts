// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, form, withForm, envelope, parse, fmt, type ProxiedRequest } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const isVote = (req: ProxiedRequest) => req.method === 'POST' && /^\/posts\/\d+\/votes$/.test(bare(req));
const Q = '| Create | POST /posts/{post_id}/votes.json | `score` REQUIRED: up or down |';

add(
  {
    id: 'votes-down-rejected',
    variants: ['A', 'B'],
    family: 'votes',
    quote: '| score (vote) | up, down |',
    description: 'A vote with score=down is refused with 424 (the accepted-values list only holds "up").',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isVote(req) || form(req).get('score') !== 'down') return req;
      return envelope(req, 424, false, 'score must be one of up');
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('vd' + rand());
    const r = await c.send('POST', `/posts/${p}/votes.json`, { score: 'down' });
    return r.status !== 200 || r.json?.success !== true;
  },
);

add(
  {
    id: 'votes-missing-score-counts-as-up',
    variants: ['A', 'B'],
    family: 'votes',
    quote: Q,
    description: 'A vote sent without score is accepted and counted as an up vote instead of being refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!isVote(req)) return req;
      const f = form(req);
      if (f.has('score')) return req;
      f.set('score', 'up');
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('vm' + rand());
    const r = await c.send('POST', `/posts/${p}/votes.json`, {});
    return r.status === 200;
  },
);

add(
  {
    id: 'votes-unknown-post-succeeds',
    variants: ['A', 'B'],
    family: 'votes',
    quote: '| 404 | Not Found | not found |',
    description: 'A vote on a post id that does not exist answers 200 with success true instead of 404.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!isVote(req) || res.status !== 404) return res;
      const id = Number(/\/posts\/(\d+)\//.exec(req.path)![1]);
      return envelope(req, 200, true, '', { id: 0, post_id: id });
    },
  },
  async (base) => {
    const c = cl(base);
    const r = await c.send('POST', `/posts/9${Math.floor(Math.random() * 1e6) + 1e6}/votes.json`, { score: 'up' });
    return r.status === 200;
  },
);

add(
  {
    id: 'votes-xml-answers-json',
    variants: ['A', 'B'],
    family: 'votes',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'POST /posts/{id}/votes.xml answers with the JSON envelope (the vote controller ignores the format suffix).',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (!isVote(req) || fmt(req) !== 'xml') return req;
      const r = await ctx.upstream({ ...req, path: req.path.replace(/\.xml$/, '.json') });
      return r;
    },
  },
  async (base) => {
    const c = cl(base);
    const p = await c.post('vx' + rand());
    const r = await c.send('POST', `/posts/${p}/votes.xml`, { score: 'up' });
    return !/^\s*(<\?xml[^>]*>)?\s*<response[\s>\/]/.test(r.text);
  },
);
void is; void parse;
