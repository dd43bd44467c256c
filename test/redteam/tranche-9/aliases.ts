// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, who, is, dropParam, mapList, wild } from './h.ts';

const AL = /^\/tag_aliases\.json$/;
const IM = /^\/tag_implications\.json$/;

// These scenarios read the fixture aliases (kitty -> cat, doggy -> dog, bw -> monochrome) and
// implications (kitten -> cat, cat -> animal, dog -> animal) that every reference server starts with.
export const faults: Fault[] = [
  {
    id: 'aliases-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'search[name_matches] on aliases only looks at the antecedent name.',
    onResponse(req, res) {
      const n = req.query.get('search[name_matches]');
      if (!is(req, 'GET', AL) || !n) return res;
      return mapList(res, (l) => l.filter((a) => wild(n, a.antecedent_name)));
    },
  },
  {
    id: 'aliases-antecedent-name-prefix',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] matches antecedents beginning with the value.',
    async onResponse(req, res, ctx) {
      const n = req.query.get('search[antecedent_name]');
      if (!is(req, 'GET', AL) || !n || res.status !== 200) return res;
      const r = await ctx.upstream({ ...req, query: new URLSearchParams([...[...req.query].filter(([k]) => k !== 'search[antecedent_name]'), ['limit', '100']]) });
      let all: any[];
      try { all = JSON.parse(r.body.toString('utf8')); } catch { return res; }
      if (!Array.isArray(all)) return res;
      return mapList(res, () => all.filter((a) => String(a.antecedent_name).startsWith(n)));
    },
  },
  {
    id: 'aliases-antecedent-name-also-consequent',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on aliases also returns aliases whose consequent has that name.',
    async onResponse(req, res, ctx) {
      const n = req.query.get('search[antecedent_name]');
      if (!is(req, 'GET', AL) || !n || res.status !== 200) return res;
      const r = await ctx.upstream({ ...req, query: new URLSearchParams([...[...req.query].filter(([k]) => k !== 'search[antecedent_name]'), ['search[name_matches]', n]]) });
      let more: any[];
      try { more = JSON.parse(r.body.toString('utf8')); } catch { return res; }
      if (!Array.isArray(more)) return res;
      return mapList(res, (l) => [...l, ...more.filter((a) => a.consequent_name === n && !l.some((b) => b.id === a.id))]);
    },
  },
  {
    id: 'implications-antecedent-name-also-consequent',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'spec-reader',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'search[antecedent_name] on implications also returns implications whose consequent has that name.',
    async onResponse(req, res, ctx) {
      const n = req.query.get('search[antecedent_name]');
      if (!is(req, 'GET', IM) || !n || res.status !== 200) return res;
      const r = await ctx.upstream({ ...req, query: new URLSearchParams([...[...req.query].filter(([k]) => k !== 'search[antecedent_name]'), ['search[name_matches]', n]]) });
      let more: any[];
      try { more = JSON.parse(r.body.toString('utf8')); } catch { return res; }
      if (!Array.isArray(more)) return res;
      return mapList(res, (l) => [...l, ...more.filter((a) => a.consequent_name === n && !l.some((b) => b.id === a.id))]);
    },
  },
  {
    id: 'aliases-id-ignored',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'implementation-bug',
    quote: '| List aliases | GET /tag_aliases.json | `search[name_matches]` (antecedent or consequent name); `search[antecedent_name]` (exact); `search[id]` |',
    description: 'search[id] on aliases is ignored.',
    ...dropParam('GET', AL, 'search[id]'),
  },
  {
    id: 'implications-name-matches-consequent-only',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'implementation-bug',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'search[name_matches] on implications only looks at the consequent name.',
    onResponse(req, res) {
      const n = req.query.get('search[name_matches]');
      if (!is(req, 'GET', IM) || !n) return res;
      return mapList(res, (l) => l.filter((a) => wild(n, a.consequent_name)));
    },
  },
  {
    id: 'implications-antecedent-name-ignored',
    variants: ['A', 'B'],
    family: 'aliases',
    kind: 'implementation-bug',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'search[antecedent_name] on implications is ignored.',
    ...dropParam('GET', IM, 'search[antecedent_name]'),
  },
];

export const checks: Record<string, Scenario> = {
  async 'aliases-name-matches-antecedent-only'(base) {
    const l = (await who(base).get('/tag_aliases.json', { 'search[name_matches]': 'monochrome' })).json as any[];
    return !l.some((a) => a.antecedent_name === 'bw' && a.consequent_name === 'monochrome');
  },
  async 'aliases-antecedent-name-prefix'(base) {
    const l = (await who(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'kitt' })).json as any[];
    return l.some((a) => a.antecedent_name !== 'kitt');
  },
  async 'aliases-antecedent-name-also-consequent'(base) {
    const l = (await who(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'cat' })).json as any[];
    return l.some((a) => a.antecedent_name !== 'cat');
  },
  async 'implications-antecedent-name-also-consequent'(base) {
    const l = (await who(base).get('/tag_implications.json', { 'search[antecedent_name]': 'cat' })).json as any[];
    return !(l.length >= 1 && l.every((a) => a.antecedent_name === 'cat'));
  },
  async 'aliases-id-ignored'(base) {
    const k = ((await who(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'doggy' })).json as any[])[0];
    const l = (await who(base).get('/tag_aliases.json', { 'search[id]': k.id })).json as any[];
    return !(l.length === 1 && l[0].antecedent_name === 'doggy');
  },
  async 'implications-name-matches-consequent-only'(base) {
    const l = (await who(base).get('/tag_implications.json', { 'search[name_matches]': 'kitten' })).json as any[];
    return !l.some((a) => a.antecedent_name === 'kitten' && a.consequent_name === 'cat');
  },
  async 'implications-antecedent-name-ignored'(base) {
    const l = (await who(base).get('/tag_implications.json', { 'search[antecedent_name]': 'dog' })).json as any[];
    return !(l.length >= 1 && l.every((a) => a.antecedent_name === 'dog'));
  },
};
