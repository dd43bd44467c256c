/**
 * `conform proxy`: traffic passes unchanged; a certification run through it against the reference
 * server (and its legal variations) is judged without a failure; every fault a single exchange can
 * show fails its requirement; large bodies pass unjudged and counted; secrets stay out of the report;
 * an upstream that does not answer is a 502 and a run error, not a crash.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { requirementsFor } from '../../specs/requirements/index.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { resetTargetHealth } from '../../src/check/http.ts';
import type { ProxyReport } from '../../src/traffic/tally.ts';
import { startProxy } from '../../src/proxy/proxy.ts';
import { reportErrors } from '../../src/report/schema.ts';
import { findFault, startServer } from '../../src/server/index.ts';
import { combinedVariations } from '../../src/server/variations.ts';
import { BIN, Scratch } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

async function serverAndProxy(variant: Variant, extra: { fault?: string; variations?: string[]; maxBodyBytes?: number } = {}) {
  const server = { url: await scratch.server(variant, { ...(extra.fault ? { fault: extra.fault } : {}), ...(extra.variations ? { variations: extra.variations } : {}) }) };
  const proxy = await startProxy({ variant, upstream: server.url, maxBodyBytes: extra.maxBodyBytes ?? DEFAULTS.maxBodyBytes, timeoutMs: 5_000 });
  scratch.defer(() => proxy.close(0));
  return { server, proxy, report: async (strict = false): Promise<ProxyReport> => {
    await proxy.close();
    return proxy.tally.report({ listen: proxy.url, upstream: server.url, maxBodyBytes: extra.maxBodyBytes ?? DEFAULTS.maxBodyBytes, strict });
  } };
}

function failures(report: ProxyReport): string[] {
  return report.results.filter((r) => r.status === 'fail' || r.status === 'blocked').map((r) => `${r.check}: ${r.message ?? ''}`);
}

interface FixtureAccount {
  readonly name: string;
  readonly api_key: string;
  readonly password?: string;
  readonly password_hash?: string;
}
const ACCOUNTS = (JSON.parse(readFileSync(DEFAULT_ACCOUNTS, 'utf8')) as { accounts: FixtureAccount[] }).accounts;
const secretValues = ACCOUNTS.flatMap((a) => [a.api_key, ...(a.password ? [a.password] : []), ...(a.password_hash ? [a.password_hash] : [])]);

describe('a certification run through the proxy', { timeout: scaled(300_000) }, () => {
  it('variant A, reference server: the run and the proxy both find nothing wrong; every operation is exercised', async () => {
    const { proxy, report } = await serverAndProxy('A');
    const run = await scratch.conform(['check', '--variant', 'A', '--target', proxy.url, '--seed', '31', '--quiet']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const r = await report(true);
    expect(failures(r)).toEqual([]);
    expect(r.results.filter((x) => x.status === 'warn')).toEqual([]);
    // Every operation exercised, nothing broken: still not every MUST requirement a single exchange cannot show.
    expect(r.verdict).toBe('no-violations');
    expect(r.traffic.operations.exercised).toBe(r.traffic.operations.total);
    // The run counts its checks' requests; its preflight request passed through too.
    expect(r.traffic.exchanges).toBeGreaterThanOrEqual(run.report!.requests);
    expect(reportErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
    const text = JSON.stringify(r);
    for (const s of secretValues) expect(text.includes(s), 'a secret reached the report').toBe(false);
  });

  it('variant B with every legal variation but throttling: no failure; A-only operations are judged absent', async () => {
    const variations = combinedVariations('B');
    const { proxy, report } = await serverAndProxy('B', { variations });
    const run = await scratch.conform(['check', '--variant', 'B', '--target', proxy.url, '--seed', '32', '--quiet']);
    expect(run.code, run.stdout).toBe(0);
    const r = await report();
    expect(failures(r)).toEqual([]);
    // What the variations do outside the table (201 Created, 401) warns, naming the reading; --strict would fail it.
    const warned = r.results.filter((x) => x.status === 'warn');
    expect(warned.length).toBeGreaterThan(0);
    for (const w of warned) expect(w.interpretation, w.check).toBe('INT-status-table');
    expect(r.results.some((x) => x.check.endsWith('/absent') && x.status === 'pass')).toBe(true);
  });

  it('variant A, throttled writes and 204 No Content: throttling is counted, not judged; a bodiless 204 is success', async () => {
    const { proxy, report } = await serverAndProxy('A', { variations: ['throttle', 'no-content-A'] });
    // One resource's checks: writes enough to be throttled, and answered 204 (a run waits out every 421 in whole seconds).
    const run = await scratch.conform(['check', '--variant', 'A', '--target', proxy.url, '--only', 'comments', '--seed', '33', '--quiet']);
    // --only: INCOMPLETE, with nothing failed.
    expect(run.code, run.stdout).toBe(3);
    expect(run.report!.counts.fail).toBe(0);
    const r = await report(true);
    expect(failures(r)).toEqual([]);
    expect(r.traffic.throttled).toBeGreaterThan(0);
  });
});

/** A little traffic that shows every single-exchange fault: reads, writes, refusals, both formats. */
async function traffic(variant: Variant, url: string): Promise<void> {
  resetTargetHealth();
  const { ctx, close } = await createContext(
    { target: url, variant, accountsPath: DEFAULT_ACCOUNTS, only: [], strict: true, readOnly: false, includeQuota: false, timeoutMs: 5_000, maxBodyBytes: DEFAULTS.maxBodyBytes, seed: 1, prefix: `px${Date.now().toString(36)}`, phase: 'all' },
    url,
    'px',
  );
  const t = ctx.target;
  try {
    for (const format of ['json', 'xml'] as const) {
      await t.call('posts.list', { format, fields: { limit: 2 } });
      await t.call('pools.create', { format, fields: { name: ctx.unique('pool'), description: 'd' } });
      await t.call('pools.create', { format, fields: { description: 'no name' } });
      await t.call('posts.list', { format, raw: { limit: 'not-a-number' } });
    }
    await t.call('posts.list', { raw: { limit: '-1' } });
    await t.call('posts.list', { raw: { tags: 'a'.repeat(201) } });
    await t.call('wiki_pages.list', { raw: { 'search[title]': '\u00e9' } });
    await t.call('tags.list', {});
  } finally {
    await close();
  }
}

