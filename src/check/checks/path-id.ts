/**
 * `path-id/<operation>`: a show operation shows the record whose id the path names, not another one.
 */
import type { Variant } from '../../../specs/model/index.ts';
import { operationIdOf } from '../../../specs/model/index.ts';
import type { Check } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import { exampleFor } from '../examples.ts';
import { sendExample } from './support/example-requests.ts';
import type { OpenApiOperation } from './support/openapi-operations.ts';
import { openApiOperations } from './support/openapi-operations.ts';

export function path_id_names_the_record(op: OpenApiOperation): Check {
  return defineCheck({
    id: `path-id/${op.id}`,
    fn: 'path_id_names_the_record',
    description: `${op.method} ${op.path}.json shows the record whose id the path names`,
    requirements: ['IB-2-path-id'],
    resource: op.resource,
    operation: op.id,
    readOnly: true,
    async run(ctx) {
      // Show an older record, not the newest: a server that always shows its newest record must fail.
      const resourcePrefix = op.id.split('.')[0]!;
      const listing = operationIdOf(resourcePrefix, 'list');
      if (!listing) throw new Error(`${op.id}: the model has no ${resourcePrefix}.list to find records with`);
      const list = async () => {
        const reply = await ctx.target.call(listing, {});
        ctx.note(reply);
        return (reply.list() ?? []).map((r) => Number(r.id)).filter((n) => Number.isSafeInteger(n) && n > 0);
      };
      await exampleFor(ctx, op.id);
      let ids = await list();
      const create = resourcePrefix === 'posts' ? 'uploads.create' : operationIdOf(resourcePrefix, 'create');
      if (ids.length < 2 && create && ctx.target.exists(create)) {
        await sendExample(ctx, create, await exampleFor(ctx, create), 'json');
        ids = await list();
      }
      if (ids.length < 2) skip(`fewer than two ${resourcePrefix} records to tell apart`);
      const wanted = Math.min(...ids);
      const reply = await ctx.target.call(op.id, { path: Object.fromEntries(ctx.target.operation(op.id).params.filter((p) => p.location === 'path').map((p) => [p.name, wanted])) });
      ctx.note(reply);
      const record = reply.record();
      if (!reply.ok || !record) fail(`the record of id ${wanted} is not shown`, { reply, expected: 'one record', actual: String(reply.status) });
      if (!('id' in record)) skip('the record has no id field to compare (INT-record-fields)');
      if (String(record.id) !== String(wanted)) fail(`the path names id ${wanted} but the record shown has id ${String(record.id)}`, { reply, expected: String(wanted), actual: String(record.id) });
    },
  });
}

export function checks(variant: Variant): Check[] {
  return openApiOperations(variant).filter((op) => op.method === 'GET' && op.path.endsWith('/{id}')).map(path_id_names_the_record);
}
