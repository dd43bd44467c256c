// @ts-nocheck: frozen red-team code (see all.ts)
// Tags (A only).
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, ok, queryFault, type Scenario } from './h.ts';

const LIST = /^\/tags\.json$/;
const ROW = '| List tags (A only) | GET /tags.json | `search[name_matches]`; `search[category]` (0, 1, 3, 4); `search[hide_empty]` (yes or no; yes excludes tags with 0 posts); `search[order]` (name, date, count); `search[has_wiki]` (yes or no); `search[name]` (comma-separated exact tag names) |';
const names = (r: any): string[] => ok(r).json.map((t: any) => t.name);

export const faults: Fault[] = [
  F({
    id: 'tags-a-hide-empty-ignored-with-name-list',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'search[hide_empty]=yes is not applied when tags are selected by search[name]; tags with 0 posts are listed.',
    onRequest: queryFault(LIST, (q) => q.get('search[hide_empty]') === 'yes' && !!q.get('search[name]'), (q) => q.delete('search[hide_empty]')),
  }),
  F({
    id: 'tags-a-name-list-first-only',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] is not split on commas beyond the first element; only the first tag name is looked up.',
    onRequest: queryFault(LIST, (q) => (q.get('search[name]') ?? '').includes(','), (q) => q.set('search[name]', q.get('search[name]')!.split(',')[0])),
  }),
  F({
    id: 'tags-a-name-treated-as-prefix',
    variants: ['A'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] is treated like name_matches with an implicit trailing wildcard, so longer tags starting with the name are listed too.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[name]') && !(q.get('search[name]') ?? '').includes(','), (q) => { q.set('search[name_matches]', q.get('search[name]')! + '*'); q.delete('search[name]'); }),
  }),
  F({
    id: 'tags-a-category-ignored-with-name-list',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[category] is dropped when search[name] selects the tags.',
    onRequest: queryFault(LIST, (q) => !!q.get('search[category]') && !!q.get('search[name]'), (q) => q.delete('search[category]')),
  }),
  F({
    id: 'tags-a-order-count-ignored',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: ROW,
    description: 'search[order]=count falls through to the default order.',
    onRequest: queryFault(LIST, (q) => q.get('search[order]') === 'count', (q) => q.delete('search[order]')),
  }),
  F({
    id: 'tags-a-has-wiki-inverted',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[has_wiki]` (yes or no)',
    description: 'search[has_wiki]=yes selects tags without a wiki page and no selects tags with one.',
    onRequest: queryFault(LIST, (q) => ['yes', 'no'].includes(q.get('search[has_wiki]') ?? ''), (q) => q.set('search[has_wiki]', q.get('search[has_wiki]') === 'yes' ? 'no' : 'yes')),
  }),
];

export const checks: Record<string, Scenario> = {
  'tags-a-hide-empty-ignored-with-name-list': async (base) => {
    const r = R();
    const c = cl(base);
    const p = await c.post(`empty_${r} kept_${r}`);
    ok(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `kept_${r}` }));
    const n = names(await c.get('/tags.json', { 'search[name]': `empty_${r},kept_${r}`, 'search[hide_empty]': 'yes' }));
    return n.includes(`empty_${r}`) || !n.includes(`kept_${r}`);
  },
  'tags-a-name-list-first-only': async (base) => {
    const r = R();
    await cl(base).post(`na_${r} nb_${r}`);
    const n = names(await cl(base).get('/tags.json', { 'search[name]': `na_${r},nb_${r}` }));
    return !n.includes(`na_${r}`) || !n.includes(`nb_${r}`);
  },
  'tags-a-name-treated-as-prefix': async (base) => {
    const r = R();
    await cl(base).post(`pre_${r} pre_${r}_long`);
    const n = names(await cl(base).get('/tags.json', { 'search[name]': `pre_${r}` }));
    return n.includes(`pre_${r}_long`) || !n.includes(`pre_${r}`);
  },
  'tags-a-category-ignored-with-name-list': async (base) => {
    const r = R();
    await cl(base).post(`artist:ca_${r} cg_${r}`);
    const n = names(await cl(base).get('/tags.json', { 'search[name]': `ca_${r},cg_${r}`, 'search[category]': 1 }));
    return n.includes(`cg_${r}`) || !n.includes(`ca_${r}`);
  },
  'tags-a-order-count-ignored': async (base) => {
    const r = R();
    const c = cl(base);
    await c.post(`ka_${r} kc_${r} kb_${r}`);
    await c.post(`ka_${r} kb_${r}`);
    await c.post(`kb_${r}`);
    const n = names(await c.get('/tags.json', { 'search[name]': `ka_${r},kb_${r},kc_${r}`, 'search[order]': 'count' }));
    const want = [`kb_${r}`, `ka_${r}`, `kc_${r}`];
    const s = n.join(' ');
    return s !== want.join(' ') && s !== [...want].reverse().join(' ');
  },
  'tags-a-has-wiki-inverted': async (base) => {
    const r = R();
    const c = cl(base);
    await c.post(`wk_${r} nw_${r}`);
    ok(await c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': `wk_${r}`, 'wiki_page[body]': 'about' }));
    const n = names(await c.get('/tags.json', { 'search[name]': `wk_${r},nw_${r}`, 'search[has_wiki]': 'yes' }));
    return !n.includes(`wk_${r}`) || n.includes(`nw_${r}`);
  },
};
