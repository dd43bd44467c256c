// @ts-nocheck: frozen red-team code (see all.ts)
// Related tags.
import type { Fault } from '../tranche-1/fault.ts';
import { F, R, cl, ok, queryFault, type Scenario } from './h.ts';

const QUOTE = '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |';

export const faults: Fault[] = [
  F({
    id: 'related-artist-category-ignored',
    variants: ['A', 'B'],
    family: 'related',
    kind: 'implementation-bug',
    quote: '`category` (0, 1, 3, 4)',
    description: 'The related tag listing ignores category=1 and returns related tags of every category.',
    onRequest: queryFault(/^\/related_tag\.json$/, (q) => q.get('category') === '1', (q) => q.delete('category')),
  }),
  F({
    id: 'related-category-zero-treated-as-absent',
    variants: ['A', 'B'],
    family: 'related',
    kind: 'implementation-bug',
    quote: QUOTE,
    description: 'category=0 (general) is tested with a truthiness check and treated as "no category", so artist tags are returned too.',
    onRequest: queryFault(/^\/related_tag\.json$/, (q) => q.get('category') === '0', (q) => q.delete('category')),
  }),
];

async function setup(base: string) {
  const r = R();
  await cl(base).post(`q_${r} artist:ra_${r} g_${r}`);
  return r;
}
const names = (res: any): string[] => ok(res).json.map((t: any) => t.name);

export const checks: Record<string, Scenario> = {
  'related-artist-category-ignored': async (base) => {
    const r = await setup(base);
    const n = names(await cl(base).get('/related_tag.json', { query: `q_${r}`, category: 1 }));
    return n.includes(`g_${r}`) || !n.includes(`ra_${r}`);
  },
  'related-category-zero-treated-as-absent': async (base) => {
    const r = await setup(base);
    const n = names(await cl(base).get('/related_tag.json', { query: `q_${r}`, category: 0 }));
    return n.includes(`ra_${r}`) || !n.includes(`g_${r}`);
  },
};
