/**
 * `served/<operation>/<format>`: for every operation of the variant's OpenAPI description and both
 * formats, a valid request is served (not 404), answered with a documented status and a body in the
 * format, and a state-changing call returns the outcome envelope agreeing with the status.
 */
import type { Format, Variant } from '../../../specs/model/index.ts';
import { FORMATS } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import { requirementIds } from '../../../specs/requirements/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { skipRuleRefusal } from '../world.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';
import { expectDocumentedStatus, expectEnvelope, expectParses } from './support/reply-contract.ts';

export function operation_is_served(op: OpenApiOperation, format: Format, variant: Variant): Check {
  const served = requirementIds.served(op.id);
  const stateChanging = op.method !== 'GET';
  const requirements: RequirementId[] = [served, format === 'json' ? 'IB-2-format-json' : 'IB-2-format-xml', 'IB-7-status-documented'];
  if (stateChanging) requirements.push(format === 'json' ? 'IB-7-envelope-json' : 'IB-7-envelope-xml', 'IB-7-envelope-agrees');
  if (variant === 'B') requirements.push('IB-7-status-no-204-B');
  return defineCheck({
    id: `served/${op.id}/${format}`,
    fn: 'operation_is_served',
    description: `${op.method} ${op.path}.${format} accepts a valid request${stateChanging ? ' and returns the outcome envelope' : ' and answers in the format'}`,
    requirements,
    resource: op.resource,
    operation: op.id,
    readOnly: !stateChanging,
    async run(ctx) {
      const example = await exampleFor(ctx, op.id);
      const reply = await sendExample(ctx, op.id, example, format);
      if (reply.status === 404) {
        // Where the document does not fix the path (notes create) or a 404 may mean a missing version
        // (a revert without version_id), a 404 is judged under that reading: a warning unless --strict.
        const model = ctx.target.operation(op.id);
        const reading = example.notFoundMayMean ?? (model.shown ? undefined : model.interpretation);
        const why = example.notFoundMayMean ? ' (it may mean the version was not found: no version id can be learnt here)' : reading ? ` (the document does not show this route; ${reading})` : '';
        fail(`${op.method} ${op.path}.${format} is not served: 404 for a valid request${why}`, {
          reply, requirement: served, expected: 'a served route (not 404)', actual: '404', ...(reading ? { interpretation: reading } : {}),
        });
      }
      expectDocumentedStatus(reply, variant);
      if (example.expect === 'success' && !reply.ok) {
        skipRuleRefusal(reply, `a valid ${op.method} ${op.path}.${format}`);
        const e = reply.envelope();
        fail(`a valid request was refused with ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, { reply, requirement: served, expected: '2xx', actual: String(reply.status) });
      }
      if (reply.status === 204) return; // INT-204-envelope: no body; success read from the status (B refused above)
      expectParses(reply);
      if (stateChanging) expectEnvelope(reply);
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant).flatMap((op) => FORMATS.map((format) => operation_is_served(op, format, variant)));
}
