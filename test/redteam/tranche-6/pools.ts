// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, type Scenario, ids } from './h.ts';

const UPD = /^\/pools\/\d+\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'pools-post-ids-keeps-first-only',
    family: 'pools',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`pool[post_ids]` (space-delimited post ids)',
    description: 'A pool update with several `pool[post_ids]` stores only the first id.',
    onRequest(req) {
      const v = param(req, 'pool[post_ids]');
      if (is(req, 'PUT', UPD) && v && v.trim().split(/\s+/).length > 1) return withParams(req, (p) => p.set('pool[post_ids]', v.trim().split(/\s+/)[0]));
      return req;
    },
  },
  {
    id: 'pools-update-name-clears-description',
    family: 'pools',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /pools/{id}.json | `pool[name]`; `pool[description]`; `pool[post_ids]` (space-delimited post ids); `pool[is_active]` (1 or 0); `pool[category]` (A only) |',
    description: 'A pool update that changes only `pool[name]` also blanks the description.',
    onRequest(req) {
      if (is(req, 'PUT', UPD) && param(req, 'pool[name]') !== null && param(req, 'pool[description]') === null) return withParams(req, (p) => p.set('pool[description]', ''));
      return req;
    },
  },
  {
    id: 'pools-is-active-zero-ignored',
    family: 'pools',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Pool | is_active | 1 or 0 on update; true or false in searches (A only) |',
    description: '`pool[is_active]=0` on update is ignored (the pool stays active); 1 works.',
    onRequest(req) {
      if (is(req, 'PUT', UPD) && param(req, 'pool[is_active]') === '0') return withParams(req, (p) => p.delete('pool[is_active]'));
      return req;
    },
  },
  {
    id: 'pools-category-collection-searches-series',
    family: 'pools',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Pool category (A only) | series, collection |',
    description: '`search[category]=collection` selects series pools (the second value is mapped to the first).',
    onRequest(req) {
      if (is(req, 'GET', /^\/pools\.(json|xml)$/) && req.query.get('search[category]') === 'collection') return withParams(req, (p) => p.set('search[category]', 'series'));
      return req;
    },
  },
  {
    id: 'pools-sort-key-ignored-b',
    family: 'pools',
    variants: ['B'],
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]` with name, created_at, post_count, date; B `search[sort]` with name, date',
    description: 'Variant B pool list ignores `search[sort]`.',
    onRequest(req) {
      if (is(req, 'GET', /^\/pools\.(json|xml)$/) && req.query.has('search[sort]')) return withParams(req, (p) => p.delete('search[sort]'));
      return req;
    },
  },
];

const mkp = (x: any, name: string, extra: Record<string, string> = {}) => x.c.send('POST', '/pools.json', { 'pool[name]': name, 'pool[description]': `desc ${x.t}`, ...extra });

export const checks: Record<string, Scenario> = {
  'pools-post-ids-keeps-first-only': async (x) => {
    const a = await x.c.post(`pi_${x.t}`);
    const b = await x.c.post(`pi_${x.t}`);
    const id = (await mkp(x, `pi_${x.t}`)).json.id;
    await x.c.send('PUT', `/pools/${id}.json`, { 'pool[post_ids]': `${a} ${b}` });
    const p = (await x.c.get(`/pools/${id}.json`)).json;
    const got = String(p.post_ids).trim().split(/\s+/).map(Number);
    return !(got.length === 2 && got.includes(a) && got.includes(b));
  },
  'pools-update-name-clears-description': async (x) => {
    const id = (await mkp(x, `pn_${x.t}`)).json.id;
    await x.c.send('PUT', `/pools/${id}.json`, { 'pool[name]': `pn2_${x.t}` });
    const p = (await x.c.get(`/pools/${id}.json`)).json;
    return !(p.name === `pn2_${x.t}` && p.description === `desc ${x.t}`);
  },
  'pools-is-active-zero-ignored': async (x) => {
    const id = (await mkp(x, `pa_${x.t}`)).json.id;
    await x.c.send('PUT', `/pools/${id}.json`, { 'pool[is_active]': 0 });
    return (await x.c.get(`/pools/${id}.json`)).json?.is_active !== false;
  },
  'pools-category-collection-searches-series': async (x) => {
    const s = (await mkp(x, `pcs_${x.t}`, { 'pool[category]': 'series' })).json.id;
    const c = (await mkp(x, `pcc_${x.t}`, { 'pool[category]': 'collection' })).json.id;
    const r = await x.c.get('/pools.json', { 'search[category]': 'collection', 'search[name_matches]': `*${x.t}*` });
    return !(ids(r).includes(c) && !ids(r).includes(s));
  },
  'pools-sort-key-ignored-b': async (x) => {
    for (const n of ['b', 'a', 'c']) await mkp(x, `ps_${x.t}_${n}`);
    const r = await x.c.get('/pools.json', { 'search[name_matches]': `ps_${x.t}_*`, 'search[sort]': 'name' });
    const names: string[] = (r.json ?? []).map((p: any) => p.name);
    const asc = [...names].sort();
    return !(names.length === 3 && (names.join() === asc.join() || names.join() === [...asc].reverse().join()));
  },
};
