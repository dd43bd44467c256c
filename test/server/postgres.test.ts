/**
 * The DATABASE_URL path: the reference server on a real PostgreSQL server, with the same migrations,
 * checked by the conformance checks. The test starts a throwaway cluster of Debian's PostgreSQL
 * (package postgresql, installed by .ci/run) as the postgres user on a loopback port.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { allChecks } from '../../src/check/registry.ts';
import { runCheck } from '../../src/check/run-check.ts';
import { selectChecks } from '../../src/check/select.ts';
import { startServer } from '../../src/server/index.ts';
import { scaled } from '../support/time.ts';
import { postgresBin } from '../support/tools.ts';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const bin = postgresBin();
const root = userInfo().uid === 0;
const why = !bin ? 'PostgreSQL server binaries are not installed (Debian package postgresql)' : undefined;
if (why) process.stdout.write(`postgres.test: skipped: ${why}\n`);

describe.skipIf(why !== undefined)('reference server on PostgreSQL (DATABASE_URL)', { timeout: scaled(120_000) }, () => {
  let dir = '';
  let url = '';
  const as = (args: string[]) => (root ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0]!, args.slice(1)]) as [string, string[]];
  const run = (args: string[]) => {
    const [cmd, rest] = as(args);
    execFileSync(cmd, rest, { stdio: 'pipe' });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'conform-pg-'));
    if (root) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
    const port = await freePort();
    run([join(bin!, 'initdb'), '-D', join(dir, 'data'), '-A', 'trust', '-U', 'conform', '--no-sync']);
    run([join(bin!, 'pg_ctl'), '-D', join(dir, 'data'), '-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
    url = `postgres://conform@127.0.0.1:${port}/postgres`;
  });

  afterAll(() => {
    if (dir && existsSync(join(dir, 'data'))) {
      try {
        run([join(bin!, 'pg_ctl'), '-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves both variants and passes the per-operation and post checks', async () => {
    for (const variant of ['A', 'B'] as const) {
      const server = await startServer({ variant, databaseUrl: url, port: 0, allowFetch: ['127.0.0.1'] });
      const config = {
        target: server.url, variant, accountsPath: DEFAULT_ACCOUNTS, only: ['served/*', 'posts/*', 'dmails/*', 'versions/*'],
        strict: true, readOnly: false, includeQuota: false, timeoutMs: 10_000, maxBodyBytes: 8 << 20, seed: 5, prefix: `pg${variant}${Date.now().toString(36)}`, phase: 'all' as const,
      };
      const { ctx, close } = await createContext(config, server.url, `pg${variant}`);
      try {
        const checks = selectChecks(allChecks(variant), config);
        expect(checks.length).toBeGreaterThan(100);
        const failures: string[] = [];
        for (const check of checks) {
          const r = await runCheck(check, ctx, true);
          if (r.status === 'fail') failures.push(`${r.check}: ${r.message}`);
        }
        expect(failures).toEqual([]);
      } finally {
        await close();
        await server.close();
      }
    }
  });
});
