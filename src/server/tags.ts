/**
 * Tags: parsing of tag strings with the category prefixes of INT-tag-categories, upkeep of the tags
 * table (name, category, post_count), and the post search of INT-meta-tags.
 */
import type { ValueSetId } from '../../specs/model/index.ts';
import { VALUE_SETS } from '../../specs/model/index.ts';
import type { Queryable } from './db/index.ts';
import { invalid } from './refusals.ts';
import { Steps } from './sql.ts';

const CATEGORY_SET: ValueSetId = 'tag-category';
/** Prefix (the set's label) to category number, from the model's tag-category value set. */
const CATEGORY_BY_PREFIX: ReadonlyMap<string, number> = new Map(
  Object.entries(VALUE_SETS[CATEGORY_SET].labels).map(([num, label]) => [`${label}:`, Number(num)]),
);

export interface ParsedTag {
  readonly name: string;
  /** The category a prefix asked for; undefined without a prefix. */
  readonly category: number | undefined;
}

/** Splits a tag string: whitespace-delimited, category prefixes stripped, duplicates dropped, order kept. */
export function parseTagString(s: string): ParsedTag[] {
  const out = new Map<string, ParsedTag>();
  for (const token of s.split(/\s+/)) {
    if (token === '') continue;
    let name = token;
    let category: number | undefined;
    const colon = token.indexOf(':');
    if (colon > 0) {
      const c = CATEGORY_BY_PREFIX.get(token.slice(0, colon + 1).toLowerCase());
      if (c !== undefined && colon + 1 < token.length) {
        category = c;
        name = token.slice(colon + 1);
      }
    }
    if (!out.has(name)) out.set(name, { name, category });
  }
  return [...out.values()];
}

/**
 * The steps that adjust the tags table after a post's tags changed from `before` to `after`: the counts
 * of removed tags go down, added tags are created or counted up (in their order), and a prefix sets the
 * category of a tag, also of one the post already had. Each tag is touched by one step only.
 */
export function tagCountSteps(steps: Steps, before: readonly string[], after: readonly ParsedTag[]): void {
  const afterNames = new Set(after.map((t) => t.name));
  const removed = before.filter((t) => !afterNames.has(t));
  const beforeSet = new Set(before);
  const added = after.filter((t) => !beforeSet.has(t.name));
  const recategorised = after.filter((t) => beforeSet.has(t.name) && t.category !== undefined);
  if (removed.length > 0) {
    steps.add('tags_removed', `UPDATE tags SET post_count = greatest(post_count - 1, 0), updated_at = now() WHERE name = ANY(${steps.p(removed)}::text[])`);
  }
  if (added.length > 0) {
    const names = steps.p(added.map((t) => t.name));
    const categories = steps.p(added.map((t) => t.category ?? null));
    // A tag that exists keeps its category unless a prefix gave one.
    steps.add(
      'tags_added',
      `INSERT INTO tags (name, category, post_count)
       SELECT n, COALESCE(c, 0), 1 FROM unnest(${names}::text[], ${categories}::int[]) WITH ORDINALITY AS t(n, c, i) ORDER BY i
       ON CONFLICT (name) DO UPDATE SET post_count = tags.post_count + 1,
         category = COALESCE((SELECT g.c FROM unnest(${names}::text[], ${categories}::int[]) AS g(n, c) WHERE g.n = EXCLUDED.name), tags.category), updated_at = now()`,
    );
  }
  if (recategorised.length > 0) {
    steps.add(
      'tags_recategorised',
      `UPDATE tags SET category = g.c, updated_at = now() FROM unnest(${steps.p(recategorised.map((t) => t.name))}::text[], ${steps.p(recategorised.map((t) => t.category))}::int[]) AS g(n, c) WHERE tags.name = g.n`,
    );
  }
}

/** Adjusts the tags table after a post's tags changed from `before` to `after`, in one statement. */
export async function updateTagCounts(tx: Queryable, before: readonly string[], after: readonly ParsedTag[]): Promise<void> {
  const steps = new Steps();
  tagCountSteps(steps, before, after);
  if (steps.steps.length > 0) await tx.query(steps.sql('SELECT 1'), steps.params);
}

export interface PostSearch {
  readonly where: string[];
  readonly params: unknown[];
  readonly order: 'id_desc' | 'id_asc';
}

export interface SearchOptions {
  /** Maps a `rating:` value (either form) to the stored rating; undefined when it is not a rating. */
  readonly rating: (value: string) => string | undefined;
  readonly negation: boolean;
  readonly metaTags: boolean;
  /** Fault meta-tags-dropped: a meta-tag term is read and then left out of the search. */
  readonly metaTagsDropped?: boolean;
  readonly allMustMatch: boolean;
}

/**
 * Builds the WHERE clauses of a post search (INT-meta-tags): plain tags (all must match), `-tag`,
 * `rating:`, `id:`, `parent:`, `user:` and `order:id` / `order:id_desc`. `param` is the parameter name
 * quoted in refusals.
 */
export function buildPostSearch(query: string, param: string, opts: SearchOptions, paramsStart = 1): PostSearch {
  const where: string[] = [];
  const params: unknown[] = [];
  const next = (v: unknown) => {
    params.push(v);
    return `$${paramsStart + params.length - 1}`;
  };
  const include: string[] = [];
  const exclude: string[] = [];
  let order: PostSearch['order'] = 'id_desc';
  for (const raw of query.split(/\s+/)) {
    if (raw === '') continue;
    const negated = raw.startsWith('-') && raw.length > 1;
    const term = negated ? raw.slice(1) : raw;
    const colon = term.indexOf(':');
    const meta = opts.metaTags && colon > 0 ? term.slice(0, colon).toLowerCase() : undefined;
    const value = colon > 0 ? term.slice(colon + 1) : '';
    const intValue = () => {
      if (!/^\d{1,9}$/.test(value)) throw invalid(`${param}: ${meta}: needs a number`);
      return Number(value);
    };
    const clause = (sql: string) => {
      if (!negated) where.push(sql);
      else if (opts.negation) where.push(`NOT (${sql})`);
    };
    if (opts.metaTagsDropped && (meta === 'rating' || meta === 'id' || meta === 'parent' || meta === 'user')) continue;
    switch (meta) {
      case 'rating': {
        const r = opts.rating(value);
        if (r === undefined) throw invalid(`${param}: unknown rating ${value}`);
        clause(`p.rating = ${next(r)}`);
        continue;
      }
      case 'id':
        clause(`p.id = ${next(intValue())}`);
        continue;
      case 'parent':
        if (value.toLowerCase() === 'none') clause('p.parent_id IS NULL');
        else clause(`p.parent_id = ${next(intValue())}`);
        continue;
      case 'user':
        clause(`p.uploader_id = (SELECT id FROM users WHERE lower(name) = lower(${next(value)}))`);
        continue;
      case 'order':
        if (value === 'id' || value === 'id_asc') order = 'id_asc';
        else if (value === 'id_desc') order = 'id_desc';
        else throw invalid(`${param}: unknown order ${value}`);
        continue;
      default:
        if (!negated) include.push(term);
        else if (opts.negation) exclude.push(term);
    }
  }
  if (include.length > 0) where.push(opts.allMustMatch ? `p.tag_array @> ${next(include)}::text[]` : `p.tag_array && ${next(include)}::text[]`);
  if (exclude.length > 0) where.push(`NOT (p.tag_array && ${next(exclude)}::text[])`);
  return { where, params, order };
}
