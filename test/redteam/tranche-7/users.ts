// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, dropParam, rewriteParam, refilter, cl, u, who, ids, must, ok } from './h.ts';
const F = 'users';
const UL = /^\/users\.(json|xml)$/;
const US = /^\/users\/\d+\.(json|xml)$/;
const names = (r: any) => (Array.isArray(r.json) ? r.json.map((x: any) => x.name) : []);
const sortedByName = (n: string[]) => { const a = [...n].sort(); return JSON.stringify(n) === JSON.stringify(a) || JSON.stringify(n) === JSON.stringify([...a].reverse()); };

export const faults: Fault[] = [
  rewriteParam({
    id: 'users-min-level-exclusive', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`search[min_level]`',
    description: 'search[min_level] is applied as a strict lower bound, excluding users exactly at that level.',
  }, 'GET', UL, 'search[min_level]', (v) => (/^\d+$/.test(v) ? String(Number(v) + 1) : v)),
  rewriteParam({
    id: 'users-max-level-exclusive', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[max_level]` (A only)',
    description: 'search[max_level] is applied as a strict upper bound, excluding users exactly at that level.',
  }, 'GET', UL, 'search[max_level]', (v) => (/^\d+$/.test(v) ? String(Number(v) - 1) : v)),
  {
    id: 'users-b-contributor-janitor-levels-swapped', family: F, kind: 'spec-reader', variants: ['B'],
    quote: '| Janitor (B only) | 35 |',
    description: 'Variant B reports the Janitor level as 33 and the Contributor level as 35 (rows swapped).',
    onResponse(req, res) {
      if (!is(req, 'GET', US) || fmt(req) !== 'json') return res;
      const j = json(res);
      if (!j || typeof j.level !== 'number') return res;
      if (j.level === 35) j.level = 33; else if (j.level === 33) j.level = 35; else return res;
      return setJson(res, j);
    },
  },
  dropParam({
    id: 'users-b-sort-ignored', family: F, kind: 'spec-reader', variants: ['B'],
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant B ignores search[sort] (reads search[order] as in A), so name order is never applied.',
  }, 'GET', UL, 'search[sort]'),
  rewriteParam({
    id: 'users-name-pattern-literal', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`search[name]` (supports patterns)',
    description: 'search[name] is compared literally; a * pattern matches no user.',
  }, 'GET', UL, 'search[name]', (v) => (v.includes('*') ? v.replace(/\*/g, '_star_') : v)),
  {
    id: 'users-min-level-read-as-exact', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`search[min_level]`',
    description: 'search[min_level] is applied as an exact level, so higher-level users are not listed.',
    onRequest(req) {
      if (!is(req, 'GET', UL) || !req.query.has('search[min_level]') || req.query.has('search[level]')) return req;
      const v = req.query.get('search[min_level]')!;
      const q = new URLSearchParams(req.query.toString()); q.delete('search[min_level]'); q.set('search[level]', v);
      return { ...req, query: q };
    },
  },
];

export const checks: Record<string, Scenario> = {
  'users-min-level-exclusive': async (base) => !names(await cl(base).get('/users.json', { 'search[min_level]': 40 })).includes('conform_moderator'),
  'users-max-level-exclusive': async (base) => !names(await cl(base).get('/users.json', { 'search[max_level]': 30 })).includes('conform_gold'),
  'users-b-contributor-janitor-levels-swapped': async (base) => {
    const c = cl(base); const r = await c.get('/users.json', { 'search[name]': 'conform_janitor' });
    const s = await c.get(`/users/${r.json[0].id}.json`);
    return s.json.level !== 35;
  },
  'users-b-sort-ignored': async (base) => !sortedByName(names(await cl(base).get('/users.json', { 'search[sort]': 'name' }))),
  'users-name-pattern-literal': async (base) => !names(await cl(base).get('/users.json', { 'search[name]': 'conform_mem*' })).includes('conform_member2'),
  'users-min-level-read-as-exact': async (base) => !names(await cl(base).get('/users.json', { 'search[min_level]': 40 })).includes('conform_admin'),
};
