/**
 * Files are named by the model's resource ids in every layer: every operation of the model is declared
 * in specs/model/operations/<its resource>.ts and served by the module of
 * src/server/resources/<its resource>.ts, and each of those files holds its own resource's operations
 * only (a version listing, `post_versions.list`, is its resource's: `posts`). The resource tests of
 * test/server/resource-modules/ are named the same way.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { OperationSpec } from '../../specs/model/index.ts';
import { OPERATIONS, RESOURCES, isOperationId, operation } from '../../specs/model/index.ts';
import type { ResourceModule } from '../../src/server/registry.ts';
import { RESOURCE_MODULES } from '../../src/server/resources/index.ts';
import { REPO_ROOT } from '../../src/paths.ts';

const RESOURCE_IDS: ReadonlySet<string> = new Set(RESOURCES.map((r) => r.id));
const MODEL_DIR = join(REPO_ROOT, 'specs/model/operations');
const SERVER_DIR = join(REPO_ROOT, 'src/server/resources');
const CASES_DIR = join(REPO_ROOT, 'test/server/resource-modules');
/** Case files that are about every resource of the cases, not one. */
const CROSS_RESOURCE_CASES = new Set(['bad-input', 'operations']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
}

function isOperationTable(value: unknown): value is readonly OperationSpec[] {
  return Array.isArray(value) && value.length > 0 && value.every((o) => o !== null && typeof o === 'object' && 'id' in o && 'resource' in o && 'method' in o);
}

function isResourceModule(value: unknown): value is ResourceModule {
  return value !== null && typeof value === 'object' && 'resource' in value && 'handlers' in value;
}

/** Where a file's name and the resources of what it holds disagree: one line each. */
function misplaced(file: string, resourceOf: readonly { readonly what: string; readonly resource: string }[]): string[] {
  const base = file.replace(/\.ts$/, '');
  const out: string[] = [];
  if (!RESOURCE_IDS.has(base)) out.push(`${file}: ${base} is not a resource id of the model`);
  for (const x of resourceOf) if (x.resource !== base) out.push(`${file}: ${x.what} belongs to ${x.resource}`);
  return out;
}

async function load(dir: string, file: string): Promise<Record<string, unknown>> {
  return (await import(pathToFileURL(join(dir, file)).href)) as Record<string, unknown>;
}

/** The operations a resource module serves: its handlers and the operations its fault-only routes take. */
function servedBy(m: ResourceModule): { what: string; resource: string }[] {
  const ids = [...Object.keys(m.handlers), ...(m.extraRoutes ?? []).map((r) => r.baseOp)];
  return ids.map((id) => ({ what: id, resource: isOperationId(id) ? operation(id).resource : `no resource (${id} is not an operation)` }));
}

describe('files named by resource id', () => {
  it('declares every operation of the model in specs/model/operations/<its resource>.ts', async () => {
    const problems: string[] = [];
    const declared: string[] = [];
    for (const file of tsFiles(MODEL_DIR)) {
      const tables = Object.values(await load(MODEL_DIR, file)).filter(isOperationTable);
      if (tables.length === 0) problems.push(`${file}: declares no operation`);
      const ops = tables.flat();
      declared.push(...ops.map((o) => o.id));
      problems.push(...misplaced(file, ops.map((o) => ({ what: o.id, resource: o.resource }))));
    }
    expect(problems).toEqual([]);
    expect(declared.sort()).toEqual(OPERATIONS.map((o) => o.id).sort());
  });

  it('serves every operation from the module of src/server/resources/<its resource>.ts', async () => {
    const problems: string[] = [];
    const modules: ResourceModule[] = [];
    for (const file of tsFiles(SERVER_DIR).filter((f) => f !== 'index.ts')) {
      const found = Object.values(await load(SERVER_DIR, file)).filter(isResourceModule);
      if (found.length !== 1) {
        problems.push(`${file}: exports ${found.length} resource modules, not one`);
        continue;
      }
      const m = found[0]!;
      modules.push(m);
      if (`${m.resource}.ts` !== file) problems.push(`${file}: its module says it serves ${m.resource}`);
      problems.push(...misplaced(file, servedBy(m)));
    }
    expect(problems).toEqual([]);
    // Every module of the directory is served, and the server serves no other.
    expect(new Set(RESOURCE_MODULES)).toEqual(new Set(modules));
    const served = modules.flatMap((m) => Object.keys(m.handlers)).sort();
    expect(served).toEqual(OPERATIONS.map((o) => o.id).sort());
  });

  it('names the resource test cases by resource id', () => {
    const problems = tsFiles(CASES_DIR)
      .filter((f) => f.endsWith('.cases.ts'))
      .map((f) => f.replace(/\.cases\.ts$/, ''))
      .filter((base) => !RESOURCE_IDS.has(base) && !CROSS_RESOURCE_CASES.has(base));
    expect(problems).toEqual([]);
  });

  it('finds an operation in the wrong file (the check itself)', () => {
    expect(misplaced('posts.ts', [{ what: 'posts.list', resource: 'posts' }, { what: 'post_versions.list', resource: 'posts' }])).toEqual([]);
    expect(misplaced('posts.ts', [{ what: 'post_flags.list', resource: 'post_flags' }])).toEqual(['posts.ts: post_flags.list belongs to post_flags']);
    expect(misplaced('forum.ts', [])).toEqual(['forum.ts: forum is not a resource id of the model']);
  });
});