describe('faults a single exchange shows fail their requirement through the proxy', { timeout: scaled(120_000) }, () => {
  const cases: [string, Variant][] = [
    ['envelope-no-reason', 'A'], ['envelope-success-string', 'A'], ['xml-envelope-root', 'A'], ['xml-malformed', 'A'], ['json-malformed', 'A'],
    ['wrong-content-type', 'A'], ['success-true-on-errors', 'A'], ['status-204', 'B'], ['status-undocumented', 'A'], ['server-error-on-bad-input', 'A'],
    ['serve-absent:tags.list', 'B'], ['crash-negative-limit', 'A'], ['crash-long-tag', 'B'], ['crash-unicode-wiki-title', 'A'],
  ];
  it.each(cases)('%s (variant %s)', async (fault, variant) => {
    const spec = findFault(fault)!;
    expect(spec, fault).toBeDefined();
    const { proxy, report } = await serverAndProxy(variant, { fault });
    await traffic(variant, proxy.url);
    const r = await report(true);
    const cited = r.results.filter((x) => x.status === 'fail' && (x.failedRequirement ? [x.failedRequirement] : x.requirements).some((id) => (spec.requirements as readonly string[]).includes(id)));
    expect(cited.map((x) => x.check), `no judgement cites ${spec.requirements.join(', ')}: ${failures(r).join('; ')}`).not.toEqual([]);
    expect(cited[0]!.exchanges.length).toBeGreaterThan(0);
  });
});

