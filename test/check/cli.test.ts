/**
 * `conform check` end to end, as a user runs it: a child process, exit codes, report files.
 */
import { execFile } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement, requirementsFor } from '../../specs/requirements/index.ts';
import type { Report } from '../../src/report/model.ts';
import { startServer } from '../../src/server/index.ts';
import { Scratch, expectNoSecrets } from './helpers.ts';
import { scaled } from '../support/time.ts';

const run = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'bin', 'conform.js');

const reportDirs: string[] = [];
// One database for the servers of this file (each would otherwise open one of its own).
const scratch = new Scratch();
afterAll(async () => {
  for (const d of reportDirs) rmSync(d, { recursive: true, force: true });
  await scratch.cleanup();
});

async function conform(args: string[]): Promise<{ code: number; stdout: string; stderr: string; report?: Report; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-report-'));
  reportDirs.push(dir);
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args, '--report', dir], { timeout: scaled(170_000) });
    return { code: 0, stdout, stderr, dir, report: readReport(dir) };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, dir, report: readReport(dir) };
  }
}

function readReport(dir: string): Report | undefined {
  return readdirSync(dir).includes('report.json') ? JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) : undefined;
}

// Each test runs its own processes and servers: side by side.
describe('conform check', { timeout: scaled(180_000), concurrent: true }, () => {
  it('checks the embedded reference server and writes report.json and junit.xml; --only makes it INCOMPLETE (exit 3)', async () => {
    const r = await conform(['check', '--variant', 'B', '--only', 'auth/*', 'served/dmails.*', '--seed', '7']);
    expect(r.code, r.stderr).toBe(3);
    // Every selected check passed, but most MUST requirements were left out: not CONFORMANT.
    const total = requirementsFor('B').filter((x) => x.level === 'MUST').length;
    expect(r.stdout).toMatch(new RegExp(`^verdict: INCOMPLETE: \\d+ of ${total} MUST requirements not established: \\d+ left out by --only$`, 'm'));
    expect(r.report!.verdict).toBe('incomplete');
    const must = r.report!.established!.must;
    expect(r.stdout).toContain(`requirements established by this run: MUST ${must.established}/${total},`);
    expect(must.established).toBeGreaterThan(0);
    expect(must.established).toBeLessThan(30);
    expect(r.stdout).not.toContain(`coverage: MUST ${total}/${total}`);
    expect(r.report!.seed).toBe(7);
    expect(r.report!.counts.fail).toBe(0);
    expect(r.report!.counts.pass).toBeGreaterThan(5);
    expect(readFileSync(join(r.dir, 'junit.xml'), 'utf8')).toMatch(/<testsuites[^>]*tests="\d+"/);
    expectNoSecrets(r);
  });

  it('--read-only sends no POST, PUT or DELETE (traffic recorded by a proxy)', async () => {
    const server = await startServer({ variant: 'A', db: await scratch.db(), port: 0 });
    const methods: string[] = [];
    const upstream = new URL(server.url);
    const proxy = createServer((req, res) => {
      methods.push(req.method ?? '?');
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(out);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const r = await conform(['check', '--variant', 'A', '--target', `http://127.0.0.1:${port}`, '--read-only']);
      // The checks that write were left out: INCOMPLETE, saying so.
      expect(r.code, r.stderr).toBe(3);
      expect(r.report!.established!.notEstablished.map((g) => g.kind)).toContain('read-only');
      expect(methods.length).toBeGreaterThan(50);
      expect([...new Set(methods)]).toEqual(['GET']);
      expect(r.report!.readOnly).toBe(true);
      expect(r.report!.results.some((x) => x.status === 'pass')).toBe(true);
    } finally {
      proxy.close();
      await server.close();
    }
  });

  it('exits 1 and names the requirement when the embedded server has a fault, with credentials redacted', async () => {
    const r = await conform(['check', '--variant', 'B', '--only', 'auth/*', '--fault', 'api-key-ignored']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('verdict: NON-CONFORMANT');
    // In B the ignored key makes the caller anonymous, refused: the dmail the auth checks need cannot be
    // sent. That is one root cause, and the check of IB-5-auth-api-key is blocked by it, not a pass.
    const failed = r.report!.results.filter((x) => x.status === 'fail');
    expect(failed.map((x) => x.check)).toContain('setup/dmail-sent');
    const apiKey = r.report!.results.find((x) => x.check === 'auth/api_key')!;
    expect(apiKey.requirements).toContain('IB-5-auth-api-key');
    expect(apiKey.status).toBe('blocked');
    expect(apiKey.blockedBy).toBe('setup/dmail-sent');
    expect(r.stderr).toContain('ROOT setup/dmail-sent');
    // The failing exchanges carried login and api_key: they are shown, redacted.
    expect(JSON.stringify(failed)).toContain('api_key=<redacted>');
    expectNoSecrets(r);
  });

  it('names the accounts the file lacks before the run, and counts the checks that need them as not established', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-accounts-'));
    try {
      const fixture = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'accounts.json'), 'utf8')) as { accounts: { role: string }[] };
      const file = join(dir, 'one-member.json');
      writeFileSync(file, JSON.stringify({ accounts: [fixture.accounts.find((a) => a.role === 'Member')] }));
      const r = await conform(['check', '--variant', 'A', '--accounts', file, '--only', 'auth/*', 'dmails/*', 'users/*', '--seed', '3']);
      expect(r.code, r.stderr).toBe(3);
      // Up front, before the checks start.
      const lacks = r.stderr.indexOf('conform: the accounts file lacks a second Member, Gold, Platinum, Builder, Moderator, Admin');
      expect(lacks).toBeGreaterThanOrEqual(0);
      expect(lacks).toBeLessThan(r.stderr.indexOf(' checks against '));
      expect(r.report!.accounts!.roles).toContainEqual({ role: 'Member', needed: 2, present: 1 });
      expect(r.report!.accounts!.roles).toContainEqual({ role: 'Admin', needed: 1, present: 0 });
      const accounts = r.report!.established!.notEstablished.find((g) => g.kind === 'accounts')!;
      expect(accounts.checks).toEqual(expect.arrayContaining(['auth/api_key', 'auth/basic', 'dmails/owner-show', 'users/levels-A']));
      expect(r.stdout).toMatch(/not established: \d+ MUST requirements, skipped: the accounts file lacks an account their checks need/);
      expect(r.report!.verdict).toBe('incomplete');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('usage errors: exit 2 with a one-line reason, before any request', () => {
    const scratch: string[] = [];
    afterAll(() => {
      for (const d of scratch) rmSync(d, { recursive: true, force: true });
    });
    /**
     * conform with its own --report (or none) and a temporary directory of its own, which it must leave
     * empty: the run must not get as far as starting a server (the embedded one would make its database's
     * template there).
     */
    async function refused(args: string[]): Promise<{ code: number; stderr: string; tmpLeft: string[] }> {
      const tmp = mkdtempSync(join(tmpdir(), 'conform-usage-tmp-'));
      scratch.push(tmp);
      const env = { ...process.env, TMPDIR: tmp };
      const result = await run(process.execPath, [BIN, ...args], { timeout: scaled(60_000), env }).then(
        () => ({ code: 0, stderr: '' }),
        (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
      );
      return { ...result, tmpLeft: readdirSync(tmp) };
    }
    const noRequest = (r: { stderr: string; tmpLeft: string[] }) => {
      expect(r.stderr).not.toMatch(/started the embedded reference server|checks against|internal error/);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.tmpLeft, 'the embedded server was started').toEqual([]);
    };

    it('a selection that matches no check, at once: the embedded server is not started', async () => {
      const r = await refused(['check', '--variant', 'A', '--only', 'no-such-check/*']);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('conform: no check matches --only no-such-check/* for variant A\n');
      noRequest(r);
    });

    it('a fault or a variation of the other variant', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'conform-usage-'));
      scratch.push(dir);
      const fault = await refused(['check', '--variant', 'A', '--fault', 'status-204', '--report', join(dir, 'r1')]);
      expect(fault.code).toBe(2);
      expect(fault.stderr).toBe('conform: the fault status-204 applies to variant B only, not A\n');
      const variation = await refused(['check', '--variant', 'B', '--variation', 'no-content-A', '--report', join(dir, 'r2')]);
      expect(variation.code).toBe(2);
      expect(variation.stderr).toBe('conform: the variation no-content-A applies to variant A only, not B\n');
      noRequest(fault);
      noRequest(variation);
      // Nothing was made: not even the report directories.
      expect(readdirSync(dir)).toEqual([]);
    });

    it('a report directory that cannot be made or written', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'conform-usage-'));
      scratch.push(dir);
      writeFileSync(join(dir, 'a-file'), '');
      const blocked = await refused(['check', '--variant', 'A', '--only', 'served/posts.list/*', '--report', join(dir, 'a-file', 'report')]);
      expect(blocked.code).toBe(2);
      expect(blocked.stderr).toMatch(/^conform: --report .*a-file\/report: cannot create the report directory .*a-file\/report: /);
      noRequest(blocked);
      if (process.getuid?.() !== 0) {
        const locked = join(dir, 'locked');
        mkdirSync(locked, { mode: 0o500 });
        const c = await refused(['check', '--variant', 'A', '--only', 'served/posts.list/*', '--report', locked]);
        expect(c.code).toBe(2);
        expect(c.stderr).toMatch(/^conform: cannot write the report directory .*locked: EACCES/);
        noRequest(c);
      }
    });
  });

  it('exits 2 with one clear message when the target is down', async () => {
    const r = await conform(['check', '--variant', 'A', '--target', 'http://127.0.0.1:9']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot be reached: connection refused/);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  describe('cross-variant', () => {
    const servers: { url: string; close(): Promise<void> }[] = [];
    beforeAll(async () => {
      servers.push(await startServer({ variant: 'A', db: await scratch.db(), port: 0 }), await startServer({ variant: 'B', db: await scratch.db(), port: 0 }));
    });
    afterAll(async () => {
      for (const s of servers) await s.close();
    });
    const variantSpecific = (id: string) => requirement(id).variants.length === 1;
    const only = ['absent/*', 'auth/*', 'served/tags.list/*', 'values/posts.update/*', 'served/posts.copy_notes/*'];

    it('a B server checked as A is non-conformant, on variant-specific requirements', async () => {
      const r = await conform(['check', '--variant', 'A', '--target', servers[1]!.url, '--only', ...only]);
      expect(r.code).toBe(1);
      const failed = r.report!.results.filter((x) => x.status === 'fail').flatMap((x) => (x.failedRequirement ? [x.failedRequirement] : x.requirements));
      expect(failed.filter(variantSpecific)).toEqual(expect.arrayContaining(['IB-5-anonymous-A', 'IB-4-tags-list-served']));
    });

    it('an A server checked as B is non-conformant, on variant-specific requirements', async () => {
      const r = await conform(['check', '--variant', 'B', '--target', servers[0]!.url, '--only', ...only]);
      expect(r.code).toBe(1);
      const failed = r.report!.results.filter((x) => x.status === 'fail').flatMap((x) => (x.failedRequirement ? [x.failedRequirement] : x.requirements));
      expect(failed.filter(variantSpecific)).toEqual(expect.arrayContaining(['IB-5-anonymous-B', 'IB-4-tags-list-absent', 'IB-4-posts-update-values-post-rating-B']));
    });
  });
});
