/**
 * Tags (A): the list of the tags table the core keeps from posts' tag strings (categories from the
 * prefixes of INT-tag-categories); the tag alias and implication listings (no operation creates them:
 * a few are seeded by migration 002); related tags (INT-related-tag-shape): the tags found on posts
 * together with the query's tags, most frequent first.
 */
import type { ResolvedOperation } from '../../../specs/model/index.ts';
import type { Row } from '../db/index.ts';
import type { ApiRecord, Outcome } from '../protocol.ts';
import type { HandlerFactory, ResourceModule, ServerEnv } from '../registry.ts';
import { LIST_PAGING, Paging } from '../paging.ts';
import { param, sortKeyParam, valuesOf } from '../registry.ts';
import { Where, matchesPattern } from '../sql.ts';
import { parseTagString } from '../tags.ts';
import type { ParamValues, RawInput } from '../params.ts';
import { yesNo } from './part2/common.ts';

interface TagRow extends Row {
  id: number;
  name: string;
  category: number;
  post_count: number;
  created_at: Date;
  updated_at: Date;
}

interface RelationRow extends Row {
  id: number;
  antecedent_name: string;
  consequent_name: string;
  status: string;
  created_at: Date;
  updated_at: Date;
}

function tagRecord(r: TagRow): ApiRecord {
  return { id: r.id, name: r.name, category: r.category, post_count: r.post_count, created_at: r.created_at, updated_at: r.updated_at };
}

function relationRecord(r: RelationRow): ApiRecord {
  return {
    id: r.id,
    antecedent_name: r.antecedent_name,
    consequent_name: r.consequent_name,
    status: r.status,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** SQL: a wiki page is titled by the tag's name (spaces and underscores alike, any case). */
const HAS_WIKI = "EXISTS (SELECT 1 FROM wiki_pages wp WHERE lower(replace(wp.title, ' ', '_')) = lower(t.name))";

/** The alias and implication listings: same three search parameters over their own table. */
function relationList(table: 'tag_aliases' | 'tag_implications', element: string): HandlerFactory {
  return (op: ResolvedOperation, env: ServerEnv) => {
    const NAME = param(op, 'search[name_matches]');
    const ANTECEDENT = param(op, 'search[antecedent_name]');
    const ID = param(op, 'search[id]');
    return async ({ params, raw }: { params: ParamValues; raw: RawInput }): Promise<Outcome> => {
      const w = new Where();
      const name = params.str(NAME);
      if (name !== undefined) {
        const p = w.p(matchesPattern(name));
        w.add(`(antecedent_name ILIKE ${p} OR consequent_name ILIKE ${p})`);
      }
      const antecedent = params.str(ANTECEDENT);
      if (antecedent !== undefined) w.add(`antecedent_name = ${w.p(antecedent)}`);
      const id = params.int(ID);
      if (id !== undefined) w.add(`id = ${w.p(id)}`);
      const paging = Paging.of(raw, LIST_PAGING);
      const tail = paging.sql(w, 'id', 'id DESC');
      const rows = paging.arrange(await env.db.query<RelationRow>(`SELECT * FROM ${table} ${w.sql} ${tail}`, w.params));
      return { kind: 'list', root: table, element, records: rows.map(relationRecord) };
    };
  };
}

export const tagsModule: ResourceModule = {
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
        if (category !== undefined && !f.active('tags-category-ignored')) w.add(`t.category = ${w.p(Number(category))}`);
        if (yesNo(params.str(HIDE_EMPTY)) === true && !f.active('tags-hide-empty-ignored')) w.add('t.post_count > 0');
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
        const paging = Paging.of(raw, LIST_PAGING);
        const tail = paging.sql(w, 't.id', order);
        const rows = paging.arrange(await env.db.query<TagRow>(`SELECT t.* FROM tags t ${w.sql} ${tail}`, w.params));
        return { kind: 'list', root: 'tags', element: 'tag', records: rows.map(tagRecord) };
      };
    },

    'tag_aliases.list': relationList('tag_aliases', 'tag_alias'),
    'tag_implications.list': relationList('tag_implications', 'tag_implication'),

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
        if (category !== undefined) w.add(`t.category = ${w.p(Number(category))}`);
        const paging = Paging.of(raw, LIST_PAGING);
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
    { id: 'tags-name-list-substring', requirements: ['IB-4-tags-name-list-A'], summary: 'search[name] on tags matches substrings instead of exact names.', variants: ['A'] },
    { id: 'tags-hide-empty-ignored', requirements: ['IB-4-tags-hide-empty-A'], summary: 'search[hide_empty]=yes still lists tags with 0 posts.', variants: ['A'] },
    { id: 'tags-category-ignored', requirements: ['IB-4-tags-category-A'], summary: 'search[category] on tags is ignored.', variants: ['A'] },
  ],
};
