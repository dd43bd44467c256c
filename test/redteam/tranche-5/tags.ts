// @ts-nocheck: frozen red-team code (see all.ts)
// Faults on tags, tag aliases, tag implications and related tags.
import type { Fault } from '../tranche-1/fault.ts';
import { C, dropParam, editParams, filterList, must, route, uid, type Entry } from './h.ts';

export const entries: Entry[] = [
  {
    fault: {
      id: 'tags-name-list-first-only',
      family: 'tags',
      variants: ['A'],
      kind: 'implementation-bug',
      quote: '`search[name]` (comma-separated exact tag names)',
      description: 'Only the first name of a comma-separated `search[name]` is searched.',
      onRequest(req) {
        if (!route(req, 'GET', /^\/tags\.(json|xml)$/)) return req;
        const n = req.query.get('search[name]');
        if (!n || !n.includes(',')) return req;
        return editParams(req, (q) => q.set('search[name]', n.split(',')[0]));
      },
    },
    async scn(base) {
      const c = C(base, 'gold');
      const a = uid('tna'), b = uid('tnb');
      await c.post(`${a} ${b}`);
      const r = await must(c.get('/tags.json', { 'search[name]': `${a},${b}` }));
      return r.length !== 2;
    },
  },
  {
    fault: {
      id: 'aliases-antecedent-name-prefix-match',
      family: 'tags',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '`search[antecedent_name]` (exact)',
      description: '`search[antecedent_name]` on aliases matches antecedents that begin with the value.',
      onRequest(req, ctx) {
        if (!route(req, 'GET', /^\/tag_aliases\.json$/) || !req.query.get('search[antecedent_name]')) return req;
        ctx.state.set('ant', req.query.get('search[antecedent_name]'));
        return editParams(req, (q) => {
          q.delete('search[antecedent_name]');
          q.set('limit', '1000');
        });
      },
      onResponse(req, res, ctx) {
        const a = ctx.state.get('ant') as string | undefined;
        if (!a || !route(req, 'GET', /^\/tag_aliases\.json$/)) return res;
        ctx.state.delete('ant');
        return filterList(res, (x) => String(x.antecedent_name).startsWith(a));
      },
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/tag_aliases.json', { 'search[antecedent_name]': 'kitt' }));
      return r.length > 0;
    },
  },
  {
    fault: {
      id: 'aliases-name-matches-antecedent-only',
      family: 'tags',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '`search[name_matches]` (antecedent or consequent name)',
      description: '`search[name_matches]` on aliases is only compared with the antecedent; a match on the consequent is not returned.',
      onRequest(req, ctx) {
        if (route(req, 'GET', /^\/tag_aliases\.json$/) && req.query.get('search[name_matches]')) ctx.state.set('nm', req.query.get('search[name_matches]'));
        return req;
      },
      onResponse(req, res, ctx) {
        const n = ctx.state.get('nm') as string | undefined;
        if (!n || !route(req, 'GET', /^\/tag_aliases\.json$/)) return res;
        ctx.state.delete('nm');
        const re = new RegExp('^' + n.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
        return filterList(res, (x) => re.test(String(x.antecedent_name)));
      },
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/tag_aliases.json', { 'search[name_matches]': 'monochrome' }));
      return !r.some((x: any) => x.consequent_name === 'monochrome');
    },
  },
  {
    fault: {
      id: 'implications-antecedent-name-ignored',
      family: 'tags',
      variants: ['A', 'B'],
      kind: 'spec-reader',
      quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
      description: 'The implication list does not support `search[antecedent_name]` (only the alias list does) and returns all implications.',
      onRequest: dropParam('GET', /^\/tag_implications\.(json|xml)$/, 'search[antecedent_name]'),
    },
    async scn(base) {
      const r = await must(C(base, 'gold').get('/tag_implications.json', { 'search[antecedent_name]': 'kitten' }));
      return r.some((x: any) => x.antecedent_name !== 'kitten');
    },
  },
  {
    fault: {
      id: 'related-tags-category-ignored',
      family: 'tags',
      variants: ['A', 'B'],
      kind: 'implementation-bug',
      quote: '| Related tags | GET /related_tag.json | `query` REQUIRED (tag to find related tags for); `category` (0, 1, 3, 4) |',
      description: 'The `category` parameter of related tags is ignored when it is 4 (the last value), so tags of every category are returned.',
      onRequest: dropParam('GET', /^\/related_tag\.(json|xml)$/, 'category', (p) => p.get('category') === '4'),
    },
    async scn(base) {
      const c = C(base, 'gold');
      const g = uid('rg');
      await c.post(`${g} character:${uid('rc')} ${uid('rx')}`);
      const r = await must(c.get('/related_tag.json', { query: g, category: 4 }));
      return r.some((t: any) => t.category !== 4);
    },
  },
];

export const faults: Fault[] = entries.map((e) => e.fault);
