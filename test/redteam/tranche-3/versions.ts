import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, getParam, route } from '../tranche-1/util.ts';

export const versions: Fault[] = [
  {
    id: 'post-versions-updater-lost-with-post',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '`search[updater_name]`, `search[updater_id]`, `search[post_id]`',
    description: 'A post version search combining search[post_id] with search[updater_name] ignores the updater name, listing every version of the post.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/post_versions')) return req;
      if (getParam(req, 'search[post_id]') === undefined || getParam(req, 'search[updater_name]') === undefined) return req;
      return deleteParam(req, 'search[updater_name]');
    },
  },
  {
    id: 'note-versions-note-lost-with-updater',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '`search[updater_id]`, `search[post_id]`, `search[note_id]`',
    description: 'A note version search combining search[note_id] with search[updater_id] ignores the note id, listing that user\'s versions of other notes too.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/note_versions')) return req;
      if (getParam(req, 'search[note_id]') === undefined || getParam(req, 'search[updater_id]') === undefined) return req;
      return deleteParam(req, 'search[note_id]');
    },
  },
  {
    id: 'pool-versions-pool-lost-with-updater',
    variants: ['A', 'B'],
    family: 'versions',
    quote: '`search[updater_id]`, `search[updater_name]`, `search[pool_id]`',
    description: 'A pool version search combining search[pool_id] with search[updater_id] ignores the pool id, listing that user\'s versions of other pools too.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/pool_versions')) return req;
      if (getParam(req, 'search[pool_id]') === undefined || getParam(req, 'search[updater_id]') === undefined) return req;
      return deleteParam(req, 'search[pool_id]');
    },
  },
];
