import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, envelope, getParam, hasParam, route, setParam } from '../tranche-1/util.ts';
import { fetchJson, isJson, ok, withQuery, writeAs } from './h.ts';

const RATING_QUOTE = 'A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit';

export const faults: Fault[] = [
  {
    id: 'posts-search-drops-last-tag',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'When `tags` holds two or more terms (and raw is not set), the last term is silently dropped, so the search is wider than asked.',
    onRequest(req) {
      if (!route(req, 'GET', '/posts') || req.query.has('raw')) return req;
      const tags = req.query.get('tags');
      if (!tags) return req;
      const terms = tags.trim().split(/\s+/);
      if (terms.length < 2) return req;
      return withQuery(req, (q) => q.set('tags', terms.slice(0, -1).join(' ')));
    },
  },
  {
    id: 'posts-page-beyond-one-repeats-first',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'Any page number above 1 is served as page 1 (the offset is never applied).',
    onRequest(req) {
      if (!route(req, 'GET', '/posts')) return req;
      const p = Number(req.query.get('page'));
      if (!(p >= 2)) return req;
      return withQuery(req, (q) => q.set('page', '1'));
    },
  },
  {
    id: 'posts-raw-ignored',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'The `raw` parameter is ignored; `tags` is always parsed as a multi-tag search.',
    onRequest(req) {
      if (!route(req, 'GET', '/posts') || !req.query.has('raw')) return req;
      return withQuery(req, (q) => q.delete('raw'));
    },
  },
  {
    id: 'posts-update-rating-letters-rejected-in-A',
    variants: ['A'],
    family: 'posts',
    kind: 'spec-reader',
    quote: RATING_QUOTE,
    description: 'Update accepts only the full words (the B value set) for post[rating]; s, q and e are refused with 424.',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/(\\d+)')) return req;
      const r = getParam(req, 'post[rating]');
      if (r === undefined || !['s', 'q', 'e'].includes(r)) return req;
      return envelope(req, 424, false, 'post[rating] must be one of safe, questionable, explicit');
    },
  },
  {
    id: 'posts-update-rating-words-rejected-in-B',
    variants: ['B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: RATING_QUOTE,
    description: 'Update accepts only the letters (the A value set) for post[rating]; safe, questionable and explicit are refused with 424.',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/(\\d+)')) return req;
      const r = getParam(req, 'post[rating]');
      if (r === undefined || !['safe', 'questionable', 'explicit'].includes(r)) return req;
      return envelope(req, 424, false, 'post[rating] must be one of s, q, e');
    },
  },
  {
    id: 'posts-update-tags-lost-with-rating',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`post[tag_string]` (space-delimited tags)',
    description: 'When an update carries post[rating] as well, post[tag_string] is not applied (only the rating changes).',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/(\\d+)')) return req;
      if (!hasParam(req, 'post[tag_string]') || !hasParam(req, 'post[rating]')) return req;
      return deleteParam(req, 'post[tag_string]');
    },
  },
  {
    id: 'posts-revert-keeps-rating',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: 'Resource version histories (post, note, artist, pool, artist commentary) are listed through the version resources and reverted with a `version_id`',
    description: 'Post revert restores tags, source and parent but leaves the current rating in place.',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/posts/(\\d+)/revert');
      if (!m) return req;
      const before = await fetchJson(ctx, req, `/posts/${m[1]}.json`);
      const res = await ctx.upstream(req);
      if (ok(res) && before && typeof before.rating === 'string') {
        const after = await fetchJson(ctx, req, `/posts/${m[1]}.json`);
        if (after && after.rating !== before.rating) await writeAs(ctx, req, 'PUT', `/posts/${m[1]}.json`, { 'post[rating]': before.rating });
      }
      return res;
    },
  },
  {
    id: 'posts-copy-notes-wrong-direction',
    variants: ['A'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`other_post_id` REQUIRED (id of the post to copy notes to)',
    description: 'Copy notes swaps its two posts: notes are copied from other_post_id onto the post in the path.',
    onRequest(req) {
      const m = route(req, 'PUT', '/posts/(\\d+)/copy_notes');
      if (!m) return req;
      const other = getParam(req, 'other_post_id');
      if (!other || !/^\d+$/.test(other)) return req;
      const r = setParam(req, 'other_post_id', m[1]!);
      return { ...r, path: req.path.replace(`/posts/${m[1]}/`, `/posts/${other}/`) };
    },
  },
  {
    id: 'post-votes-score-optional',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'spec-reader',
    quote: '`score` REQUIRED: up or down',
    description: 'A vote without `score` is accepted and counted as an up vote.',
    onRequest(req) {
      if (!route(req, 'POST', '/posts/(\\d+)/votes') || hasParam(req, 'score')) return req;
      return setParam(req, 'score', 'up');
    },
  },
  {
    id: 'post-flags-creator-name-lost-with-post-id',
    variants: ['A', 'B'],
    family: 'posts',
    kind: 'implementation-bug',
    quote: '`search[creator_id]`, `search[creator_name]`, `search[post_id]`',
    description: 'Listing post flags with both search[post_id] and search[creator_name] drops the creator filter, showing other users\' flags on that post.',
    onRequest(req) {
      if (!route(req, 'GET', '/post_flags') || !isJson(req)) return req;
      if (!req.query.has('search[post_id]') || !req.query.has('search[creator_name]')) return req;
      return withQuery(req, (q) => q.delete('search[creator_name]'));
    },
  },
];