describe('the proxy does not change traffic', { timeout: scaled(60_000) }, () => {
  it('status, headers and bytes are those of the upstream; bodies over --max-body pass whole, counted and not judged', async () => {
    const { server, proxy, report } = await serverAndProxy('A', { maxBodyBytes: 64 });
    const key = ACCOUNTS[0]!;
    const auth = `&login=${encodeURIComponent(key.name)}&api_key=${encodeURIComponent(key.api_key)}`;
    for (const path of [`/posts.json?limit=5${auth}`, `/posts.xml?limit=5${auth}`, `/nope.json`, `/pools/987654321.xml?x=1${auth}`]) {
      const direct = await request(`${server.url}${path}`);
      const directBody = Buffer.from(await direct.body.arrayBuffer());
      const via = await request(`${proxy.url}${path}`);
      const viaBody = Buffer.from(await via.body.arrayBuffer());
      expect(via.statusCode, path).toBe(direct.statusCode);
      expect(via.headers['content-type'], path).toBe(direct.headers['content-type']);
      expect(viaBody.equals(directBody), path).toBe(true);
    }
    const r = await report();
    expect(r.traffic.unvalidated).toBeGreaterThan(0);
    expect(r.traffic.unmatched).toBe(1);
  });

  it('an upstream where nothing listens: the client gets a 502, the report a run error', async () => {
    const server = await startServer({ variant: 'A', db: await scratch.db(), port: 0 });
    const url = server.url;
    await server.close();
    const proxy = await startProxy({ variant: 'A', upstream: url, maxBodyBytes: 1024, timeoutMs: 2_000 });
    scratch.defer(() => proxy.close(0));
    const res = await request(`${proxy.url}/posts.json`);
    expect(res.statusCode).toBe(502);
    await res.body.text();
    await proxy.close();
    const r = proxy.tally.report({ listen: proxy.url, upstream: url, maxBodyBytes: 1024, strict: false });
    expect(r.traffic.transportErrors).toBe(1);
    expect(r.errors.join('\n')).toMatch(/no answer from the upstream/);
    // Nothing was judged: no verdict about the upstream.
    expect(r.verdict).toBe('incomplete');
  });

  it('no traffic at all: no verdict (INCOMPLETE), never CONFORMANT', async () => {
    const { report } = await serverAndProxy('A');
    const r = await report();
    expect(r.traffic.exchanges).toBe(0);
    expect(r.results).toEqual([]);
    expect(r.verdict).toBe('incomplete');
    expect(r.established).toMatchObject({ scope: 'traffic', must: { established: 0 } });
    expect(reportErrors(JSON.parse(JSON.stringify(r)))).toEqual([]);
  });
});

describe('conform proxy (command)', { timeout: scaled(60_000) }, () => {
  it('refuses a bad --upstream with exit 2', async () => {
    const r = await scratch.conform(['proxy', '--variant', 'A', '--upstream', 'ftp://x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--upstream must be an http or https URL/);
  });

  it('an upstream where nothing listens: exit 2 before listening, as `conform check`', async () => {
    const server = await startServer({ variant: 'A', db: await scratch.db(), port: 0 });
    const url = server.url;
    await server.close();
    const r = await scratch.conform(['proxy', '--variant', 'A', '--upstream', url, '--port', '0', '--duration', '60']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`conform: the upstream ${url} cannot be reached: ECONNREFUSED\n`);
    expect(r.stdout).not.toContain('listening');
    expect(r.report).toBeUndefined();
  });

  it('listens, passes traffic, and on SIGTERM writes the reports with the coverage of the traffic', async () => {
    const server = await startServer({ variant: 'A', db: await scratch.db(), port: 0 });
    scratch.defer(() => server.close());
    const dir = scratch.dir('proxy-report');
    const child = spawn(process.execPath, [BIN, 'proxy', '--variant', 'A', '--upstream', server.url, '--port', '0', '--report', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    scratch.defer(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    const url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /listening on (http:\/\/\S+)/.exec(line);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`conform proxy exited (${code}) before listening`)));
    });
    const res = await request(`${url}/posts.json?limit=1`);
    expect(res.statusCode).toBe(200);
    await res.body.text();
    let stdout = '';
    child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
    const total = requirementsFor('A').filter((x) => x.level === 'MUST').length;
    expect(stdout).toMatch(new RegExp(`^verdict: NO VIOLATIONS \\(\\d+ of ${total} MUST requirements exercised by the traffic, none broken; the other \\d+ were not: no certification of the variant\\)$`, 'm'));
    expect(stdout).not.toMatch(/^verdict: CONFORMANT/m);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(report.traffic.byOperation).toEqual({ 'posts.list': 1 });
    expect(report.results.map((x) => x.check)).toContain('proxy/posts.list/status');
    expect(reportErrors(report)).toEqual([]);
  });
});
