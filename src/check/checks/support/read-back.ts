/**
 * Act, then observe: a write the target accepts is read back through show (JSON and XML) and the list,
 * and every field the request set is compared (a field the record does not carry is not demanded:
 * INT-record-fields; when it carries none of them, the check is skipped).
 */
import type { Format, OperationId } from '../../../../specs/model/index.ts';
import { VALUE_SETS } from '../../../../specs/model/index.ts';
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { CheckContext } from '../../check.ts';
import { fail, skip } from '../../check.ts';
import type { FieldValue, RecordFields } from '../../formats.ts';
import { recordId, sameRendering } from '../../formats.ts';
import type { CallOptions } from '../../target.ts';
import { fieldOf } from '../../target.ts';
import { records, show, succeed, text } from './calls.ts';

type Want = string | number;

/** The A letter and B word of a post rating name the same rating (s/safe, q/questionable, e/explicit). */
const RATING_LETTERS: Readonly<Record<string, string>> = VALUE_SETS['post-rating-A'].labels;

function sameRating(got: string, want: string): boolean {
  const letter = (v: string) => (v in RATING_LETTERS ? v : (Object.entries(RATING_LETTERS).find(([, w]) => w === v)?.[0] ?? v));
  return letter(got.toLowerCase()) === letter(want.toLowerCase());
}

/** The space-delimited fields of section 4: a text of whitespace-separated items, or a list. */
const SPACE_DELIMITED = new Set(['tag_string', 'other_names', 'post_ids']);

function items(v: FieldValue): string[] {
  if (Array.isArray(v)) return v.map((x) => text(x));
  if (v !== null && typeof v === 'object') return Object.values(v).flatMap((x) => items(x));
  return text(v).split(/\s+/).filter(Boolean);
}

/**
 * Does a record's field say what was written? Booleans as 1/0 or true/false; the space-delimited fields
 * (section 4: `post[tag_string]`, `pool[post_ids]`) as whitespace-separated items or a list, never commas.
 * A post's tags hold every tag sent and may hold more: the service maintains tags (INT-service-tags).
 */
export function says(field: string, got: FieldValue, want: Want): boolean {
  const w = String(want);
  if (SPACE_DELIMITED.has(field)) {
    const g = items(got);
    const sent = w.split(/\s+/).filter(Boolean);
    if (field === 'tag_string') return sent.every((t) => g.includes(t));
    return [...g].sort().join(' ') === [...sent].sort().join(' ');
  }
  const g = Array.isArray(got) ? got.map((x) => text(x)).join(' ') : text(got);
  if (field === 'rating') return sameRating(g, w);
  if (w === '1' || w === '0') return g === w || g === (w === '1' ? 'true' : 'false');
  return g === w;
}

/** The paths a create whose fields are read back goes through, in turn: XML first, then JSON. */
export const CREATE_FORMATS: readonly Format[] = ['xml', 'json'];

/** Fails on the first field the JSON and the XML rendering of one record both carry and disagree on. */
export function expectSameRendering(json: RecordFields, xml: RecordFields, what: string): void {
  for (const [field, value] of Object.entries(json)) {
    if (!(field in xml)) continue;
    if (!sameRendering(value, xml[field]!)) {
      fail(`${what}: ${field} reads ${JSON.stringify(value)} in JSON and "${text(xml[field]!)}" in XML`, { expected: `the XML saying ${JSON.stringify(value)}`, actual: text(xml[field]!), requirement: 'IB-2-format-parity' });
    }
  }
}

/** Where a record is read back: its show operation (if any) and a list search that selects it. */
export interface ReadBack {
  readonly id: number;
  readonly show?: OperationId;
  readonly showPath?: Record<string, number>;
  readonly list?: OperationId;
  readonly search?: CallOptions['fields'];
}

/**
 * Reads a record back through show (JSON and XML) and the list, and fails on the first field that does
 * not say what was written. Fields a record does not carry are not demanded (INT-record-fields).
 */
