/**
 * `content-type/<operation>/<format>`: every GET operation is served with a Content-Type naming the
 * format the path suffix selected (INT-content-type).
 */
import type { Format, Variant } from '../../../specs/model/index.ts';
import { FORMATS } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';

export function content_type_names_format(op: OpenApiOperation, format: Format): Check {
  return defineCheck({
    id: `content-type/${op.id}/${format}`,
    fn: 'content_type_names_format',
    description: `${op.method} ${op.path}.${format} is served with a ${format === 'json' ? 'JSON' : 'XML'} Content-Type`,
    requirements: ['IB-2-content-type'],
    resource: op.resource,
    operation: op.id,
    readOnly: true,
    async run(ctx) {
      const reply = await sendExample(ctx, op.id, await exampleFor(ctx, op.id), format);
      if (!reply.mediaTypeOk) {
        fail(`Content-Type is "${reply.contentType ?? '(none)'}"`, {
          reply,
          expected: format === 'json' ? 'application/json' : 'application/xml or text/xml',
          actual: reply.contentType ?? '(none)',
        });
      }
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant)
    .filter((op) => op.method === 'GET')
    .flatMap((op) => FORMATS.map((format) => content_type_names_format(op, format)));
}
