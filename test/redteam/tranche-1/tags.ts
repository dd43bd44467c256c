// Faults of the tags family: tags, tag aliases, tag implications, related tags.
import type { Fault } from './fault.ts';
import { deleteParam, getParam, route, setParam } from './util.ts';

const faults: Fault[] = [
  {
    id: 'tags-hide-empty-ignored',
    variants: ['A'],
    family: 'tags',
    quote:
      '| List tags (A only) | GET /tags.json | `search[name_matches]`; `search[category]` (0, 1, 3, 4); `search[hide_empty]` (yes or no; yes excludes tags with 0 posts); `search[order]` (name, date, count); `search[has_wiki]` (yes or no); `search[name]` (comma-separated exact tag names) |',
    description: '`search[hide_empty]=yes` is ignored: tags with 0 posts are still listed.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/tags') || !req.query.has('search[hide_empty]')) return req;
      return deleteParam(req, 'search[hide_empty]');
    },
  },
  {
    id: 'tags-category-copyright-character-swapped',
    variants: ['A', 'B'],
    family: 'tags',
    quote: '| Tag category (search[category] on tags; category on related tags) | 0 general, 1 artist, 3 copyright, 4 character |',
    description:
      'The category codes 3 and 4 are swapped when filtering: category 3 selects character tags and 4 selects copyright tags (tag list and related tags).',
    kind: 'spec-reader',
    onRequest(req) {
      const swap: Record<string, string> = { '3': '4', '4': '3' };
      if (route(req, 'GET', '/tags')) {
        const v = getParam(req, 'search[category]');
        return v !== undefined && v in swap ? setParam(req, 'search[category]', swap[v]!) : req;
      }
      if (route(req, 'GET', '/related_tag')) {
        const v = getParam(req, 'category');
        return v !== undefined && v in swap ? setParam(req, 'category', swap[v]!) : req;
      }
      return req;
    },
  },
  {
    id: 'tag-aliases-antecedent-not-exact',
    variants: ['A', 'B'],
    family: 'tags',
    quote:
      '| List aliases | GET /tag_aliases.json | `search[name_matches]` (antecedent or consequent name); `search[antecedent_name]` (exact); `search[id]` |',
    description:
      '`search[antecedent_name]` is handled like `search[name_matches]`: it also returns aliases whose consequent has that name.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/tag_aliases')) return req;
      const v = getParam(req, 'search[antecedent_name]');
      if (v === undefined || req.query.has('search[name_matches]')) return req;
      return setParam(deleteParam(req, 'search[antecedent_name]'), 'search[name_matches]', v);
    },
  },
  {
    id: 'tag-implications-id-ignored',
    variants: ['A', 'B'],
    family: 'tags',
    quote: '| List implications | GET /tag_implications.json | same three parameters as aliases |',
    description: 'The implication list ignores `search[id]` (the alias list honours it): every implication is returned.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'GET', '/tag_implications') || !req.query.has('search[id]')) return req;
      return deleteParam(req, 'search[id]');
    },
  },
];

export default faults;
