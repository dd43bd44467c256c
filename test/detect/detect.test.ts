import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { loadAccounts } from '../../src/check/accounts.ts';
import { HttpClient } from '../../src/check/http.ts';
import { Redactor } from '../../src/check/redact.ts';
import { Target } from '../../src/check/target.ts';
import type { Detection } from '../../src/detect/detect.ts';
import { detectVariant } from '../../src/detect/detect.ts';
import type { Db } from '../../src/server/index.ts';
import { openDb, startServer } from '../../src/server/index.ts';
import { BIN } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

async function detect(url: string, accounts = DEFAULT_ACCOUNTS): Promise<Detection> {
  const redactor = new Redactor();
  const http = new HttpClient({ timeoutMs: 5000, maxBodyBytes: DEFAULTS.maxBodyBytes, redactor, readOnly: true });
  try {
    return await detectVariant(new Target(url, 'A', await loadAccounts(accounts, 'A', redactor), http));
  } finally {
    await http.close();
  }
}

async function detectOn(variant: Variant, db: Db, fault?: string, accounts?: string): Promise<Detection> {
  const server = await startServer({ variant, db, port: 0, ...(fault ? { fault } : {}) });
  try {
    return await detect(server.url, accounts);
  } finally {
    await server.close();
  }
}

/** Accounts no server knows: a well-formed file with made-up names and keys. */
function strangers(dir: string): string {
  const file = join(dir, 'strangers.json');
  writeFileSync(file, JSON.stringify({ accounts: [{ name: 'nobody_here', role: 'Member', level: 20, api_key: 'k'.repeat(40) }, { name: 'nobody_else', role: 'Admin', level: 50, api_key: 'j'.repeat(40) }] }));
  return file;
}

const pointing = (d: Detection, v: Variant) => d.evidence.filter((e) => e.points === v).map((e) => e.probe);

describe('conform detect', { timeout: scaled(60_000) }, () => {
  const dbs: Partial<Record<Variant, Db>> = {};
  beforeAll(async () => {
    dbs.A = await openDb({});
    dbs.B = await openDb({});
  });
  afterAll(async () => {
    await dbs.A?.close();
    await dbs.B?.close();
  });

  it.each(['A', 'B'] as const)('recognises the reference server of variant %s, with every probe agreeing', async (v) => {
    const d = await detectOn(v, dbs[v]!);
    expect(d.variant).toBe(v);
    expect(pointing(d, v).length).toBeGreaterThanOrEqual(10);
    expect(pointing(d, v === 'A' ? 'B' : 'A')).toEqual([]);
  });

  it.each([
    ['A', 'unserved:tags.list', 'GET /tags.json (A only)'],
    ['A', 'anonymous-refused-A', 'anonymous GET /posts.json'],
    ['A', 'users-sort-ignored', 'GET /users.json with search[order]=name and search[sort]=name'],
    ['A', 'accept-any:dmails.list:search[read]', 'GET /dmails.json with read out of its A-only value set'],
    ['B', 'anonymous-allowed-B', 'anonymous GET /posts.json'],
    ['B', 'serve-absent:tags.list', 'GET /tags.json (A only)'],
  ] as const)('on %s with fault %s, the removed feature shows as evidence for the other variant', async (v, fault, probe) => {
    const d = await detectOn(v, dbs[v]!, fault);
    const other = v === 'A' ? 'B' : 'A';
    const moved = d.evidence.find((e) => e.probe === probe);
    expect(moved?.points === other || moved?.points === 'none', JSON.stringify(moved)).toBe(true);
    expect(d.variant).toBe(moved?.points === 'none' ? v : 'both');
    expect(pointing(d, v).length).toBeGreaterThan(5);
  });

  it.each(['A', 'B'] as const)('tells credentials the %s server refuses apart from "not this API"', async (v) => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-detect-'));
    try {
      const d = await detectOn(v, dbs[v]!, undefined, strangers(dir));
      expect(d.variant).toBe('undetermined');
      expect(d.refused).toMatchObject({ account: 'nobody_else', status: 403 });
      expect(d.evidence[0]!.observation).toMatch(/the server refused the credentials of nobody_else/);
      expect(JSON.stringify(d)).not.toContain('k'.repeat(40));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command: refused credentials are exit 2 with one line saying so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-detect-'));
    const server = await startServer({ variant: 'B', db: dbs.B!, port: 0 });
    try {
      const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [BIN, 'detect', '--target', server.url, '--accounts', strangers(dir)], { timeout: scaled(60_000) }, (err, stdout, stderr) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`conform: the target ${server.url} refused the credentials of nobody_else (403: access denied: invalid credentials); give an accounts file with an account it knows (--accounts)\n`);
      expect(r.stdout).not.toContain('neither');
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the command reads --accounts env:NAME as check does: the accounts JSON from the environment', async () => {
    const server = await startServer({ variant: 'B', db: dbs.B!, port: 0 });
    try {
      const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [BIN, 'detect', '--target', server.url, '--accounts', 'env:CONFORM_TEST_ACCOUNTS'],
          { timeout: 60_000, env: { ...process.env, CONFORM_TEST_ACCOUNTS: readFileSync(DEFAULT_ACCOUNTS, 'utf8') } },
          (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/\bB\b/);
    } finally {
      await server.close();
    }
  });

  it('says neither for a server that is not an image board', async () => {
    const html = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>hello</body></html>');
    });
    await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', resolve));
    try {
      const d = await detect(`http://127.0.0.1:${(html.address() as AddressInfo).port}`);
      expect(d.variant).toBe('neither');
    } finally {
      html.close();
    }
  });
});
