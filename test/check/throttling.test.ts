/**
 * INT-throttling: a 421 (or 429) outside the quota tier is a transient refusal, waited out within the
 * budget (Retry-After honoured); past the budget the check is skipped as throttled, never failed. The
 * quota tier sees the 421 itself.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccounts } from '../../src/check/accounts.ts';
import { CheckSkip } from '../../src/check/check.ts';
import { HttpClient, resetTargetHealth } from '../../src/check/http.ts';
import { Redactor } from '../../src/check/redact.ts';
import { DEFAULT_THROTTLING, Target, retryAfterMs } from '../../src/check/target.ts';
import { DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { startServer } from '../../src/server/index.ts';

let server: Server;
let base = '';
/** Answers 421 to the first `throttleFirst` requests of each path, then 200. */
const seen = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const n = (seen.get(path) ?? 0) + 1;
    seen.set(path, n);
    const limit = path.startsWith('/always') ? Infinity : 2;
    if (n <= limit) {
      res.writeHead(421, { 'content-type': 'application/json', 'retry-after': path.startsWith('/always') ? '3600' : '0' });
      res.end('{"success":false,"reason":"user is throttled, try again later"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  resetTargetHealth();
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ACCOUNTS = JSON.stringify({ accounts: [{ name: 'm', role: 'Member', level: 20, api_key: 'member-key-0123456789' }] });

function target(prefix: string, onWait?: (what: string) => void): { t: Target; close(): Promise<void> } {
  const redactor = new Redactor();
  const http = new HttpClient({ timeoutMs: 2000, maxBodyBytes: 1 << 20, redactor, readOnly: false });
  return { t: new Target(`${base}/${prefix}`, 'A', parseAccounts(ACCOUNTS, 'test', 'A', redactor), http, { ...DEFAULT_THROTTLING, maxWaitMs: 2000, ...(onWait ? { onWait } : {}) }), close: () => http.close() };
}

describe('throttled requests', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString(), Date.now())).toBeGreaterThan(8000);
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  it('are sent again until the target serves them, counted, and each wait told as it begins', async () => {
    const waits: string[] = [];
    const { t, close } = target('twice', (what) => waits.push(what));
    try {
      const reply = await t.call('posts.list', {});
      expect(reply.status).toBe(200);
      expect(t.throttledRetries).toBe(2);
      expect(waits).toEqual([0, 1].map(() => 'GET /twice/posts.json was answered 421: every check waits 0.0 s before its next request (Retry-After)'));
      // A target that serves at once: nothing to tell.
      await t.call('posts.list', {});
      expect(waits).toHaveLength(2);
    } finally {
      await close();
    }
  });

  it('make the check skip as throttled when the wait asked exceeds the budget', async () => {
    const { t, close } = target('always');
    try {
      const err = await t.call('posts.list', {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CheckSkip);
      expect((err as Error).message).toMatch(/^throttled: GET \/always\/posts\.json was answered 421/);
    } finally {
      await close();
    }
  });

  it('reach the quota tier as they are: a 421 is its answer', async () => {
    const { t, close } = target('quota');
    try {
      const reply = await t.call('posts.list', { expectThrottle: true });
      expect(reply.status).toBe(421);
      expect(t.throttledRetries).toBe(0);
    } finally {
      await close();
    }
  });
});

describe('a reference server whose hourly quota the account has spent', () => {
  it('says how long until the quota is whole again (Retry-After), so a check skips at once instead of backing off for minutes', async () => {
    // Quotas scaled to a thousandth (a few requests), in a window of a billion seconds: the rest of it,
    // which the 421 asks to wait, is far past a check's budget (the next window starts in 2033).
    const server = await startServer({ variant: 'A', port: 0, quotaScale: 0.001, quotaWindowSeconds: 1e9 });
    const redactor = new Redactor();
    const http = new HttpClient({ timeoutMs: 2000, maxBodyBytes: 1 << 20, redactor, readOnly: false });
    try {
      const t = new Target(server.url, 'A', parseAccounts(readFileSync(DEFAULT_ACCOUNTS, 'utf8'), 'test', 'A', redactor), http, DEFAULT_THROTTLING);
      let served = 0;
      while ((await t.call('posts.list', { expectThrottle: true })).status === 200) expect(++served).toBeLessThan(100);
      const started = Date.now();
      const err = await t.call('posts.list', {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CheckSkip);
      const m = /^throttled: GET \/posts\.json was answered 421 and the wait it asks \((\d+)\.\d s\) exceeds what is left of the budget/.exec((err as Error).message);
      expect(m, (err as Error).message).not.toBeNull();
      expect(Number(m![1])).toBeGreaterThan(DEFAULT_THROTTLING.maxWaitMs / 1000);
      // Not one back-off.
      expect(t.throttledRetries).toBe(0);
      expect(Date.now() - started).toBeLessThan(DEFAULT_THROTTLING.maxWaitMs);
    } finally {
      await http.close();
      await server.close();
    }
  });
});
