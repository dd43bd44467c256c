// Faults of the users family.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, jsonResponse, parseJson, route, setParam } from './util.ts';

const LIST_ROW =
  '| List | GET /users.json | `search[name]` (supports patterns); `search[min_level]`; `search[max_level]` (A only); `search[level]`; `search[id]`; sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date |';

const faults: Fault[] = [
  {
    id: 'users-min-level-exclusive',
    variants: ['A', 'B'],
    family: 'users',
    quote: LIST_ROW,
    description: '`search[min_level]` is compared with > instead of >=: users exactly at the minimum level are left out.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/users')) return req;
      const v = getParam(req, 'search[min_level]');
      if (v === undefined || !/^\d+$/.test(v)) return req;
      return setParam(req, 'search[min_level]', String(Number(v) + 1));
    },
  },
  {
    id: 'users-max-level-ignored',
    variants: ['A'],
    family: 'users',
    quote: LIST_ROW,
    description: 'Variant A ignores `search[max_level]`: users above the maximum level are listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/users') || !req.query.has('search[max_level]')) return req;
      return deleteParam(req, 'search[max_level]');
    },
  },
  {
    id: 'users-janitor-level-wrong',
    variants: ['B'],
    family: 'users',
    quote: '| Janitor (B only) | 35 |',
    description:
      'Variant B reports Janitor accounts with level 40 (the Moderator level) instead of 35, and `search[level]=35` finds nobody.',
    kind: 'spec-reader',
    onResponse(req, res) {
      const list = route(req, 'GET', '/users');
      const show = route(req, 'GET', '/users/\\d+');
      if ((!list && !show) || req.path.endsWith('.xml') || res.status !== 200) return res;
      const j = parseJson(res);
      const fix = (u: any) => (u && u.level === 35 ? { ...u, level: 40 } : u);
      if (show && j && typeof j === 'object' && !Array.isArray(j)) return j.level === 35 ? jsonResponse(fix(j), 200, res) : res;
      if (!Array.isArray(j) || !j.some((u: any) => u.level === 35)) return res;
      let out = j.map(fix);
      if (req.query.get('search[level]') === '35') out = out.filter((u: any) => u.level === 35);
      return jsonResponse(out, 200, res);
    },
  },
  {
    id: 'users-level-as-min-level',
    variants: ['A', 'B'],
    family: 'users',
    quote: LIST_ROW,
    description: '`search[level]` is handled as a lower bound: `search[level]=30` also returns users of level 31 and above.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/users') || req.query.has('search[min_level]')) return req;
      const v = getParam(req, 'search[level]');
      if (v === undefined || !/^\d+$/.test(v)) return req;
      return setParam(deleteParam(req, 'search[level]'), 'search[min_level]', v);
    },
  },
];

export default faults;
