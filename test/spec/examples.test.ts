/**
 * The examples of the OpenAPI descriptions: the captured answers are what the reference server answers
 * now (the capture is deterministic), and every example, request or response, is valid against the
 * schema it illustrates.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../specs/model/index.ts';
import { captureExamples, serializeCapture } from '../../src/server/examples.ts';
import { examplesPath } from '../../src/spec/examples.ts';
import { openApiPath } from '../../src/spec/openapi.ts';
import { REPO_ROOT } from '../../src/paths.ts';

type Json = Record<string, unknown>;
interface Operation {
  readonly operationId: string;
  readonly parameters: readonly { name: string; in: string; required?: boolean; schema: Json; example?: unknown }[];
  readonly requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  readonly responses: Record<string, { $ref?: string; content?: Record<string, { schema: Json; examples?: Record<string, { value: unknown }> }> }>;
}

const read = (rel: string) => readFileSync(join(REPO_ROOT, rel), 'utf8');
const METHODS = new Set(['get', 'put', 'post', 'delete']);

function operations(doc: Json): { key: string; op: Operation }[] {
  const out: { key: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.has(method)) out.push({ key: `${method.toUpperCase()} ${path}`, op });
  }
  return out;
}

/** A validator of the description's schemas: its components are reachable under their own $refs. */
function validatorFor(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', components: (doc.components as Json) ?? {} });
  return (schema: Json, value: unknown): string[] => {
    const rooted = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')) as Json;
    const validate = ajv.compile(rooted);
    return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  };
}

describe.each(VARIANTS)('examples of variant %s', (variant) => {
  const doc = JSON.parse(read(openApiPath(variant))) as Json;

  it('the checked-in capture is what the reference server answers to the example requests now', async () => {
    const capture = await captureExamples(variant);
    expect(serializeCapture(capture)).toBe(read(examplesPath(variant)));
    // The one operation whose example request cannot succeed (INT-forum-post-topic).
    expect(capture.refused.map((r) => `${r.operation} ${r.status}`)).toEqual(['forum_posts.create 420']);
  });

  it('every 2xx JSON answer of the capture is shown, and valid against its response schema', () => {
    const valid = validatorFor(doc);
    const captured = (JSON.parse(read(examplesPath(variant))) as { operations: Record<string, { body: unknown }> }).operations;
    let shown = 0;
    for (const { key, op } of operations(doc)) {
      const media = op.responses['200']?.content?.['application/json'];
      const example = media?.examples?.reference?.value;
      if (captured[op.operationId] === undefined) {
        expect(example, key).toBeUndefined();
        continue;
      }
      expect(example, key).toEqual(captured[op.operationId]!.body);
      expect(valid(media!.schema, example), key).toEqual([]);
      shown++;
    }
    // Every operation but forum post create.
    expect(shown).toBe(operations(doc).length - 1);
  });

  it('every request example is valid against its schema: path ids, format, REQUIRED parameters and bodies', () => {
    const valid = validatorFor(doc);
    for (const { key, op } of operations(doc)) {
      for (const p of op.parameters) {
        if (p.in === 'path' || p.required) expect(p.example, `${key} ${p.name}`).toBeDefined();
        if (p.example !== undefined) expect(valid(p.schema, p.example), `${key} ${p.name}`).toEqual([]);
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        const required = (media.schema.required as string[] | undefined) ?? [];
        if (required.length > 0) expect(media.example, `${key} ${type}`).toBeDefined();
        if (media.example !== undefined) expect(valid(media.schema, media.example), `${key} ${type}`).toEqual([]);
      }
    }
  });
});
