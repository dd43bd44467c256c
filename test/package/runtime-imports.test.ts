/**
 * What the compiled package imports: every module of dist/ (built by the global set-up) imports only
 * Node's built-in modules, its own modules, and packages of `dependencies`; the bundled engine
 * (dist/bundle/) carries every other package it uses inside it. A development dependency
 * (vitest, tsx, TypeScript, ...) imported at run time would be missing from an install with --omit=dev;
 * this finds it without installing anything (test/package/install.test.ts installs for real).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SourceMapPayload } from 'node:module';
import { builtinModules, SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { build, stop } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );
}

/** The specifiers of a module's static imports and re-exports and of its dynamic imports with a literal. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
    found.push((m[1] ?? m[2] ?? m[3])!);
  }
  return found;
}

/** The package a bare specifier names: `@scope/name` or `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('the compiled package', () => {
  const files = modules(DIST);
  const compiled = files.filter((f) => !f.startsWith(join(DIST, 'bundle') + sep));

  it('is built: dist/ holds the command and the programs it starts, compiled and bundled', () => {
    for (const entry of ['src/cli/main.js', 'src/check/suites-process.js', 'src/proto/testees/run.js', 'bundle/main.js', 'bundle/suites-process.js', 'bundle/run.js']) {
      expect(files).toContain(join(DIST, entry));
    }
  });

  it('bundles every package but those the build leaves outside, which are runtime dependencies', async () => {
    // The bundle carries other packages' text (comments naming modules): esbuild's own parse finds its imports.
    const bundle = files.filter((f) => f.startsWith(join(DIST, 'bundle') + sep));
    const found = new Set<string>();
    try {
      await build({
        entryPoints: bundle, bundle: true, write: false, format: 'esm', platform: 'node', outdir: tmpdir(), logLevel: 'error',
        plugins: [{ name: 'record', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => {
          if (a.kind === 'entry-point') return undefined;
          found.add(a.path);
          return { external: true };
        }) }],
      });
    } finally {
      await stop();
    }
    // What bundled CommonJS still requires when it runs.
    for (const f of bundle) for (const m of readFileSync(f, 'utf8').matchAll(/__require\("([^"]+)"\)/g)) found.add(m[1]!);
    const builtins = new Set(builtinModules);
    const packages = [...found].filter((s) => !s.startsWith('.') && !s.startsWith('node:') && !builtins.has(s)).map(packageOf);
    expect([...new Set(packages)].sort()).toEqual(['@electric-sql/pglite', 'pg', 'protobufjs', 'testcontainers']);
    for (const name of packages) expect(pkg.dependencies, name).toHaveProperty(name);
  });

  it("maps the bundle's own code to its TypeScript sources, and a bundled package's code to nothing", () => {
    const file = join(DIST, 'bundle', 'main.js');
    const lines = readFileSync(file, 'utf8').split('\n');
    const map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
    const at = (text: string) => {
      const line = lines.findIndex((l) => l.includes(text));
      expect(line, text).toBeGreaterThanOrEqual(0);
      return map.findEntry(line, lines[line]!.indexOf(text)) as { originalSource?: string };
    };
    expect(at('async function main(argv)').originalSource).toMatch(/\/src\/cli\/main\.ts$/);
    // commander, bundled: its frames name the bundle's own file and line.
    expect(at('extends Error').originalSource).toBeUndefined();
  });

  it('imports only built-in modules, its own modules and runtime dependencies (dist/src/)', () => {
    const builtins = new Set(builtinModules);
    const wrong: string[] = [];
    const used = new Set<string>();
    for (const file of compiled) {
      for (const s of specifiers(readFileSync(file, 'utf8'))) {
        if (s.startsWith('.')) {
          expect(s, `${relative(ROOT, file)} imports ${s}`).toMatch(/\.js$/);
          continue;
        }
        if (s.startsWith('node:') || builtins.has(s)) continue;
        const name = packageOf(s);
        used.add(name);
        if (!(name in pkg.dependencies)) wrong.push(`${relative(ROOT, file)} imports ${s}${name in pkg.devDependencies ? ' (a devDependency)' : ''}`);
      }
    }
    expect(wrong).toEqual([]);
    // The scan sees the imports at all: the command's own framework is among them.
    expect(used).toContain('commander');
  });

  it('leaves test runners and compilers to devDependencies', () => {
    for (const dev of ['vitest', 'tsx', 'typescript', 'eslint', 'dredd']) {
      expect(pkg.dependencies, dev).not.toHaveProperty(dev);
    }
  });
});
