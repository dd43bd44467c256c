// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, rand, is, dropParam, rewriteParams } from './h.ts';

const REL = /^\/related_tag\.json$/;
const names = (r: any): string[] => (Array.isArray(r.json) ? r.json.map((t: any) => t.name) : []);

export const faults: Fault[] = [
  {
    id: 'related-category-ignored',
    variants: ['A', 'B'],
    family: 'related',
    kind: 'implementation-bug',
    quote: '`query` REQUIRED (tag to find related tags for); `category` (0, 1, 3, 4)',
    description: 'The category parameter of related tags is ignored.',
    ...dropParam('GET', REL, 'category'),
  },
  {
    id: 'related-category-numbers-contiguous',
    variants: ['A', 'B'],
    family: 'related',
    kind: 'spec-reader',
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'Related-tag categories are numbered without the gap, so category=4 is taken as an unknown category and category 3 as character.',
    ...rewriteParams('GET', REL, (p) => p.get('category') === '4', (p) => p.set('category', '3')),
  },
  {
    id: 'related-xml-answers-json',
    variants: ['A', 'B'],
    family: 'related',
    kind: 'implementation-bug',
    quote: '1. The path suffix selects the format: `.json` for JSON, `.xml` for XML.',
    description: 'GET /related_tag.xml answers with the JSON rendering.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/related_tag\.xml$/)) return req;
      return { ...req, path: '/related_tag.json' };
    },
  },
];

export const checks: Record<string, Scenario> = {
  async 'related-category-ignored'(base) {
    const s = rand();
    await who(base).post(`rq_${s} rg_${s} artist:ra_${s}`);
    const l = names(await who(base).get('/related_tag.json', { query: `rq_${s}`, category: 1 }));
    return !(l.length === 1 && l[0] === `ra_${s}`);
  },
  async 'related-category-numbers-contiguous'(base) {
    const s = rand();
    await who(base).post(`rq_${s} copyright:rc_${s} character:rh_${s}`);
    const l = names(await who(base).get('/related_tag.json', { query: `rq_${s}`, category: 4 }));
    return !(l.length === 1 && l[0] === `rh_${s}`);
  },
  async 'related-xml-answers-json'(base) {
    const s = rand();
    await who(base).post(`rx_${s} ry_${s}`);
    const r = await who(base).get('/related_tag.xml', { query: `rx_${s}` });
    return !(r.status === 200 && r.text.trimStart().startsWith('<'));
  },
};
