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
export async function expectReadBack(ctx: CheckContext, where: ReadBack, written: Readonly<Record<string, Want>>, what: string, requirement?: RequirementId): Promise<void> {
  const seen: { source: string; record: RecordFields }[] = [];
  if (where.show) {
    for (const format of ['json', 'xml'] as Format[]) {
      seen.push({ source: `${where.show} (${format})`, record: await show(ctx, where.show, where.id, { format, ...(where.showPath ? { path: where.showPath } : {}) }) });
    }
  }
  if (where.list) {
    const listed = records(await succeed(ctx, where.list, { fields: where.search ?? {} }, `${where.list} with ${JSON.stringify(where.search ?? {})}`), where.list);
    const record = listed.find((r) => recordId(r) === where.id);
    if (!record) fail(`${what}: record ${where.id} is not listed by ${where.list} with ${JSON.stringify(where.search ?? {})}`, { expected: `record ${where.id}`, actual: JSON.stringify(listed.map(recordId)), ...(requirement ? { requirement } : {}) });
    seen.push({ source: where.list, record });
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
}

/** Updates a record with `fields` and reads every one of them back (show and/or list, as `where` says). */
export async function updateAndReadBack(ctx: CheckContext, updateOp: OperationId, where: ReadBack, fields: Readonly<Record<string, Want>>, what: string): Promise<void> {
  await succeed(ctx, updateOp, { path: { id: where.id }, fields }, `updating ${what}`);
  await expectReadBack(ctx, where, fields, `${what} as updated`);
}
