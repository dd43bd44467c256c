/**
 * Start-up of the `conform` command: wall time from spawning `node bin/conform.js ARGS` to its exit, for
 * `--help`, `spec --variant A`, a run against a target where nothing listens (the command and its suites'
 * process start, then stop at the first connection: exit 2) and a one-check run against the embedded server
 * (`check --variant A --only served/posts.list/json`: INCOMPLETE, exit 3).
 *
 * Two figures per command: `first`, every run with an empty temporary directory of its own (no cache of
 * compiled modules nor migrated database template from an earlier run: a first start on a fresh machine,
 * the file system cache aside), and `again`, runs that share one temporary directory after a warm-up run.
 *
 *   npx tsx bench/cold-start.ts [runs] [--bin PATH]     (default 5 runs, this checkout's bin/conform.js)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const binAt = argv.indexOf('--bin');
const bin = binAt >= 0 ? argv.splice(binAt, 2)[1]! : join(import.meta.dirname, '..', 'bin', 'conform.js');
const runs = Number(argv[0] ?? 5);

/** Each case: its arguments (given a report directory) and the exit code it must end with. */
const CASES: Record<string, { args: (report: string) => string[]; code: number }> = {
  '--help': { args: () => ['--help'], code: 0 },
  'spec --variant A': { args: () => ['spec', '--variant', 'A'], code: 0 },
  'check, target down': { args: (report) => ['check', '--variant', 'A', '--target', 'http://127.0.0.1:9', '--quiet', '--report', report], code: 2 },
  'check, one check': { args: (report) => ['check', '--variant', 'A', '--only', 'served/posts.list/json', '--quiet', '--report', report], code: 3 },
};

/** Runs the command once with TMPDIR=tmp; resolves with its wall time in ms, rejects unless it exits with `expected`. */
function timed(args: string[], tmp: string, expected: number): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: tmp } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code === expected) resolve(ms);
      else reject(new Error(`conform ${args.join(' ')} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${Math.round(median)} ms, min ${Math.round(sorted[0]!)} ms`;
}

const root = mkdtempSync(join(tmpdir(), 'conform-bench-start-'));
try {
  process.stdout.write(`node ${process.version}, ${bin}, ${runs} runs each\n`);
  for (const [name, { args, code }] of Object.entries(CASES)) {
    const first: number[] = [];
    for (let i = 0; i < runs; i++) {
      const tmp = mkdtempSync(join(root, 'first-'));
      first.push(await timed(args(join(tmp, 'report')), tmp, code));
      rmSync(tmp, { recursive: true, force: true });
    }
    const shared = mkdtempSync(join(root, 'again-'));
    await timed(args(join(shared, 'report-warm-up')), shared, code);
    const again: number[] = [];
    for (let i = 0; i < runs; i++) again.push(await timed(args(join(shared, `report-${i}`)), shared, code));
    process.stdout.write(`${name.padEnd(18)} first: ${stats(first)};  again: ${stats(again)}\n`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
