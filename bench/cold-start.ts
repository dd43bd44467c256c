/**
 * Start-up of the `conform` command: wall time from spawning `node bin/conform.js ARGS` to its exit, for
 * `--help`, `spec --variant A` and a one-check run against the embedded server
 * (`check --variant A --only served/posts.list/json`).
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

const CASES: Record<string, (report: string) => string[]> = {
  '--help': () => ['--help'],
  'spec --variant A': () => ['spec', '--variant', 'A'],
  'check, one check': (report) => ['check', '--variant', 'A', '--only', 'served/posts.list/json', '--quiet', '--report', report],
};

/** Runs the command once with TMPDIR=tmp; resolves with its wall time in ms, rejects unless it exits 0. */
function timed(args: string[], tmp: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TMPDIR: tmp } });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
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
  for (const [name, args] of Object.entries(CASES)) {
    const first: number[] = [];
    for (let i = 0; i < runs; i++) {
      const tmp = mkdtempSync(join(root, 'first-'));
      first.push(await timed(args(join(tmp, 'report')), tmp));
      rmSync(tmp, { recursive: true, force: true });
    }
    const shared = mkdtempSync(join(root, 'again-'));
    await timed(args(join(shared, 'report-warm-up')), shared);
    const again: number[] = [];
    for (let i = 0; i < runs; i++) again.push(await timed(args(join(shared, `report-${i}`)), shared));
    process.stdout.write(`${name.padEnd(18)} first: ${stats(first)};  again: ${stats(again)}\n`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
