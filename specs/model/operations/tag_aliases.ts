import { tagRelationSearch } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Tag aliases. */
export const TAG_ALIAS_OPERATIONS = [
  { id: 'tag_aliases.list', resource: 'tag_aliases', name: 'List aliases', kind: 'list', method: 'GET', path: '/tag_aliases', shown: true, summary: 'List tag aliases.', params: tagRelationSearch() },
] as const satisfies readonly OperationSpec[];
