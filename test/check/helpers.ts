/**
 * Running `conform` as a user does, from tests: a child process, its exit code, output and report
 * directory (removed by `cleanup`, also when a test fails).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS } from '../../src/check/config.ts';
import type { Report } from '../../src/report/model.ts';
import type { Variant } from '../../specs/model/index.ts';
import type { Db, ServerOptions } from '../../src/server/index.ts';
import { openDb, startServer } from '../../src/server/index.ts';
import { expect } from 'vitest';
import { Children, stopChild } from '../support/children.ts';
import { scaled } from '../support/time.ts';

export const BIN = join(__dirname, '..', '..', 'bin', 'conform.js');

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly dir: string;
  readonly report?: Report;
}

/** The report.json a run wrote into `dir`, if it wrote one. */
function reportIn(dir: string): { report?: Report } {
  return readdirSync(dir).includes('report.json') ? { report: JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report } : {};
}

/** Temporary directories, processes, servers and the database of one test file, removed by `cleanup()`. */
export class Scratch {
  private readonly dirs: string[] = [];
  private readonly children = new Children();
  private readonly deferred: (() => Promise<unknown>)[] = [];
  private database: Promise<Db> | undefined;

  /** Runs `fn` at cleanup (the last deferred first), before the database closes; its failure is ignored. */
  defer(fn: () => Promise<unknown>): void {
    this.deferred.push(fn);
  }

  /** One embedded database for the file's in-process servers: opened on first use, closed at cleanup. */
  db(): Promise<Db> {
    return (this.database ??= openDb({}));
  }

  /**
   * A reference server of `variant` in this process, on the file's one database, stopped at cleanup; its
   * URL. A target for runs of the command with --target, each of which would otherwise start an embedded
   * server and a database of its own.
   */
  async server(variant: Variant, options: Partial<ServerOptions> = {}): Promise<string> {
    const server = await startServer({ variant, db: await this.db(), port: 0, allowFetch: ['127.0.0.1'], ...options });
    this.defer(() => server.close());
    return server.url;
  }

  dir(label: string): string {
    const d = mkdtempSync(join(tmpdir(), `conform-${label}-`));
    this.dirs.push(d);
    return d;
  }

  /** `conform ARGS --report DIR`, to its end (ended if it runs past `timeoutMs`, scaled to the machine). */
  conform(args: readonly string[], timeoutMs = 170_000): Promise<Run> {
    const dir = this.dir('report');
    return new Promise((resolve) => {
      execFile(process.execPath, [BIN, ...args, '--report', dir], { timeout: scaled(timeoutMs), maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? 1) : 0;
        resolve({ code: typeof code === 'number' ? code : 1, stdout, stderr, dir, ...reportIn(dir) });
      });
    });
  }

  /**
   * `conform ARGS --report DIR` run in this process (../support/cli.ts): for the many small runs of a
   * command whose subject is what it answers, beside runs of the program itself.
   */
  async conformInProcess(args: readonly string[]): Promise<Run> {
    const dir = this.dir('report');
    const { runCli } = await import('../support/cli.ts');
    return { ...(await runCli(...args, '--report', dir)), dir, ...reportIn(dir) };
  }

  /** `conform ARGS` one check at a time, and with the default concurrency of --target (plus `concurrent`), side by side. */
  bothWays(args: readonly string[], concurrent: readonly string[] = []): Promise<[Run, Run]> {
    return Promise.all([this.conform([...args, '--concurrency', '1'], 290_000), this.conform([...args, '--concurrency', String(DEFAULTS.concurrencyTarget), ...concurrent], 290_000)]);
  }

  /** `conform serve ARGS --port 0`; resolves with its URL once it says it listens (stopped if it does not). */
  async serve(args: readonly string[]): Promise<{ url: string; stop(): Promise<void> }> {
    const child = this.children.spawn(process.execPath, [BIN, 'serve', ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const [, url] = await this.children.waitFor(child, /listening on (http:\/\/\S+)\s/);
    return { url: url!, stop: () => stopChild(child) };
  }

  async cleanup(): Promise<void> {
    for (const fn of this.deferred.reverse()) await fn().catch(() => undefined);
    await (await this.database)?.close();
    await this.children.stopAll();
    for (const d of this.dirs) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * No API key, password or legacy hash of the accounts file appears in any output of a run: its standard
 * output and error, every file of its report directory, and `also` (a HAR file's text, say).
 */
export function expectNoSecrets(r: { stdout: string; stderr: string; dir: string }, also: readonly string[] = []): void {
  const accounts = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'accounts.json'), 'utf8')) as { accounts: Record<string, string>[] };
  const secrets = accounts.accounts.flatMap((a) => [a.api_key, a.password, a.password_hash]).filter((x): x is string => typeof x === 'string' && x.length > 0);
  const outputs = [r.stdout, r.stderr, ...readdirSync(r.dir).map((f) => readFileSync(join(r.dir, f), 'utf8')), ...also].join('\n');
  expect(secrets.length).toBeGreaterThan(5);
  for (const secret of secrets) expect(outputs.includes(secret), 'a secret of the accounts file appears in an output of the run').toBe(false);
}

/** Status per check id. */
export function statuses(r: Run): Record<string, string> {
  return Object.fromEntries(r.report!.results.map((x) => [x.check, x.status]));
}

/**
 * A run of one check at a time (`one`) and a run with several at once (`many`, perhaps in another order):
 * the same checks, the same status for every check, the same verdict and exit code.
 */
export function expectSameResults(one: Run, many: Run): void {
  expect(one.report, one.stderr).toBeDefined();
  expect(many.report, many.stderr).toBeDefined();
  expect(one.report!.concurrency).toBe(1);
  expect(many.report!.concurrency).toBeGreaterThan(1);
  expect(many.report!.errors).toEqual([]);
  const a = statuses(one);
  const b = statuses(many);
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  const differ = Object.keys(a)
    .filter((id) => a[id] !== b[id])
    .map((id) => `${id}: ${a[id]} one at a time, ${b[id]} with --concurrency ${many.report!.concurrency} (${many.report!.results.find((x) => x.check === id)!.message ?? ''})`);
  expect(differ).toEqual([]);
  expect(many.report!.verdict).toBe(one.report!.verdict);
  expect(many.code).toBe(one.code);
}
