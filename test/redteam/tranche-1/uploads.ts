// Faults of the uploads family.
import type { Fault } from './fault.ts';
import { deleteParam, envelope, getParam, hasFile, hasParam, jsonResponse, parseJson, relist, route, setParam } from './util.ts';

const CREATE_ROW =
  '| Create | POST /uploads.json | `upload[file]` (multipart form file data); `upload[source]` (source URL); `upload[rating]` REQUIRED (safe, questionable, explicit); `upload[parent_id]`; `upload[tag_string]` REQUIRED |';
const LIST_ROW = '| List | GET /uploads.json | `search[uploader_id]`, `search[uploader_name]`, `search[source]` (exact string match) |';

const faults: Fault[] = [
  {
    id: 'uploads-rating-optional',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: CREATE_ROW,
    description: 'An upload without `upload[rating]` is accepted and rated questionable instead of being refused.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/uploads') || hasParam(req, 'upload[rating]')) return req;
      return setParam(req, 'upload[rating]', 'questionable');
    },
  },
  {
    id: 'uploads-no-file-no-source-accepted',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: 'Rule: either `upload[file]` or `upload[source]` must be provided on create.',
    description:
      'An upload carrying neither a file nor a source is answered with a success envelope (queued as pending) instead of an error.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'POST', '/uploads')) return req;
      if (hasFile(req, 'upload[file]') || (getParam(req, 'upload[source]') ?? '') !== '') return req;
      if (!getParam(req, 'upload[rating]') || !hasParam(req, 'upload[tag_string]')) return req;
      return envelope(req, 200, true, '');
    },
  },
  {
    id: 'uploads-source-search-prefix',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: LIST_ROW,
    description:
      '`search[source]` is matched as a prefix rather than as an exact string, so a search for a URL also returns uploads whose source only starts with it.',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!route(req, 'GET', '/uploads') || req.path.endsWith('.xml') || res.status !== 200) return res;
      const src = req.query.get('search[source]');
      if (!src) return res;
      const all = await relist(ctx, req, (q) => {
        q.delete('search[source]');
        q.set('limit', '100');
        q.delete('page');
      });
      const items = parseJson(all);
      if (!Array.isArray(items)) return res;
      return jsonResponse(items.filter((u: any) => typeof u.source === 'string' && u.source.startsWith(src)), 200, res);
    },
  },
  {
    id: 'uploads-uploader-name-ignored',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: LIST_ROW,
    description: '`search[uploader_name]` is ignored: the upload list returns uploads of every user.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/uploads') || !req.query.has('search[uploader_name]')) return req;
      return deleteParam(req, 'search[uploader_name]');
    },
  },
  {
    id: 'uploads-explicit-stored-as-questionable',
    variants: ['A', 'B'],
    family: 'uploads',
    quote: '| upload[rating] | safe, questionable, explicit |',
    description:
      'An off-by-one in the rating lookup stores upload[rating]=explicit as questionable; safe and questionable are stored correctly.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/uploads') || getParam(req, 'upload[rating]') !== 'explicit') return req;
      return setParam(req, 'upload[rating]', 'questionable');
    },
  },
];

export default faults;
