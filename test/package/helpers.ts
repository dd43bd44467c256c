/** Packing the package and running what installs it, for the tests of the package and its CI integrations. */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const ROOT = join(import.meta.dirname, '..', '..');
export const PACKAGE = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/**
 * The environment without the npm_* variables of an enclosing `npm test`, which would steer npm, and with
 * npm set to prefer its cache (as a CI runner with a warm npm cache is): the dependencies this machine
 * installed are not asked of the registry again, which halves an install's time. What is tested is
 * what installs the package and runs it, not npm's revalidation of its cache.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))), npm_config_prefer_offline: 'true', ...extra };
}

/**
 * `npm pack` into `dir`, as dist/ is (the global set-up brought it up to date; the build is not run
 * again); resolves with the tarball's path.
 */
export async function pack(dir: string): Promise<string> {
  await exec('npm', ['pack', '--ignore-scripts', '--loglevel=error', '--pack-destination', dir], { cwd: ROOT, env: cleanEnv() });
  const tarball = readdirSync(dir).find((f) => f === `${PACKAGE.name}-${PACKAGE.version}.tgz`);
  if (!tarball) throw new Error(`npm pack wrote no ${PACKAGE.name}-${PACKAGE.version}.tgz into ${dir}`);
  return join(dir, tarball);
}
