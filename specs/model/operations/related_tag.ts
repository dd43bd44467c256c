import { str, unstated } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Related tags. */
export const RELATED_TAG_OPERATIONS = [
  {
    id: 'related_tag.list', resource: 'related_tag', name: 'Related tags', kind: 'list', method: 'GET', path: '/related_tag', shown: true,
    summary: 'List tags related to a tag.', interpretation: 'INT-related-tag-shape',
    params: [str('query', 'tag to find related tags for', { required: true, effect: unstated('related tags are not described beyond their parameters: which tags are related, and the shape of the answer, are not shown (INT-related-tag-shape)') }), str('category', '0, 1, 3, 4', { values: 'tag-category', effect: unstated('the answer of related tags is not described (INT-related-tag-shape), so which of its tags a category keeps cannot be read') })],
  },
] as const satisfies readonly OperationSpec[];
