/**
 * The watch over a running check judges each step, not the whole check: a check of many quick
 * requests, a long exchange within --timeout and a wait a target asked for all run to their end;
 * a check that stops making progress is cut off.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpClient, resetTargetHealth } from '../../src/check/http.ts';
import { Redactor } from '../../src/check/redact.ts';
import { watchCheck } from '../../src/check/watchdog.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  // Answers after ?ms= milliseconds: a slow target.
  server = createServer((req, res) => {
    const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[]');
    }, ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const QUIET = 300;
const client = (): HttpClient => new HttpClient({ timeoutMs: 2000, maxBodyBytes: 1024, redactor: new Redactor([]) });
const STUCK = 'stuck';
const stuck = (quiet: number): string => `${STUCK} after ${quiet} ms`;

describe('the watch over a check', () => {
  beforeEach(() => resetTargetHealth());

  it('lets a check of many quick requests run far past the quiet limit', async () => {
    const http = client();
    try {
      let answered = 0;
      const result = await watchCheck(
        http,
        async () => {
          // 20 requests of 40 ms: about three times the quiet limit in all, each well within it.
          for (let i = 0; i < 20; i++) if ((await http.send({ method: 'GET', url: `${base}/?ms=40` })).status === 200) answered++;
          return 'done';
        },
        stuck,
        QUIET,
      );
      expect(result).toBe('done');
      expect(answered).toBe(20);
    } finally {
      await http.close();
    }
  });

  it('lets one exchange take up to --timeout, and a wait the target asked for, though each is longer than the quiet limit', async () => {
    const http = client();
    try {
      const result = await watchCheck(
        http,
        async () => {
          const slow = await http.send({ method: 'GET', url: `${base}/?ms=${QUIET * 2}` });
          await http.pause(QUIET * 2); // a Retry-After
          return `done ${slow.status}`;
        },
        stuck,
        QUIET,
      );
      expect(result).toBe('done 200');
    } finally {
      await http.close();
    }
  });

  it('cuts off a check that stops making progress', async () => {
    const http = client();
    try {
      let sent = 0;
      const result = await watchCheck(
        http,
        async () => {
          await http.send({ method: 'GET', url: `${base}/?ms=10` });
          sent++;
          await new Promise<never>(() => undefined); // waits on something that never settles
          return 'done';
        },
        stuck,
        QUIET,
      );
      expect(result).toBe(`${STUCK} after ${QUIET} ms`);
      expect(sent).toBe(1);
    } finally {
      await http.close();
    }
  });

  it('passes on what the check throws', async () => {
    const http = client();
    try {
      await expect(watchCheck(http, () => Promise.reject(new Error('boom')), stuck, QUIET)).rejects.toThrow('boom');
    } finally {
      await http.close();
    }
  });
});
