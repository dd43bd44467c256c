/**
 * A `conform check` stopped with SIGTERM or SIGINT (a CI cancel) stops its run, writes every report,
 * marked interrupted with the signal's own name and the checks that did not run, and leaves no
 * process behind: the suites' process stops with it. Then it ends as the signal would have.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model.ts';
import { REPORT_FILES } from '../../src/report/write.ts';
import { BIN } from './helpers.ts';
import { stopChild } from '../support/children.ts';
import { scaled } from '../support/time.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function children(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

// Each signal's run is its own process tree: side by side.
describe('conform check and signals', { timeout: scaled(120_000), concurrent: true }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s ends the run and its suites process, and every report is written, marked interrupted', async (signal) => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-signal-'));
    // Its own process group, so that whatever happens, nothing of it outlives the test.
    const child = spawn(process.execPath, [BIN, 'check', '--variant', 'B', '--report', dir], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    try {
      // Wait until the suites run: the first progress line of their results.
      await new Promise<void>((resolve, reject) => {
        const lines = createInterface({ input: child.stderr! });
        lines.on('line', (line) => {
          if (/^\s+\.\.\. \d+\/\d+ checks/.test(line)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`conform exited (${code}) before the suites started`)));
      });
      const suites = children(child.pid!);
      expect(suites.length).toBeGreaterThan(0);
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, sig) => resolve(sig)));
      child.kill(signal);
      expect(await exited).toBe(signal);
      // The suites' process got SIGTERM from its parent: wait for it to be gone (bounded by the test timeout).
      while (suites.some(alive)) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(suites.filter(alive)).toEqual([]);
      // Every report, marked interrupted by this very signal, with the checks that did not run.
      expect(readdirSync(dir).sort()).toEqual([...REPORT_FILES].sort());
      const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
      expect(report.interrupted!.signal).toBe(signal);
      expect(report.verdict).not.toBe('conformant');
      const notRun = report.results.filter((r) => r.notRun === 'interrupted');
      expect(notRun.length).toBeGreaterThan(0);
      expect(notRun.map((r) => r.check).sort()).toEqual([...report.interrupted!.notRun].sort());
      for (const r of notRun) expect(r).toMatchObject({ status: 'skip', message: `not run: the run was interrupted (${signal}) before this check` });
      expect(report.errors.join('\n')).not.toMatch(/SIGTERM|SIGINT/);
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain(`(interrupted by ${signal})`);
      expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain(`interrupted by ${signal}`);
    } finally {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
