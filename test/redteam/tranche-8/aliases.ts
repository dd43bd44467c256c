// @ts-nocheck: frozen red-team code (see all.ts)
import { registry, cl, is, filterInstead, upGet, parse, withJson, dropQuery, ids, must } from './h.ts';

const { faults, checks, add } = registry();
export { faults, checks };

add(
  {
    id: 'aliases-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'aliases-implications',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'search[name_matches] on aliases is compared with the antecedent only, so a search for a consequent name finds nothing.',
    kind: 'spec-reader',
    async onResponse(req, res) {
      if (!is(req, 'GET', /^\/tag_aliases$/) || !req.query.get('search[name_matches]')) return res;
      const v = req.query.get('search[name_matches]')!.replace(/\*/g, '');
      const l = parse(res);
      if (!Array.isArray(l)) return res;
      return withJson(res, l.filter((a) => String(a.antecedent_name).includes(v)));
    },
  },
  async (base) => {
    const r = await cl(base).get('/tag_aliases.json', { 'search[name_matches]': 'monochrome' });
    return !(r.json ?? []).some((a: any) => a.antecedent_name === 'bw');
  },
);

add(
  {
    id: 'implications-antecedent-name-matches-consequent',
    variants: ['A', 'B'],
    family: 'aliases-implications',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on implications also selects implications whose consequent has that name.',
    kind: 'implementation-bug',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/tag_implications$/) || !req.query.get('search[antecedent_name]')) return res;
      const v = req.query.get('search[antecedent_name]')!;
      const l = parse(res);
      const more = await upGet(ctx, req, '/tag_implications.json', { 'search[name_matches]': v });
      if (!Array.isArray(l) || !Array.isArray(more)) return res;
      const extra = more.filter((x) => x.consequent_name === v && !l.some((y) => y.id === x.id));
      return withJson(res, [...l, ...extra]);
    },
  },
  async (base) => {
    const r = await cl(base).get('/tag_implications.json', { 'search[antecedent_name]': 'cat' });
    must((r.json ?? []).some((a: any) => a.antecedent_name === 'cat'), 'cat -> animal');
    return (r.json ?? []).some((a: any) => a.antecedent_name !== 'cat');
  },
);

add(
  {
    id: 'implications-id-search-ignored',
    variants: ['A', 'B'],
    family: 'aliases-implications',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'The implication list does not implement search[id] (only the two name parameters were carried over from aliases).',
    kind: 'spec-reader',
    onRequest: dropQuery(/^\/tag_implications$/, 'search[id]'),
  },
  async (base) => {
    const c = cl(base);
    const k = await c.get('/tag_implications.json', { 'search[antecedent_name]': 'kitten' });
    const id = k.json[0].id;
    const r = await c.get('/tag_implications.json', { 'search[id]': id });
    must(ids(r).includes(id), 'found');
    return ids(r).length > 1;
  },
);

add(
  {
    id: 'aliases-antecedent-name-prefix',
    variants: ['A', 'B'],
    family: 'aliases-implications',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on aliases matches antecedents beginning with the value (a prefix pattern) instead of exactly.',
    kind: 'spec-reader',
    onRequest: filterInstead(/^\/tag_aliases$/, 'search[antecedent_name]', (it, v) => String(it.antecedent_name).startsWith(v)),
  },
  async (base) => {
    const r = await cl(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'kitt' });
    return ids(r).length > 0;
  },
);

add(
  {
    id: 'implications-antecedent-follows-chain',
    variants: ['A', 'B'],
    family: 'aliases-implications',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on implications follows the chain: implications of the consequent are listed too (kitten gives kitten -> cat and cat -> animal).',
    kind: 'spec-reader',
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', /^\/tag_implications$/) || !req.query.get('search[antecedent_name]')) return res;
      const l = parse(res);
      if (!Array.isArray(l)) return res;
      const out = [...l];
      for (const x of l) {
        const more = await upGet(ctx, req, '/tag_implications.json', { 'search[antecedent_name]': x.consequent_name });
        for (const y of more ?? []) if (!out.some((z) => z.id === y.id)) out.push(y);
      }
      return withJson(res, out);
    },
  },
  async (base) => {
    const r = await cl(base).get('/tag_implications.json', { 'search[antecedent_name]': 'kitten' });
    must((r.json ?? []).some((a: any) => a.antecedent_name === 'kitten'), 'kitten -> cat');
    return (r.json ?? []).some((a: any) => a.antecedent_name !== 'kitten');
  },
);
