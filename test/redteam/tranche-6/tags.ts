// @ts-nocheck: frozen red-team code (see all.ts)
import type { Fault } from '../tranche-1/fault.ts';
import { is, withParams, relist, type Scenario, ids } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'tags-name-list-first-only',
    family: 'tags',
    variants: ['A'],
    kind: 'implementation-bug',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'The tag list uses only the first name of a comma-separated `search[name]`.',
    onRequest(req) {
      const v = req.query.get('search[name]');
      if (is(req, 'GET', /^\/tags\.(json|xml)$/) && v && v.includes(',')) return withParams(req, (p) => p.set('search[name]', v.split(',')[0]));
      return req;
    },
  },
  {
    id: 'tags-hide-empty-ignored',
    family: 'tags',
    variants: ['A'],
    kind: 'spec-reader',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'The tag list ignores `search[hide_empty]=yes` and still lists tags with 0 posts.',
    onRequest(req) {
      if (is(req, 'GET', /^\/tags\.(json|xml)$/) && req.query.has('search[hide_empty]')) return withParams(req, (p) => p.delete('search[hide_empty]'));
      return req;
    },
  },
  {
    id: 'aliases-antecedent-name-substring',
    family: 'tags',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'The alias list matches `search[antecedent_name]` as a substring: `dog` also selects the alias of `doggy`.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/tag_aliases\.json$/)) return req;
      const n = req.query.get('search[antecedent_name]');
      if (!n) return req;
      return relist(req, ctx, (p) => { p.delete('search[antecedent_name]'); p.set('limit', '100'); }, (a) => typeof a.antecedent_name === 'string' && a.antecedent_name.includes(n));
    },
  },
  {
    id: 'aliases-name-matches-antecedent-only',
    family: 'tags',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'The alias list applies `search[name_matches]` to the antecedent name only, so searching by a consequent finds nothing.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/tag_aliases\.json$/)) return req;
      const n = req.query.get('search[name_matches]');
      if (!n) return req;
      const res = await ctx.upstream(req);
      let arr: any;
      try { arr = JSON.parse(res.body.toString()); } catch { return res; }
      if (!Array.isArray(arr)) return res;
      const re = new RegExp('^' + n.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$', 'i');
      return { ...res, body: Buffer.from(JSON.stringify(arr.filter((a: any) => re.test(a.antecedent_name)))) };
    },
  },
  {
    id: 'implications-antecedent-name-ignored',
    family: 'tags',
    variants: ['A', 'B'],
    kind: 'spec-reader',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'The implication list ignores `search[antecedent_name]` (only the alias list honours it).',
    onRequest(req) {
      if (is(req, 'GET', /^\/tag_implications\.(json|xml)$/) && req.query.has('search[antecedent_name]')) return withParams(req, (p) => p.delete('search[antecedent_name]'));
      return req;
    },
  },
  {
    id: 'related-tags-category-ignored',
    family: 'tags',
    variants: ['A', 'B'],
    kind: 'implementation-bug',
    quote: '| Related tags | GET /related_tag.json | `query` REQUIRED (tag to find related tags for); `category` (0, 1, 3, 4) |',
    description: 'Related tags ignore `category` when it is 1 (artist): tags of every category are returned.',
    onRequest(req) {
      if (is(req, 'GET', /^\/related_tag\.(json|xml)$/) && req.query.get('category') === '1') return withParams(req, (p) => p.delete('category'));
      return req;
    },
  },
];

export const checks: Record<string, Scenario> = {
  'tags-name-list-first-only': async (x) => {
    await x.c.post(`ta_${x.t} tb_${x.t}`);
    const r = await x.c.get('/tags.json', { 'search[name]': `ta_${x.t},tb_${x.t}` });
    return ids(r).length !== 2;
  },
  'tags-hide-empty-ignored': async (x) => {
    const id = await x.c.post(`he_${x.t} hk_${x.t}`);
    await x.c.send('PUT', `/posts/${id}.json`, { 'post[tag_string]': `hk_${x.t}` });
    const r = await x.c.get('/tags.json', { 'search[hide_empty]': 'yes', 'search[name_matches]': `h*_${x.t}` });
    return !Array.isArray(r.json) || r.json.some((t: any) => t.name === `he_${x.t}`);
  },
  'aliases-antecedent-name-substring': async (x) => {
    const r = await x.c.get('/tag_aliases.json', { 'search[antecedent_name]': 'dog' });
    return !Array.isArray(r.json) || r.json.length !== 0;
  },
  'aliases-name-matches-antecedent-only': async (x) => {
    const r = await x.c.get('/tag_aliases.json', { 'search[name_matches]': 'monochrome' });
    return !(Array.isArray(r.json) && r.json.some((a: any) => a.consequent_name === 'monochrome'));
  },
  'implications-antecedent-name-ignored': async (x) => {
    const r = await x.c.get('/tag_implications.json', { 'search[antecedent_name]': 'dog' });
    return !(Array.isArray(r.json) && r.json.length > 0 && r.json.every((a: any) => a.antecedent_name === 'dog'));
  },
  'related-tags-category-ignored': async (x) => {
    await x.c.post(`rq_${x.t} artist:ra_${x.t} rg_${x.t}`);
    const r = await x.c.get('/related_tag.json', { query: `rq_${x.t}`, category: 1 });
    return !(Array.isArray(r.json) && r.json.length > 0 && r.json.every((t: any) => t.category === 1));
  },
};
