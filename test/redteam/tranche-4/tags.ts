import type { Fault } from '../tranche-1/fault.ts';
import { jsonResponse, route } from '../tranche-1/util.ts';
import { filteredList, isJson, withQuery } from './h.ts';

function matches(pattern: string, s: string): boolean {
  const re = new RegExp('^' + pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return re.test(s);
}

export const faults: Fault[] = [
  {
    id: 'tags-hide-empty-no-treated-as-yes',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'Any non-empty search[hide_empty] value, including "no", hides the tags with 0 posts.',
    onRequest(req) {
      if (!route(req, 'GET', '/tags') || req.query.get('search[hide_empty]') !== 'no') return req;
      return withQuery(req, (q) => q.set('search[hide_empty]', 'yes'));
    },
  },
  {
    id: 'tags-name-list-last-dropped',
    variants: ['A'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'The last name of a comma-separated search[name] list is dropped.',
    onRequest(req) {
      if (!route(req, 'GET', '/tags')) return req;
      const v = req.query.get('search[name]');
      if (!v || !v.includes(',')) return req;
      const names = v.split(',');
      return withQuery(req, (q) => q.set('search[name]', names.slice(0, -1).join(',')));
    },
  },
  {
    id: 'tag-aliases-antecedent-prefix-match',
    variants: ['A', 'B'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on aliases is matched as a prefix, so "dog" also finds the alias of "doggy".',
    async onRequest(req, ctx) {
      if (!route(req, 'GET', '/tag_aliases') || !isJson(req)) return req;
      const v = req.query.get('search[antecedent_name]');
      if (!v) return req;
      return filteredList(ctx, req, (q) => q.delete('search[antecedent_name]'), (r) => typeof r.antecedent_name === 'string' && r.antecedent_name.startsWith(v));
    },
  },
  {
    id: 'tag-implications-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'tags',
    kind: 'implementation-bug',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'On implications, search[name_matches] only checks the antecedent; implications found through their consequent are dropped.',
    async onResponse(req, res) {
      if (!route(req, 'GET', '/tag_implications') || !isJson(req) || res.status !== 200) return res;
      const v = req.query.get('search[name_matches]');
      if (!v) return res;
      let arr: any;
      try {
        arr = JSON.parse(res.body.toString('utf8'));
      } catch {
        return res;
      }
      if (!Array.isArray(arr)) return res;
      return jsonResponse(arr.filter((r) => typeof r.antecedent_name === 'string' && matches(v, r.antecedent_name)), 200, res);
    },
  },
  {
    id: 'related-tag-query-optional',
    variants: ['A', 'B'],
    family: 'tags',
    kind: 'spec-reader',
    quote: '`query` REQUIRED (tag to find related tags for)',
    description: 'GET /related_tag without `query` answers 200 with an empty list instead of refusing the request.',
    onRequest(req) {
      if (!route(req, 'GET', '/related_tag') || (req.query.get('query') ?? '') !== '') return req;
      if (!isJson(req)) return req;
      return jsonResponse([], 200);
    },
  },
];
