/**
 * `values/<operation>/<parameter>`: each value of a parameter's value set is accepted, a value outside
 * it is refused (INT-out-of-set-status), and so is a value of the other variant's set only.
 */
import type { Variant } from '../../../specs/model/index.ts';
import { operationsFor } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import { requirementIds } from '../../../specs/requirements/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
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
      const example = await exampleFor(ctx, op.id);
      const reply = await sendExample(ctx, op.id, example, 'json', { set: { [param]: OUT_OF_SET } });
      refusedWithParameterStatus(reply, `${param}=${OUT_OF_SET} (not a listed value)`, requirementId, 'INT-out-of-set-status');
      // Where the variants list different values ("A: ... / B: ..."), the other variant's are not this one's.
      for (const value of otherVariantOnlyValues(ctx.variant, op.id, param)) {
        const other = await sendExample(ctx, op.id, await exampleFor(ctx, op.id), 'json', { set: { [param]: value } });
        refusedWithParameterStatus(other, `${param}=${value} (a value of the other variant only)`, requirementId, 'INT-out-of-set-status');
      }
    },
  });
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
