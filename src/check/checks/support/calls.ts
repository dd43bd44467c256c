/**
 * Calls that checks make and judge: an operation that must succeed (or be refused), the records and ids
 * of a list, one record shown, a field of a record, and the id of what a create made.
 */
import type { OperationId } from '../../../../specs/model/index.ts';
import { userLevelsFor } from '../../../../specs/model/index.ts';
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import type { CheckContext } from '../../check.ts';
import { fail, skip } from '../../check.ts';
import type { FieldValue, RecordFields } from '../../formats.ts';
import { recordId } from '../../formats.ts';
import type { CallOptions, Reply } from '../../target.ts';
import { skipRuleRefusal } from '../../world.ts';
import { expectEnvelope, expectRefusalEnvelope } from './reply-contract.ts';

/** Calls an operation, records the exchange, and fails (citing `requirement`) unless it succeeds. */
export async function succeed(ctx: CheckContext, opId: OperationId, options: CallOptions, what: string, requirement?: RequirementId): Promise<Reply> {
  const reply = await ctx.target.call(opId, options);
  ctx.note(reply);
  if (!reply.ok) {
    const e = reply.envelope();
    refusedForLevel(ctx, reply, options, what);
    skipRuleRefusal(reply, what);
    fail(`${what} was refused: ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, { reply, expected: '2xx', actual: String(reply.status), ...(requirement ? { requirement } : {}) });
  }
  if (reply.op?.stateChanging && reply.status !== 204) expectEnvelope(reply);
  return reply;
}

/**
 * A 403 to the default actor when it is not of the highest documented level: the document gives no
 * level for the action, and a server may reserve it to higher ones (INT-levels). Not established.
 */
function refusedForLevel(ctx: CheckContext, reply: Reply, options: CallOptions, what: string): void {
  if (reply.status !== 403 || options.as !== undefined || !reply.op?.stateChanging) return;
  const actor = ctx.accounts.actor;
  const top = Math.max(...userLevelsFor(ctx.variant).map((l) => l.level));
  if (actor.level >= top) return;
  skip(`${what} was refused (403) to ${actor.name} (${actor.role}, level ${actor.level}), the most privileged account given; the document gives no level for it, so a server may reserve it to higher levels (INT-levels): add a higher-level account to the accounts file`);
}

/** Fails unless the answer is not a success (status and envelope); a refusal whose envelope says success breaks IB-7-envelope-agrees. */
export function expectRefused(reply: Reply, what: string): void {
  const e = reply.envelope();
  if (!reply.ok && reply.op?.stateChanging && e.ok && e.envelope.success === true) {
    fail(`${what} was answered ${reply.status} with an envelope saying success=true`, { reply, requirement: 'IB-7-envelope-agrees', expected: 'success=false', actual: 'success=true' });
  }
  if (reply.ok || (e.ok && e.envelope.success === true)) {
    fail(`${what} succeeded (${reply.status})`, { reply, expected: 'a refusal', actual: String(reply.status) });
  }
  expectRefusalEnvelope(reply, what);
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

export function text(value: FieldValue): string {
  return value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Tags of a tag_string field, as a sorted list. */
export function tagsOf(value: FieldValue): string[] {
  return text(value).split(/\s+/).filter(Boolean).sort();
}

/**
 * The id of what a create made: from its answer (INT-created-id) or, for an answer without one (a bodiless
 * 204 in A), from the one record a search for its unique values lists.
 */
export async function idOf(ctx: CheckContext, reply: { createdId(): number | undefined }, what: string, find?: { list: OperationId; fields: CallOptions['fields'] }): Promise<number> {
  const id = reply.createdId();
  if (id !== undefined) return id;
  if (find) {
    const found = await listIds(ctx, find.list, find.fields);
    if (found.length === 1) return found[0]!;
  }
  return skip(`the ${what} just created names no id in its answer and cannot be found alone by a search, so it cannot be told apart from others (INT-created-id)`);
}

/**
 * Characters a form encoding or a markup rendering can lose (`&` ends a form field when re-parsed, `<` opens
 * an element, `%` and `+` are escapes, `"` and `;` delimit), and characters beyond ASCII (two and three
 * bytes in UTF-8: a body decoded as Latin-1 reads back as other characters): added after a word to a text
 * written and read back, never to one searched for.
 */
export function withMarkup(word: string): string {
  return `${word} & <b>x</b> "q" a=b;c 100% +1 café 日本`;
}

