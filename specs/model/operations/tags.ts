import { by, rule, sortBy, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Tags (A only). */
export const TAG_OPERATIONS = [
  {
    id: 'tags.list', resource: 'tags', name: 'List tags', kind: 'list', method: 'GET', path: '/tags', shown: true, only: 'A',
    summary: 'List tags.',
    params: [
      str('search[name_matches]', 'name search', { effect: by.text('name', 'matches') }),
      str('search[category]', '0, 1, 3, 4', { values: 'tag-category', effect: rule('the tags of a category: a category is given only through a tag-string prefix (INT-tag-categories), IB-4-tags-category-A') }),
      str('search[hide_empty]', 'yes or no; yes excludes tags with 0 posts', { values: 'yes-no', effect: by.hiding('nonempty') }),
      str('search[order]', 'name, date, count', { values: 'tag-order', sortKey: true, effect: sortBy({ name: 'name', date: 'creation', count: 'count' }) }),
      str('search[has_wiki]', 'yes or no', { values: 'yes-no', effect: by.flag('has_wiki') }),
      str('search[name]', 'comma-separated exact tag names', { effect: by.text('name', 'names') }),
    ],
  },
] as const satisfies readonly OperationSpec[];
