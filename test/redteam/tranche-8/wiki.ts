// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, bare, form, withForm, dropForm, filterInstead, upGet, ids, mk, ok, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/wiki_pages$/;
const Q_LIST = '| List | GET /wiki_pages.json | `search[title]`; `search[creator_id]`; `search[body_matches]`; `search[other_names_match]` (A only); `search[creator_name]`; sort key: A `search[order]`, B `search[sort]`, values date, title |';

add(
  {
    id: 'wiki-creator-name-matches-updater',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: Q_LIST,
    description: 'search[creator_name] on wiki pages is compared with the last updater\'s name.',
    kind: 'implementation-bug',
    onRequest: filterInstead(LIST, 'search[creator_name]', (it, v) => it.updater_name === v),
  },
  async (base) => {
    const c = cl(base), g = cl(base, 'gold'), t = 'wc' + rand();
    const w = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': t, 'wiki_page[body]': 'b1' });
    await ok(g, 'PUT', `/wiki_pages/${w}.json`, { 'wiki_page[body]': 'b2' });
    const r = await c.get('/wiki_pages.json', { 'search[title]': t, 'search[creator_name]': 'conform_member' });
    return !ids(r).includes(w);
  },
);

add(
  {
    id: 'wiki-other-names-update-appends',
    variants: ['A'],
    family: 'wiki',
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'Updating wiki_page[other_names] adds to the existing other names instead of replacing them.',
    kind: 'implementation-bug',
    async onRequest(req, ctx) {
      const m = /^\/wiki_pages\/(\d+)$/.exec(bare(req));
      if (req.method !== 'PUT' || !m) return req;
      const f = form(req);
      if (!f.get('wiki_page[other_names]')) return req;
      const cur = await upGet(ctx, req, `/wiki_pages/${m[1]}.json`);
      if (cur?.other_names) f.set('wiki_page[other_names]', cur.other_names + ' ' + f.get('wiki_page[other_names]'));
      return withForm(req, f);
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    const w = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'wo' + t, 'wiki_page[body]': 'b', 'wiki_page[other_names]': `x1${t} x2${t}` });
    await ok(c, 'PUT', `/wiki_pages/${w}.json`, { 'wiki_page[other_names]': `x3${t}` });
    const s = await c.get(`/wiki_pages/${w}.json`);
    must(String(s.json.other_names).includes('x3' + t), 'new name');
    return String(s.json.other_names).includes('x1' + t);
  },
);

add(
  {
    id: 'wiki-body-optional-on-create',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: '| Create | POST /wiki_pages.json | `wiki_page[title]` REQUIRED; `wiki_page[body]` REQUIRED; `wiki_page[other_names]` (A only) |',
    description: 'A wiki page created without wiki_page[body] is accepted (the title is used as body) instead of being refused.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'POST', LIST)) return req;
      const f = form(req);
      if (f.has('wiki_page[body]') || !f.get('wiki_page[title]')) return req;
      f.set('wiki_page[body]', f.get('wiki_page[title]')!);
      return withForm(req, f);
    },
  },
  async (base) => {
    const r = await cl(base).send('POST', '/wiki_pages.json', { 'wiki_page[title]': 'wb' + rand() });
    return r.status === 200;
  },
);

add(
  {
    id: 'wiki-title-dropped-with-body',
    variants: ['A', 'B'],
    family: 'wiki',
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'When an update carries both wiki_page[title] and wiki_page[body], only the body is saved; the rename is lost.',
    kind: 'implementation-bug',
    onRequest: dropForm('PUT', /^\/wiki_pages\/\d+$/, 'wiki_page[title]', (f) => f.has('wiki_page[body]')),
  },
  async (base) => {
    const c = cl(base), t = rand();
    const w = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'wt' + t, 'wiki_page[body]': 'b' });
    await ok(c, 'PUT', `/wiki_pages/${w}.json`, { 'wiki_page[title]': 'wr' + t, 'wiki_page[body]': 'b2' });
    const s = await c.get(`/wiki_pages/${w}.json`);
    must(s.json.body === 'b2', 'body saved');
    return s.json.title !== 'wr' + t;
  },
);

add(
  {
    id: 'wiki-other-names-match-ignored',
    variants: ['A'],
    family: 'wiki',
    quote: Q_LIST,
    description: 'search[other_names_match] is ignored when search[creator_name] is also present.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', LIST) || !req.query.has('search[other_names_match]') || !req.query.has('search[creator_name]')) return req;
      const q = new URLSearchParams(req.query);
      q.delete('search[other_names_match]');
      return { ...req, query: q };
    },
  },
  async (base) => {
    const c = cl(base, 'builder'), t = rand();
    const w1 = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'wm1' + t, 'wiki_page[body]': 'b', 'wiki_page[other_names]': 'onm' + t });
    const w2 = await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'wm2' + t, 'wiki_page[body]': 'b', 'wiki_page[other_names]': 'zzz' + t });
    const r = await c.get('/wiki_pages.json', { 'search[other_names_match]': 'onm' + t, 'search[creator_name]': 'conform_builder' });
    must(ids(r).includes(w1), 'match');
    return ids(r).includes(w2);
  },
);
