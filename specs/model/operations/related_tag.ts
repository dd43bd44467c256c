import { rule, str, unstated } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Related tags. */
export const RELATED_TAG_OPERATIONS = [
  {
    id: 'related_tag.list', resource: 'related_tag', name: 'Related tags', kind: 'list', method: 'GET', path: '/related_tag', shown: true,
    summary: 'List tags related to a tag.', interpretation: 'INT-related-tag-shape',
    params: [str('query', 'tag to find related tags for', { required: true, effect: unstated('related tags are not described beyond their parameters: which tags are related, and the shape of the answer, are not shown (INT-related-tag-shape)') }), str('category', '0, 1, 3, 4', { values: 'tag-category', effect: rule('the related tags of that category: a tag is looked for by its name in the answer (INT-related-tag-shape), its category is where tags.list puts it (A) or general for a tag without a prefix (INT-tag-categories), IB-4-related_tag-category') })],
  },
] as const satisfies readonly OperationSpec[];
