// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on artists.
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, filterList, json, mkReq, must, params, route, uid, withCallerAuth, type Entry } from './h.ts';

const LIST = /^\/artists\.json$/;

export const entries: Entry[] = [
  {
    fault: {
      id: 'artists-other-prefix-searches-base-name',
      family: 'artists',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| other: | search in other names |',
      description: 'The `other:` prefix of `search[name]` is stripped and the rest is searched like an unprefixed name (base name and other names).',
      onRequest(req) {
        if (!route(req, 'GET', /^\/artists\.(json|xml)$/)) return req;
        const n = req.query.get('search[name]');
        if (!n || !n.startsWith('other:')) return req;
        return editParams(req, (q) => q.set('search[name]', n.slice(6)));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const n = uid('base');
      await must(c.send('POST', '/artists.json', { 'artist[name]': n, 'artist[other_names_comma]': uid('oth') }));
      const r = await must(c.get('/artists.json', { 'search[name]': `other:${n}` }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'artists-url-search-first-url-only',
      family: 'artists',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| http | search artists having this URL |',
      description: 'A URL search only finds artists whose first URL is the searched one; artists having it as a later URL are missed.',
      onRequest(req, ctx) {
        const n = route(req, 'GET', LIST) ? req.query.get('search[name]') : null;
        if (n && n.startsWith('http')) ctx.state.set('url', n);
        return req;
      },
      onResponse(req, res, ctx) {
        const u = ctx.state.get('url') as string | undefined;
        if (!u || !route(req, 'GET', LIST)) return res;
        ctx.state.delete('url');
        return filterList(res, (a) => Array.isArray(a.urls) && a.urls[0] === u);
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('au');
      await must(c.send('POST', '/artists.json', { 'artist[name]': t, 'artist[url_string]': `http://one.example/${t}\nhttp://two.example/${t}/page` }));
      const r = await must(c.get('/artists.json', { 'search[name]': `http://two.example/${t}/page` }));
      return !r.some((a: any) => a.name === t);
    },
  },
  {
    fault: {
      id: 'artists-banned-listing-unfiltered',
      family: 'artists',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| Banned | GET /artists/banned.json | none; equivalent to a list search with `search[name]` set to `status:banned` |',
      description: 'GET /artists/banned.json returns the plain artist list instead of only banned artists.',
      onRequest(req) {
        const m = route(req, 'GET', /^\/artists\/banned\.(json|xml)$/);
        if (!m) return req;
        return { ...req, path: `/artists.${m[1]}` };
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      await must(c.send('POST', '/artists.json', { 'artist[name]': uid('bn') }));
      const banned = await must(c.get('/artists/banned.json'));
      const search = await must(c.get('/artists.json', { 'search[name]': 'status:banned' }));
      return JSON.stringify(banned.map((a: any) => a.id)) !== JSON.stringify(search.map((a: any) => a.id));
    },
  },
  {
    fault: {
      id: 'artists-update-clears-urls',
      family: 'artists',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Update | PUT /artists/{id}.json | same parameters as create |',
      description: 'An artist update that does not send `artist[url_string]` clears the artist\'s URLs.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/artists\/\d+\.(json|xml)$/)) return req;
        const p = params(req);
        if (p.has('artist[url_string]')) return req;
        return editParams(req, (q) => q.set('artist[url_string]', ''));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const t = uid('ar');
      const cr = await must(c.send('POST', '/artists.json', { 'artist[name]': t, 'artist[url_string]': `http://keep.example/${t}` }));
      await must(c.send('PUT', `/artists/${cr.id}.json`, { 'artist[group_name]': uid('grp') }));
      const r = await must(c.get(`/artists/${cr.id}.json`));
      return !(r.urls ?? []).includes(`http://keep.example/${t}`);
    },
  },
  {
    fault: {
      id: 'artists-sort-key-ignored-in-b',
      family: 'artists',
      variants: ['B'],
      kind: 'spec-reader',
      quote:
        'sort key: A `search[order]`, B `search[sort]`, values name or date |',
      description: 'Variant B only understands the A sort key `search[order]`; `search[sort]=name` is ignored and artists come in id order.',
      onRequest: dropParam('GET', /^\/artists\.(json|xml)$/, 'search[sort]'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const g = uid('sg');
      const t = uid('s');
      for (const p of ['c', 'a', 'b']) await must(c.send('POST', '/artists.json', { 'artist[name]': `${t}_${p}`, 'artist[group_name]': g }));
      const r = await must(c.get('/artists.json', { 'search[name]': `group:${g}`, 'search[sort]': 'name' }));
      const names = r.map((a: any) => a.name);
      const asc = [...names].sort();
      const desc = [...asc].reverse();
      return names.length !== 3 || (JSON.stringify(names) !== JSON.stringify(asc) && JSON.stringify(names) !== JSON.stringify(desc));
    },
  },
  {
    fault: {
      id: 'artists-is-active-ignored-on-create-b',
      family: 'artists',
      variants: ['B'],
      kind: 'implementation-bug',
      quote: '| Artist | is_active | 1 or 0 on create and update (B only); true or false in searches (A only) |',
      description: 'Variant B ignores `artist[is_active]=0` on create; the artist is stored active.',
      onRequest: dropParam('POST', /^\/artists\.(json|xml)$/, 'artist[is_active]'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/artists.json', { 'artist[name]': uid('ia'), 'artist[is_active]': 0 }));
      const r = await must(c.get(`/artists/${cr.id}.json`));
      return r.is_active !== false;
    },
  },
  {
    fault: {
      id: 'artists-revert-to-previous-version',
      family: 'artists',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: '| Revert | PUT /artists/{id}/revert.json | `version_id` REQUIRED (artist version id) |',
      description: 'Artist revert ignores `version_id` and restores the version just before the current one.',
      async onRequest(req, ctx) {
        const m = route(req, 'PUT', /^\/artists\/(\d+)\/revert\.(json|xml)$/);
        if (!m) return req;
        const vr = await ctx.upstream(withCallerAuth(req, mkReq('GET', '/artist_versions.json', { 'search[artist_id]': m[1], limit: 100 })));
        const list = (json(vr) ?? []).slice().sort((a: any, b: any) => b.id - a.id);
        if (list.length < 2) return req;
        return editParams(req, (q) => q.set('version_id', String(list[1].id)));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/artists.json', { 'artist[name]': uid('rv'), 'artist[group_name]': 'g1' }));
      await must(c.send('PUT', `/artists/${cr.id}.json`, { 'artist[group_name]': 'g2' }));
      await must(c.send('PUT', `/artists/${cr.id}.json`, { 'artist[group_name]': 'g3' }));
      const vs = await must(c.get('/artist_versions.json', { 'search[artist_id]': cr.id }));
      const first = vs.slice().sort((a: any, b: any) => a.id - b.id)[0];
      await must(c.send('PUT', `/artists/${cr.id}/revert.json`, { version_id: first.id }));
      const r = await must(c.get(`/artists/${cr.id}.json`));
      return r.group_name !== 'g1';
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
