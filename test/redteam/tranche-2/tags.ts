import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam, deleteParam } from '../tranche-1/util.ts';
import { is, filtered } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'tags-hide-empty-ignored', variants: ['A'], family: 'tags', kind: 'implementation-bug',
    quote: '`search[hide_empty]` (yes or no; yes excludes tags with 0 posts)',
    description: 'search[hide_empty]=yes is ignored: tags with 0 posts are still listed.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/tags\.(json|xml)$/)) return req;
      return deleteParam(req, 'search[hide_empty]');
    },
  },
  {
    id: 'tags-name-list-last-dropped', variants: ['A'], family: 'tags', kind: 'implementation-bug',
    quote: '`search[name]` (comma-separated exact tag names)',
    description: 'search[name] with several comma-separated names loses the last name of the list.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/tags\.(json|xml)$/)) return req;
      const v = getParam(req, 'search[name]');
      if (!v || !v.includes(',')) return req;
      const names = v.split(',');
      return setParam(req, 'search[name]', names.slice(0, -1).join(','));
    },
  },
  {
    id: 'tag-relations-antecedent-name-either-side', variants: ['A', 'B'], family: 'tags', kind: 'spec-reader',
    quote: '`search[antecedent_name]` (exact)',
    description: 'search[antecedent_name] on aliases and implications also matches relations whose consequent has that name.',
    async onRequest(req, ctx) {
      if (!is(req, 'GET', /^\/tag_(aliases|implications)\.json$/)) return req;
      const n = getParam(req, 'search[antecedent_name]');
      if (!n) return req;
      return (await filtered(req, ctx, ['search[antecedent_name]'], (r) => r.antecedent_name === n || r.consequent_name === n)) ?? req;
    },
  },
];
