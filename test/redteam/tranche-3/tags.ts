import type { Fault } from '../tranche-1/fault.ts';
import { deleteParam, fmt, getParam, jsonResponse, parseJson, route, setParam } from '../tranche-1/util.ts';
import { globToRegex } from './common.ts';

export const tags: Fault[] = [
  {
    id: 'tags-name-list-drops-last',
    variants: ['A'],
    family: 'tags',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'A tag search by a comma-separated list of names ignores the last name in the list.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/tags')) return req;
      const parts = (getParam(req, 'search[name]') ?? '').split(',').filter((x) => x.trim());
      if (parts.length < 2) return req;
      return setParam(req, 'search[name]', parts.slice(0, -1).join(','));
    },
  },
  {
    id: 'tags-hide-empty-ignored',
    variants: ['A'],
    family: 'tags',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'search[hide_empty]=yes is ignored; tags with 0 posts are still listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/tags') || getParam(req, 'search[hide_empty]') !== 'yes') return req;
      return deleteParam(req, 'search[hide_empty]');
    },
  },
  {
    id: 'related-tag-category-zero-ignored',
    variants: ['A', 'B'],
    family: 'tags',
    quote: '`category` (0, 1, 3, 4)',
    description: 'Related tags with category=0 (general) are not filtered: the value 0 is treated as no category, so artist and other tags come back too.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/related_tag') || getParam(req, 'category') !== '0') return req;
      return deleteParam(req, 'category');
    },
  },
  {
    id: 'tag-aliases-name-matches-antecedent-only',
    variants: ['A', 'B'],
    family: 'tags',
    quote: '`search[name_matches]` (antecedent or consequent name)',
    description: 'The alias search[name_matches] only compares antecedent names; an alias found only by its consequent name is not listed.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!route(req, 'GET', '/tag_aliases') || fmt(req) !== 'json' || res.status !== 200) return res;
      const p = getParam(req, 'search[name_matches]');
      const rows = parseJson(res);
      if (!p || !Array.isArray(rows)) return res;
      const re = globToRegex(p);
      return jsonResponse(rows.filter((a) => re.test(String(a.antecedent_name))), 200, res);
    },
  },
];
