/**
 * The DATABASE_URL path: the reference server on a real PostgreSQL server, with the same migrations,
 * checked by the conformance checks. The test starts a throwaway cluster of Debian's PostgreSQL
 * (package postgresql, installed by .ci/run) as the postgres user on a loopback port.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PARAMS, QUOTAS } from '../../specs/model/index.ts';
import { DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { allChecks } from '../../src/check/registry.ts';
import { runCheck } from '../../src/check/run-check.ts';
import { selectChecks } from '../../src/check/select.ts';
import { startServer } from '../../src/server/index.ts';
import { freePort } from '../support/ports.ts';
import { scaled } from '../support/time.ts';
import { postgresBin } from '../support/tools.ts';

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

  it('two servers on one PostgreSQL share the quotas: a Member is throttled after the documented 3000 requests in total across both', async () => {
    const member = (JSON.parse(readFileSync(DEFAULT_ACCOUNTS, 'utf8')) as { accounts: { name: string; role: string; api_key: string }[] }).accounts.find((a) => a.role === 'Member')!;
    const limit = QUOTAS.find((q) => q.who === 'Member')!.perHour;
    // One after the other: each migrates and seeds the database it shares.
    const first = await startServer({ variant: 'A', databaseUrl: url, port: 0 });
    const second = await startServer({ variant: 'A', databaseUrl: url, port: 0 });
    // The checks of the test before spent some of the Member's quota of this hour on this database: the
    // count starts afresh, as in a new hour.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('DELETE FROM request_quota');
    await client.end();
    const dispatchers = [new Agent({ connections: 4 }), new Agent({ connections: 4 })];
    try {
      const query = `${AUTH_PARAMS.login}=${encodeURIComponent(member.name)}&${AUTH_PARAMS.apiKey}=${encodeURIComponent(member.api_key)}&limit=1`;
      const ask = async (i: number) => {
        const r = await request(`${[first, second][i % 2]!.url}/posts.json?${query}`, { dispatcher: dispatchers[i % 2]! });
        await r.body.dump();
        return r.statusCode;
      };
      // The documented number, alternating between the instances, four at a time: none throttled.
      const statuses: number[] = [];
      for (let i = 0; i < limit; i += 4) statuses.push(...(await Promise.all([0, 1, 2, 3].filter((k) => i + k < limit).map((k) => ask(i + k)))));
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(statuses).toHaveLength(limit);
      // One more, at either instance: 421 (each alone has seen only half of them).
      expect(await ask(0)).toBe(421);
      expect(await ask(1)).toBe(421);
    } finally {
      await Promise.all(dispatchers.map((d) => d.close()));
      await first.close();
      await second.close();
    }
  });
});
