/**
 * `absent/<operation>`: an operation of the other variant only does not succeed, and does not judge
 * its parameters either (INT-cross-variant).
 */
import type { OperationId, Variant } from '../../../specs/model/index.ts';
import { absentOperations } from '../../../specs/model/index.ts';
import { requirementIds } from '../../../specs/requirements/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { PARAMETER_REFUSALS } from './support/parameter-refusals.ts';

export function other_variant_operation_does_not_succeed(opId: OperationId, method: string, path: string, resource: string): Check {
  return defineCheck({
    id: `absent/${opId}`,
    fn: 'other_variant_operation_does_not_succeed',
    description: `${method} ${path}.json (an operation of the other variant) does not succeed`,
    requirements: [requirementIds.absent(opId)],
    resource,
    operation: opId,
    readOnly: method === 'GET',
    async run(ctx) {
      const op = ctx.target.operation(opId);
      const path: Record<string, number> = {};
      for (const p of op.params.filter((x) => x.location === 'path')) path[p.name] = 1;
      const reply = await ctx.target.call(opId, { path });
      ctx.note(reply);
      const e = reply.envelope();
      if (reply.ok || (e.ok && e.envelope.success)) {
        fail(`${method} ${path} succeeded (${reply.status}) but does not exist in ${ctx.variant}`, { reply, expected: 'not a success (INT-cross-variant: 404)', actual: String(reply.status) });
      }
      // Judging the request's parameters (420/424) shows the operation exists: one that does not has none.
      if ((PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) {
        fail(`${method} ${path} judged its parameters (${reply.status}), so it exists in ${ctx.variant}`, { reply, expected: 'no such operation (INT-cross-variant: 404)', actual: String(reply.status) });
      }
    },
  });
}

export function checks(variant: Variant): Check[] {
  return absentOperations(variant).map((op) => other_variant_operation_does_not_succeed(op.id, op.method, op.path, op.resource));
}
