import { int, str } from '../params.ts';
import type { OperationSpec, ParamSpec } from '../types.ts';

const relationSearch: readonly ParamSpec[] = [
  str('search[name_matches]', 'antecedent or consequent name'),
  str('search[antecedent_name]', 'antecedent name (exact)'),
  int('search[id]', 'id'),
];

/** Section 4: Tags, aliases, implications, related tags. */
export const TAG_OPERATIONS = [
  {
    id: 'tags.list', resource: 'tags', name: 'List tags', kind: 'list', method: 'GET', path: '/tags', shown: true, only: 'A',
    summary: 'List tags.',
    params: [
      str('search[name_matches]', 'name search'),
      str('search[category]', '0, 1, 3, 4', { values: 'tag-category' }),
      str('search[hide_empty]', 'yes or no; yes excludes tags with 0 posts', { values: 'yes-no' }),
      str('search[order]', 'name, date, count', { values: 'tag-order', sortKey: true }),
      str('search[has_wiki]', 'yes or no', { values: 'yes-no' }),
      str('search[name]', 'comma-separated exact tag names'),
    ],
  },
  { id: 'tag_aliases.list', resource: 'tag_aliases', name: 'List aliases', kind: 'list', method: 'GET', path: '/tag_aliases', shown: true, summary: 'List tag aliases.', params: relationSearch },
  {
    id: 'tag_implications.list', resource: 'tag_implications', name: 'List implications', kind: 'list', method: 'GET', path: '/tag_implications', shown: true,
    summary: 'List tag implications.', params: relationSearch,
  },
  {
    id: 'related_tag.list', resource: 'related_tag', name: 'Related tags', kind: 'list', method: 'GET', path: '/related_tag', shown: true,
    summary: 'List tags related to a tag.', interpretation: 'INT-related-tag-shape',
    params: [str('query', 'tag to find related tags for', { required: true }), str('category', '0, 1, 3, 4', { values: 'tag-category' })],
  },
] as const satisfies readonly OperationSpec[];
