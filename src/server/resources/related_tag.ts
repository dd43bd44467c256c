/** Related tags (INT-related-tag-shape): the tags found on posts together with the query's tags, most frequent first. */
import type { ResourceModule } from '../registry.ts';
import { Paging, listPaging } from '../paging.ts';
import { param } from '../registry.ts';
import { Where } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import type { TagRow } from './tags.ts';
import { tagRecord } from './tags.ts';

export const relatedTagModule: ResourceModule = {
  resource: 'related_tag',
  handlers: {
    'related_tag.list': (op, env) => {
      const QUERY = param(op, 'query');
      const CATEGORY = param(op, 'category');
      return async ({ params, raw }) => {
        const query = parseTagString(params.str(QUERY) ?? '').map((t) => t.name);
        if (query.length === 0) return { kind: 'list', root: 'related_tags', element: 'related_tag', records: [] };
        const w = new Where();
        const q = w.p(query);
        w.add(`p.tag_array @> ${q}::text[]`).add(`NOT (t.name = ANY (${q}::text[]))`);
        const category = params.str(CATEGORY);
        // Fault related-tags-category-ignored: the category is read and then not applied.
        if (category !== undefined && !env.faults.active('related-tags-category-ignored')) w.add(`t.category = ${w.p(Number(category))}`);
        const paging = Paging.of(raw, listPaging(env));
        const tail = paging.sql(w, 't.id', 'frequency DESC, t.name ASC');
        const rows = paging.arrange(
          await env.db.query<TagRow & { frequency: number }>(
            `SELECT t.id, t.name, t.category, t.post_count, t.created_at, t.updated_at, count(*)::int AS frequency
             FROM posts p CROSS JOIN LATERAL unnest(p.tag_array) AS pt(name) JOIN tags t ON t.name = pt.name
             ${w.sql} GROUP BY t.id ${tail}`,
            w.params,
          ),
        );
        return { kind: 'list', root: 'related_tags', element: 'related_tag', records: rows.map((r) => ({ ...tagRecord(r), frequency: r.frequency })) };
      };
    },
  },
  faults: [
    { id: 'related-tags-category-ignored', requirements: ['IB-4-related_tag-category'], summary: 'category on related tags is ignored: every related tag is listed whatever its category.', caughtBy: 'related_tag/category' },
  ],
};
