/** A `conform check` stopped with SIGTERM or SIGINT leaves no process behind: the suites' process stops with it. */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { BIN } from './helpers.ts';

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

describe('conform check and signals', { timeout: 120_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s ends the run and its suites process', async (signal) => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-signal-'));
    const child = spawn(process.execPath, [BIN, 'check', '--variant', 'B', '--report', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
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
      while (suites.some(alive)) await new Promise((resolve) => setImmediate(resolve));
      expect(suites.filter(alive)).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
