// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, dropParam, rewriteParams, monotonicNum, must, envelope } from './h.ts';

const LIST = /^\/tags\.json$/;
const names = (r: any): string[] => (Array.isArray(r.json) ? r.json.map((t: any) => t.name) : []);

export const faults: Fault[] = [
  {
    id: 'tags-name-list-first-only',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] with several comma-separated names only looks up the first one.',
    ...rewriteParams('GET', LIST, (p) => (p.get('search[name]') ?? '').includes(','), (p) => p.set('search[name]', (p.get('search[name]') ?? '').split(',')[0])),
  },
  {
    id: 'tags-category-ignored-with-name-matches',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[category]` (0, 1, 3, 4)',
    description: 'search[category] on tags is ignored when search[name_matches] is given.',
    ...dropParam('GET', LIST, 'search[category]', (p) => p.has('search[name_matches]')),
  },
  {
    id: 'tags-hide-empty-ignored',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'search[hide_empty]=yes is ignored; tags without posts are still listed.',
    ...dropParam('GET', LIST, 'search[hide_empty]', (p) => p.get('search[hide_empty]') === 'yes'),
  },
  {
    id: 'tags-has-wiki-inverted',
    variants: ['A'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`search[has_wiki]` (yes or no)',
    description: 'search[has_wiki]=yes selects tags without a wiki page and no selects those with one.',
    ...rewriteParams('GET', LIST, (p) => ['yes', 'no'].includes(p.get('search[has_wiki]') ?? ''), (p) => p.set('search[has_wiki]', p.get('search[has_wiki]') === 'yes' ? 'no' : 'yes')),
  },
  {
    id: 'tags-order-count-ignored',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[order]` (name, date, count)',
    description: 'search[order]=count is not recognised and the default order is used.',
    ...dropParam('GET', LIST, 'search[order]', (p) => p.get('search[order]') === 'count'),
  },
  {
    id: 'tags-category-numbers-contiguous',
    variants: ['A'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'Tag categories are numbered 0-3 without the gap, so search[category]=3 finds character tags instead of copyright tags.',
    ...rewriteParams('GET', LIST, (p) => p.get('search[category]') === '3', (p) => p.set('search[category]', '4')),
  },
  {
    id: 'tags-hide-empty-no-treated-as-yes',
    variants: ['A'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'Any value of search[hide_empty] hides empty tags, including no.',
    ...rewriteParams('GET', LIST, (p) => p.get('search[hide_empty]') === 'no', (p) => p.set('search[hide_empty]', 'yes')),
  },
  {
    id: 'tags-name-exact-treated-as-prefix',
    variants: ['A'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'A single search[name] is matched as a prefix pattern rather than an exact tag name.',
    ...rewriteParams('GET', LIST, (p) => /^[^,*]+$/.test(p.get('search[name]') ?? ''), (p) => { p.set('search[name_matches]', p.get('search[name]') + '*'); p.delete('search[name]'); }),
  },
  {
    id: 'tags-endpoint-exists-in-b',
    variants: ['B'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '| Tag (A only) | /tags | none |',
    description: 'Variant B serves GET /tags.json as if the tag resource existed.',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from('[]') };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'tags-name-list-first-only'(base) {
    const s = rand();
    await who(base).post(`tn1_${s} tn2_${s}`);
    const l = names(await who(base).get('/tags.json', { 'search[name]': `tn1_${s},tn2_${s}` }));
    return !(l.includes(`tn1_${s}`) && l.includes(`tn2_${s}`));
  },
  async 'tags-category-ignored-with-name-matches'(base) {
    const s = rand();
    await who(base).post(`tcg_${s} artist:tca_${s}`);
    const l = names(await who(base).get('/tags.json', { 'search[name_matches]': `*_${s}`, 'search[category]': 1 }));
    return !(l.length === 1 && l[0] === `tca_${s}`);
  },
  async 'tags-hide-empty-ignored'(base) {
    const s = rand();
    const c = who(base);
    const p = await c.post(`the_${s} thg_${s}`);
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `the_${s}` }), 'update');
    const l = names(await c.get('/tags.json', { 'search[name_matches]': `th*_${s}`, 'search[hide_empty]': 'yes' }));
    return !(l.includes(`the_${s}`) && !l.includes(`thg_${s}`));
  },
  async 'tags-has-wiki-inverted'(base) {
    const s = rand();
    const c = who(base);
    await c.post(`thw_${s} thn_${s}`);
    must(await c.send('POST', '/wiki_pages.json', { 'wiki_page[title]': `thw_${s}`, 'wiki_page[body]': 'about it' }), 'wiki');
    const l = names(await c.get('/tags.json', { 'search[name_matches]': `th*_${s}`, 'search[has_wiki]': 'yes' }));
    return !(l.length === 1 && l[0] === `thw_${s}`);
  },
  async 'tags-order-count-ignored'(base) {
    const s = rand();
    const c = who(base);
    await c.post(`toa_${s} tob_${s} toc_${s}`);
    await c.post(`tob_${s}`);
    await c.post(`tob_${s} toc_${s}`);
    const r = await c.get('/tags.json', { 'search[name_matches]': `to*_${s}`, 'search[order]': 'count' });
    const counts = (r.json as any[]).map((t) => t.post_count);
    return !(counts.length === 3 && monotonicNum(counts));
  },
  async 'tags-category-numbers-contiguous'(base) {
    const s = rand();
    await who(base).post(`tcx_${s} copyright:tcc_${s} character:tch_${s}`);
    const l = names(await who(base).get('/tags.json', { 'search[name_matches]': `*_${s}`, 'search[category]': 3 }));
    return !(l.length === 1 && l[0] === `tcc_${s}`);
  },
  async 'tags-hide-empty-no-treated-as-yes'(base) {
    const s = rand();
    const c = who(base);
    const p = await c.post(`tne_${s} tng_${s}`);
    must(await c.send('PUT', `/posts/${p}.json`, { 'post[tag_string]': `tne_${s}` }), 'update');
    const l = names(await c.get('/tags.json', { 'search[name_matches]': `tn*_${s}`, 'search[hide_empty]': 'no' }));
    return !(l.includes(`tne_${s}`) && l.includes(`tng_${s}`));
  },
  async 'tags-name-exact-treated-as-prefix'(base) {
    const s = rand();
    await who(base).post(`tx_${s} tx_${s}_more`);
    const l = names(await who(base).get('/tags.json', { 'search[name]': `tx_${s}` }));
    return !(l.length === 1 && l[0] === `tx_${s}`);
  },
  async 'tags-endpoint-exists-in-b'(base) {
    const r = await who(base).get('/tags.json', { 'search[name_matches]': 'x*' });
    return r.status === 200;
  },
};
