// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, form, withForm, dropParam, rewriteParam, refilter, lookup, cl, u, who, ids, must, ok } from './h.ts';
const F = 'wiki';
const WL = /^\/wiki_pages\.(json|xml)$/;
const WS = /^\/wiki_pages\/\d+\.(json|xml)$/;
const titles = (r: any) => (Array.isArray(r.json) ? r.json.map((x: any) => x.title) : []);
const sorted = (n: string[]) => { const a = [...n].sort((x, y) => x.toLowerCase() < y.toLowerCase() ? -1 : 1); return JSON.stringify(n) === JSON.stringify(a) || JSON.stringify(n) === JSON.stringify([...a].reverse()); };

export const faults: Fault[] = [
  {
    id: 'wiki-update-title-dropped-with-body', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'An update carrying both wiki_page[title] and wiki_page[body] keeps the old title.',
    async onRequest(req, ctx) {
      if (!is(req, 'PUT', WS)) return req;
      const p = form(req);
      if (!p.has('wiki_page[title]') || !p.has('wiki_page[body]')) return req;
      const cur = await lookup(ctx, req, req.path.replace(/\.xml$/, '.json'));
      if (!cur || typeof cur.title !== 'string') return req;
      return withForm(req, (f) => f.set('wiki_page[title]', cur.title));
    },
  },
  dropParam({
    id: 'wiki-other-names-match-dropped-with-creator', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[other_names_match]` (A only)',
    description: 'search[other_names_match] is ignored when search[creator_name] is also given.',
  }, 'GET', WL, 'search[other_names_match]', ['search[creator_name]']),
  dropParam({
    id: 'wiki-b-sort-ignored', family: F, kind: 'spec-reader', variants: ['B'],
    quote: '`search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant B ignores search[sort]; title order is never applied.',
  }, 'GET', WL, 'search[sort]'),
  rewriteParam({
    id: 'wiki-create-body-cut-at-ampersand', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`wiki_page[title]` REQUIRED; `wiki_page[body]` REQUIRED',
    description: 'wiki_page[body] on create is cut at the first &.',
  }, 'POST', WL, 'wiki_page[body]', (v) => v.split('&')[0]),
  dropParam({
    id: 'wiki-a-order-ignored', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant A ignores search[order] (reads search[sort] as in B); title order is never applied.',
  }, 'GET', WL, 'search[order]'),
];

const mk = async (c: any, p: Record<string, string>) => (await ok(c.send('POST', '/wiki_pages.json', p), 'wiki')).id;

export const checks: Record<string, Scenario> = {
  'wiki-update-title-dropped-with-body': async (base) => {
    const m = cl(base); const t = u(); const id = await mk(m, { 'wiki_page[title]': t, 'wiki_page[body]': 'b' });
    await ok(m.send('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[title]': t + '_new', 'wiki_page[body]': 'b2' }));
    return (await m.get(`/wiki_pages/${id}.json`)).json.title !== t + '_new';
  },
  'wiki-other-names-match-dropped-with-creator': async (base) => {
    const m = cl(base); const t = u();
    await mk(m, { 'wiki_page[title]': t + '_1', 'wiki_page[body]': 'b', 'wiki_page[other_names]': t + '_alt' });
    await mk(m, { 'wiki_page[title]': t + '_2', 'wiki_page[body]': 'b' });
    const r = await m.get('/wiki_pages.json', { 'search[creator_name]': 'conform_member', 'search[other_names_match]': t + '_alt' });
    must(titles(r).includes(t + '_1'), 'one');
    return titles(r).length !== 1;
  },
  'wiki-b-sort-ignored': async (base) => {
    const m = cl(base); const t = u();
    for (const s of ['_a', '_z', '_m']) await mk(m, { 'wiki_page[title]': t + s, 'wiki_page[body]': `${t} x` });
    const n = titles(await m.get('/wiki_pages.json', { 'search[body_matches]': `${t}*`, 'search[sort]': 'title' }));
    must(n.length === 3, 'three');
    return !sorted(n);
  },
  'wiki-create-body-cut-at-ampersand': async (base) => {
    const m = cl(base); const id = await mk(m, { 'wiki_page[title]': u(), 'wiki_page[body]': 'black & white <i>x</i>' });
    return (await m.get(`/wiki_pages/${id}.json`)).json.body !== 'black & white <i>x</i>';
  },
  'wiki-a-order-ignored': async (base) => {
    const m = cl(base); const t = u();
    for (const s of ['_a', '_z', '_m']) await mk(m, { 'wiki_page[title]': t + s, 'wiki_page[body]': `${t} x` });
    const n = titles(await m.get('/wiki_pages.json', { 'search[body_matches]': `${t}*`, 'search[order]': 'title' }));
    must(n.length === 3, 'three');
    return !sorted(n);
  },
};
