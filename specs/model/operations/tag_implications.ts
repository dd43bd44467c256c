import { tagRelationSearch } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Tag implications. */
export const TAG_IMPLICATION_OPERATIONS = [
  {
    id: 'tag_implications.list', resource: 'tag_implications', name: 'List implications', kind: 'list', method: 'GET', path: '/tag_implications', shown: true,
    summary: 'List tag implications.', params: tagRelationSearch(),
  },
] as const satisfies readonly OperationSpec[];
