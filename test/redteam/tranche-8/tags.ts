// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, editQuery, dropQuery, filterInstead, names, mk, ok, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const LIST = /^\/tags$/;
const Q = '| List tags (A only) | GET /tags.json | `search[name_matches]`; `search[category]` (0, 1, 3, 4); `search[hide_empty]` (yes or no; yes excludes tags with 0 posts); `search[order]` (name, date, count); `search[has_wiki]` (yes or no); `search[name]` (comma-separated exact tag names) |';

add(
  {
    id: 'tags-name-list-first-only',
    variants: ['A'],
    family: 'tags',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] with several comma-separated names only returns the tag named first.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      const v = req.query.get('search[name]');
      if (!v || !v.includes(',')) return req;
      return editQuery(req, (q) => q.set('search[name]', v.split(',')[0]));
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`ta${t} tb${t}`);
    const r = await c.get('/tags.json', { 'search[name]': `ta${t},tb${t}` });
    must(names(r).includes('ta' + t), 'first');
    return !names(r).includes('tb' + t);
  },
);

add(
  {
    id: 'tags-hide-empty-ignored-with-name',
    variants: ['A'],
    family: 'tags',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'search[hide_empty]=yes is ignored when search[name] is given, so tags with 0 posts are listed.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[hide_empty]', (q) => q.has('search[name]')),
  },
  async (base, v) => {
    const c = cl(base), t = rand();
    const p = await c.post(`keep${t} gone${t}`);
    await ok(c, 'PUT', `/posts/${p}.json`, { 'post[tag_string]': `keep${t}` });
    const r = await c.get('/tags.json', { 'search[name]': `keep${t},gone${t}`, 'search[hide_empty]': 'yes' });
    must(names(r).includes('keep' + t), 'used tag');
    void v;
    return names(r).includes('gone' + t);
  },
);

add(
  {
    id: 'tags-category-zero-ignored',
    variants: ['A'],
    family: 'tags',
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'search[category]=0 (general) is dropped by a truthiness check, so tags of every category are returned.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[category]', (q) => q.get('search[category]') === '0'),
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`gen${t} artist:art${t}`);
    const r = await c.get('/tags.json', { 'search[name]': `gen${t},art${t}`, 'search[category]': 0 });
    must(names(r).includes('gen' + t), 'general');
    return names(r).includes('art' + t);
  },
);

add(
  {
    id: 'tags-has-wiki-no-ignored',
    variants: ['A'],
    family: 'tags',
    quote: Q,
    description: 'has_wiki is read as a switch that only narrows on "yes": search[has_wiki]=no applies no filter, so tags that have a wiki page are listed.',
    kind: 'spec-reader',
    onRequest: dropQuery(LIST, 'search[has_wiki]', (q) => q.get('search[has_wiki]') === 'no'),
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`wk${t} nw${t}`);
    await mk(c, '/wiki_pages.json', { 'wiki_page[title]': 'wk' + t, 'wiki_page[body]': 'about' });
    const r = await c.get('/tags.json', { 'search[name]': `wk${t},nw${t}`, 'search[has_wiki]': 'no' });
    must(names(r).includes('nw' + t), 'no-wiki tag');
    return names(r).includes('wk' + t);
  },
);

add(
  {
    id: 'tags-name-matches-drops-category',
    variants: ['A'],
    family: 'tags',
    quote: Q,
    description: 'search[category] is ignored when search[name_matches] is present.',
    kind: 'implementation-bug',
    onRequest: dropQuery(LIST, 'search[category]', (q) => q.has('search[name_matches]')),
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`nm${t}a copyright:nm${t}c`);
    const r = await c.get('/tags.json', { 'search[name_matches]': `nm${t}*`, 'search[category]': 3 });
    must(names(r).includes(`nm${t}c`), 'copyright tag');
    return names(r).includes(`nm${t}a`);
  },
);
void filterInstead;

add(
  {
    id: 'tags-name-exact-as-prefix',
    variants: ['A'],
    family: 'tags',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'A single search[name] is handled as a name pattern (prefix match), so longer tag names beginning with it are returned.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!is(req, 'GET', LIST)) return req;
      const v = req.query.get('search[name]');
      if (!v || v.includes(',') || req.query.has('search[name_matches]')) return req;
      return editQuery(req, (q) => {
        q.delete('search[name]');
        q.set('search[name_matches]', v + '*');
      });
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`tx${t} tx${t}_more`);
    const r = await c.get('/tags.json', { 'search[name]': `tx${t}` });
    must(names(r).includes('tx' + t), 'exact');
    return names(r).includes(`tx${t}_more`);
  },
);
