/** Tag aliases: the listing (see ../tag-relations.ts). */
import type { ResourceModule } from '../registry.ts';
import { listTagRelations } from '../tag-relations.ts';

export const tagAliasesModule: ResourceModule = {
  resource: 'tag_aliases',
  handlers: {
    'tag_aliases.list': listTagRelations('tag_aliases', 'tag_alias'),
  },
};
