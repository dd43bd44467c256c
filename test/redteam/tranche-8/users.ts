// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, dropQuery, filterInstead, mapJson, names, ids, must, userId, sortedEitherWay } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/users$/;
const Q_LIST = '| List | GET /users.json | `search[name]` (supports patterns); `search[min_level]`; `search[max_level]` (A only); `search[level]`; `search[id]`; sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date |';

add(
  {
    id: 'users-max-level-dropped-with-min-level',
    variants: ['A'],
    family: 'users',
    quote: Q_LIST,
    description: 'When search[min_level] and search[max_level] are given together, the maximum is dropped.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[max_level]', (q) => q.has('search[min_level]')),
  },
  async (base) => {
    const c = cl(base);
    const r = await c.get('/users.json', { 'search[min_level]': 31, 'search[max_level]': 32 });
    must(names(r).includes('conform_platinum'), 'platinum listed');
    return (r.json as any[]).some((u) => u.level > 32);
  },
);

add(
  {
    id: 'users-min-level-compared-as-maximum',
    variants: ['A', 'B'],
    family: 'users',
    quote: Q_LIST,
    description: 'search[min_level] is applied with the comparison reversed (level at most the value).',
    kind: 'implementation-bug',
    onRequest: filterInstead(LIST, 'search[min_level]', (it, v) => Number(it.level) <= Number(v)),
  },
  async (base) => {
    const c = cl(base);
    const r = await c.get('/users.json', { 'search[min_level]': 40 });
    return names(r).includes('conform_member') || !names(r).includes('conform_admin');
  },
);

add(
  {
    id: 'users-contributor-level-32',
    variants: ['B'],
    family: 'users',
    quote: '| Contributor (B only) | 33 |',
    description: 'Variant B reports Contributors with level 32 (the level table of A has no 33, so they are folded into Builder).',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/users(\/\d+)?$/)) return res;
      return mapJson(res, (j) => {
        const fix = (u: any) => (u && u.level === 33 ? { ...u, level: 32 } : u);
        return Array.isArray(j) ? j.map(fix) : fix(j);
      });
    },
  },
  async (base) => {
    const c = cl(base);
    const id = await userId(c, 'contributor').catch(async () => -1);
    if (id < 0) {
      const r = await c.get('/users.json', { 'search[level]': 33 });
      return !names(r).includes('conform_contributor');
    }
    const s = await c.get(`/users/${id}.json`);
    return s.json.level !== 33;
  },
);

add(
  {
    id: 'users-level-string-on-show',
    variants: ['A', 'B'],
    family: 'users',
    quote: 'A user has a numeric attribute `level`.',
    description: 'GET /users/{id}.json gives level as a JSON string ("20") instead of a number.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/users\/\d+$/) || !req.path.endsWith('.json')) return res;
      return mapJson(res, (u) => (u && typeof u.level === 'number' ? { ...u, level: String(u.level) } : u));
    },
  },
  async (base) => {
    const c = cl(base);
    const id = await userId(c, 'member');
    const s = await c.get(`/users/${id}.json`);
    return typeof s.json.level !== 'number';
  },
);

add(
  {
    id: 'users-sort-key-b-ignored',
    variants: ['B'],
    family: 'users',
    quote: Q_LIST,
    description: 'Variant B only honours search[order] for users, so search[sort]=name returns the default order.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[sort]'),
  },
  async (base) => {
    const c = cl(base);
    const r = await c.get('/users.json', { 'search[sort]': 'name' });
    must(names(r).length >= 5, 'users listed');
    return !sortedEitherWay(names(r));
  },
);

add(
  {
    id: 'users-level-dropped-with-id',
    variants: ['A', 'B'],
    family: 'users',
    quote: Q_LIST,
    description: 'search[level] is ignored when search[id] is given, so the user is returned whatever its level.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[level]', (q) => q.has('search[id]')),
  },
  async (base) => {
    const c = cl(base);
    const id = await userId(c, 'member');
    const r = await c.get('/users.json', { 'search[id]': id, 'search[level]': 50 });
    return ids(r).includes(id);
  },
);
void rand;

add(
  {
    id: 'users-level-as-minimum',
    variants: ['A', 'B'],
    family: 'users',
    quote: Q_LIST,
    description: 'search[level] is read as "at least this level" (like min_level) instead of the exact level.',
    kind: 'spec-reader',
    onRequest: filterInstead(LIST, 'search[level]', (it, v) => Number(it.level) >= Number(v)),
  },
  async (base) => {
    const r = await cl(base).get('/users.json', { 'search[level]': 40 });
    must(names(r).includes('conform_moderator'), 'moderator');
    return names(r).includes('conform_admin');
  },
);
