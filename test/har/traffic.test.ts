/**
 * Several proxies, one verdict: the same exchanges judged by one proxy or split over three (behind a
 * balancer) give the same merged report (`conform merge`), and their HAR files (`proxy --har`) audited
 * together give the same as the one proxy's HAR; the HAR a proxy writes is what passed through.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { resetTargetHealth } from '../../src/check/http.ts';
import type { Target } from '../../src/check/target.ts';
import { startProxy } from '../../src/proxy/proxy.ts';
import type { ReportedResult } from '../../src/report/model.ts';
import { reportErrors } from '../../src/report/schema.ts';
import { writeReport } from '../../src/report/write.ts';
import { startServer } from '../../src/server/index.ts';
import type { ProxyReport } from '../../src/traffic/tally.ts';
import { Scratch } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

/** The same list of calls for every arrangement: reads, writes, refusals, both formats. */
const CALLS: ((t: Target, name: string) => Promise<unknown>)[] = [];
for (const format of ['json', 'xml'] as const) {
  CALLS.push(
    (t) => t.call('posts.list', { format, fields: { limit: 2 } }),
    (t, name) => t.call('pools.create', { format, fields: { name, description: 'd' } }),
    (t) => t.call('pools.create', { format, fields: { description: 'no name' } }),
    (t) => t.call('posts.list', { format, raw: { limit: 'not-a-number' } }),
    (t) => t.call('tags.list', { format }),
    (t, name) => t.call('comments.create', { format, fields: { post_id: 999999, body: name } }),
  );
}

async function contexts(variant: Variant, urls: readonly string[]) {
  resetTargetHealth();
  const out = [];
  for (const [i, url] of urls.entries()) {
    const c = await createContext(
      { target: url, variant, accountsPath: DEFAULT_ACCOUNTS, only: [], strict: false, readOnly: false, includeQuota: false, timeoutMs: 5_000, maxBodyBytes: DEFAULTS.maxBodyBytes, seed: 7, prefix: `mg${i}${Date.now().toString(36)}`, phase: 'all' },
      url,
      `mg${i}`,
    );
    scratch.defer(c.close);
    out.push(c.ctx);
  }
  return out;
}

function summary(r: ProxyReport) {
  const byId = (rs: readonly ReportedResult[]) => Object.fromEntries(rs.map((x) => [x.check.replace(/^[a-z]+\//, ''), { status: x.status, requests: x.requests, failures: x.failures, requirement: x.failedRequirement }]));
  return {
    verdict: r.verdict,
    counts: r.counts,
    results: byId(r.results),
    exchanges: r.traffic.exchanges,
    byOperation: r.traffic.byOperation,
    operations: r.traffic.operations,
    unmatched: r.traffic.unmatched,
    established: r.established,
  };
}

describe('three proxies in front of one server, merged, judge as one', { timeout: scaled(120_000) }, () => {
  it('conform merge of the three reports and conform audit of the three HAR files equal the one proxy\'s', async () => {
    const server = await startServer({ variant: 'A', db: await scratch.db(), port: 0, fault: 'envelope-success-string' });
    scratch.defer(() => server.close());
    const dir = scratch.dir('merge');
    const start = (i: number) => startProxy({ variant: 'A', upstream: server.url, maxBodyBytes: DEFAULTS.maxBodyBytes, timeoutMs: 5_000, har: join(dir, `p${i}.har`) });
    const proxies = [await start(0), await start(1), await start(2), await start(3)];
    for (const p of proxies) scratch.defer(() => p.close(0));
    const [one, ...three] = proxies;
    const [ctxOne, ...ctxThree] = await contexts('A', proxies.map((p) => p.url));
    for (const [i, call] of CALLS.entries()) {
      await call(ctxOne!.target, `mg_one_${i}`);
      await call(ctxThree[i % 3]!.target, `mg_three_${i}`);
    }
    const reportOf = async (p: typeof one) => {
      await p!.close();
      return p!.tally.report({ listen: p!.url, upstream: server.url, maxBodyBytes: DEFAULTS.maxBodyBytes, strict: false });
    };
    const single = await reportOf(one);
    const parts = [];
    for (const [i, p] of three.entries()) {
      const d = join(dir, `r${i}`);
      await writeReport(d, await reportOf(p));
      parts.push(d);
    }
    expect(single.counts.fail, 'the fault shows').toBeGreaterThan(0);
    // Each proxy saw a third of the traffic.
    expect(parts.length).toBe(3);

    const merged = await scratch.conform(['merge', ...parts]);
    expect(merged.code, merged.stdout + merged.stderr).toBe(1);
    const m = merged.report as unknown as ProxyReport;
    expect(reportErrors(m)).toEqual([]);
    expect(summary(m)).toEqual(summary(single));
    expect(m.sources!.map((s) => s.name)).toEqual(parts);
    expect(m.sources!.reduce((n, s) => n + s.exchanges, 0)).toBe(single.traffic.exchanges);
    expect(merged.stdout).toMatch(/fail proxy\/pools\.create\/envelope \[IB-7-envelope-json\]/);

    // The same traffic as recorded by each proxy (--har): one file, or the three audited together.
    const har0 = JSON.parse(readFileSync(join(dir, 'p0.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har0.log.entries.length).toBe(single.traffic.exchanges);
    const auditOne = await scratch.conform(['audit', join(dir, 'p0.har'), '--variant', 'A']);
    const auditThree = await scratch.conform(['audit', join(dir, 'p1.har'), join(dir, 'p2.har'), join(dir, 'p3.har'), '--variant', 'A']);
    expect(auditOne.code, auditOne.stdout + auditOne.stderr).toBe(1);
    expect(auditThree.code).toBe(1);
    const a1 = auditOne.report as unknown as ProxyReport;
    const a3 = auditThree.report as unknown as ProxyReport;
    expect(summary(a3)).toEqual(summary(a1));
    expect(a3.sources).toHaveLength(3);
    // The audit of the recording judges as the proxy judged the live traffic.
    expect(summary(a1).results).toEqual(summary(single).results);

    // Mixing a check report in is a usage error naming it.
    const bad = await scratch.conform(['merge', parts[0]!, join(import.meta.dirname, '..', '..', 'package.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/package\.json/);
  });
});
