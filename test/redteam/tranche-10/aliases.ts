// @ts-nocheck: frozen red-team code (see all.ts)
// Tag aliases and implications (read-only listings over the service's existing records).
import type { Fault } from '../tranche-1/fault.ts';
import { F, cl, ok, queryFault, type Scenario } from './h.ts';

export const faults: Fault[] = [
  F({
    id: 'aliases-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'search[name_matches] on aliases looks at the antecedent name only; aliases are not found by their consequent.',
    onRequest: queryFault(/^\/tag_aliases\.json$/, (q) => !!q.get('search[name_matches]'), (q) => { q.set('search[antecedent_name]', q.get('search[name_matches]')!); q.delete('search[name_matches]'); }),
  }),
  F({
    id: 'aliases-antecedent-name-prefix-match',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] is matched as a prefix, so a partial name returns aliases.',
    onRequest: queryFault(/^\/tag_aliases\.json$/, (q) => !!q.get('search[antecedent_name]') && !q.get('search[name_matches]'), (q) => { q.set('search[name_matches]', q.get('search[antecedent_name]')! + '*'); q.delete('search[antecedent_name]'); }),
  }),
  F({
    id: 'implications-id-ignored-with-name-matches',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'implementation-bug',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'The implication search applies search[name_matches] and forgets search[id] when both are given.',
    onRequest: queryFault(/^\/tag_implications\.json$/, (q) => !!q.get('search[id]') && !!q.get('search[name_matches]'), (q) => q.delete('search[id]')),
  }),
  F({
    id: 'implications-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'implementation-bug',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'Implications reuse an older name search that compares the antecedent only; implications are not found by their consequent.',
    onRequest: queryFault(/^\/tag_implications\.json$/, (q) => !!q.get('search[name_matches]') && !q.get('search[id]'), (q) => { q.set('search[antecedent_name]', q.get('search[name_matches]')!); q.delete('search[name_matches]'); }),
  }),
];

// The listings have no create operation; these scenarios read the records the service already holds and only
// use records found through an unfiltered listing, so they do not depend on particular names.
async function allOf(base: string, path: string): Promise<any[]> {
  return ok(await cl(base).get(path, { limit: 100 })).json;
}
const consequentShared = (l: any[]) => {
  const by = new Map<string, any[]>();
  for (const x of l) by.set(x.consequent_name, [...(by.get(x.consequent_name) ?? []), x]);
  return [...by.entries()].find(([c, xs]) => xs.length >= 2 && !l.some((y) => y.antecedent_name === c));
};

export const checks: Record<string, Scenario> = {
  'aliases-name-matches-antecedent-only': async (base) => {
    const l = await allOf(base, '/tag_aliases.json');
    const a = l.find((x) => !l.some((y) => y.antecedent_name === x.consequent_name));
    if (!a) throw new Error('no alias records to search');
    const got = ok(await cl(base).get('/tag_aliases.json', { 'search[name_matches]': a.consequent_name })).json.map((x: any) => x.id);
    return !got.includes(a.id);
  },
  'aliases-antecedent-name-prefix-match': async (base) => {
    const l = await allOf(base, '/tag_aliases.json');
    const a = l.find((x) => x.antecedent_name.length > 2 && !l.some((y) => y.antecedent_name === x.antecedent_name.slice(0, -1)));
    if (!a) throw new Error('no alias records to search');
    const got = ok(await cl(base).get('/tag_aliases.json', { 'search[antecedent_name]': a.antecedent_name.slice(0, -1) })).json.map((x: any) => x.id);
    return got.includes(a.id);
  },
  'implications-id-ignored-with-name-matches': async (base) => {
    const l = await allOf(base, '/tag_implications.json');
    const s = consequentShared(l);
    if (!s) throw new Error('no implications sharing a consequent');
    const [c, xs] = s;
    const got = ok(await cl(base).get('/tag_implications.json', { 'search[name_matches]': c, 'search[id]': xs[0].id })).json.map((x: any) => x.id);
    return got.length !== 1 || got[0] !== xs[0].id;
  },
  'implications-name-matches-antecedent-only': async (base) => {
    const l = await allOf(base, '/tag_implications.json');
    const s = consequentShared(l);
    if (!s) throw new Error('no implications sharing a consequent');
    const [c, xs] = s;
    const got = ok(await cl(base).get('/tag_implications.json', { 'search[name_matches]': c })).json.map((x: any) => x.id);
    return !xs.every((x: any) => got.includes(x.id));
  },
};
