// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, relist, bodyJson, withJson, type Scenario, ids, same } from './h.ts';

const LIST = /^\/artists\.(json|xml)$/;

export const faults: Fault[] = [
  {
    id: 'artists-other-prefix-searches-base-name',
    family: 'artists',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| other: | search in other names |',
    description: '`search[name]` beginning with `other:` is treated like `name:` (searches base names), so artists are not found by their other names.',
    onRequest(req) {
      const n = req.query.get('search[name]');
      if (is(req, 'GET', LIST) && n && n.startsWith('other:')) return withParams(req, (p) => p.set('search[name]', 'name:' + n.slice(6)));
      return req;
    },
  },
  {
    id: 'artists-url-string-newline-not-split',
    family: 'artists',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`artist[url_string]` (URLs delimited by whitespace or newline)',
    description: 'On artist create and update, `artist[url_string]` is split on spaces only: everything after the first newline is lost.',
    onRequest(req) {
      if (!(is(req, 'POST', /^\/artists\.(json|xml)$/) || is(req, 'PUT', /^\/artists\/\d+\.(json|xml)$/))) return req;
      const u = param(req, 'artist[url_string]');
      if (u === null || !/[\r\n]/.test(u)) return req;
      return withParams(req, (p) => p.set('artist[url_string]', u.split(/\r?\n/)[0]));
    },
  },
  {
    id: 'artists-banned-lists-all',
    family: 'artists',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| Banned | GET /artists/banned.json | none; equivalent to a list search with `search[name]` set to `status:banned` |',
    description: 'GET /artists/banned.json returns the plain artist list (banned or not) instead of the status:banned search.',
    onRequest(req) {
      const m = /^\/artists\/banned\.(json|xml)$/.exec(req.path);
      if (req.method === 'GET' && m) return { ...req, path: `/artists.${m[1]}` };
      return req;
    },
  },
  {
    id: 'artists-update-clears-other-names',
    family: 'artists',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /artists/{id}.json | same parameters as create |',
    description: 'An artist update that does not send `artist[other_names_comma]` clears the artist\'s other names.',
    onRequest(req) {
      if (is(req, 'PUT', /^\/artists\/\d+\.(json|xml)$/) && param(req, 'artist[other_names_comma]') === null)
        return withParams(req, (p) => p.set('artist[other_names_comma]', ''));
      return req;
    },
  },
  {
    id: 'artists-is-active-zero-ignored',
    family: 'artists',
    variants: ['B'],
    kind: 'implementation-bug',
    quote: '| Artist | is_active | 1 or 0 on create and update (B only); true or false in searches (A only) |',
    description: 'Variant B: `artist[is_active]=0` on create is ignored (the artist stays active); 1 works.',
    onRequest(req) {
      if (is(req, 'POST', /^\/artists\.(json|xml)$/) && param(req, 'artist[is_active]') === '0') return withParams(req, (p) => p.delete('artist[is_active]'));
      return req;
    },
  },
  {
    id: 'artists-order-param-of-variant-b',
    family: 'artists',
    variants: ['A'],
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values name or date',
    description: 'Variant A artist list reads the sort key from `search[sort]` (the B name) and ignores `search[order]`.',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.has('search[order]')) return withParams(req, (p) => { const v = p.get('search[order]')!; p.delete('search[order]'); p.set('search[sort]', v); });
      return req;
    },
  },
  {
    id: 'artists-is-banned-false-selects-banned',
    family: 'artists',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '`search[is_banned]` (A only; true or false)',
    description: '`search[is_banned]=false` is parsed as a present flag and selects banned artists (so non-banned artists are not found).',
    onRequest(req) {
      if (is(req, 'GET', LIST) && req.query.get('search[is_banned]') === 'false') return withParams(req, (p) => p.set('search[is_banned]', 'true'));
      return req;
    },
  },
];

const mk = (x: any, name: string, extra: Record<string, string | number> = {}) => x.c.send('POST', '/artists.json', { 'artist[name]': name, ...extra });

export const checks: Record<string, Scenario> = {
  'artists-other-prefix-searches-base-name': async (x) => {
    await mk(x, `ao_${x.t}`, { 'artist[other_names_comma]': `alt_${x.t}` });
    const r = await x.c.get('/artists.json', { 'search[name]': `other:alt_${x.t}` });
    return ids(r).length !== 1;
  },
  'artists-url-string-newline-not-split': async (x) => {
    await mk(x, `au_${x.t}`, { 'artist[url_string]': `http://one.example/${x.t}\nhttp://two.example/${x.t}` });
    const r = await x.c.get('/artists.json', { 'search[name]': `http://two.example/${x.t}` });
    return ids(r).length !== 1;
  },
  'artists-banned-lists-all': async (x) => {
    await mk(x, `ab_${x.t}`);
    const a = await x.c.get('/artists/banned.json');
    const b = await x.c.get('/artists.json', { 'search[name]': 'status:banned' });
    return !same(ids(a), ids(b));
  },
  'artists-update-clears-other-names': async (x) => {
    const id = (await mk(x, `ac_${x.t}`, { 'artist[other_names_comma]': `on_${x.t}` })).json.id;
    await x.c.send('PUT', `/artists/${id}.json`, { 'artist[group_name]': `g_${x.t}` });
    const r = await x.c.get('/artists.json', { 'search[name]': `other:on_${x.t}` });
    return ids(r).length !== 1;
  },
  'artists-is-active-zero-ignored': async (x) => {
    const id = (await mk(x, `ai_${x.t}`, { 'artist[is_active]': 0 })).json.id;
    return (await x.c.get(`/artists/${id}.json`)).json?.is_active !== false;
  },
  'artists-order-param-of-variant-b': async (x) => {
    for (const n of ['b', 'a', 'c']) await mk(x, `zo_${x.t}_${n}`, { 'artist[group_name]': `go_${x.t}` });
    const r = await x.c.get('/artists.json', { 'search[name]': `group:go_${x.t}`, 'search[order]': 'name' });
    const names = (r.json ?? []).map((a: any) => a.name);
    const asc = [...names].sort();
    return !(names.length === 3 && (same(names, asc) || same(names, [...asc].reverse())));
  },
  'artists-is-banned-false-selects-banned': async (x) => {
    const id = (await mk(x, `an_${x.t}`)).json.id;
    const r = await x.c.get('/artists.json', { 'search[name]': `an_${x.t}`, 'search[is_banned]': 'false' });
    return !ids(r).includes(id);
  },
};
void relist; void bodyJson; void withJson;
