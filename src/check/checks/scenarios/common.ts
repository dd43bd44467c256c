/** Helpers shared by scenario checks. */
import type { OperationId } from '../../../../specs/model/index.ts';
import { userLevelsFor } from '../../../../specs/model/index.ts';
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { CheckContext } from '../../check.ts';
import { fail, skip } from '../../check.ts';
import type { FieldValue, RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import type { CallOptions, Reply } from '../../target.ts';
import { expectEnvelope } from '../expect.ts';

/** Calls an operation, records the exchange, and fails (citing `requirement`) unless it succeeds. */
export async function succeed(ctx: CheckContext, opId: OperationId, options: CallOptions, what: string, requirement?: RequirementId): Promise<Reply> {
  const reply = await ctx.target.call(opId, options);
  ctx.note(reply);
  if (!reply.ok) {
    const e = reply.envelope();
    refusedForLevel(ctx, reply, options, what);
    fail(`${what} was refused: ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, { reply, expected: '2xx', actual: String(reply.status), ...(requirement ? { requirement } : {}) });
  }
  if (reply.op?.stateChanging && reply.status !== 204) expectEnvelope(reply);
  return reply;
}

/**
 * A 403 to the default actor when it is not of the highest documented level: the document gives no
 * level for the action, and a server may reserve it to higher ones (INT-levels). Not established.
 */
export function refusedForLevel(ctx: CheckContext, reply: Reply, options: CallOptions, what: string): void {
  if (reply.status !== 403 || options.as !== undefined || !reply.op?.stateChanging) return;
  const actor = ctx.accounts.actor;
  const top = Math.max(...userLevelsFor(ctx.variant).map((l) => l.level));
  if (actor.level >= top) return;
  skip(`${what} was refused (403) to ${actor.name} (${actor.role}, level ${actor.level}), the most privileged account given; the document gives no level for it, so a server may reserve it to higher levels (INT-levels): add a higher-level account to the accounts file`);
}

/** Calls an operation and fails unless the answer is not a success (status and envelope). */
export async function refused(ctx: CheckContext, opId: OperationId, options: CallOptions, what: string): Promise<Reply> {
  const reply = await ctx.target.call(opId, options);
  ctx.note(reply);
  expectRefused(reply, what);
  return reply;
}

export function expectRefused(reply: Reply, what: string): void {
  const e = reply.envelope();
  if (reply.ok || (e.ok && e.envelope.success === true)) {
    fail(`${what} succeeded (${reply.status})`, { reply, expected: 'a refusal', actual: String(reply.status) });
  }
}

/** The records of a list reply; fails when the body is not a list (INT-list-shape). */
export function records(reply: Reply, what: string): RecordFields[] {
  const list = reply.list();
  if (!list) fail(`${what}: the body is not a list of records (INT-list-shape)`, { reply, expected: 'a list of records', actual: reply.text().slice(0, 120) });
  return list;
}

export function ids(reply: Reply, what: string): number[] {
  return records(reply, what)
    .map(recordId)
    .filter((x): x is number => x !== undefined);
}

/** Lists with `fields` and returns the record ids. */
export async function listIds(ctx: CheckContext, opId: OperationId, fields: CallOptions['fields'], options: Omit<CallOptions, 'fields'> = {}): Promise<number[]> {
  const reply = await succeed(ctx, opId, { ...options, fields }, `${opId} with ${JSON.stringify(fields)}`);
  return ids(reply, opId);
}

/** A field of a record (INT-record-fields); a missing field makes the check skip, never pass. */
export function field(record: RecordFields | undefined, name: string, what: string): FieldValue {
  if (!record || !(name in record)) skip(`${what}: the record has no "${name}" field to verify (INT-record-fields)`);
  return record[name]!;
}

export async function show(ctx: CheckContext, opId: OperationId, id: number, options: Omit<CallOptions, 'path'> = {}): Promise<RecordFields> {
  const reply = await succeed(ctx, opId, { ...options, path: { id } }, `${opId} of ${id}`);
  const record = reply.record();
  if (!record) fail(`${opId} of ${id} is not one record (INT-list-shape)`, { reply });
  return record;
}

export function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

export function text(value: FieldValue): string {
  return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Tags of a tag_string field, as a sorted list. */
export function tagsOf(value: FieldValue): string[] {
  return text(value).split(/\s+/).filter(Boolean).sort();
}

/** How to find one record again: its show operation (if any) and a list search that selects it. */
export interface Findable {
  readonly id: number;
  readonly show?: OperationId;
  readonly list: OperationId;
  readonly search: Readonly<Record<string, string | number>>;
}

function flaggedDeleted(record: RecordFields): boolean {
  return text(record.is_deleted ?? '') === 'true';
}

/** The record as the list search returns it, if it does. */
async function listedRecord(ctx: CheckContext, f: Findable): Promise<RecordFields | undefined> {
  const reply = await succeed(ctx, f.list, { fields: f.search }, `${f.list} with ${JSON.stringify(f.search)}`);
  return records(reply, f.list).find((r) => recordId(r) === f.id);
}

async function listed(ctx: CheckContext, f: Findable): Promise<boolean> {
  return (await listedRecord(ctx, f)) !== undefined;
}

/** Before a delete: the search used afterwards does find the record (so its absence will mean something). */
export async function expectFindable(ctx: CheckContext, f: Findable): Promise<void> {
  if (!(await listed(ctx, f))) skip(`${f.list} with ${JSON.stringify(f.search)} does not find record ${f.id}, so its deletion cannot be observed`);
}

/**
 * After a delete (INT-transitions): not shown, or not listed, or flagged is_deleted; and everywhere
 * alike: a record that show no longer gives (or gives flagged) is not still listed as a live record.
 */
export async function expectDeleted(ctx: CheckContext, f: Findable, requirement?: RequirementId): Promise<void> {
  let goneFromShow = false;
  if (f.show) {
    const reply = await ctx.target.call(f.show, { path: { id: f.id } });
    ctx.note(reply);
    const record = reply.record();
    goneFromShow = reply.status === 404 || (reply.ok && record !== undefined && flaggedDeleted(record));
  }
  const still = await listedRecord(ctx, f);
  if (!still || flaggedDeleted(still)) return;
  if (goneFromShow) {
    // What a delete leaves behind is not described: that lists agree with show rests on the reading.
    fail(`after its delete succeeded, record ${f.id} is gone from ${f.show} but still listed by ${f.list}, not flagged deleted`, {
      expected: 'not listed, or listed with is_deleted true (INT-transitions)', actual: 'listed as a live record', interpretation: 'INT-transitions', ...(requirement ? { requirement } : {}),
    });
  }
  fail(`after its delete succeeded, record ${f.id} is still shown, listed and not flagged deleted`, {
    expected: 'not shown, not listed, or is_deleted true (INT-transitions)', actual: 'unchanged', ...(requirement ? { requirement } : {}),
  });
}

/** After an undelete (INT-transitions): shown (or listed) and not flagged deleted. */
export async function expectRestored(ctx: CheckContext, f: Findable): Promise<void> {
  if (f.show) {
    const record = await show(ctx, f.show, f.id);
    if (flaggedDeleted(record)) fail(`after its undelete succeeded, record ${f.id} is still flagged deleted`, { expected: 'is_deleted false', actual: 'is_deleted true' });
    return;
  }
  const back = await listedRecord(ctx, f);
  if (!back) fail(`after its undelete succeeded, record ${f.id} is not listed`, { expected: 'listed again', actual: 'not listed' });
  if (flaggedDeleted(back)) fail(`after its undelete succeeded, record ${f.id} is still flagged deleted`, { expected: 'is_deleted false', actual: 'is_deleted true' });
}
