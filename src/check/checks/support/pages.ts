/**
 * A check's own records on a list, however the target pages it (INT-list-pages): a list may give a page of
 * its newest records at a time (the service family gives 20 on lists other than posts), so records a
 * check made can be pushed off the first page by other checks' records, or by what the target held
 * before the run. The first page is read as the check asks for it; the following ones (`page=2, 3, ...`,
 * INT-paging) only while what the check looks for is not settled, up to MAX_PAGES. A target that refuses
 * `page`, ignores it (a page repeats) or has no more records (an empty or a shorter page) ends the walk:
 * the check then judges what it read, as it judged the first page alone.
 */
import type { OperationId } from '../../../../specs/model/index.ts';
import type { CheckContext } from '../../check.ts';
import type { RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import type { CallOptions } from '../../target.ts';
import { records, succeed } from './calls.ts';
import { expectSelects } from './selection.ts';

/** The most pages read of one listing (the first included): 200 records at the family's 20 a page. */
export const MAX_PAGES = 10;

/** Whether the records read so far settle what the check looks for; `page` is the last page read. */
export type Settled = (read: readonly RecordFields[], page: readonly RecordFields[]) => boolean;

/**
 * The records of `op` with `options`, from the first page on until `settled` says so, a page adds no
 * record, the target refuses a page or MAX_PAGES pages are read. Records are listed once each, in the
 * order read. The first page must succeed (as `succeed` demands); a later one need not.
 */
export async function recordsUntil(ctx: CheckContext, op: OperationId, options: CallOptions, what: string, settled: Settled): Promise<RecordFields[]> {
  const first = records(await succeed(ctx, op, options, what), what);
  const read = [...first];
  const seen = new Set(first.map(recordId).filter((x) => x !== undefined));
  let page = first;
  for (let n = 2; n <= MAX_PAGES && page.length > 0 && !settled(read, page); n++) {
    const reply = await ctx.target.call(op, { ...options, raw: { ...options.raw, page: String(n) } });
    ctx.note(reply);
    const next = reply.ok ? reply.list() : undefined;
    if (!next) break;
    const fresh = next.filter((r) => {
      const id = recordId(r);
      return id === undefined || !seen.has(id);
    });
    // A page that adds nothing: the list has ended, or the target does not read `page`.
    if (fresh.length === 0) break;
    for (const r of fresh) {
      const id = recordId(r);
      if (id !== undefined) seen.add(id);
    }
    read.push(...fresh);
    // A page shorter than the first is the last.
    if (next.length < first.length) break;
    page = next;
  }
  return read;
}

/** The ids of records read. */
export function idsOf(read: readonly RecordFields[]): number[] {
  return read.map(recordId).filter((x): x is number => x !== undefined);
}

/**
 * Settled for a selection: a record that must not be listed is listed (the selection has failed), or every
 * record that must be is listed and the pages have reached records older (of smaller id) than every one
 * that must not be, which on a list of the newest records first would have shown them already.
 */
export function selectionSettled(include: readonly number[], exclude: readonly number[]): Settled {
  return (read, page) => {
    const ids = new Set(idsOf(read));
    if (exclude.some((id) => ids.has(id))) return true;
    if (!include.every((id) => ids.has(id))) return false;
    if (exclude.length === 0) return true;
    const oldest = Math.min(...exclude);
    return idsOf(page).some((id) => id < oldest);
  };
}

/** The ids `op` lists with `fields` (as `as`), read on as many pages as it takes to judge this selection. */
export async function listedFor(ctx: CheckContext, op: OperationId, fields: CallOptions['fields'], include: readonly number[], exclude: readonly number[], options: Omit<CallOptions, 'fields'> = {}): Promise<number[]> {
  return idsOf(await recordsUntil(ctx, op, { ...options, fields }, `${op} with ${JSON.stringify(fields)}`, selectionSettled(include, exclude)));
}

/** Both directions on a paged list: `include` is listed with `fields`, `exclude` is not (see expectSelects). */
export async function expectListSelects(ctx: CheckContext, op: OperationId, fields: CallOptions['fields'], include: readonly number[], exclude: readonly number[], what: string, options: Omit<CallOptions, 'fields'> = {}): Promise<void> {
  expectSelects(await listedFor(ctx, op, fields, include, exclude, options), include, exclude, what);
}
