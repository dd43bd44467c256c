/**
 * The operations of a variant as its published OpenAPI description gives them
 * (specs/openapi/imageboard.<V>.json): method, path, requirement ids, and the parameters other than
 * path ids, with their REQUIRED flag, value set and type. The per-operation checks are generated from it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationId, Variant } from '../../../../specs/model/index.ts';
import { isOperationId, perVariant } from '../../../../specs/model/index.ts';
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import { hasRequirement } from '../../../../specs/requirements/index.ts';
import { REPO_ROOT } from '../../../paths.ts';
import { openApiPath } from '../../../spec/openapi.ts';

export interface OpenApiOperation {
  readonly id: OperationId;
  readonly method: string;
  readonly path: string;
  readonly resource: string;
  readonly requirements: readonly RequirementId[];
  readonly params: readonly { name: string; required: boolean; enum?: readonly string[]; type?: string; in: string }[];
}

/**
 * The operations of a variant as the published OpenAPI description gives them; the file is read once
 * per process (every run generates its checks from it, and the generative phase looks operations up).
 */
export const openApiOperations: (variant: Variant) => readonly OpenApiOperation[] = perVariant(readOperations);

function readOperations(variant: Variant): readonly OpenApiOperation[] {
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
