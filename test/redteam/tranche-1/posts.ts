// Faults of the posts family: post list and update, revert, votes, flags and appeals.
import type { Fault, ProxiedRequest } from './fault.ts';
import { deleteParam, envelope, getParam, jsonResponse, parseJson, relist, route, setParam, sortByIdDesc, upstreamJson } from './util.ts';

const POSTS_LIST_ROW =
  '| List | GET /posts.json | `limit` (integer, at most 100 per request); `page` (page number); `tags` (search terms; any tag combination valid on the web site, including meta-tags); `raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing) |';
const RATING_ROW = '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |';

function numericPage(req: ProxiedRequest): number | undefined {
  const p = req.query.get('page');
  if (p === null || p === '') return 1;
  return /^\d+$/.test(p) ? Number(p) : undefined;
}

const faults: Fault[] = [
  {
    id: 'posts-limit-not-capped',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| Posts per list request | hard maximum 100 (`limit`) |',
    description:
      'A `limit` above 100 is honoured instead of capped: GET /posts.json?limit=150 returns up to 150 posts in one answer.',
    kind: 'spec-reader',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/posts') || req.path.endsWith('.xml')) return req;
      const limit = Number(req.query.get('limit'));
      const page = numericPage(req);
      if (!Number.isInteger(limit) || limit <= 100 || page === undefined || page < 1) return req;
      const offset = (page - 1) * limit;
      const out: unknown[] = [];
      let upPage = Math.floor(offset / 100) + 1;
      let skip = offset - (upPage - 1) * 100;
      let last;
      while (out.length < limit) {
        last = await relist(ctx, req, (q) => {
          q.set('limit', '100');
          q.set('page', String(upPage));
        });
        const items = parseJson(last);
        if (last.status !== 200 || !Array.isArray(items)) return req;
        out.push(...items.slice(skip));
        skip = 0;
        if (items.length < 100) break;
        upPage++;
      }
      return jsonResponse(out.slice(0, limit), 200, last);
    },
  },
  {
    id: 'posts-page-offset-overlap',
    variants: ['A', 'B'],
    family: 'posts',
    quote: POSTS_LIST_ROW,
    description:
      'Numbered pages from 2 on are computed with an offset one too small: each page repeats the last post of the previous page and drops its own last post.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/posts') || req.path.endsWith('.xml') || res.status !== 200) return res;
      const page = numericPage(req);
      if (page === undefined || page < 2) return res;
      const cur = parseJson(res);
      if (!Array.isArray(cur)) return res;
      const prevRes = await relist(ctx, req, (q) => q.set('page', String(page - 1)));
      const prev = parseJson(prevRes);
      if (!Array.isArray(prev) || prev.length === 0) return res;
      const size = Number(req.query.get('limit')) > 0 ? Math.min(Number(req.query.get('limit')), 100) : prev.length;
      return jsonResponse([prev[prev.length - 1], ...cur].slice(0, size), 200, res);
    },
  },
  {
    id: 'posts-raw-ignored',
    variants: ['A'],
    family: 'posts',
    quote: POSTS_LIST_ROW,
    description:
      'The `raw` parameter is ignored: `tags` is always parsed, so raw=1&tags=rating:s filters by rating instead of looking for a literal tag.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/posts') || !req.query.has('raw')) return req;
      return deleteParam(req, 'raw');
    },
  },
  {
    id: 'posts-multi-tag-union',
    variants: ['A', 'B'],
    family: 'posts',
    quote: POSTS_LIST_ROW,
    description:
      'A search with several plain tags returns posts having any of them (OR) instead of all of them (AND).',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/posts') || req.path.endsWith('.xml') || req.query.has('raw')) return req;
      const tags = (req.query.get('tags') ?? '').trim().split(/\s+/).filter(Boolean);
      if (tags.length < 2 || tags.some((t) => /[:*~]/.test(t) || t.startsWith('-'))) return req;
      const page = numericPage(req);
      if (page === undefined) return req;
      const limit = Number(req.query.get('limit')) > 0 ? Math.min(Number(req.query.get('limit')), 100) : 20;
      const seen = new Map<number, any>();
      let last;
      for (const t of tags) {
        last = await relist(ctx, req, (q) => {
          q.set('tags', t);
          q.set('limit', '100');
          q.delete('page');
        });
        const items = parseJson(last);
        if (last.status !== 200 || !Array.isArray(items)) return req;
        for (const it of items) seen.set(it.id, it);
      }
      const all = sortByIdDesc([...seen.values()]);
      return jsonResponse(all.slice((page - 1) * limit, page * limit), 200, last);
    },
  },
  {
    id: 'posts-update-rating-word-accepted',
    variants: ['A'],
    family: 'posts',
    quote: RATING_ROW,
    description:
      'Variant A accepts the full words safe, questionable and explicit for post[rating] on update (storing s, q, e) instead of rejecting them.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/\\d+')) return req;
      const r = getParam(req, 'post[rating]');
      const map: Record<string, string> = { safe: 's', questionable: 'q', explicit: 'e' };
      if (r === undefined || !(r in map)) return req;
      return setParam(req, 'post[rating]', map[r]!);
    },
  },
  {
    id: 'posts-update-rating-letters-only',
    variants: ['B'],
    family: 'posts',
    quote: RATING_ROW,
    description:
      'Variant B uses the variant A value set for post[rating] on update: it accepts s, q, e and rejects safe, questionable, explicit with 424.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/\\d+')) return req;
      const r = getParam(req, 'post[rating]');
      const words = ['safe', 'questionable', 'explicit'];
      if (r !== undefined && words.includes(r)) {
        return envelope(req, 424, false, 'post[rating] must be one of s, q, e');
      }
      const map: Record<string, string> = { s: 'safe', q: 'questionable', e: 'explicit' };
      if (r !== undefined && r in map) return setParam(req, 'post[rating]', map[r]!);
      return req;
    },
  },
  {
    id: 'posts-revert-by-version-number',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| Revert | PUT /posts/{id}/revert.json | `version_id` REQUIRED (post version id) |',
    description:
      'Post revert reads `version_id` as the per-post version number (1, 2, 3 ...) rather than the post version id, so it reverts to a different version or fails.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/posts/(\\d+)/revert');
      if (!m) return req;
      const v = getParam(req, 'version_id');
      if (v === undefined || !/^\d+$/.test(v)) return req;
      const versions = await upstreamJson(ctx, req, '/post_versions.json', { 'search[post_id]': m[1]!, limit: '100' });
      if (!Array.isArray(versions)) return req;
      const hit = versions.find((x: any) => Number(x.version) === Number(v) && Number(x.post_id) === Number(m[1]));
      if (!hit) return envelope(req, 424, false, `version_id: no version ${v} of post ${m[1]}`);
      return setParam(req, 'version_id', String(hit.id));
    },
  },
  {
    id: 'post-votes-down-counts-as-up',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| Create | POST /posts/{post_id}/votes.json | `score` REQUIRED: up or down |',
    description: 'A vote with score=down is recorded as an up vote (the post score goes up).',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/posts/\\d+/votes')) return req;
      if (getParam(req, 'score') !== 'down') return req;
      return setParam(req, 'score', 'up');
    },
  },
  {
    id: 'post-flags-creator-id-as-post-id',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '| List flags | GET /post_flags.json | `search[creator_id]`, `search[creator_name]`, `search[post_id]` |',
    description:
      'The flag list applies `search[creator_id]` to the post id column, returning flags on the post with that id instead of flags by that user.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/post_flags')) return req;
      const v = getParam(req, 'search[creator_id]');
      if (v === undefined || req.query.has('search[post_id]')) return req;
      return setParam(deleteParam(req, 'search[creator_id]'), 'search[post_id]', v);
    },
  },
];

export default faults;
