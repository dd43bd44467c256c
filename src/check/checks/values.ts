/**
 * `values/<operation>/<parameter>`: each value of a parameter's value set is accepted, a value outside
 * it is refused (INT-out-of-set-status), and so is a value of the other variant's set only.
 */
import type { Variant } from '../../../specs/model/index.ts';
import { operationIdOf, operationsFor, valueSet } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import { requirementIds } from '../../../specs/requirements/index.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import type { Example } from '../examples.ts';
import { exampleFor } from '../examples.ts';
import type { Reply } from '../target.ts';
import { fieldOf } from '../target.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';
import { OUT_OF_SET, refusedWithParameterStatus } from './support/parameter-refusals.ts';

export function value_set_is_enforced(op: OpenApiOperation, param: string, values: readonly string[], requirementId: RequirementId): Check {
  return defineCheck({
    id: `values/${op.id}/${param}`,
    fn: 'value_set_is_enforced',
    description: `${op.method} ${op.path}.json accepts ${param} = ${values.join(' | ')} and refuses other values`,
    requirements: [requirementId],
    resource: op.resource,
    operation: op.id,
    readOnly: op.method === 'GET',
    async run(ctx) {
      for (const value of values) {
        const example = await exampleFor(ctx, op.id);
        const reply = await sendExample(ctx, op.id, example, 'json', { set: { [param]: value } });
        if (example.expect === 'success' && !reply.ok) {
          const e = reply.envelope();
          fail(`the listed value ${param}=${value} was refused with ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, {
            reply, expected: `2xx for ${value}`, actual: String(reply.status),
          });
        }
      }
      const outside = [OUT_OF_SET, ...otherVariantOnlyValues(ctx.variant, op.id, param)];
      // Values of the other variant's set that a write honoured: stored as the value of this set they name.
      const honoured: string[] = [];
      for (const value of outside) {
        const example = await exampleFor(ctx, op.id);
        const reply = await sendExample(ctx, op.id, example, 'json', { set: { [param]: value } });
        const what = value === OUT_OF_SET ? `${param}=${value} (not a listed value)` : `${param}=${value} (a value of the other variant only)`;
        if (reply.ok) {
          const named = value === OUT_OF_SET ? undefined : await honours(ctx, op, example, param, value);
          if (named !== undefined) {
            honoured.push(`${value} as ${named}`);
            continue;
          }
          await acceptedOutOfSet(ctx, op, example, reply, param, value, what, requirementId);
        } else refusedWithParameterStatus(reply, what, requirementId, 'INT-out-of-set-status');
      }
      // Every value of the other set took the meaning it has there: this variant's set is served open (INT-out-of-set-status).
      if (honoured.length > 0) {
        fail(`the other variant's values of ${param} were honoured: ${honoured.join(', ')}, each over a record holding another value`, {
          requirement: requirementId, expected: `a refusal, or the values ignored (this variant's set is ${values.join(', ')})`, actual: honoured.join(', '),
        });
      }
    },
  });
}

/**
 * An out-of-set value answered with success (INT-out-of-set-status). A list that ignores the value
 * lists as if it were not sent, as the service family's do: a warning under the reading. A write must
 * not have stored the value as sent (the value set allows only its values): read back, that fails; a
 * write that ignored or coerced the value warns.
 */
