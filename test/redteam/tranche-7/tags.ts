// @ts-nocheck: frozen red-team code (see all.ts)
import { type Fault, type Scenario, is, fmt, json, setJson, dropParam, rewriteParam, refilter, glob, cl, u, who, ids, must, ok } from './h.ts';
const F = 'tags';
const TL = /^\/tags\.(json|xml)$/;
const AL = /^\/tag_aliases\.(json|xml)$/;
const IL = /^\/tag_implications\.(json|xml)$/;
const RT = /^\/related_tag\.(json|xml)$/;
const names = (r: any) => (Array.isArray(r.json) ? r.json.map((x: any) => x.name) : []);

export const faults: Fault[] = [
  rewriteParam({
    id: 'tags-name-list-first-only', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'Only the first of several comma-separated names in search[name] is used.',
  }, 'GET', TL, 'search[name]', (v) => v.split(',')[0]),
  dropParam({
    id: 'tags-category-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'search[category]=0 on tags is treated as absent (falsy), so tags of every category are listed.',
  }, 'GET', TL, 'search[category]', [], (v) => v === '0'),
  rewriteParam({
    id: 'tags-has-wiki-no-as-yes', family: F, kind: 'implementation-bug', variants: ['A'],
    quote: '`search[has_wiki]` (yes or no)',
    description: 'search[has_wiki] is tested for presence, so has_wiki=no behaves like yes.',
  }, 'GET', TL, 'search[has_wiki]', (v) => (v === 'no' ? 'yes' : v)),
  refilter({
    id: 'aliases-name-matches-antecedent-only', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'search[name_matches] on aliases is matched against the antecedent name only.',
  }, AL, 'search[name_matches]', (it, v) => glob(v, it.antecedent_name)),
  refilter({
    id: 'aliases-antecedent-name-prefix', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] is implemented with LIKE value%, matching antecedents that merely start with it.',
  }, AL, 'search[antecedent_name]', (it, v) => String(it.antecedent_name).startsWith(v)),
  refilter({
    id: 'implications-name-matches-consequent-only', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'search[name_matches] on implications is matched against the consequent name only.',
  }, IL, 'search[name_matches]', (it, v) => glob(v, it.consequent_name)),
  dropParam({
    id: 'related-category-zero-ignored', family: F, kind: 'implementation-bug', variants: ['A', 'B'],
    quote: '`category` (0, 1, 3, 4)',
    description: 'category=0 on related tags is treated as absent (falsy), so tags of all categories are returned.',
  }, 'GET', RT, 'category', [], (v) => v === '0'),
  rewriteParam({
    id: 'related-category-character-as-copyright', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description: 'Related-tag category 4 is taken as copyright (categories numbered without the gap at 2).',
  }, 'GET', RT, 'category', (v) => (v === '4' ? '3' : v)),
  {
    id: 'tags-name-read-as-pattern', family: F, kind: 'spec-reader', variants: ['A'],
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] on tags is treated as a wildcard pattern, so name* matches tags that start with name.',
    ...refilter({} as any, TL, 'search[name]', (it, v) => v.split(',').some((p) => glob(p.trim(), it.name))),
  } as Fault,
  refilter({
    id: 'implications-antecedent-name-matches-consequent', family: F, kind: 'spec-reader', variants: ['A', 'B'],
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'search[antecedent_name] on implications is compared with the consequent (the implied tag).',
  }, IL, 'search[antecedent_name]', (it, v) => it.consequent_name === v),
];

export const checks: Record<string, Scenario> = {
  'tags-name-list-first-only': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_a ${t}_b`);
    return names(await m.get('/tags.json', { 'search[name]': `${t}_a,${t}_b` })).length !== 2;
  },
  'tags-category-zero-ignored': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_gen artist:${t}_art`);
    const n = names(await m.get('/tags.json', { 'search[name_matches]': `${t}*`, 'search[category]': 0 }));
    must(n.includes(`${t}_gen`), 'gen');
    return n.includes(`${t}_art`);
  },
  'tags-has-wiki-no-as-yes': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_w ${t}_n`);
    await ok(m.send('POST', '/wiki_pages.json', { 'wiki_page[title]': `${t}_w`, 'wiki_page[body]': 'b' }));
    const n = names(await m.get('/tags.json', { 'search[name_matches]': `${t}*`, 'search[has_wiki]': 'no' }));
    return !(n.length === 1 && n[0] === `${t}_n`);
  },
  'aliases-name-matches-antecedent-only': async (base) =>
    !(await cl(base).get('/tag_aliases.json', { 'search[name_matches]': 'cat' })).json.some((x: any) => x.antecedent_name === 'kitty'),
  'aliases-antecedent-name-prefix': async (base) => (await cl(base).get('/tag_aliases.json', { 'search[antecedent_name]': 'kit' })).json.length > 0,
  'implications-name-matches-consequent-only': async (base) =>
    !(await cl(base).get('/tag_implications.json', { 'search[name_matches]': 'kitten' })).json.some((x: any) => x.antecedent_name === 'kitten'),
  'related-category-zero-ignored': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_q ${t}_g artist:${t}_a`);
    const n = names(await m.get('/related_tag.json', { query: `${t}_q`, category: 0 }));
    must(n.includes(`${t}_g`), 'gen');
    return n.includes(`${t}_a`);
  },
  'related-category-character-as-copyright': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_q character:${t}_ch copyright:${t}_co`);
    const n = names(await m.get('/related_tag.json', { query: `${t}_q`, category: 4 }));
    return !(n.length === 1 && n[0] === `${t}_ch`);
  },
  'tags-name-read-as-pattern': async (base) => {
    const m = cl(base); const t = u(); await m.post(`${t}_a`);
    return names(await m.get('/tags.json', { 'search[name]': `${t}*` })).length > 0;
  },
  'implications-antecedent-name-matches-consequent': async (base) =>
    !(await cl(base).get('/tag_implications.json', { 'search[antecedent_name]': 'cat' })).json.some((x: any) => x.antecedent_name === 'cat'),
};
