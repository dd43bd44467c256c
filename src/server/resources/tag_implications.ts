/** Tag implications: the listing (see ../tag-relations.ts). */
import type { ResourceModule } from '../registry.ts';
import { listTagRelations } from '../tag-relations.ts';

export const tagImplicationsModule: ResourceModule = {
  resource: 'tag_implications',
  handlers: {
    'tag_implications.list': listTagRelations('tag_implications', 'tag_implication'),
  },
};
