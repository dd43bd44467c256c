/**
 * The generative phase (`conform check --fuzz N`): on the reference server no generated request fails;
 * each deliberate crash fault is found, shrunk to its minimal request, and found again alike from the
 * same seed; writes carry the run prefix; a full run with --fuzz reports the phase.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { OperationId, Variant } from '../../specs/model/index.ts';
import type { CheckContext } from '../../src/check/check.ts';
import { checks as fuzzChecks } from '../../src/check/checks/fuzz.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { exampleFor } from '../../src/check/examples.ts';
import { resetTargetHealth } from '../../src/check/http.ts';
import { runCheck } from '../../src/check/run-check.ts';
import type { FuzzOutcome } from '../../src/fuzz/fuzz.ts';
import { fuzzOperation, pairsOf } from '../../src/fuzz/fuzz.ts';
import { Scratch } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const SEED = Number(process.env.CONFORM_FUZZ_TEST_SEED ?? 20261201);
process.stdout.write(`fuzz tests: seed ${SEED} (set CONFORM_FUZZ_TEST_SEED to reproduce)\n`);

// Every server of the file runs in this process on one database (scratch.db()).
const scratch = new Scratch();
afterAll(() => scratch.cleanup());

async function contextFor(variant: Variant, fault: string | undefined, label: string): Promise<CheckContext> {
  resetTargetHealth();
  const url = await scratch.server(variant, fault ? { fault } : {});
  const created = await createContext(
    {
      target: url, variant, accountsPath: DEFAULT_ACCOUNTS, only: [], strict: true, readOnly: false, includeQuota: false,
      timeoutMs: DEFAULTS.timeoutMs, maxBodyBytes: DEFAULTS.maxBodyBytes, seed: SEED, prefix: `fz${label}`, phase: 'all',
    },
    url,
    label,
  );
  scratch.defer(created.close);
  return { ...created.ctx, note: () => {} };
}

/** The generated parameters of a finding, without the authentication the sender adds. */
function minimal(outcome: FuzzOutcome): [string, string][] {
  const finding = outcome.findings['server-error'];
  expect(finding, `no failure found for ${outcome.opId} (fast-check seed ${outcome.seed})`).toBeDefined();
  return pairsOf(finding!.input).map(([k, v]) => [k, typeof v === 'string' ? v : '<file>']);
}

describe('fuzzing the reference server', { timeout: scaled(240_000) }, () => {
  it.each(['A', 'B'] as const)('variant %s: no failure at N=50 per operation', async (variant) => {
    const ctx = await contextFor(variant, undefined, `ok${variant}`);
    const results = [];
    for (const check of fuzzChecks(variant, { runs: 50, seed: SEED })) results.push(await runCheck(check, ctx, true));
    expect(results.filter((r) => r.status !== 'pass').map((r) => `${r.check}: ${r.status} ${r.message ?? ''}`)).toEqual([]);
    // Two checks per operation with parameters or path ids; every operation of the variant with any is fuzzed.
    expect(results.length).toBeGreaterThan(variant === 'A' ? 130 : 110);
    expect(ctx.target.http.requests).toBeGreaterThan(results.length / 2 * 25);
  });
});

describe('crash faults are found and shrunk to the minimal request', { timeout: scaled(120_000) }, () => {
  const cases: { fault: string; op: OperationId; expected: (p: [string, string][]) => void }[] = [
    { fault: 'crash-negative-limit', op: 'posts.list', expected: (p: [string, string][]) => expect(p).toEqual([['limit', '-1']]) },
    { fault: 'crash-long-tag', op: 'posts.list', expected: (p: [string, string][]) => expect(p).toEqual([['tags', 'a'.repeat(201)]]) },
    {
      fault: 'crash-unicode-wiki-title', op: 'wiki_pages.list',
      expected: (p: [string, string][]) => {
        expect(p).toHaveLength(1);
        expect(p[0]![0]).toBe('search[title]');
        // One character, and not an ASCII one.
        expect([...new Intl.Segmenter().segment(p[0]![1])]).toHaveLength(1);
        expect(p[0]![1].codePointAt(0)!).toBeGreaterThan(127);
      },
    },
  ];

  it.each(cases)('$fault on $op', async ({ fault, op, expected }) => {
    const ctx = await contextFor('A', fault, fault.slice(6, 10));
    const first = await fuzzOperation(ctx, op, { runs: 50, seed: SEED });
    expected(minimal(first));
    const finding = first.findings['server-error']!;
    expect(finding.failure.detail.requirement).toBe('IB-7-no-server-error');
    expect(finding.failure.detail.exchange?.response?.status).toBe(500);
    // The same seed finds the same failure and shrinks it to the same request.
    const again = await fuzzOperation(ctx, op, { runs: 50, seed: SEED });
    expect(minimal(again)).toEqual(minimal(first));
    expect(again.findings['server-error']!.path).toBe(finding.path);
    // As a check: a failure of IB-7-no-server-error with the seed, the minimal request and a curl command.
    const check = fuzzChecks('A', { runs: 50, seed: SEED }).find((c) => c.id === `fuzz/${op}/no-server-error`)!;
    const result = await runCheck(check, ctx, true);
    expect(result.status).toBe('fail');
    expect(result.failedRequirement).toBe('IB-7-no-server-error');
    expect(result.message).toContain(`fast-check seed ${finding.seed}`);
    expect(result.message).toMatch(/reproduce: curl /);
    expect(result.message).not.toContain(ctx.accounts.actor.api_key);
    expect(result.message).toContain('$CONFORM_API_KEY');
    // The contract still holds: the 500 carries no malformed body, and 500 is a documented status.
    expect((await runCheck(fuzzChecks('A', { runs: 50, seed: SEED }).find((c) => c.id === `fuzz/${op}/contract`)!, ctx, true)).status).toBe('pass');
  });
});

