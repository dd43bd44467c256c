import { Validator } from '@seriousme/openapi-schema-validator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from '../../specs/requirements/index.ts';
import { staleGenerated } from '../../src/spec/generated.ts';
import { openApiPath } from '../../src/spec/openapi.ts';

const root = join(__dirname, '..', '..');
const load = (v: 'A' | 'B') => JSON.parse(readFileSync(join(root, openApiPath(v)), 'utf8'));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

function operationsOf(doc: ReturnType<typeof load>): { key: string; op: Record<string, unknown> }[] {
  const out: { key: string; op: Record<string, unknown> }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const [method, op] of Object.entries(item)) if (METHODS.includes(method)) out.push({ key: `${method} ${path}`, op });
  }
  return out;
}

describe('generated OpenAPI descriptions', () => {
  it('are checked in as a fresh generation from specs/ (run `npm run generate` after changing the model)', async () => {
    expect(await staleGenerated()).toEqual([]);
  });

  it.each(['A', 'B'] as const)('variant %s validates against the OpenAPI 3.1 schema (independent validator)', async (v) => {
    const validator = new Validator();
    const result = await validator.validate(load(v));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes 72 operations for A (71 + notes create) and 64 for B', () => {
    expect(operationsOf(load('A'))).toHaveLength(72);
    expect(operationsOf(load('B'))).toHaveLength(64);
  });

  it.each(['A', 'B'] as const)('variant %s: every operation has a unique operationId and carries requirement ids that exist', (v) => {
    const ids: ReadonlySet<string> = new Set(REQUIREMENTS.map((r) => r.id));
    const ops = operationsOf(load(v));
    expect(new Set(ops.map((o) => o.op.operationId)).size).toBe(ops.length);
    for (const { key, op } of ops) {
      const carried = op['x-conform-requirements'] as string[];
      expect(carried.length, key).toBeGreaterThan(0);
      for (const id of carried) expect(ids.has(id), `${key}: ${id}`).toBe(true);
    }
  });

  it.each(['A', 'B'] as const)('variant %s: both the .json and the .xml form of every path are reachable', (v) => {
    for (const [path, item] of Object.entries(load(v).paths as Record<string, Record<string, { parameters: { name: string; in: string; schema: { enum: string[] } }[] }>>)) {
      expect(path.endsWith('.{format}'), path).toBe(true);
      for (const [method, op] of Object.entries(item)) {
        const format = op.parameters.find((p) => p.name === 'format' && p.in === 'path');
        expect(format?.schema.enum, `${method} ${path}`).toEqual(['json', 'xml']);
      }
    }
  });

  it('every requirement is carried by an operation of a variant it applies to, or checked by a scenario', () => {
    const carried = new Map<string, Set<string>>();
    for (const v of ['A', 'B'] as const) {
      for (const { op } of operationsOf(load(v))) {
        for (const id of op['x-conform-requirements'] as string[]) (carried.get(id) ?? carried.set(id, new Set()).get(id)!).add(v);
      }
    }
    const orphans = REQUIREMENTS.filter((r) => !r.scenario && !r.variants.some((v) => carried.get(r.id)?.has(v))).map((r) => r.id);
    expect(orphans).toEqual([]);
  });

  it('marks REQUIRED parameters required and uses enums for value sets', () => {
    const a = load('A');
    const revert = a.paths['/posts/{id}/revert.{format}'].put;
    expect(revert.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual(['version_id']);
    const related = a.paths['/related_tag.{format}'].get;
    expect(related.parameters.find((p: { name: string }) => p.name === 'query').required).toBe(true);
    expect(related.parameters.find((p: { name: string }) => p.name === 'category').schema.enum).toEqual(['0', '1', '3', '4']);
    const vote = a.paths['/posts/{post_id}/votes.{format}'].post;
    expect(vote.requestBody.content['application/x-www-form-urlencoded'].schema.properties.score.enum).toEqual(['up', 'down']);
  });

  it('describes uploads as multipart with the file-or-source rule', () => {
    const upload = load('B').paths['/uploads.{format}'].post;
    const multipart = upload.requestBody.content['multipart/form-data'].schema;
    expect(multipart.properties['upload[file]']).toBeDefined();
    expect(multipart.anyOf).toEqual([{ required: ['upload[file]'] }, { required: ['upload[source]'] }]);
    expect(multipart.required).toEqual(['upload[rating]', 'upload[tag_string]']);
  });

  it('marks notes create as not shown, citing its interpretation', () => {
    const create = load('A').paths['/notes.{format}'].post;
    expect(create['x-conform-shown']).toBe(false);
    expect(create['x-conform-interpretations']).toEqual(['INT-notes-create-path']);
  });

  it('describes the four authentication methods', () => {
    const schemes = load('B').components.securitySchemes;
    expect(schemes.basic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(schemes.api_key).toMatchObject({ type: 'apiKey', name: 'api_key' });
    expect(schemes.login).toMatchObject({ type: 'apiKey', name: 'login' });
    expect(schemes.password_hash).toMatchObject({ type: 'apiKey', name: 'password_hash' });
    expect(schemes.session_password_hash).toMatchObject({ type: 'apiKey', in: 'cookie' });
  });
});
