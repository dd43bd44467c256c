// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, param, withParams, type Scenario, ids } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'wiki-update-body-clears-other-names',
    family: 'wiki',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'A wiki update that changes only the body clears the page\'s other names.',
    onRequest(req) {
      if (is(req, 'PUT', /^\/wiki_pages\/\d+\.(json|xml)$/) && param(req, 'wiki_page[body]') !== null && param(req, 'wiki_page[other_names]') === null)
        return withParams(req, (p) => p.set('wiki_page[other_names]', ''));
      return req;
    },
  },
  {
    id: 'wiki-creator-name-dropped-with-body-matches',
    family: 'wiki',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'When `search[body_matches]` and `search[creator_name]` are combined, the creator filter is dropped.',
    onRequest(req) {
      if (is(req, 'GET', /^\/wiki_pages\.(json|xml)$/) && req.query.has('search[body_matches]') && req.query.has('search[creator_name]'))
        return withParams(req, (p) => p.delete('search[creator_name]'));
      return req;
    },
  },
  {
    id: 'wiki-sort-key-ignored-b',
    family: 'wiki',
    variants: ['B'],
    kind: 'spec-reader',
    quote: '| List | GET /wiki_pages.json | `search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title |',
    description: 'Variant B wiki list ignores `search[sort]`.',
    onRequest(req) {
      if (is(req, 'GET', /^\/wiki_pages\.(json|xml)$/) && req.query.has('search[sort]')) return withParams(req, (p) => p.delete('search[sort]'));
      return req;
    },
  },
  {
    id: 'wiki-title-update-xml-ignored',
    family: 'wiki',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'A wiki page update sent to the .xml path answers success but ignores `wiki_page[title]`.',
    onRequest(req) {
      if (is(req, 'PUT', /^\/wiki_pages\/\d+\.xml$/) && param(req, 'wiki_page[title]') !== null) return withParams(req, (p) => p.delete('wiki_page[title]'));
      return req;
    },
  },
];

const mkw = (who: any, title: string, body: string, extra: Record<string, string> = {}) => who.send('POST', '/wiki_pages.json', { 'wiki_page[title]': title, 'wiki_page[body]': body, ...extra });

export const checks: Record<string, Scenario> = {
  'wiki-update-body-clears-other-names': async (x) => {
    const id = (await mkw(x.c, `wo_${x.t}`, 'b1', { 'wiki_page[other_names]': `oa_${x.t}` })).json.id;
    await x.c.send('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[body]': `b2 ${x.t}` });
    const w = (await x.c.get(`/wiki_pages/${id}.json`)).json;
    return !String(w.other_names ?? '').includes(`oa_${x.t}`);
  },
  'wiki-creator-name-dropped-with-body-matches': async (x) => {
    await mkw(x.c, `wc1_${x.t}`, `text ${x.t}`);
    await mkw(x.c2, `wc2_${x.t}`, `text ${x.t}`);
    const r = await x.c.get('/wiki_pages.json', { 'search[body_matches]': `*${x.t}*`, 'search[creator_name]': x.acc.member2.name });
    return !(Array.isArray(r.json) && r.json.length === 1 && r.json[0].title === `wc2_${x.t}`);
  },
  'wiki-sort-key-ignored-b': async (x) => {
    for (const n of ['b', 'a', 'c']) await mkw(x.c, `ws_${x.t}_${n}`, `sort ${x.t}`);
    const r = await x.c.get('/wiki_pages.json', { 'search[body_matches]': `*${x.t}*`, 'search[sort]': 'title' });
    const names: string[] = (r.json ?? []).map((w: any) => w.title);
    const asc = [...names].sort();
    return !(names.length === 3 && (names.join() === asc.join() || names.join() === [...asc].reverse().join()));
  },
  'wiki-title-update-xml-ignored': async (x) => {
    const id = (await mkw(x.c, `wx_${x.t}`, 'b')).json.id;
    await x.c.send('PUT', `/wiki_pages/${id}.xml`, { 'wiki_page[title]': `wx2_${x.t}` });
    return (await x.c.get(`/wiki_pages/${id}.json`)).json?.title !== `wx2_${x.t}`;
  },
};
void ids;
