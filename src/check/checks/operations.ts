/**
 * Per-operation checks, generated from the published OpenAPI description of the variant
 * (specs/openapi/imageboard.<V>.json): for every operation and both formats, the route is served,
 * the body parses in the requested format, the status is documented, and state-changing calls
 * return the envelope agreeing with the status; each REQUIRED parameter is refused when omitted;
 * each value set is enforced; unknown ids are 404; bad input never gets a 5xx; and the other
 * variant's operations do not succeed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Format, OperationId, Variant } from '../../../specs/model/index.ts';
import { absentOperations, FORMATS, isOperationId, operationIdOf, operationsFor } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import { hasRequirement, requirementIds } from '../../../specs/requirements/index.ts';
import { REPO_ROOT } from '../../paths.ts';
import { openApiPath } from '../../spec/openapi.ts';
import type { Check, CheckContext } from '../check.ts';
import { defineCheck, fail, skip } from '../check.ts';
import type { Example } from '../examples.ts';
import { exampleFor } from '../examples.ts';
import type { Reply } from '../target.ts';
import { fieldOf } from '../target.ts';
import { expectDocumentedStatus, expectEnvelope, expectParses } from './expect.ts';

/** Statuses that refuse invalid parameters (INT-missing-required-status, INT-out-of-set-status). */
export const PARAMETER_REFUSALS = [420, 424] as const;

interface OpenApiOperation {
  readonly id: OperationId;
  readonly method: string;
  readonly path: string;
  readonly resource: string;
  readonly requirements: readonly RequirementId[];
  readonly params: readonly { name: string; required: boolean; enum?: readonly string[]; type?: string; in: string }[];
}

/** The operations of a variant as the published OpenAPI description gives them. */
export function openApiOperations(variant: Variant): OpenApiOperation[] {
  const doc = JSON.parse(readFileSync(join(REPO_ROOT, openApiPath(variant)), 'utf8')) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const out: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        operationId: string;
        tags: string[];
        parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: string[]; type?: string } }[];
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, { enum?: string[]; type?: string }>; required?: string[] } }> };
        'x-conform-requirements': string[];
      };
      const params: OpenApiOperation['params'][number][] = [];
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') continue;
        params.push({ name: p.name, in: p.in, required: p.required === true, ...(p.schema?.enum ? { enum: p.schema.enum } : {}), ...(p.schema?.type ? { type: p.schema.type } : {}) });
      }
      const form = op.requestBody?.content['multipart/form-data'] ?? op.requestBody?.content['application/x-www-form-urlencoded'];
      for (const [name, schema] of Object.entries(form?.schema.properties ?? {})) {
        params.push({ name, in: 'body', required: form?.schema.required?.includes(name) ?? false, ...(schema.enum ? { enum: schema.enum } : {}), ...(schema.type ? { type: schema.type } : {}) });
      }
      if (!isOperationId(op.operationId)) throw new Error(`${openApiPath(variant)}: operation ${op.operationId} is not in the spec model (regenerate it: npm run generate)`);
      const unknown = op['x-conform-requirements'].filter((id) => !hasRequirement(id));
      if (unknown.length > 0) throw new Error(`${openApiPath(variant)}: ${op.operationId} cites requirements not in the catalogue: ${unknown.join(', ')}`);
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path: path.replace(/\.\{format\}$/, ''),
        resource: op.operationId.split('.')[0]!,
        requirements: op['x-conform-requirements'].filter(hasRequirement),
        params,
      });
    }
  }
  return out;
}

async function send(ctx: CheckContext, opId: OperationId, example: Example, format: Format, change: { drop?: string; set?: Record<string, string>; id?: number } = {}): Promise<Reply> {
  const fields: Record<string, NonNullable<Example['fields']>[string]> = { ...example.fields };
  if (change.drop) fields[fieldOf(change.drop)] = undefined;
  for (const [name, value] of Object.entries(change.set ?? {})) fields[fieldOf(name)] = value;
  const path = change.id !== undefined ? Object.fromEntries(Object.keys(example.path ?? {}).map((k) => [k, change.id!])) : example.path;
  const reply = await ctx.target.call(opId, { format, fields, ...(path ? { path } : {}) });
  ctx.note(reply);
  return reply;
}

