import type { Fault } from '../tranche-1/fault.ts';
import { route } from '../tranche-1/util.ts';
import { fetchJson, filteredList, isJson, withQuery } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'post-versions-updater-name-includes-uploader',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '`search[updater_name]`, `search[updater_id]`, `search[post_id]`',
    description: 'search[updater_name] on post versions also matches every version of posts the named user uploaded, including versions made by other users.',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/post_versions') || !isJson(req)) return req;
      const name = req.query.get('search[updater_name]');
      if (!name) return req;
      const uploader = new Map<number, string | undefined>();
      return filteredList(ctx, req, (q) => q.delete('search[updater_name]'), async (r) => {
        if (r.updater_name === name) return true;
        if (typeof r.post_id !== 'number') return false;
        if (!uploader.has(r.post_id)) uploader.set(r.post_id, (await fetchJson(ctx, req, `/posts/${r.post_id}.json`))?.uploader_name);
        return uploader.get(r.post_id) === name;
      });
    },
  },
  {
    id: 'note-versions-note-id-lost-with-post-id',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'implementation-bug',
    quote: '`search[updater_id]`, `search[post_id]`, `search[note_id]`',
    description: 'When search[post_id] is also given, search[note_id] is dropped: versions of every note on that post are listed.',
    onRequest(req) {
      if (!route(req, 'GET', '/note_versions') || !req.query.has('search[note_id]') || !req.query.has('search[post_id]')) return req;
      return withQuery(req, (q) => q.delete('search[note_id]'));
    },
  },
  {
    id: 'pool-versions-updater-id-ignored',
    variants: ['A', 'B'],
    family: 'versions',
    kind: 'spec-reader',
    quote: '`search[updater_id]`, `search[updater_name]`, `search[pool_id]`',
    description: 'The pool version list ignores search[updater_id].',
    onRequest(req) {
      if (!route(req, 'GET', '/pool_versions') || !req.query.has('search[updater_id]')) return req;
      return withQuery(req, (q) => q.delete('search[updater_id]'));
    },
  },
];