export async function expectReadBack(ctx: CheckContext, where: ReadBack, written: Readonly<Record<string, Want>>, what: string, requirement?: RequirementId): Promise<RecordFields> {
  const seen: { source: string; record: RecordFields }[] = [];
  if (where.show) {
    for (const format of ['json', 'xml'] as Format[]) {
      seen.push({ source: `${where.show} (${format})`, record: await show(ctx, where.show, where.id, { format, ...(where.showPath ? { path: where.showPath } : {}) }) });
    }
  }
  if (where.list) {
    // In JSON and in XML: a list is the same list in either format, whatever text its records carry.
    for (const format of ['json', 'xml'] as Format[]) {
      const listed = records(await succeed(ctx, where.list, { fields: where.search ?? {}, format }, `${where.list} (${format}) with ${JSON.stringify(where.search ?? {})}`), where.list);
      const record = listed.find((r) => recordId(r) === where.id);
      if (!record) fail(`${what}: record ${where.id} is not listed by ${where.list} (${format}) with ${JSON.stringify(where.search ?? {})}`, { expected: `record ${where.id}`, actual: JSON.stringify(listed.map(recordId)), ...(requirement ? { requirement } : {}) });
      seen.push({ source: `${where.list} (${format})`, record });
    }
  }
  if (where.show) expectSameRendering(seen[0]!.record, seen[1]!.record, `${what}, ${where.show}`);
  let compared = 0;
  for (const { source, record } of seen) {
    for (const [field, want] of Object.entries(written)) {
      if (!(field in record)) continue;
      compared++;
      const got = record[field]!;
      if (!says(field, got, want)) {
        fail(`${what}: ${field} reads "${text(got)}" in ${source} after ${JSON.stringify(want)} was written`, { expected: String(want), actual: text(got), ...(requirement ? { requirement } : {}) });
      }
    }
  }
  if (compared === 0) skip(`${what}: the records carry none of the fields written (${Object.keys(written).join(', ')}), so nothing can be read back (INT-record-fields)`);
  return seen[0]!.record;
}

/** The record as `where` reads it first (show in JSON, else the list). */
async function readOnce(ctx: CheckContext, where: ReadBack): Promise<RecordFields | undefined> {
  if (where.show) return show(ctx, where.show, where.id, { format: 'json', ...(where.showPath ? { path: where.showPath } : {}) });
  const listed = records(await succeed(ctx, where.list!, { fields: where.search ?? {} }, `${where.list} with ${JSON.stringify(where.search ?? {})}`), where.list!);
  return listed.find((r) => recordId(r) === where.id);
}

/**
 * Fails on the first field an update was not sent that it changed (INT-update-keeps): a field of the
 * operation's own parameters (INT-record-fields) the record carries before and after. A post's tags may grow (the
 * service maintains tags, INT-service-tags) but lose none.
 */
export function expectKept(ctx: CheckContext, updateOp: OperationId, before: RecordFields, after: RecordFields, sent: Readonly<Record<string, unknown>>, what: string): void {
  for (const p of ctx.target.operation(updateOp).params) {
    const field = fieldOf(p.name);
    if (p.location === 'path' || field in sent || !(field in before) || !(field in after)) continue;
    const was = before[field]!;
    const is = after[field]!;
    // Both read the same way (show in JSON, or the list): the same value is the same JSON.
    const kept = field === 'tag_string' ? items(was).every((t) => items(is).includes(t)) : JSON.stringify(was) === JSON.stringify(is);
    if (!kept) fail(`${what}: ${field} read "${text(was)}" before an update that did not send it, and "${text(is)}" after (an update keeps what it is not sent: INT-update-keeps)`, { expected: `${field} unchanged: "${text(was)}"`, actual: text(is) });
  }
}

/**
 * Updates a record with `fields` and reads every one of them back (show and/or list, as `where` says);
 * the fields of the operation it was not sent read as they did before it.
 */
export async function updateAndReadBack(ctx: CheckContext, updateOp: OperationId, where: ReadBack, fields: Readonly<Record<string, Want>>, what: string, format: Format = 'json'): Promise<void> {
  const before = await readOnce(ctx, where);
  await succeed(ctx, updateOp, { path: { id: where.id }, fields, format }, `updating ${what}${format === 'xml' ? ' (XML)' : ''}`);
  const after = await expectReadBack(ctx, where, fields, `${what} as updated`);
  if (before) expectKept(ctx, updateOp, before, after, fields, what);
}

/**
 * Updates a record with each of `values` alone, in turn, and reads it back after each: the field sent
 * says its new value, and every field of the operation it was not sent reads as it did (a server that
 * resets what an update leaves out, only when one field comes alone, is seen). Each field alone goes to
 * both paths, the XML one first for every other field and the JSON one first for the rest: a write to
 * either is the same write. The first write of a field shows it taken on that path; the second, of the
 * same value, that the other path keeps the fields it is not sent.
 */
export async function updateEachAlone(ctx: CheckContext, updateOp: OperationId, where: ReadBack, values: Readonly<Record<string, Want>>, what: string): Promise<void> {
  for (const [i, [field, value]] of Object.entries(values).entries()) {
    for (const format of i % 2 === 0 ? (['xml', 'json'] as const) : (['json', 'xml'] as const)) await updateAndReadBack(ctx, updateOp, where, { [field]: value }, what, format);
  }
}
