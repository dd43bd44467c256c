import type { Fault } from '../tranche-1/fault.ts';
import { authOf, deleteParam, envelope, fmt, getParam, jsonResponse, parseJson, relist, route, setParam, upstreamJson, writeRequest } from '../tranche-1/util.ts';
import { terms } from './common.ts';

export const posts: Fault[] = [
  {
    id: 'posts-search-drops-last-tag',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'A post search with two or more terms silently ignores the last term, so the result is wider than the tag combination asked for.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/posts')) return req;
      const t = terms(getParam(req, 'tags'));
      if (t.length < 2 || getParam(req, 'raw') !== undefined) return req;
      return setParam(req, 'tags', t.slice(0, -1).join(' '));
    },
  },
  {
    id: 'posts-page-overlaps-previous',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`page` (page number)',
    description: 'Numbered pages after the first start one record early: page N repeats the last post of page N-1 and loses its own last post.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/posts') || fmt(req) !== 'json' || res.status !== 200) return res;
      const p = getParam(req, 'page');
      if (!p || !/^\d+$/.test(p) || Number(p) < 2) return res;
      const cur = parseJson(res);
      const prevRes = await relist(ctx, req, (q) => q.set('page', String(Number(p) - 1)));
      const prev = parseJson(prevRes);
      if (!Array.isArray(cur) || !Array.isArray(prev) || prev.length === 0 || cur.length === 0) return res;
      return jsonResponse([prev[prev.length - 1], ...cur.slice(0, cur.length - 1)], 200, res);
    },
  },
  {
    id: 'posts-raw-ignored',
    variants: ['A'],
    family: 'posts',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'The raw parameter is ignored: a search with raw set still splits tags into several terms.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/posts') || getParam(req, 'raw') === undefined) return req;
      return deleteParam(req, 'raw');
    },
  },
  {
    id: 'posts-update-rating-accepts-letters-b',
    variants: ['B'],
    family: 'posts',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant B accepts the variant A letters s, q, e for post[rating] on update and stores them as the full words.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/(\\d+)')) return req;
      const r = getParam(req, 'post[rating]');
      const map: Record<string, string> = { s: 'safe', q: 'questionable', e: 'explicit' };
      if (r === undefined || !(r in map)) return req;
      return setParam(req, 'post[rating]', map[r]!);
    },
  },
  {
    id: 'posts-update-parent-lost-with-tags',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post[parent_id]` (parent post id)',
    description: 'When a post update carries post[tag_string] as well as post[parent_id], the parent id is dropped; alone it works.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'PUT', '/posts/(\\d+)')) return req;
      if (getParam(req, 'post[parent_id]') === undefined || getParam(req, 'post[tag_string]') === undefined) return req;
      return deleteParam(req, 'post[parent_id]');
    },
  },
  {
    id: 'posts-revert-to-version-before',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`version_id` REQUIRED (post version id)',
    description: 'Reverting a post to a version that is not its first restores the version before the one named (off by one).',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/posts/(\\d+)/revert');
      if (!m) return req;
      const vid = Number(getParam(req, 'version_id'));
      if (!vid) return req;
      const vs = await upstreamJson(ctx, req, '/post_versions.json', { 'search[post_id]': m[1]!, limit: '100' });
      if (!Array.isArray(vs)) return req;
      const sorted = [...vs].sort((a, b) => a.id - b.id);
      const i = sorted.findIndex((v) => v.id === vid);
      if (i <= 0) return req;
      return setParam(req, 'version_id', String(sorted[i - 1].id));
    },
  },
  {
    id: 'posts-copy-notes-loses-last',
    variants: ['A'],
    family: 'posts',
    quote: '| Copy notes (A only) | PUT /posts/{id}/copy_notes.json | `other_post_id` REQUIRED (id of the post to copy notes to) |',
    description: 'Copying the notes of a post with two or more notes copies all but the most recent note.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = route(req, 'PUT', '/posts/(\\d+)/copy_notes');
      if (!m) return req;
      const other = getParam(req, 'other_post_id');
      if (!other || !/^\d+$/.test(other)) return req;
      const notes = await upstreamJson(ctx, req, '/notes.json', { 'search[post_id]': m[1]!, limit: '100' });
      const target = await upstreamJson(ctx, req, `/posts/${other}.json`);
      if (!Array.isArray(notes) || !target) return req;
      const active = notes.filter((n) => n.is_active !== false && n.post_id === Number(m[1])).sort((a, b) => a.id - b.id);
      if (active.length < 2) return req;
      const auth = authOf(req);
      let copied = 0;
      for (const n of active.slice(0, -1)) {
        const r = await ctx.upstream(
          writeRequest(auth, 'POST', '/notes.json', {
            'note[post_id]': other,
            'note[x]': String(n.x),
            'note[y]': String(n.y),
            'note[width]': String(n.width),
            'note[height]': String(n.height),
            'note[body]': String(n.body),
          }),
        );
        if (r.status !== 200) return req;
        copied++;
      }
      return envelope(req, 200, true, '', { id: Number(m[1]), copied });
    },
  },
  {
    id: 'post-flags-post-id-lost-with-creator',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`search[creator_id]`, `search[creator_name]`, `search[post_id]`',
    description: 'Listing post flags by creator name and post id together ignores the post id, returning that creator\'s flags on other posts too.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/post_flags')) return req;
      if (getParam(req, 'search[creator_name]') === undefined || getParam(req, 'search[post_id]') === undefined) return req;
      return deleteParam(req, 'search[post_id]');
    },
  },
  {
    id: 'post-appeals-reason-optional',
    variants: ['A', 'B'],
    family: 'posts',
    quote: '`post_appeal[post_id]` REQUIRED; `post_appeal[reason]` REQUIRED',
    description: 'An appeal without post_appeal[reason] is accepted and saved with a placeholder reason.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/post_appeals')) return req;
      if (getParam(req, 'post_appeal[reason]') !== undefined || getParam(req, 'post_appeal[post_id]') === undefined) return req;
      return setParam(req, 'post_appeal[reason]', 'no reason given');
    },
  },
];
