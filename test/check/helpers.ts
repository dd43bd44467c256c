/**
 * Running `conform` as a user does, from tests: a child process, its exit code, output and report
 * directory (removed by `cleanup`, also when a test fails).
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Report } from '../../src/report/model.ts';

export const BIN = join(__dirname, '..', '..', 'bin', 'conform.js');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly dir: string;
  readonly report?: Report;
}

/** Temporary directories and processes of one test file, removed by `cleanup()`. */
export class Scratch {
  private readonly dirs: string[] = [];
  private readonly children: ChildProcess[] = [];

  dir(label: string): string {
    const d = mkdtempSync(join(tmpdir(), `conform-${label}-`));
    this.dirs.push(d);
    return d;
  }

  /** `conform ARGS --report DIR`, to its end. */
  conform(args: readonly string[], timeoutMs = 170_000): Promise<Run> {
    const dir = this.dir('report');
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args, '--report', dir], { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        const report = readdirSync(dir).includes('report.json') ? (JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report) : undefined;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr, dir, ...(report ? { report } : {}) });
      });
    });
  }

  /** `conform serve ARGS --port 0`; resolves with its URL once it says it listens. */
  async serve(args: readonly string[]): Promise<{ url: string; stop(): Promise<void> }> {
    const child = spawn(process.execPath, [BIN, 'serve', ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.push(child);
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const m = /listening on (http:\/\/\S+)/.exec(line);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`conform serve exited (${code}) before listening: ${stderr}`)));
    });
    return { url, stop: () => stop(child) };
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.children.map(stop));
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
