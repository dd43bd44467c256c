/**
 * `required/<operation>/<parameter>`: a request without one of its REQUIRED parameters is refused
 * (420 or 424: INT-missing-required-status).
 */
import type { Variant } from '../../../specs/model/index.ts';
import { requirementIds } from '../../../specs/requirements/index.ts';
import type { Check } from '../check.ts';
import { defineCheck } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';
import { refusedWithParameterStatus } from './support/parameter-refusals.ts';

export function required_parameter_is_refused_when_missing(op: OpenApiOperation, param: string): Check {
  const id = requirementIds.required(op.id, param);
  return defineCheck({
    id: `required/${op.id}/${param}`,
    fn: 'required_parameter_is_refused_when_missing',
    description: `${op.method} ${op.path}.json without ${param} is refused`,
    requirements: [id],
    resource: op.resource,
    operation: op.id,
    readOnly: op.method === 'GET',
    async run(ctx) {
      const example = await exampleFor(ctx, op.id);
      const reply = await sendExample(ctx, op.id, example, 'json', { drop: param });
      refusedWithParameterStatus(reply, `a request without ${param}`, id, 'INT-missing-required-status');
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant).flatMap((op) => op.params.filter((p) => p.required).map((p) => required_parameter_is_refused_when_missing(op, p.name)));
}