function servedCheck(op: OpenApiOperation, format: Format, variant: Variant): Check {
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
      const reply = await send(ctx, op.id, example, format);
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
        const e = reply.envelope();
        fail(`a valid request was refused with ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, { reply, requirement: served, expected: '2xx', actual: String(reply.status) });
      }
      if (reply.status === 204) return; // INT-204-envelope: no body; success read from the status (B refused above)
      expectParses(reply);
      if (stateChanging) expectEnvelope(reply);
    },
  });
}

function contentTypeCheck(op: OpenApiOperation, format: Format): Check {
  return defineCheck({
    id: `content-type/${op.id}/${format}`,
    fn: 'content_type_names_format',
    description: `${op.method} ${op.path}.${format} is served with a ${format === 'json' ? 'JSON' : 'XML'} Content-Type`,
    requirements: ['IB-2-content-type'],
    resource: op.resource,
    operation: op.id,
    readOnly: true,
    async run(ctx) {
      const reply = await send(ctx, op.id, await exampleFor(ctx, op.id), format);
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

/** Documented statuses that refuse a request, other than 420/424 (section 7). */
const OTHER_REFUSALS = [403, 404, 422, 423];

function refusedWithParameterStatus(reply: Reply, what: string, requirement: RequirementId, reading: 'INT-missing-required-status' | 'INT-out-of-set-status'): void {
  if (!(PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) {
    // The refusal is the text's demand; 420 or 424 is the register's reading. Another documented
    // refusal (a revert without version_id answered 404: the version is not found) rests on that reading only.
    const e = reply.envelope();
    const refusedAnyway = OTHER_REFUSALS.includes(reply.status) && !(e.ok && e.envelope.success === true);
    fail(`${what} was answered ${reply.status}`, {
      reply, requirement, expected: `420 or 424 (${reading})`, actual: String(reply.status), ...(refusedAnyway ? { interpretation: reading } : {}),
    });
  }
  const e = reply.envelope();
  if (reply.op?.stateChanging && e.ok && e.envelope.success !== false) {
    fail(`${what} was answered with envelope success=${String(e.envelope.success)}`, { reply, requirement, expected: 'success false', actual: String(e.envelope.success) });
  }
}

function requiredCheck(op: OpenApiOperation, param: string): Check {
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
      const reply = await send(ctx, op.id, example, 'json', { drop: param });
      refusedWithParameterStatus(reply, `a request without ${param}`, id, 'INT-missing-required-status');
    },
  });
}

const OUT_OF_SET = 'conform-not-a-listed-value';

function valuesCheck(op: OpenApiOperation, param: string, values: readonly string[], requirementId: RequirementId): Check {
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
        const reply = await send(ctx, op.id, example, 'json', { set: { [param]: value } });
        if (example.expect === 'success' && !reply.ok) {
          const e = reply.envelope();
          fail(`the listed value ${param}=${value} was refused with ${reply.status}${e.ok ? ` ("${e.envelope.reason}")` : ''}`, {
            reply, expected: `2xx for ${value}`, actual: String(reply.status),
          });
        }
      }
      const example = await exampleFor(ctx, op.id);
      const reply = await send(ctx, op.id, example, 'json', { set: { [param]: OUT_OF_SET } });
      refusedWithParameterStatus(reply, `${param}=${OUT_OF_SET} (not a listed value)`, requirementId, 'INT-out-of-set-status');
      // Where the variants list different values ("A: ... / B: ..."), the other variant's are not this one's.
      for (const value of otherVariantOnlyValues(ctx.variant, op.id, param)) {
        const other = await send(ctx, op.id, await exampleFor(ctx, op.id), 'json', { set: { [param]: value } });
        refusedWithParameterStatus(other, `${param}=${value} (a value of the other variant only)`, requirementId, 'INT-out-of-set-status');
      }
    },
  });
}

/** The values of a parameter in the other variant, absent from this one's set (e.g. B's rating words in A). */
export function otherVariantOnlyValues(variant: Variant, opId: string, name: string): string[] {
  const other = operationsFor(variant === 'A' ? 'B' : 'A').find((o) => o.id === opId)?.params.find((p) => p.name === name)?.values ?? [];
  const mine = operationsFor(variant).find((o) => o.id === opId)?.params.find((p) => p.name === name)?.values ?? [];
  return other.filter((v) => !mine.includes(v));
}

const UNKNOWN_ID = 987654321;

function notFoundCheck(op: OpenApiOperation): Check {
  return defineCheck({
    id: `not-found/${op.id}`,
    fn: 'unknown_id_is_not_found',
    description: `${op.method} ${op.path}.json with an id that does not exist is answered 404`,
    requirements: ['IB-7-not-found'],
    resource: op.resource,
    operation: op.id,
    readOnly: op.method === 'GET',
    async run(ctx) {
      const example = await exampleFor(ctx, op.id);
      const missing = op.params.filter((p) => p.required && example.fields?.[fieldOf(p.name)] === undefined);
      const set = Object.fromEntries(missing.map((p) => [p.name, p.enum?.[0] ?? '1']));
      const reply = await send(ctx, op.id, example, 'json', { id: UNKNOWN_ID, set });
      if (reply.status !== 404) fail(`id ${UNKNOWN_ID} (which does not exist) was answered ${reply.status}`, { reply, expected: '404', actual: String(reply.status) });
    },
  });
}

function pathIdCheck(op: OpenApiOperation): Check {
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
        await send(ctx, create, await exampleFor(ctx, create), 'json');
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

function badInputCheck(op: OpenApiOperation): Check {
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
      const reply = await send(ctx, op.id, example, 'json', { set: bad });
      if (reply.status >= 500) fail(`mistyped input was answered ${reply.status}`, { reply, expected: 'a 4xx refusal or a 2xx', actual: String(reply.status) });
    },
  });
}

function absentCheck(opId: OperationId, method: string, path: string, resource: string): Check {
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

/** Every per-operation check of a variant. */
export function operationChecks(variant: Variant): Check[] {
  const checks: Check[] = [];
  for (const op of openApiOperations(variant)) {
    for (const format of FORMATS) checks.push(servedCheck(op, format, variant));
    if (op.method === 'GET') for (const format of FORMATS) checks.push(contentTypeCheck(op, format));
    for (const p of op.params.filter((x) => x.required)) checks.push(requiredCheck(op, p.name));
    for (const p of op.params.filter((x) => x.enum)) {
      const reqId = [requirementIds.values(op.id, p.name), requirementIds.values(op.id, p.name, variant)].find((id) => op.requirements.includes(id));
      if (reqId) checks.push(valuesCheck(op, p.name, p.enum!, reqId));
    }
    if (/\{[a-z_]+\}/.test(op.path)) checks.push(notFoundCheck(op));
    if (op.method === 'GET' && op.path.endsWith('/{id}')) checks.push(pathIdCheck(op));
    if (op.params.length > 0) checks.push(badInputCheck(op));
  }
  for (const op of absentOperations(variant)) checks.push(absentCheck(op.id, op.method, op.path, op.resource));
  return checks;
}

