/**
 * `content-type/<operation>/<format>`: every GET operation is served with a Content-Type naming the
 * format the path suffix selected (INT-content-type), whatever the Accept header asks for.
 */
import type { Format, Variant } from '../../../specs/model/index.ts';
import { FORMATS } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { sendExample } from './support/example-requests.ts';
import { expectParses } from './support/reply-contract.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';

export function content_type_names_format(op: OpenApiOperation, format: Format): Check {
  return defineCheck({
    id: `content-type/${op.id}/${format}`,
    fn: 'content_type_names_format',
    description: `${op.method} ${op.path}.${format} is served with a ${format === 'json' ? 'JSON' : 'XML'} Content-Type, even asked with an Accept header that names the other format`,
    requirements: ['IB-2-content-type'],
    resource: op.resource,
    operation: op.id,
    readOnly: true,
    async run(ctx) {
      // Asked with an Accept header that names the other format: the suffix selects, not the header.
      const reply = await sendExample(ctx, op.id, await exampleFor(ctx, op.id), format, { accept: format === 'json' ? 'application/xml' : 'application/json' });
      // The body is of the suffix's format too (a MUST, whatever the header says).
      if (reply.ok) expectParses(reply);
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
