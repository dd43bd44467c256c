// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, rand, is, envelope, dropQuery, editQuery, jsonRes, names, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };
const REL = /^\/related_tag$/;

add(
  {
    id: 'related-tags-category-ignored',
    variants: ['A', 'B'],
    family: 'related-tags',
    quote: '| Related tags | GET /related_tag.json | `query` REQUIRED (tag to find related tags for); `category` (0, 1, 3, 4) |',
    description: 'The category parameter of related tags is ignored; related tags of every category are returned.',
    kind: 'implementation-bug',
    onRequest: dropQuery(REL, 'category'),
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`rq${t} artist:ra${t} copyright:rc${t}`);
    const r = await c.get('/related_tag.json', { query: 'rq' + t, category: 1 });
    must(names(r).includes('ra' + t), 'artist tag');
    return names(r).includes('rc' + t);
  },
);

add(
  {
    id: 'related-tags-query-optional',
    variants: ['A', 'B'],
    family: 'related-tags',
    quote: '`query` REQUIRED (tag to find related tags for)',
    description: 'A related-tag request without query answers 200 with an empty list instead of failing.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!is(req, 'GET', REL) || req.query.get('query')) return req;
      return req.path.endsWith('.xml') ? envelope(req, 200, true, '') : jsonRes(200, []);
    },
  },
  async (base) => {
    const r = await cl(base).get('/related_tag.json');
    return r.status === 200;
  },
);

add(
  {
    id: 'related-tags-category-numbered-sequentially',
    variants: ['A', 'B'],
    family: 'related-tags',
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'Categories are numbered 0,1,2,3 (general, artist, copyright, character): category=3 selects character tags instead of copyright tags.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!is(req, 'GET', REL) || req.query.get('category') !== '3') return req;
      return editQuery(req, (q) => q.set('category', '4'));
    },
  },
  async (base) => {
    const c = cl(base), t = rand();
    await c.post(`rn${t} copyright:rcp${t} character:rch${t}`);
    const r = await c.get('/related_tag.json', { query: 'rn' + t, category: 3 });
    return !names(r).includes('rcp' + t);
  },
);
