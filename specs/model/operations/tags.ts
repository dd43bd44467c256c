import { str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Tags (A only). */
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
] as const satisfies readonly OperationSpec[];