async function acceptedOutOfSet(ctx: CheckContext, op: OpenApiOperation, example: Example, reply: Reply, param: string, value: string, what: string, requirement: RequirementId): Promise<void> {
  const accepted = { reply, requirement, expected: 'a refusal (420 or 424)', actual: String(reply.status), interpretation: 'INT-out-of-set-status' } as const;
  if (op.method === 'GET') fail(`${what} was answered ${reply.status}: the list did not refuse it`, accepted);
  const showOp = operationIdOf(op.resource, 'show');
  const id = ctx.target.operation(op.id).kind === 'update' ? Object.values(example.path ?? {})[0] : reply.createdId();
  if (showOp && id !== undefined) {
    const shown = await ctx.target.call(showOp, { path: { id } });
    ctx.note(shown);
    const stored = shown.ok ? shown.record()?.[fieldOf(param)] : undefined;
    if (stored !== undefined && stored !== null && String(stored) === value) {
      fail(`${what} was stored as sent: ${showOp} of ${id} shows ${fieldOf(param)}="${value}"`, { reply: shown, requirement, expected: `one of the listed values, or a refusal`, actual: value });
    }
  }
  fail(`${what} was answered ${reply.status} and not stored as sent`, accepted);
}

/** The value of this variant's set that a value of the other variant names (`safe` names `s`), by the document's labels. */
function namedValue(ctx: CheckContext, opId: OpenApiOperation['id'], param: string, value: string): string | undefined {
  const p = ctx.target.operation(opId).params.find((x) => x.name === param);
  const labels = p?.valueSet ? valueSet(p.valueSet).labels : undefined;
  const mine = Object.entries(labels ?? {}).find(([, label]) => label.toLowerCase() === value.toLowerCase())?.[0];
  if (mine !== undefined) return mine;
  // The other way round: the other variant's set labels its values with this one's (B names `s` safe).
  const theirs = operationsFor(ctx.variant === 'A' ? 'B' : 'A').find((o) => o.id === opId)?.params.find((x) => x.name === param);
  const label = theirs?.valueSet ? valueSet(theirs.valueSet).labels?.[value] : undefined;
  return label !== undefined && p?.values?.includes(label) ? label : undefined;
}

/**
 * Whether an update took a value of the other variant's set as the value of this set it names: the record is
 * first set to another value of this set, then sent `value`, then shown. Returns the value it was stored as.
 */
async function honours(ctx: CheckContext, op: OpenApiOperation, example: Example, param: string, value: string): Promise<string | undefined> {
  const named = namedValue(ctx, op.id, param, value);
  const showOp = operationIdOf(op.resource, 'show');
  const id = Object.values(example.path ?? {})[0];
  if (named === undefined || !showOp || id === undefined || ctx.target.operation(op.id).kind !== 'update') return undefined;
  const other = ctx.target.operation(op.id).params.find((x) => x.name === param)?.values?.find((v) => v !== named);
  if (other === undefined) return undefined;
  const reset = await sendExample(ctx, op.id, example, 'json', { set: { [param]: other } });
  if (!reset.ok) return undefined;
  const again = await sendExample(ctx, op.id, example, 'json', { set: { [param]: value } });
  if (!again.ok) return undefined;
  const shown = await ctx.target.call(showOp, { path: { id } });
  ctx.note(shown);
  const stored = shown.ok ? shown.record()?.[fieldOf(param)] : undefined;
  return stored !== undefined && stored !== null && String(stored) === named ? named : undefined;
}

/** The values of a parameter in the other variant, absent from this one's set (e.g. B's rating words in A). */
function otherVariantOnlyValues(variant: Variant, opId: string, name: string): string[] {
  const other = operationsFor(variant === 'A' ? 'B' : 'A').find((o) => o.id === opId)?.params.find((p) => p.name === name)?.values ?? [];
  const mine = operationsFor(variant).find((o) => o.id === opId)?.params.find((p) => p.name === name)?.values ?? [];
  return other.filter((v) => !mine.includes(v));
}

export function checks(variant: Variant): Check[] {
  const out: Check[] = [];
  for (const op of openApiOperations(variant)) {
    for (const p of op.params.filter((x) => x.enum)) {
      const reqId = [requirementIds.values(op.id, p.name), requirementIds.values(op.id, p.name, variant)].find((id) => op.requirements.includes(id));
      if (reqId) out.push(value_set_is_enforced(op, p.name, p.enum!, reqId));
    }
  }
  return out;
}
