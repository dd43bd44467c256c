// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on wiki pages.
import type { Fault } from '../tranche-1/fault.ts';
import { C, acc, dropParam, editParams, must, params, route, uid, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'wiki-title-update-clears-body',
      family: 'wiki',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
      description: 'A wiki update that sends only a new title empties the page body.',
      onRequest(req) {
        if (!route(req, 'PUT', /^\/wiki_pages\/\d+\.(json|xml)$/)) return req;
        const p = params(req);
        if (!p.has('wiki_page[title]') || p.has('wiki_page[body]')) return req;
        return editParams(req, (q) => q.set('wiki_page[body]', ''));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const cr = await must(c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': uid('wt'), 'wiki_page[body]': 'keep this body' }));
      await must(c.send('PUT', `/wiki_pages/${cr.id}.json`, { 'wiki_page[title]': uid('wt2') }));
      const r = await must(c.get(`/wiki_pages/${cr.id}.json`));
      return r.body !== 'keep this body';
    },
  },
  {
    fault: {
      id: 'wiki-other-names-match-ignored',
      family: 'wiki',
      variants: ['A'],
      kind: 'spec-reader',
      quote:
        '| List | GET /wiki_pages.json | `search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title |',
      description: 'Variant A ignores `search[other_names_match]` on the wiki list.',
      onRequest: dropParam('GET', /^\/wiki_pages\.(json|xml)$/, 'search[other_names_match]'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const on = uid('on');
      await must(c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': uid('wo'), 'wiki_page[body]': 'b', 'wiki_page[other_names]': on }));
      const r = await must(c.get('/wiki_pages.json', { 'search[other_names_match]': uid('nomatch') }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'wiki-creator-name-ignored-with-body-matches',
      family: 'wiki',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote:
        '| List | GET /wiki_pages.json | `search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title |',
      description: 'When `search[body_matches]` is given, `search[creator_name]` is ignored.',
      onRequest: dropParam('GET', /^\/wiki_pages\.(json|xml)$/, 'search[creator_name]', (p) => p.has('search[body_matches]')),
    },
    async scn(base) {
      const g = C(base, 'gold'), p = C(base, 'platinum');
      const body = uid('wb');
      await must(g.send('POST', '/wiki_pages.json', { 'wiki_page[title]': uid('wg'), 'wiki_page[body]': body }));
      await must(p.send('POST', '/wiki_pages.json', { 'wiki_page[title]': uid('wp'), 'wiki_page[body]': body }));
      const r = await must(g.get('/wiki_pages.json', { 'search[body_matches]': body, 'search[creator_name]': acc.gold.name }));
      return r.some((w: any) => w.creator_name !== acc.gold.name);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
