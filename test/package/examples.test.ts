/**
 * The examples (examples/vitest-project/, examples/node-test-project/) as users run them: each copied into
 * a temporary project whose imageboard-conform dependency is the packed tarball, installed with
 * --omit=dev (vitest, TypeScript and Node's types, the examples' development dependencies, are linked from
 * this clone's node_modules: only the npm registry is reachable, and slowly). Each passes against the
 * reference server; with one of its faults switched on, the tests that fail are exactly the checks
 * `conform check --fault` fails, for faults of three families. Each type-checks (tsc --strict) against
 * the package's published declarations.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaled } from '../support/time.ts';
import { cleanEnv, PACKAGE, ROOT, seedInstall, sharedInstall } from './helpers.ts';

const exec = promisify(execFile);
const MODULES = realpathSync(join(ROOT, 'node_modules'));
/** The checks the examples run (their default `only`): two resources, enough for the faults below. */
const ONLY = ['artists', 'pools'];
/** One fault of each family: the protocol layer, a resource's behaviour, an operation not served. */
const FAULTS = ['json-malformed', 'artists-sort-ignored', 'unserved:pools.create'];

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return exec(command, args, { cwd, env: cleanEnv(env), timeout: scaled(300_000), maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );
}

/**
 * Links a package of this clone's node_modules into a project's (a development dependency of the example),
 * unless the install brought it (Node's types come with a runtime dependency's).
 */
function linkFromClone(project: string, name: string): void {
  const at = join(project, 'node_modules', name);
  if (existsSync(at)) return;
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(join(MODULES, name), at, 'dir');
}

interface Example {
  readonly name: string;
  /** The failing tests' check ids, and the number of tests; `fault` switched on in the reference server. */
  failing(dir: string, fault?: string): Promise<{ failed: string[]; total: number; output: string }>;
}

const EXAMPLES: readonly Example[] = [
  {
    name: 'vitest-project',
    async failing(dir, fault) {
      const out = join(dir, 'results.json');
      const r = await run(process.execPath, [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--reporter=json', `--outputFile=${out}`], dir, fault ? { CONFORM_FAULT: fault } : {});
      const results = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { assertionResults: { title: string; status: string }[] }[] };
      const tests = results.testResults.flatMap((f) => f.assertionResults);
      return { failed: tests.filter((t) => t.status === 'failed').map((t) => t.title.split(' ')[0]!), total: tests.length, output: r.stdout + r.stderr };
    },
  },
  {
    name: 'node-test-project',
    async failing(dir, fault) {
      const r = await run(process.execPath, ['--test', '--test-reporter=tap'], dir, fault ? { CONFORM_FAULT: fault } : {});
      // Tests are named `<check id> [<requirement ids>]`; the suite that holds them is not one of them.
      const tests = [...r.stdout.matchAll(/^\s*(not ok|ok) \d+ - (\S+) \[/gm)];
      return { failed: tests.filter((m) => m[1] === 'not ok').map((m) => m[2]!), total: tests.length, output: r.stdout + r.stderr };
    },
  },
];

describe('the examples, installed from the tarball', { timeout: scaled(600_000) }, () => {
  let work = '';
  let bin = '';
  const dirs = new Map<string, string>();

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'conform-examples-'));
    const install = await sharedInstall();
    bin = join(install.app, 'node_modules', PACKAGE.name, 'bin', 'conform.js');
    for (const example of EXAMPLES) {
      const dir = join(work, example.name);
      // The shared install's node_modules, linked: npm finds the tarball's package and its dependencies there.
      await seedInstall(install, dir);
      cpSync(join(ROOT, 'examples', example.name), dir, { recursive: true });
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      const deps = manifest.dependencies?.[PACKAGE.name] !== undefined ? manifest.dependencies : manifest.devDependencies!;
      expect(deps[PACKAGE.name], example.name).toBe('file:../..');
      deps[PACKAGE.name] = `file:${install.tarball}`;
      writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
      const r = await run('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], dir);
      expect(r.code, r.stderr).toBe(0);
      for (const dev of Object.keys(manifest.devDependencies ?? {})) if (dev !== PACKAGE.name) linkFromClone(dir, dev);
      dirs.set(example.name, dir);
    }
  }, scaled(900_000));

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  for (const example of EXAMPLES) {
    it(`${example.name}: type-checks with tsc --strict against the published declarations`, async () => {
      const dir = dirs.get(example.name)!;
      const r = await run(process.execPath, [join(dir, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', '--strict', '-p', dir], dir);
      expect(r.stdout + r.stderr).toBe('');
      expect(r.code).toBe(0);
    });

    it(`${example.name}: passes against the reference server`, async () => {
      const { failed, total, output } = await example.failing(dirs.get(example.name)!);
      expect(total, output).toBeGreaterThan(50);
      expect(failed, output).toEqual([]);
    });
  }

  // Each fault through one of the runners in turn: both runners map results alike (test/api/*-runner.test.ts).
  for (const [i, fault] of FAULTS.entries()) {
    const runners = [EXAMPLES[i % EXAMPLES.length]!];
    it(`with the fault ${fault}, the failing tests of ${runners[0]!.name} are the checks conform check --fault fails`, async () => {
      const report = join(work, `report-${fault.replace(/\W/g, '-')}`);
      await mkdir(report);
      const cli = await run(process.execPath, [bin, 'check', '--variant', 'A', '--fault', fault, '--only', ...ONLY, '--quiet', '--report', report], work);
      expect(cli.code, cli.stderr).toBe(1);
      const results = (JSON.parse(readFileSync(join(report, 'report.json'), 'utf8')) as { results: { check: string; status: string; blocks?: string[] }[] }).results;
      const expected = results.filter((r) => (r.status === 'fail' || r.status === 'blocked') && !r.blocks).map((r) => r.check).sort();
      expect(expected.length).toBeGreaterThan(0);
      for (const example of runners) {
        const { failed, output } = await example.failing(dirs.get(example.name)!, fault);
        expect(failed.sort(), `${example.name}\n${output.slice(-4000)}`).toEqual(expected);
      }
    });
  }
});
