import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
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

/**
 * Path of the module `relative` (written with its .ts name) to the module at `base` (its import.meta.url),
 * in the tree that runs: the .ts source, or its compiled .js beside the compiled `base`.
 */
export function moduleBeside(base: string, relative: string): string {
  const path = fileURLToPath(new URL(relative, base));
  return COMPILED ? path.replace(/\.ts$/, '.js') : path;
}

/**
 * Node's arguments (after the executable) that run a module of this tree as a program: compiled, plain
 * Node; as source, through tsx's loader (a development dependency, present wherever the sources run).
 */
export function nodeArgsFor(module: string): string[] {
  if (COMPILED) return [module];
  return ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, module];
}
