/**
 * Every fault of the reference server's catalogue that a single exchange shows (the faults
 * test/proxy/proxy.test.ts shows the proxy catching), recorded with `conform check --har` and audited
 * offline with `conform audit`: caught, by a judgement citing the requirement the fault breaks.
 * The faulty servers run in this process on one database (a server starts in milliseconds where each
 * embedded run would start a database of its own), checked with --target.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { DEFAULT_FUZZ_RUNS } from '../../src/check/checks/fuzz.ts';
import { findFault } from '../../src/server/index.ts';
import type { ProxyReport } from '../../src/traffic/tally.ts';
import { Scratch } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const FUZZ = ['--fuzz', String(DEFAULT_FUZZ_RUNS)];
/** Fault, variant, and the checks whose traffic shows it (a run of their own is quick). */
const CASES: readonly (readonly [string, Variant, readonly string[]])[] = [
  ['envelope-no-reason', 'A', ['--only', 'pools.create']],
  ['envelope-success-string', 'A', ['--only', 'pools.create']],
  ['xml-envelope-root', 'A', ['--only', 'pools.create']],
  ['xml-malformed', 'A', ['--only', 'served/posts.list/*']],
  ['json-malformed', 'A', ['--only', 'served/posts.list/*']],
  ['wrong-content-type', 'A', ['--only', 'served/posts.list/*']],
  ['success-true-on-errors', 'A', ['--only', 'pools.create']],
  ['status-204', 'B', ['--only', 'pools.create']],
  ['status-undocumented', 'A', ['--only', 'pools.create']],
  ['server-error-on-bad-input', 'A', ['--only', 'pools.create']],
  ['serve-absent:tags.list', 'B', ['--only', 'tags.list']],
  ['crash-negative-limit', 'A', ['--only', 'fuzz/posts.list/*', ...FUZZ]],
  ['crash-long-tag', 'B', ['--only', 'fuzz/posts.list/*', ...FUZZ]],
  ['crash-unicode-wiki-title', 'A', ['--only', 'fuzz/wiki_pages.list/*', ...FUZZ]],
];

describe('single-exchange faults recorded with check --har are caught by audit', { timeout: scaled(180_000) }, () => {
  it.each(CASES)('%s (variant %s)', async (fault, variant, only) => {
    const spec = findFault(fault)!;
    expect(spec, fault).toBeDefined();
    const har = join(scratch.dir('fault-har'), 'run.har');
    const target = await scratch.server(variant, { fault });
    const run = await scratch.conform(['check', '--variant', variant, '--target', target, '--seed', '71', '--quiet', '--har', har, ...only]);
    // The recording run itself: non-conformant, or incomplete (--only) where its check only warns (a SHOULD).
    expect([1, 3], run.stdout + run.stderr).toContain(run.code);
    // Audited in this process (../support/cli.ts): the program runs in ./audit.test.ts.
    const audit = await scratch.conformInProcess(['audit', har, '--variant', variant, '--strict']);
    expect(audit.code, audit.stdout + audit.stderr).toBe(1);
    const report = audit.report as unknown as ProxyReport;
    expect(report.traffic.exchanges).toBe(run.report!.requests);
    const cited = report.results.filter((r) => r.status === 'fail' && (r.failedRequirement ? [r.failedRequirement] : r.requirements).some((id) => (spec.requirements as readonly string[]).includes(id)));
    expect(cited.map((r) => r.check), `no judgement cites ${spec.requirements.join(', ')}:\n${audit.stdout}`).not.toEqual([]);
  });
});
