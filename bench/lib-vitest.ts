/**
 * Variant A through `describeConformance` (imageboard-conform/vitest, one vitest test per check) against
 * the reference server in the test's process, and `conform check --variant A` against its embedded
 * server: wall time of each, in child processes, from the built package (npm run build first). The two run
 * the same checks with the same seed and concurrency; the difference is vitest's start-up and its
 * collection and reporting of ~560 tests.
 *
 *   npx tsx bench/lib-vitest.ts [runs]
 *   BENCH_EXEC_ARGV="--liftoff-only --interrupt-budget=200000" npx tsx bench/lib-vitest.ts [runs]
 *
 * The second gives vitest's worker the V8 tiering `conform` sets for itself (src/tiering.ts), which the
 * library leaves to the caller's process. Measured on a quiet 2-core machine (load 0.09; 3 runs, medians):
 * 5.4 s vs 7.0 s (1.30x; runs 1.17-1.38x): about 1.6 s of vitest's start-up and its collection and
 * reporting of 564 tests. Shared with other work: 10.6 s vs 11.5 s (1.09x), with the tiering flags
 * 10.1 s vs 12.2 s (1.21x).
 *
 * Since describeConformance starts its suites' process when the tests are registered and the fixture
 * starts its server in a beforeAll (target: () => server.url), the server starts while the checks load
 * (5 runs each, 2026-11-29): load 1.8-4, 5.0 s vs 5.8 s (1.18x; runs 1.16-1.22x); load 0.2-1.1, 6.1 s vs
 * 7.4 s (1.21x; runs 1.13-1.27x). What is left is vitest's own start: the test file is imported 1.27 s
 * after the command starts (1.1 s of it before the worker imports the package), against about 0.3 s for
 * `conform` to load; after that the two runs take the same time.
 *
 * 2026-11-29, 7 runs each, the machine otherwise idle: load 1.4, 6.5 s vs 6.9 s (median ratio 1.06; runs
 * 1.03-1.17x); load about 2, 5.7 s vs 6.5 s (1.15; runs 1.00-1.18x). A vitest run of 560 trivial tests
 * takes 1.0-1.2 s here whatever its pool or isolation: that is the floor of the difference.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const runs = Number(process.argv[2] ?? 3);
const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'conform.js');
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const CONFIG = join(ROOT, 'bench', 'support', 'lib-vitest.config.mjs');

/** Wall seconds of one child, and its exit code. */
async function timed(args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<{ seconds: number; code: number; output: string }> {
  const started = performance.now();
  const { code, output } = await exec(process.execPath, args, { env: { ...process.env, ...env }, timeout: 600_000, maxBuffer: 64 * 1024 * 1024 }).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code ?? -1, output: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
  );
  return { seconds: (performance.now() - started) / 1000, code, output };
}

const cli: number[] = [];
const lib: number[] = [];
for (let i = 1; i <= runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'conform-bench-'));
  try {
    const c = await timed([BIN, 'check', '--variant', 'A', '--quiet', '--seed', String(i), '--report', dir]);
    const v = await timed([VITEST, 'run', '--config', CONFIG], { BENCH_SEED: String(i), BENCH_REPORTER: 'dot', NO_COLOR: '1' });
    const tests = /Tests\s+(?:\S+\s+)?(\d+) passed/.exec(v.output)?.[1] ?? '?';
    cli.push(c.seconds);
    lib.push(v.seconds);
    console.log(`run ${i}: conform check ${c.seconds.toFixed(1)} s (exit ${c.code}); describeConformance under vitest ${v.seconds.toFixed(1)} s (exit ${v.code}, ${tests} tests passed); ratio ${(v.seconds / c.seconds).toFixed(2)}`);
    if (v.code !== 0) console.log(v.output.slice(-3000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`median: conform check ${median(cli).toFixed(1)} s, describeConformance ${median(lib).toFixed(1)} s, ratio ${(median(lib) / median(cli)).toFixed(2)}`);
