/**
 * Paging of every list (INT-paging): `limit` and `page` as the service family reads them.
 *
 * - `limit`: records per request, an integer from 1, clamped to 100 (the posts list's documented hard
 *   maximum, applied to every list); anything else is refused with 424.
 * - `page`: a page number from 1; a number <= 0, or a value that does not start with a number, means
 *   page 1 (so clients that send `page=0` get the first page).
 * - `page=b<id>`: the records with an id below `<id>`, newest first; `page=a<id>`: the records with an
 *   id above `<id>`, the nearest ones, still shown newest first. Both order by id whatever sort key was
 *   asked for, so a client can walk a list without repeats while records are added.
 *
 * On posts `limit` and `page` are documented parameters; on the other lists they are extensions of the
 * reference server, read from the raw request fields.
 */
import type { RawInput } from './params.ts';
import { invalid, parseInteger } from './params.ts';
import type { Row } from './db/index.ts';
import type { ServerEnv } from './registry.ts';
import type { Where } from './sql.ts';
import { LIST_SIZE } from './sql.ts';
import { POSTS_PER_REQUEST_MAX } from '../../specs/model/index.ts';

export const PAGE_PARAM = 'page';
export const LIMIT_PARAM = 'limit';

/** The largest page number and id that paging reads (larger values select nothing more). */
const PAGE_MAX = 2_147_483_647;
const ID_BOUND = 2_147_483_648;

export interface PagingRule {
  /** Records per request without `limit`. */
  readonly defaultLimit: number;
  /** The clamp of `limit`; Infinity switches it off (a fault of the posts list). */
  readonly maxLimit: number;
  /** `limit` is not read: every page holds defaultLimit records. */
  readonly fixed?: boolean;
}

/** Every list but posts: 100 records by default (as before `limit` was read), at most 100. */
export const LIST_PAGING: PagingRule = { defaultLimit: LIST_SIZE, maxLimit: POSTS_PER_REQUEST_MAX };

/** Records a page of a list other than posts under the variation paging-small-default (INT-list-pages). */
export const SMALL_PAGE = 20;

/**
 * The paging of every list but posts on this server: LIST_PAGING, or under the variation
 * paging-small-default the service family's 20 records a page, where B does not read `limit` at all.
 */
export function listPaging(env: Pick<ServerEnv, 'variant' | 'variations'>): PagingRule {
  if (!env.variations.active('paging-small-default')) return LIST_PAGING;
  return { defaultLimit: SMALL_PAGE, maxLimit: POSTS_PER_REQUEST_MAX, ...(env.variant === 'B' ? { fixed: true } : {}) };
}

export type PageMode = { readonly kind: 'numbered'; readonly page: number } | { readonly kind: 'before' | 'after'; readonly id: number };

/** Reads a `page` value: `b<id>`, `a<id>`, or a page number (<= 0 and junk are page 1). */
export function parsePage(value: unknown): PageMode {
  const s = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const seq = /^([ab])(\d+)$/i.exec(s);
  if (seq) {
    const id = Math.min(Number(seq[2]), ID_BOUND);
    return { kind: seq[1]!.toLowerCase() === 'b' ? 'before' : 'after', id };
  }
  // Like the family's String#to_i: an optional sign and the leading digits; anything else is 0.
  const lead = /^\s*([+-]?\d+)/.exec(s);
  const n = lead ? Number(lead[1]) : 0;
  return { kind: 'numbered', page: Math.min(Math.max(1, Number.isFinite(n) ? n : PAGE_MAX), PAGE_MAX) };
}

/** Reads a `limit` value: an integer from 1, clamped to the rule's maximum; absent or empty is the default. */
export function parseLimit(value: unknown, rule: PagingRule): number {
  if (rule.fixed) return rule.defaultLimit;
  if (value === undefined || value === null || value === '') return rule.defaultLimit;
  if (typeof value !== 'string' && typeof value !== 'number') throw invalid(`${LIMIT_PARAM} must be a single value`);
  const n = parseInteger(String(value).trim());
  if (n === undefined) throw invalid(`${LIMIT_PARAM} must be an integer`);
  if (n < 1) throw invalid(`${LIMIT_PARAM} must be at least 1`);
  return Math.min(n, rule.maxLimit);
}

export class Paging {
  constructor(
    readonly limit: number,
    readonly mode: PageMode,
  ) {}

  /** The paging of a request's fields (query for GET). */
  static of(input: RawInput, rule: PagingRule): Paging {
    const page = input.fields[PAGE_PARAM];
    if (Array.isArray(page)) throw invalid(`${PAGE_PARAM} must be a single value`);
    return new Paging(parseLimit(input.fields[LIMIT_PARAM], rule), parsePage(page));
  }

  /**
   * Adds the id bound of a sequential page to `w` and returns the `ORDER BY ... LIMIT ... OFFSET ...`
   * tail of the query. `order` is the list's own order; an id tie-breaker is appended so that numbered
   * pages of a sort key with ties neither repeat nor skip records. Call it before reading `w.sql`.
   */
  sql(w: Where, idColumn: string, order: string): string {
    const m = this.mode;
    if (m.kind !== 'numbered') {
      const before = m.kind === 'before';
      w.add(`${idColumn} ${before ? '<' : '>'} ${w.p(m.id)}`);
      return `ORDER BY ${idColumn} ${before ? 'DESC' : 'ASC'} LIMIT ${this.limit}`;
    }
    const total = new RegExp(`(^|[\\s,])${idColumn.replace('.', '\\.')}( (ASC|DESC))?$`, 'i').test(order.trim());
    const offset = (m.page - 1) * this.limit;
    return `ORDER BY ${order}${total ? '' : `, ${idColumn} DESC`} LIMIT ${this.limit}${offset > 0 ? ` OFFSET ${offset}` : ''}`;
  }

  /** The fetched rows in the order the list shows them: an `a<id>` page is fetched upwards, shown newest first. */
  arrange<T>(rows: readonly T[]): T[] {
    return this.mode.kind === 'after' ? [...rows].reverse() : [...rows];
  }
}

/**
 * The rows of one page of a list (every list but posts): `select` is the statement up to its WHERE
 * clause, `w` the list's conditions, `idColumn` and `order` as for `Paging.sql`.
 */
export async function pagedRows<T extends Row>(env: Pick<ServerEnv, 'db' | 'variant' | 'variations'>, input: RawInput, w: Where, select: string, idColumn: string, order: string): Promise<T[]> {
  const paging = Paging.of(input, listPaging(env));
  const tail = paging.sql(w, idColumn, order);
  return paging.arrange(await env.db.query<T>(`${select} ${w.sql} ${tail}`, w.params));
}
