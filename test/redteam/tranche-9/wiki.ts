// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, params, withParams, dropParam, upGet, monotonic, sortKey, must, userId, ACC } from './h.ts';

const LIST = /^\/wiki_pages\.json$/;
const ONE = /^\/wiki_pages\/(\d+)\.json$/;

export const faults: Fault[] = [
  {
    id: 'wiki-title-ignored-with-creator-name',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '`search[title]`; `search[creator_id]`; `search[body_matches]`',
    description: 'search[title] is ignored when search[creator_name] is also given.',
    ...dropParam('GET', LIST, 'search[title]', (p) => p.has('search[creator_name]')),
  },
  {
    id: 'wiki-xml-body-not-escaped',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'The XML rendering of a wiki page writes the body without escaping & and <, producing malformed XML.',
    onResponse(req, res) {
      if (!is(req, 'GET', /^\/wiki_pages\/\d+\.xml$/) || res.status !== 200) return res;
      const t = res.body.toString('utf8').replace(/<body>([\s\S]*?)<\/body>/, (_m, b: string) => '<body>' + b.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&') + '</body>');
      return { ...res, body: Buffer.from(t, 'utf8') };
    },
  },
  {
    id: 'wiki-update-other-names-appended',
    variants: ['A'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '| Update | PUT /wiki_pages/{id}.json | `wiki_page[title]`, `wiki_page[body]`, `wiki_page[other_names]` (A only) |',
    description: 'An update of other_names adds the new names to the old ones instead of replacing them.',
    async onRequest(req, ctx) {
      const m = ONE.exec(req.path);
      if (req.method !== 'PUT' || !m) return req;
      const v = params(req).get('wiki_page[other_names]');
      if (v === null) return req;
      const cur = await upGet(ctx, req, `/wiki_pages/${m[1]}.json`);
      if (!cur?.other_names) return req;
      return withParams(req, (q) => q.set('wiki_page[other_names]', `${cur.other_names} ${v}`));
    },
  },
  {
    id: 'wiki-other-names-match-ignored',
    variants: ['A'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '`search[other_names_match]` (A only)',
    description: 'search[other_names_match] is ignored when search[body_matches] is given.',
    ...dropParam('GET', LIST, 'search[other_names_match]', (p) => p.has('search[body_matches]')),
  },
  {
    id: 'wiki-order-ignored-a',
    variants: ['A'],
    family: 'wiki',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant A reads the wiki sort key from search[sort]; search[order] is ignored.',
    ...dropParam('GET', LIST, 'search[order]'),
  },
  {
    id: 'wiki-sort-ignored-b',
    variants: ['B'],
    family: 'wiki',
    kind: 'spec-reader',
    quote: 'sort key: A `search[order]`, B `search[sort]`, values date, title',
    description: 'Variant B reads the wiki sort key from search[order]; search[sort] is ignored.',
    ...dropParam('GET', LIST, 'search[sort]'),
  },
  {
    id: 'wiki-creator-id-ignored-with-body-matches',
    variants: ['A', 'B'],
    family: 'wiki',
    kind: 'implementation-bug',
    quote: '`search[title]`; `search[creator_id]`; `search[body_matches]`',
    description: 'search[creator_id] is ignored when search[body_matches] is given.',
    ...dropParam('GET', LIST, 'search[creator_id]', (p) => p.has('search[body_matches]')),
  },
];

const wiki = async (base: string, title: string, body: string, extra: Record<string, string> = {}, as = 'member') =>
  must(await who(base, as).send('POST', '/wiki_pages.json', { 'wiki_page[title]': title, 'wiki_page[body]': body, ...extra }), 'wiki').id as number;
const titles = (r: any): string[] => (Array.isArray(r.json) ? r.json.map((w: any) => w.title) : []);

export const checks: Record<string, Scenario> = {
  async 'wiki-title-ignored-with-creator-name'(base) {
    const s = rand();
    await wiki(base, `wt1_${s}`, 'x');
    await wiki(base, `wt2_${s}`, 'x');
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[title]': `wt1_${s}`, 'search[creator_name]': ACC.member.name }));
    return !(l.length === 1 && l[0] === `wt1_${s}`);
  },
  async 'wiki-xml-body-not-escaped'(base) {
    const s = rand();
    const id = await wiki(base, `wx_${s}`, `Tom & Jerry <3 "quoted" ${s}`);
    const t = (await who(base).get(`/wiki_pages/${id}.xml`)).text;
    const stripped = t.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, '');
    return stripped.includes('&') || /<3/.test(t);
  },
  async 'wiki-update-other-names-appended'(base) {
    const s = rand();
    const id = await wiki(base, `wo_${s}`, 'x', { 'wiki_page[other_names]': `old_${s}` });
    must(await who(base).send('PUT', `/wiki_pages/${id}.json`, { 'wiki_page[other_names]': `new_${s}` }), 'update');
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[other_names_match]': `old_${s}` }));
    const l2 = titles(await who(base).get('/wiki_pages.json', { 'search[other_names_match]': `new_${s}` }));
    return l.includes(`wo_${s}`) || !l2.includes(`wo_${s}`);
  },
  async 'wiki-other-names-match-ignored'(base) {
    const s = rand();
    await wiki(base, `wm1_${s}`, `shared ${s}`, { 'wiki_page[other_names]': `alt_${s}` });
    await wiki(base, `wm2_${s}`, `shared ${s}`);
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[body_matches]': `shared ${s}`, 'search[other_names_match]': `alt_${s}` }));
    return !(l.length === 1 && l[0] === `wm1_${s}`);
  },
  async 'wiki-order-ignored-a'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await wiki(base, `${n}_${s}`, `ord ${s}`);
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[body_matches]': `ord ${s}`, [sortKey(v)]: 'title' }));
    return !(l.length === 3 && monotonic(l));
  },
  async 'wiki-sort-ignored-b'(base, v) {
    const s = rand();
    for (const n of ['mm', 'aa', 'zz']) await wiki(base, `${n}_${s}`, `srt ${s}`);
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[body_matches]': `srt ${s}`, [sortKey(v)]: 'title' }));
    return !(l.length === 3 && monotonic(l));
  },
  async 'wiki-creator-id-ignored-with-body-matches'(base) {
    const s = rand();
    await wiki(base, `wc1_${s}`, `common ${s}`);
    await wiki(base, `wc2_${s}`, `common ${s}`, {}, 'member2');
    const m2 = await userId(base, 'member2');
    const l = titles(await who(base).get('/wiki_pages.json', { 'search[body_matches]': `common ${s}`, 'search[creator_id]': m2 }));
    return !(l.length === 1 && l[0] === `wc2_${s}`);
  },
};
