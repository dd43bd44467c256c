// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, dropParam, rewriteParams, mapList, mapObj, monotonic, sortKey, userId, ACC } from './h.ts';

const LIST = /^\/users\.json$/;
const names = (r: any): string[] => (Array.isArray(r.json) ? r.json.map((u: any) => u.name) : []);

export const faults: Fault[] = [
  {
    id: 'users-max-level-ignored-with-min',
    variants: ['A'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '`search[max_level]` (A only)',
    description: 'search[max_level] is ignored when search[min_level] is also given.',
    ...dropParam('GET', LIST, 'search[max_level]', (p) => p.has('search[min_level]')),
  },
  {
    id: 'users-min-level-exclusive',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '`search[min_level]`',
    description: 'search[min_level] is compared with > instead of >=, so users exactly at the minimum are left out.',
    ...rewriteParams('GET', LIST, (p) => /^\d+$/.test(p.get('search[min_level]') ?? ''), (p) => p.set('search[min_level]', String(Number(p.get('search[min_level]')) + 1))),
  },
  {
    id: 'users-level-treated-as-minimum',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '`search[level]`',
    description: 'search[level] selects users at that level or above instead of exactly that level.',
    ...rewriteParams('GET', LIST, (p) => p.has('search[level]'), (p) => { p.set('search[min_level]', p.get('search[level]')!); p.delete('search[level]'); }),
  },
  {
    id: 'users-name-pattern-taken-literally',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'spec-reader',
    quote: '`search[name]` (supports patterns)',
    description: 'A search[name] containing * is compared literally, so patterns find nobody.',
    onResponse(req, res) {
      const n = req.query.get('search[name]');
      if (!is(req, 'GET', LIST) || !n || !n.includes('*')) return res;
      return mapList(res, (l) => l.filter((u) => u.name === n));
    },
  },
  {
    id: 'users-order-ignored-a',
    variants: ['A'],
    family: 'users',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant A reads the user sort key from search[sort]; search[order] is ignored.',
    ...dropParam('GET', LIST, 'search[order]'),
  },
  {
    id: 'users-sort-ignored-b',
    variants: ['B'],
    family: 'users',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant B reads the user sort key from search[order]; search[sort] is ignored.',
    ...dropParam('GET', LIST, 'search[sort]'),
  },
  {
    id: 'users-janitor-level-reported-as-moderator',
    variants: ['B'],
    family: 'users',
    kind: 'spec-reader',
    quote: '| Janitor (B only) | 35 |',
    description: 'Janitors are reported with level 40 (the Moderator level).',
    onResponse(req, res) {
      if (!(is(req, 'GET', LIST) || is(req, 'GET', /^\/users\/\d+\.json$/))) return res;
      const fix = (u: any) => (u && u.level === 35 ? { ...u, level: 40 } : u);
      const r = mapList(res, (l) => l.map(fix));
      return r === res ? mapObj(res, fix) : r;
    },
  },
  {
    id: 'users-contributor-level-unknown-b',
    variants: ['B'],
    family: 'users',
    kind: 'spec-reader',
    quote: '| Contributor (B only) | 33 |',
    description: 'Variant B does not know level 33: a search for search[level]=33 finds nobody.',
    onResponse(req, res) {
      if (!is(req, 'GET', LIST) || req.query.get('search[level]') !== '33') return res;
      return mapList(res, () => []);
    },
  },
  {
    id: 'users-id-ignored-with-name',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '`search[level]`; `search[id]`',
    description: 'search[id] is ignored when search[name] is also given.',
    ...dropParam('GET', LIST, 'search[id]', (p) => p.has('search[name]')),
  },
  {
    id: 'users-show-xml-answers-json',
    variants: ['A', 'B'],
    family: 'users',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /users/{id}.xml answers with the JSON rendering.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/users\/\d+\.xml$/)) return req;
      return { ...req, path: req.path.replace(/\.xml$/, '.json') };
    },
  },
];

const conform = (v: 'A' | 'B') => Object.values(ACC).filter((a) => !a.only || a.only === v);

export const checks: Record<string, Scenario> = {
  async 'users-max-level-ignored-with-min'(base) {
    const r = await who(base).get('/users.json', { 'search[name]': 'conform_*', 'search[min_level]': 30, 'search[max_level]': 31 });
    const l = (r.json as any[]).map((u) => u.level);
    return !(l.length >= 2 && l.every((x) => x >= 30 && x <= 31));
  },
  async 'users-min-level-exclusive'(base) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', 'search[min_level]': 31 }));
    return !l.includes(ACC.platinum.name);
  },
  async 'users-level-treated-as-minimum'(base) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', 'search[level]': 31 }));
    return !(l.length === 1 && l[0] === ACC.platinum.name);
  },
  async 'users-name-pattern-taken-literally'(base) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_memb*' }));
    return !(l.includes(ACC.member.name) && l.includes(ACC.member2.name));
  },
  async 'users-order-ignored-a'(base, v) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', [sortKey(v)]: 'name' }));
    return !(l.length === conform(v).length && monotonic(l));
  },
  async 'users-sort-ignored-b'(base, v) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', [sortKey(v)]: 'name' }));
    return !(l.length === conform(v).length && monotonic(l));
  },
  async 'users-janitor-level-reported-as-moderator'(base) {
    const r = await who(base).get('/users.json', { 'search[name]': ACC.janitor.name });
    return (r.json as any[])[0]?.level !== 35;
  },
  async 'users-contributor-level-unknown-b'(base) {
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', 'search[level]': 33 }));
    return !(l.length === 1 && l[0] === ACC.contributor.name);
  },
  async 'users-id-ignored-with-name'(base) {
    const gid = await userId(base, 'gold');
    const l = names(await who(base).get('/users.json', { 'search[name]': 'conform_*', 'search[id]': gid }));
    return !(l.length === 1 && l[0] === ACC.gold.name);
  },
  async 'users-show-xml-answers-json'(base) {
    const gid = await userId(base, 'gold');
    const r = await who(base).get(`/users/${gid}.xml`);
    return !(r.status === 200 && r.text.trimStart().startsWith('<'));
  },
};
