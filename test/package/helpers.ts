/** Packing the package and running what installs it, for the tests of the package and its CI integrations. */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { scaled } from '../support/time.ts';

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

export interface SharedInstall {
  /** The packed tarball. */
  readonly tarball: string;
  /** The directory it is installed into: `npm install --omit=dev --engine-strict TARBALL` in an empty project. */
  readonly app: string;
  /** How long the install took. */
  readonly installSeconds: number;
}

const SHARED = 'conform-shared-package';
let shared: Promise<SharedInstall> | undefined;

/**
 * The package packed and installed once per test run, from its tarball into an empty project with
 * `npm install --omit=dev --engine-strict` (test/package/install.test.ts proves that install; the CI
 * integrations start from a copy of it). The test files run in separate processes: the first to ask
 * makes it (a directory made atomically elects it), the others wait for its result, or its error.
 * It lives in the run's temporary root (test/global-setup.ts), which is removed when the run ends.
 */
export function sharedInstall(): Promise<SharedInstall> {
  return (shared ??= (async () => {
    const dir = join(tmpdir(), SHARED);
    const done = join(dir, 'done.json');
    const failed = join(dir, 'failed.txt');
    try {
      mkdirSync(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return waitForInstall(done, failed);
    }
    try {
      const tarball = await pack(dir);
      const app = join(dir, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), '{ "private": true }\n');
      const started = Date.now();
      await exec('npm', ['install', '--omit=dev', '--engine-strict', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball], { cwd: app, env: cleanEnv(), timeout: scaled(600_000) });
      const result: SharedInstall = { tarball, app, installSeconds: (Date.now() - started) / 1000 };
      publish(done, JSON.stringify(result));
      return result;
    } catch (err) {
      publish(failed, err instanceof Error ? (err.stack ?? err.message) : String(err));
      throw err;
    }
  })());
}

/** Writes `file` whole or not at all (a rename), so that a file waiting for it never reads it half written. */
function publish(file: string, text: string): void {
  writeFileSync(`${file}.part`, text);
  renameSync(`${file}.part`, file);
}

/** Waits for another test file's install: its result, or its error. */
async function waitForInstall(done: string, failed: string): Promise<SharedInstall> {
  const deadline = Date.now() + scaled(900_000);
  for (;;) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as SharedInstall;
    if (existsSync(failed)) throw new Error(`the shared install of the package failed in another test file:\n${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the shared install of the package (${dirname(done)}) did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Copies the shared install into `dest` (a project directory a CI script installs the package into),
 * as a runner with the package already installed there would have it: the script's `npm install` of
 * the same tarball then finds it up to date. The files of node_modules are hard links: npm replaces what
 * it changes (it writes by rename), it does not write into them.
 */
export async function seedInstall(from: SharedInstall, dest: string): Promise<void> {
  mkdirSync(dest, { recursive: true });
  await exec('cp', ['-a', join(from.app, 'package.json'), join(from.app, 'package-lock.json'), dest]);
  await exec('cp', ['-al', join(from.app, 'node_modules'), join(dest, 'node_modules')]);
}