describe('what the generative phase writes', { timeout: scaled(120_000) }, () => {
  it('free strings of writes carry the run prefix; ids of writes are the run\'s own record or impossible ones', async () => {
    const ctx = await contextFor('A', 'crash-long-tag', 'wr');
    // posts.update: a long tag in post[tag_string] crashes the server: the minimal request keeps the prefix.
    const outcome = await fuzzOperation(ctx, 'posts.update', { runs: 50, seed: SEED });
    const finding = outcome.findings['server-error'];
    expect(finding).toBeDefined();
    const pairs = pairsOf(finding!.input);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]![0]).toBe('post[tag_string]');
    expect(pairs[0]![1]).toBe(`${ctx.prefix}${'a'.repeat(201)}`);
    // The id is the run's own post, or one no record can have: never another record.
    const mine = String((await exampleFor(ctx, 'posts.update')).path!.id);
    expect([mine, '0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5']).toContain(finding!.input.path.id);
  });
});

describe('conform check --fuzz', { timeout: scaled(300_000), concurrent: true }, () => {
  it('runs the generative phase after the certification checks and reports it', async () => {
    // With and without --fuzz, side by side.
    const [faulty, reference] = await Promise.all([scratch.server('B', { fault: 'crash-negative-limit' }), scratch.server('B')]);
    const [r, plain] = await Promise.all([
      scratch.conform(['check', '--variant', 'B', '--target', faulty, '--only', 'posts.list', '--fuzz', '20', '--seed', String(SEED), '--strict', '--quiet']),
      scratch.conform(['check', '--variant', 'B', '--target', reference, '--only', 'posts.list', '--seed', String(SEED), '--quiet']),
    ]);
    expect(r.code, r.stderr).toBe(1);
    const fuzz = r.report!.results.filter((x) => x.check.startsWith('fuzz/'));
    expect(fuzz.map((x) => `${x.check} ${x.status}`).sort()).toEqual(['fuzz/posts.list/contract pass', 'fuzz/posts.list/no-server-error fail']);
    const failed = fuzz.find((x) => x.status === 'fail')!;
    expect(failed.message).toContain('limit="-1"');
    expect(failed.exchanges.at(-1)!.response!.status).toBe(500);
    // Without --fuzz, no generative check runs.
    // Nothing failed; --only left the rest of the variant unestablished.
    expect(plain.code, plain.stderr).toBe(3);
    expect(plain.report!.counts.fail).toBe(0);
    expect(plain.report!.results.filter((x) => x.check.startsWith('fuzz/'))).toEqual([]);
  });

  it('--read-only fuzzes GET only', async () => {
    const r = await scratch.conform(['check', '--variant', 'A', '--target', await scratch.server('A'), '--only', 'pools', '--fuzz', '5', '--read-only', '--seed', String(SEED), '--quiet']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.report!.counts.fail).toBe(0);
    const fuzz = r.report!.results.filter((x) => x.check.startsWith('fuzz/'));
    expect(fuzz.length).toBeGreaterThan(0);
    expect(fuzz.every((x) => x.operation === 'pools.list' || x.operation === 'pools.show' || x.operation === 'pool_versions.list')).toBe(true);
  });
});
