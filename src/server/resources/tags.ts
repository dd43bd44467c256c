/**
 * Tags (A): the list of the tags table the core keeps from posts' tag strings (categories from the
 * prefixes of INT-tag-categories).
 */
import type { Row } from '../db/index.ts';
import { yesNo } from '../fields.ts';
import type { ApiRecord } from '../protocol.ts';
import type { ResourceModule } from '../registry.ts';
import { pagedRows } from '../paging.ts';
import { param, sortKeyParam, valuesOf } from '../registry.ts';
import { Where, matchesPattern } from '../sql.ts';

export interface TagRow extends Row {
  id: number;
  name: string;
  category: number;
  post_count: number;
  created_at: Date;
  updated_at: Date;
}

/** A tag record (related tags add their frequency). */
export function tagRecord(r: TagRow): ApiRecord {
  return { id: r.id, name: r.name, category: r.category, post_count: r.post_count, created_at: r.created_at, updated_at: r.updated_at };
}

/** SQL: a wiki page is titled by the tag's name (spaces and underscores alike, any case). */
const HAS_WIKI = "EXISTS (SELECT 1 FROM wiki_pages wp WHERE lower(replace(wp.title, ' ', '_')) = lower(t.name))";

export const tagsModule: ResourceModule = {
  resource: 'tags',
  handlers: {
    'tags.list': (op, env) => {
      const NAME_MATCHES = param(op, 'search[name_matches]');
      const CATEGORY = param(op, 'search[category]');
      const HIDE_EMPTY = param(op, 'search[hide_empty]');
      const ORDER = sortKeyParam(op);
      const HAS_WIKI_PARAM = param(op, 'search[has_wiki]');
      const NAME = param(op, 'search[name]');
      const [BY_NAME, BY_DATE, BY_COUNT] = valuesOf(op, ORDER);
      const ORDERS = new Map([
        [BY_NAME, 't.name ASC'],
        [BY_DATE, 't.created_at DESC, t.id DESC'],
        [BY_COUNT, 't.post_count DESC, t.id DESC'],
      ]);
      return async ({ params, raw }) => {
        const f = env.faults;
        const w = new Where();
        const matches = params.str(NAME_MATCHES);
        if (matches !== undefined) w.add(`t.name ILIKE ${w.p(matchesPattern(matches))}`);
        const category = params.str(CATEGORY);
        // Fault tags-category-copyright-character-swapped: 3 reads as 4 and 4 as 3.
        const swapped = f.active('tags-category-copyright-character-swapped') ? ({ 3: 4, 4: 3 } as Record<number, number>)[Number(category)] : undefined;
        if (category !== undefined && !f.active('tags-category-ignored')) w.add(`t.category = ${w.p(swapped ?? Number(category))}`);
        // Fault tags-hide-empty-dropped-beside-name: hide_empty is dropped beside search[name_matches].
        if (yesNo(params.str(HIDE_EMPTY)) === true && !f.active('tags-hide-empty-ignored') && !(matches !== undefined && f.active('tags-hide-empty-dropped-beside-name'))) w.add('t.post_count > 0');
        const wiki = yesNo(params.str(HAS_WIKI_PARAM));
        if (wiki !== undefined) w.add(wiki ? HAS_WIKI : `NOT ${HAS_WIKI}`);
        const names = params.str(NAME);
        if (names !== undefined) {
          const list = names.split(',').map((n) => n.trim()).filter((n) => n !== '');
          if (f.active('tags-name-list-substring')) w.add(`t.name ILIKE ANY (${w.p(list.map((n) => matchesPattern(n)))}::text[])`);
          else w.add(`t.name = ANY (${w.p(list)}::text[])`);
        }
        const sort = params.str(ORDER);
        const order = (sort !== undefined && ORDERS.get(sort)) || 't.id DESC';
        const rows = await pagedRows<TagRow>(env, raw, w, `SELECT t.* FROM tags t`, 't.id', order);
        return { kind: 'list', root: 'tags', element: 'tag', records: rows.map(tagRecord) };
      };
    },
  },

  faults: [
    { id: 'tags-name-list-substring', requirements: ['IB-4-tags-name-list-A'], summary: 'search[name] on tags matches substrings instead of exact names.', variants: ['A'] },
    { id: 'tags-hide-empty-dropped-beside-name', requirements: ['IB-4-tags-search-hide_empty-A'], summary: 'search[hide_empty]=yes beside search[name_matches] still lists tags with 0 posts (alone it hides them).', variants: ['A'], caughtBy: 'effects/tags.list/hide_empty' },
    { id: 'tags-hide-empty-ignored', requirements: ['IB-4-tags-hide-empty-A'], summary: 'search[hide_empty]=yes still lists tags with 0 posts.', variants: ['A'] },
    { id: 'tags-category-copyright-character-swapped', requirements: ['IB-4-tags-category-A'], summary: 'search[category] on tags selects character tags with 3 and copyright tags with 4.', variants: ['A'], caughtBy: 'tags/category' },
    { id: 'tags-category-ignored', requirements: ['IB-4-tags-category-A', 'IB-4-tags-category-agrees-A'], summary: 'search[category] on tags is ignored.', variants: ['A'] },
  ],
};
