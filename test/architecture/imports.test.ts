/**
 * One direction of dependencies: no import cycle anywhere (type imports and dynamic imports count),
 * and no layer imports a layer above it. The spec model depends on nothing of src/; the engine and
 * the reports never import the library or the CLI; the check engine never imports the reports; the
 * library (src/api/: the check run, the runners' integrations, the peer-format properties, the
 * single-exchange matchers) never imports the CLI, which is a layer over it.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?[^'";]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (name.endsWith('.ts')) out.push(path);
  }
  return out;
}

/** Module (path relative to the repository) → the modules it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...sources(join(REPO_ROOT, 'src')), ...sources(join(REPO_ROOT, 'specs'))]) {
    const text = readFileSync(file, 'utf8');
    const deps: string[] = [];
    for (const m of text.matchAll(IMPORT)) deps.push(relative(REPO_ROOT, resolve(dirname(file), m[1] ?? m[2]!)));
    graph.set(relative(REPO_ROOT, file), deps);
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const dep of graph.get(node) ?? []) {
      if (!graph.has(dep)) continue;
      if (state.get(dep) === 'open') found.push([...stack.slice(stack.indexOf(dep)), dep]);
      else if (!state.has(dep)) visit(dep);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

/** Layer of a module, and the layers it must never import. */
const FORBIDDEN: readonly { readonly from: string; readonly never: readonly string[] }[] = [
  { from: 'specs/', never: ['src/'] },
  { from: 'src/check/', never: ['src/cli/', 'src/api/', 'src/report/'] },
  { from: 'src/report/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/server/', never: ['src/cli/', 'src/api/', 'src/check/', 'src/report/'] },
  { from: 'src/proto/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/traffic/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/proxy/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/fuzz/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/detect/', never: ['src/cli/', 'src/api/'] },
  { from: 'src/api/', never: ['src/cli/'] },
];

describe('architecture', () => {
  const graph = importGraph();

  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('src/check/check.ts')).toContain('src/check/outcome.ts');
    // The library judges with the engine's own modules (one copy): the properties, the proxy's validator.
    expect(graph.get('src/api/proto.ts')).toContain('src/proto/properties.ts');
    expect(graph.get('src/api/matchers.ts')).toContain('src/traffic/validate.ts');
  });

  it('has no import cycle', () => {
    expect(cycles(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('finds a cycle when there is one (the detector itself)', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(cycles(g)).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('has the CLI run checks through the library: the command never runs the suites itself', () => {
    const command = graph.get('src/cli/commands/check.ts')!;
    expect(command).toContain('src/api/check.ts');
    for (const engine of ['src/check/registry.ts', 'src/check/select.ts', 'src/report/model.ts', 'src/server/index.ts']) expect(command).not.toContain(engine);
  });

  it('imports no layer above its own', () => {
    const upward: string[] = [];
    for (const [module, deps] of graph) {
      for (const rule of FORBIDDEN.filter((r) => module.startsWith(r.from))) {
        for (const dep of deps) if (rule.never.some((layer) => dep.startsWith(layer))) upward.push(`${module} -> ${dep}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
