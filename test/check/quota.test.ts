/**
 * The quota tier from both sides (section 8, INT-quota-lower-side): a 421 by the documented number, and
 * none that lasts before it. The run counts every request it sent as each caller, over all its passes;
 * on a target started for the run that is all the target served, so an early 421 fails there and warns
 * elsewhere. A throttle that lifts after its Retry-After is transient (INT-throttling), not a quota.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checks as quotaChecks } from '../../src/check/checks/quota.ts';
import type { RunConfig } from '../../src/check/config.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { resetTargetHealth } from '../../src/check/http.ts';
import { runCheck } from '../../src/check/run-check.ts';
import { runSuites } from '../../src/check/runner.ts';
import { SpendLedger } from '../../src/check/spend.ts';
import { startServer } from '../../src/server/index.ts';

const ANONYMOUS_A = quotaChecks('A').find((c) => c.id === 'quota/anonymous')!;

function config(prefix: string, freshTarget: boolean, target = ''): RunConfig {
  return {
    target, variant: 'A', accountsPath: DEFAULT_ACCOUNTS, only: ['quota/anonymous'], strict: false, readOnly: false, includeQuota: true,
    timeoutMs: DEFAULTS.timeoutMs, maxBodyBytes: DEFAULTS.maxBodyBytes, seed: 7, prefix, phase: 'quota', ...(freshTarget ? { freshTarget } : {}),
  };
}

async function quotaCheck(url: string, freshTarget: boolean, strict = false) {
  resetTargetHealth();
  const { ctx, close } = await createContext(config(`q${freshTarget ? 'f' : 'n'}`, freshTarget, url), url, 'quota');
  try {
    return await runCheck(ANONYMOUS_A, ctx, strict);
  } finally {
    await close();
  }
}

describe('the spend ledger', () => {
  it('counts by caller from what earlier passes spent', () => {
    const ledger = new SpendLedger({ anonymous: 3 });
    ledger.count('anonymous');
    ledger.count('conform_member');
    expect(ledger.of('anonymous')).toBe(4);
    expect(ledger.of('conform_member')).toBe(1);
    expect(ledger.of('conform_gold')).toBe(0);
    expect(ledger.toJSON()).toEqual({ anonymous: 4, conform_member: 1 });
  });
});

describe('quota/anonymous against a reference server of variant A', () => {
  it('passes on a fresh server: served up to 500, 421 past them', async () => {
    const server = await startServer({ variant: 'A', port: 0 });
    try {
      const r = await quotaCheck(server.url, true);
      expect(r.status, r.message).toBe('pass');
    } finally {
      await server.close();
    }
  });

  it('fails on a fresh server that refuses the 51st request (quota-too-low), naming the request (with --strict: the row is a SHOULD)', async () => {
    const server = await startServer({ variant: 'A', port: 0, fault: 'quota-too-low' });
    try {
      const r = await quotaCheck(server.url, true, true);
      expect(r.status).toBe('fail');
      expect(r.message).toMatch(/^request 51 of this run as anonymous was answered 421 and stayed so after waiting: the quota is 500 an hour$/);
      expect(r.requirements).toEqual(['IB-8-quota-anonymous-A']);
    } finally {
      await server.close();
    }
  });

  it('warns without --strict: the rows of the quota table are SHOULD requirements', async () => {
    const server = await startServer({ variant: 'A', port: 0, fault: 'quota-too-low' });
    try {
      expect((await quotaCheck(server.url, true)).status).toBe('warn');
    } finally {
      await server.close();
    }
  });

  it('is not established on a target that may have served the caller before the run: skipped, naming the reading', async () => {
    const server = await startServer({ variant: 'A', port: 0, fault: 'quota-too-low' });
    try {
      const r = await quotaCheck(server.url, false, true);
      expect(r.status).toBe('skip');
      expect(r.message).toMatch(/^request 51 of this run .*pass --fresh-target .*\(INT-quota-lower-side\)$/);
    } finally {
      await server.close();
    }
  });

  it('counts what the main pass sent as the caller: the 421 at the 501st request of the run is on time', async () => {
    const server = await startServer({ variant: 'A', port: 0 });
    try {
      resetTargetHealth();
      // auth/anonymous-A sends an anonymous request in the main pass; the quota pass starts a new process.
      const outcome = await runSuites({ ...config('qrun', true, server.url), only: ['quota/anonymous', 'auth/anonymous-A'], phase: 'all' });
      const byId = new Map(outcome.results.map((r) => [r.check, r]));
      expect(byId.get('auth/anonymous-A')?.status).toBe('pass');
      expect(byId.get('quota/anonymous')?.status, byId.get('quota/anonymous')?.message).toBe('pass');
      expect(outcome.spent?.anonymous).toBe(501);
    } finally {
      await server.close();
    }
  });
});

describe('a throttle that lifts (INT-throttling)', () => {
  let server: Server;
  let url = '';
  let served = 0;
  beforeAll(async () => {
    // Refuses the 100th request once, for a second; past the anonymous quota, 421 for the hour.
    let n = 0;
    server = createServer((req, res) => {
      n++;
      const refuse = n === 100 || served >= 500;
      if (refuse) {
        res.writeHead(421, { 'content-type': 'application/json', 'retry-after': n === 100 ? '1' : '3600' });
        res.end('{"success":false,"reason":"user is throttled, try again later"}');
        return;
      }
      served++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is waited out and counted: the quota check passes', async () => {
    const r = await quotaCheck(url, true);
    expect(r.status, r.message).toBe('pass');
    expect(served).toBe(500);
  });
});
