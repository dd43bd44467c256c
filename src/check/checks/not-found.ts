/**
 * `not-found/<operation>`: a path naming an id that does not exist is answered 404.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { fieldOf } from '../target.ts';
import { sendExample } from './support/example-requests.ts';
import { expectRefusalEnvelope } from './support/reply-contract.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';

const UNKNOWN_ID = 987654321;

export function unknown_id_is_not_found(op: OpenApiOperation): Check {
  return defineCheck({
    id: `not-found/${op.id}`,
    fn: 'unknown_id_is_not_found',
    description: `${op.method} ${op.path}.json with an id that does not exist is answered 404, and through .xml in XML${op.method === 'GET' ? '' : ' (the outcome envelope in each, saying success=false)'}`,
    requirements: op.method === 'GET' ? ['IB-7-not-found', 'IB-2-format-xml'] : ['IB-7-not-found', 'IB-7-envelope-json', 'IB-7-envelope-xml', 'IB-7-envelope-agrees'],
    resource: op.resource,
    operation: op.id,
    readOnly: op.method === 'GET',
    async run(ctx) {
      const example = await exampleFor(ctx, op.id);
      const missing = op.params.filter((p) => p.required && example.fields?.[fieldOf(p.name)] === undefined);
      const set = Object.fromEntries(missing.map((p) => [p.name, p.enum?.[0] ?? '1']));
      const reply = await sendExample(ctx, op.id, example, 'json', { id: UNKNOWN_ID, set });
      if (reply.status !== 404) fail(`id ${UNKNOWN_ID} (which does not exist) was answered ${reply.status}`, { reply, expected: '404', actual: String(reply.status) });
      if (op.method !== 'GET') {
        // Through the .xml path too; a refused write answers with the envelope all the same, in either format.
        const xml = await sendExample(ctx, op.id, example, 'xml', { id: UNKNOWN_ID, set });
        if (xml.status !== 404) fail(`id ${UNKNOWN_ID} (which does not exist) was answered ${xml.status} through the .xml path`, { reply: xml, expected: '404', actual: String(xml.status) });
        expectRefusalEnvelope(reply, `${op.method} ${op.path}.json with id ${UNKNOWN_ID}`);
        expectRefusalEnvelope(xml, `${op.method} ${op.path}.xml with id ${UNKNOWN_ID}`);
        return;
      }
      // Through the .xml path too: the 404 is answered in XML (the path selects the format, whatever the outcome).
      const xml = await sendExample(ctx, op.id, example, 'xml', { id: UNKNOWN_ID, set });
      if (xml.status !== 404) fail(`id ${UNKNOWN_ID} (which does not exist) was answered ${xml.status} through the .xml path`, { reply: xml, expected: '404', actual: String(xml.status) });
      const parsed = xml.text().trim() === '' ? undefined : xml.wellFormed();
      if (parsed && !parsed.ok) fail(`the 404 to ${op.path}.xml is not well-formed XML: ${parsed.error}`, { reply: xml, expected: 'an XML body (or none)', actual: xml.text().slice(0, 200), requirement: 'IB-2-format-xml' });
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant).filter((op) => /\{[a-z_]+\}/.test(op.path)).map(unknown_id_is_not_found);
}
