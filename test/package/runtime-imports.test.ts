/**
 * What the compiled package imports: the bundled engine (dist/bundle/, the only JavaScript the package
 * ships besides bin/conform.js) imports only Node's built-in modules, its own chunks, and the packages of
 * `dependencies`; it carries every other package it uses inside it. A package it imports that is not a
 * dependency would be missing from an install with --omit=dev; this finds it without installing anything
 * (test/package/install.test.ts installs for real).
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { SourceMapPayload } from 'node:module';
import { builtinModules, SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { build, stop } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIST = join(ROOT, 'dist');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  exports: Record<string, string | { types: string; import: string }>;
};

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.js') ? [join(dir, e.name)] : [],
  );
}

/** The package a bare specifier names: `@scope/name` or `name`. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('the compiled package', () => {
  const files = modules(DIST);

  it('is built: dist/ holds the command and the programs it starts, compiled and bundled', () => {
    for (const entry of ['src/cli/main.js', 'src/check/suites-process.js', 'src/proto/testees/run.js', 'bundle/main.js', 'bundle/suites-process.js', 'bundle/run.js']) {
      expect(files).toContain(join(DIST, entry));
    }
  });

  it("exports the library's entry points, each bundled with its declarations", () => {
    for (const [name, target] of Object.entries(pkg.exports)) {
      if (typeof target === 'string') continue;
      expect(files, name).toContain(join(ROOT, target.import));
      expect(readFileSync(join(ROOT, target.types), 'utf8'), name).toMatch(/export /);
    }
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './node-test', './package.json', './vitest']);
  });

  it('bundles every package but those the build leaves outside, which are runtime dependencies', async () => {
    // The bundle carries other packages' text (comments naming modules): esbuild's own parse finds its imports.
    const bundle = files.filter((f) => f.startsWith(join(DIST, 'bundle') + sep));
    const found = new Set<string>();
    /** Which bundle files import vitest. */
    const vitestImporters = new Set<string>();
    try {
      await build({
        entryPoints: bundle, bundle: true, write: false, format: 'esm', platform: 'node', outdir: tmpdir(), logLevel: 'error',
        plugins: [{ name: 'record', setup: (b) => b.onResolve({ filter: /.*/ }, (a) => {
          if (a.kind === 'entry-point') return undefined;
          found.add(a.path);
          if (a.path === 'vitest') vitestImporters.add(a.importer);
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
    expect([...new Set(packages)].sort()).toEqual(['@electric-sql/pglite', 'pg', 'protobufjs', 'vitest']);
    // Those, and only those, are installed with the package: what the bundle carries is a development
    // dependency (the build's input), which a user's install does not fetch. vitest is the user's own
    // (imageboard-conform/vitest), an optional peer dependency.
    // Imported by the vitest entry points alone (the integration, the matchers): the command never loads it.
    expect([...vitestImporters].map((f) => f.replace(join(DIST, 'bundle') + '/', '')).every((f) => /^vitest(-matchers)?\.js$/.test(f)), [...vitestImporters].join(', ')).toBe(true);
    const peers = Object.keys(pkg.peerDependencies);
    expect(peers).toEqual(['vitest']);
    expect(pkg.peerDependenciesMeta.vitest?.optional).toBe(true);
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...new Set(packages)].filter((p) => !peers.includes(p)).sort());
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

  it('leaves test runners and compilers to devDependencies', () => {
    for (const dev of ['vitest', 'tsx', 'typescript', 'eslint', 'dredd']) {
      expect(pkg.dependencies, dev).not.toHaveProperty(dev);
    }
  });
});
