import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(import.meta.url);

/**
 * Whether this module runs compiled (dist/src/paths.js, made by `npm run build`, what the package ships)
 * rather than as TypeScript source (src/paths.ts, under tsx or vitest).
 */
export const COMPILED = extname(HERE) === '.js';

/**
 * The repository (package) root: package.json, specs/, proto/, fixtures/ live here. Compiled code runs from
 * dist/src/, one level deeper than the sources, and reads the same data files.
 */
export const REPO_ROOT = join(dirname(HERE), COMPILED ? '../..' : '..');

/** Defined (as `true`) by the build in the bundled engine only (scripts/build.js); undeclared anywhere else. */
declare const CONFORM_BUNDLED: boolean | undefined;

/**
 * Whether this module runs in the bundled engine: dist/bundle/, the programs the build bundles (the command,
 * the suites' process, the TypeScript testee) with the packages they use, one file each plus shared chunks,
 * which start faster than the same modules loaded one by one from dist/src/. import.meta.url keeps naming
 * the module's place in dist/src/ there, so paths relative to a module mean the same in all three trees.
 */
const BUNDLED = typeof CONFORM_BUNDLED !== 'undefined';

/** Where the bundled engine's programs are (scripts/build.js). */
const BUNDLE_DIR = join(REPO_ROOT, 'dist', 'bundle');

/**
 * Path of the program module `relative` (written with its .ts name) to the module at `base` (its
 * import.meta.url), in the tree that runs: the .ts source; its compiled .js beside the compiled `base`; in
 * the bundled engine, the bundle's program of that name, if the build bundled it.
 */
export function moduleBeside(base: string, relative: string): string {
  const path = fileURLToPath(new URL(relative, base));
  if (!COMPILED) return path;
  const compiled = path.replace(/\.ts$/, '.js');
  const bundled = join(BUNDLE_DIR, basename(compiled));
  return BUNDLED && existsSync(bundled) ? bundled : compiled;
}

/**
 * Node's arguments (after the executable) that run a module of this tree as a program: compiled, plain
 * Node; as source, through tsx's loader (a development dependency, present wherever the sources run).
 */
export function nodeArgsFor(module: string): string[] {
  if (COMPILED) return [module];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, module];
}
