/** Tag aliases: the listing (see ../tag-relations.ts). */
import type { ResourceModule } from '../registry.ts';
import { listTagRelations } from '../tag-relations.ts';

export const tagAliasesModule: ResourceModule = {
  resource: 'tag_aliases',
  handlers: {
    'tag_aliases.list': listTagRelations('tag_aliases', 'tag_alias'),
  },
  faults: [
    {
      id: 'tag-aliases-antecedent-not-exact', requirements: ['IB-4-tag_aliases-search-antecedent_name'],
      summary: 'search[antecedent_name] on tag aliases is read as search[name_matches]: aliases whose consequent has the name are listed too.', caughtBy: 'effects/tag_aliases.list/antecedent_name',
    },
  ],
};
