/**
 * Full certification of the embedded reference server, as a user runs it:
 * `conform check --variant <V>` in a child process, wall time including server start, and the run's peak
 * resident memory as report.json counts it (both processes).
 *
 *   npx tsx bench/check-full.ts [A|B] [runs]
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const variant = process.argv[2] ?? 'A';
const runs = Number(process.argv[3] ?? 3);
const bin = join(import.meta.dirname, '..', 'bin', 'conform.js');

for (let i = 1; i <= runs; i++) {
  const dir = mkdtempSync(join(tmpdir(), 'conform-bench-'));
  const started = performance.now();
  let code = 0;
  try {
    await run(process.execPath, [bin, 'check', '--variant', variant, '--quiet', '--seed', String(i), '--report', dir], { timeout: 300_000 });
  } catch (err) {
    code = (err as { code: number }).code;
  }
  const wall = (performance.now() - started) / 1000;
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { requests: number; durationMs: number; counts: Record<string, number>; verdict: string; peakRssBytes?: number };
  console.log(
    `run ${i}: variant ${variant}, exit ${code}, ${report.verdict}, ${report.counts.total} checks, ${report.requests} requests, ` +
      `wall ${wall.toFixed(1)} s (checks ${(report.durationMs / 1000).toFixed(1)} s), ${(report.requests / wall).toFixed(0)} requests/s over the wall time, ` +
      `peak RSS ${((report.peakRssBytes ?? NaN) / 1048576).toFixed(0)} MiB`,
  );
  rmSync(dir, { recursive: true, force: true });
}
