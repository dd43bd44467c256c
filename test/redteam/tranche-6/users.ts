// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, withParams, type Scenario } from './h.ts';

const LIST = /^\/users\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'users-max-level-dropped-with-min-level',
    family: 'users',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '`search[max_level]` (A only)',
    description: 'When `search[min_level]` and `search[max_level]` are both given, the maximum is dropped.',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('search[min_level]') && req.query.has('search[max_level]')) return withParams(req, (p) => p.delete('search[max_level]'));
      return req;
    },
  },
  {
    id: 'users-min-level-exclusive',
    family: 'users',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| List | GET /users.json | `search[name]` (supports patterns); `search[min_level]`; `search[max_level]` (A only); `search[level]`; `search[id]`; sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date |',
    description: '`search[min_level]` is applied as a strict lower bound: users whose level equals the minimum are left out.',
    onRequest(req) {
      const v = req.query.get('search[min_level]');
      if (is(req, 'GET', LIST) && v && /^\d+$/.test(v)) return withParams(req, (p) => p.set('search[min_level]', String(Number(v) + 1)));
      return req;
    },
  },
  {
    id: 'users-sort-key-of-variant-a',
    family: 'users',
    variants: ['B'],
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name, post_upload_count, note_count, post_update_count, date',
    description: 'Variant B user list ignores `search[sort]` (it only reads the A name `search[order]`).',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('search[sort]')) return withParams(req, (p) => p.delete('search[sort]'));
      return req;
    },
  },
  {
    id: 'users-level-dropped-with-name',
    family: 'users',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`search[level]`',
    description: 'When `search[name]` and `search[level]` are combined, the level filter is dropped.',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('search[name]') && req.query.has('search[level]')) return withParams(req, (p) => p.delete('search[level]'));
      return req;
    },
  },
];

export const checks: Record<string, Scenario> = {
  'users-max-level-dropped-with-min-level': async (x) => {
    const r = await x.c.get('/users.json', { 'search[min_level]': 30, 'search[max_level]': 31 });
    return !Array.isArray(r.json) || r.json.length === 0 || r.json.some((u: any) => u.level < 30 || u.level > 31);
  },
  'users-min-level-exclusive': async (x) => {
    const r = await x.c.get('/users.json', { 'search[min_level]': 30 });
    return !(Array.isArray(r.json) && r.json.some((u: any) => u.name === x.acc.gold.name));
  },
  'users-sort-key-of-variant-a': async (x) => {
    // ids follow fixture order; names sorted differ from id order
    const r = await x.c.get('/users.json', { 'search[sort]': 'name', 'search[name]': 'conform_*' });
    const names: string[] = (r.json ?? []).map((u: any) => u.name);
    const asc = [...names].sort();
    const ok = names.length > 2 && (names.join() === asc.join() || names.join() === [...asc].reverse().join());
    return !ok;
  },
  'users-level-dropped-with-name': async (x) => {
    const r = await x.c.get('/users.json', { 'search[name]': 'conform_*', 'search[level]': 20 });
    return !Array.isArray(r.json) || r.json.length === 0 || r.json.some((u: any) => u.level !== 20);
  },
};
