/**
 * `bad-input/<operation>`: mistyped and oversized parameters are never answered with a 5xx.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';
import { OUT_OF_SET } from './support/parameter-refusals.ts';

export function bad_input_gets_no_server_error(op: OpenApiOperation): Check {
  return defineCheck({
    id: `bad-input/${op.id}`,
    fn: 'bad_input_gets_no_server_error',
    description: `${op.method} ${op.path}.json with mistyped and oversized parameters is not answered 5xx`,
    requirements: ['IB-7-no-server-error'],
    resource: op.resource,
    operation: op.id,
    readOnly: op.method === 'GET',
    async run(ctx) {
      const example = await exampleFor(ctx, op.id);
      const bad: Record<string, string> = {};
      for (const p of op.params) if (p.type !== 'string' || p.enum) bad[p.name] = p.type === 'integer' ? 'not-a-number' : `${OUT_OF_SET}\u0000`;
      for (const p of op.params.filter((x) => x.type === 'string' && !x.enum).slice(0, 2)) bad[p.name] = 'x'.repeat(5000);
      const reply = await sendExample(ctx, op.id, example, 'json', { set: bad });
      if (reply.status >= 500) fail(`mistyped input was answered ${reply.status}`, { reply, expected: 'a 4xx refusal or a 2xx', actual: String(reply.status) });
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant).filter((op) => op.params.length > 0).map(bad_input_gets_no_server_error);
}
