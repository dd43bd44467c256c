import type { Fault } from '../tranche-1/fault.ts';
import { getParam, renameParam, authOf, getRequest, parseJson } from '../tranche-1/util.ts';
import { is, filtered } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'post-versions-updater-name-is-uploader', variants: ['A', 'B'], family: 'versions', kind: 'implementation-bug',
    quote: '| Post versions | GET /post_versions.json | `search[updater_name]`, `search[updater_id]`, `search[post_id]`, `search[start_id]` (A only) |',
    description: 'search[updater_name] on post versions is joined to the post\'s uploader: it returns every version of posts uploaded by that user, whoever edited them, and misses their edits of others\' posts.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/post_versions\.json$/)) return req;
      const n = getParam(req, 'search[updater_name]');
      if (!n) return req;
      const cache = new Map<number, string | undefined>();
      return (await filtered(req, ctx, ['search[updater_name]'], async (v) => {
        if (!cache.has(v.post_id)) {
          const r = await ctx.upstream(getRequest(authOf(req), `/posts/${v.post_id}.json`));
          cache.set(v.post_id, parseJson(r)?.uploader_name);
        }
        return (cache.get(v.post_id) ?? '').toLowerCase() === n.toLowerCase();
      })) ?? req;
    },
  },
  {
    id: 'note-versions-post-id-read-as-note-id', variants: ['A', 'B'], family: 'versions', kind: 'implementation-bug',
    quote: '| Note versions | GET /note_versions.json | `search[updater_id]`, `search[post_id]`, `search[note_id]` |',
    description: 'search[post_id] on note versions is applied to the note id column.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/note_versions\.(json|xml)$/)) return req;
      if (getParam(req, 'search[post_id]') === undefined || getParam(req, 'search[note_id]') !== undefined) return req;
      return renameParam(req, 'search[post_id]', 'search[note_id]');
    },
  },
];
