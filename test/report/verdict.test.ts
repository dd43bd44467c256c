/**
 * The verdict says what the run established: CONFORMANT only when every MUST requirement of the
 * variant was established by a passing check of this run; INCOMPLETE (exit 3) when nothing failed but
 * MUST requirements were not established, naming why; coverage counts requirements established.
 */
import { describe, expect, it } from 'vitest';
import { fail, levelOf } from '../../src/check/check.ts';
import type { Check, RootCause } from '../../src/check/check.ts';
import type { RunConfig } from '../../src/check/config.ts';
import { allChecks } from '../../src/check/registry.ts';
import { notStarted, runCheck } from '../../src/check/run-check.ts';
import { certificationPlan, selectChecks } from '../../src/check/select.ts';
import { EXIT } from '../../src/errors.ts';
import { applyBaseline, updateEntries } from '../../src/report/baseline.ts';
import type { ReportedResult } from '../../src/report/model.ts';
import { countResults, withRootCauses } from '../../src/report/model.ts';
import { closingLines, establish, establishedLine, exitCodeOf, verdictLine, verdictOf } from '../../src/report/verdict.ts';
import { result } from './fixture.ts';

const config = (extra: Partial<RunConfig> = {}): Pick<RunConfig, 'variant' | 'only' | 'readOnly' | 'includeQuota' | 'fuzz'> => ({
  variant: 'A',
  only: [],
  readOnly: false,
  includeQuota: false,
  fuzz: 0,
  ...extra,
});

const declared = allChecks('A');

/** A passing result for each check, as a run of them would report. */
function passing(checks: readonly Check[]): ReportedResult[] {
  return checks.map((c) => result(c.id, 'pass', { requirements: c.requirements, level: levelOf(c), resource: c.resource }));
}

/** Verdict, established requirements and exit code of a run's results, as `conform check` computes them. */
function judge(results: ReportedResult[], cfg = config(), extra: { errors?: string[]; strict?: boolean; baseline?: { outdated: boolean }; interrupted?: { signal: string; notRun: string[] } } = {}) {
  const established = establish('A', results, certificationPlan(declared, cfg), extra.interrupted);
  const verdict = verdictOf({ results, errors: extra.errors ?? [], strict: extra.strict ?? false, established, ...(extra.baseline ? { baseline: extra.baseline } : {}), ...(extra.interrupted ? { interrupted: extra.interrupted } : {}) });
  const report = { verdict, established, counts: countResults(results), errors: extra.errors ?? [], ...(extra.interrupted ? { interrupted: extra.interrupted } : {}), ...(extra.baseline ? { baseline: { ...extra.baseline, accepted: 0 } } : {}) };
  return { verdict, established, exit: exitCodeOf(verdict), line: verdictLine(report), report };
}

const must = (c: Check) => levelOf(c) === 'MUST';

describe('the verdict of a run', () => {
  const all = selectChecks(declared, config());

  it('is CONFORMANT (exit 0) when every MUST requirement was established by a passing check', () => {
    const j = judge(passing(all));
    expect(j.verdict).toBe('conformant');
    expect(j.exit).toBe(EXIT.ok);
    expect(j.established.must.established).toBe(j.established.must.total);
    expect(j.established.must.total).toBeGreaterThan(150);
    expect(j.line).toMatch(/^CONFORMANT \(all \d+ MUST requirements established\)$/);
  });

  it('ends a command\'s output with the verdict, what comes between, and the report files it wrote', () => {
    const j = judge(passing(all));
    expect(closingLines(j.report, ['/r/report.json', '/r/junit.xml'], ['har: /r/run.har'])).toEqual([
      `verdict: ${j.line}`,
      'har: /r/run.har',
      'report:',
      '  /r/report.json',
      '  /r/junit.xml',
      '',
    ]);
    expect(closingLines(j.report, [])).toEqual([`verdict: ${j.line}`, 'report:', '']);
  });

  it('--only: INCOMPLETE (exit 3), coverage counts the requirements this run established', () => {
    const cfg = config({ only: ['dmails'] });
    const j = judge(passing(selectChecks(declared, cfg)), cfg);
    expect(j.verdict).toBe('incomplete');
    expect(j.exit).toBe(3);
    expect(j.exit).not.toBe(EXIT.usage);
    expect(j.established.must.established).toBeLessThan(30);
    expect(j.established.notEstablished.map((g) => g.kind)).toEqual(['only']);
    expect(j.established.notEstablished[0]!.requirements.length).toBe(j.established.must.total - j.established.must.established);
    expect(establishedLine(j.established)).toBe(`requirements established by this run: MUST ${j.established.must.established}/${j.established.must.total}, SHOULD ${j.established.should.established}/${j.established.should.total}`);
    expect(j.line).toMatch(/^INCOMPLETE: \d+ of \d+ MUST requirements not established: \d+ left out by --only$/);
  });

  it('--read-only: INCOMPLETE, naming --read-only', () => {
    const cfg = config({ readOnly: true });
    const j = judge(passing(selectChecks(declared, cfg)), cfg);
    expect(j.verdict).toBe('incomplete');
    expect(j.established.notEstablished.map((g) => g.kind)).toEqual(['read-only']);
  });

  it('skipped MUST checks make it INCOMPLETE, grouped by why: SSRF guard, accounts file, throttling', () => {
    const source = all.filter((c) => c.id === 'uploads/source-download' || c.id === 'posts/source-download');
    const dmail = all.find((c) => c.id === 'dmails/owner-show')!;
    const results = passing(all).map((r) => {
      if (source.some((c) => c.id === r.check)) return { ...r, status: 'skip' as const, message: 'the target refused the source URL as not public (INT-source-download): give --source-host and --source-url-base' };
      if (r.check === dmail.id) return { ...r, status: 'skip' as const, message: '3 accounts are needed; the accounts file has 1 for this variant' };
      if (r.check === 'comments/lifecycle') return { ...r, status: 'skip' as const, message: 'throttled: POST /comments.json was answered 421' };
      return r;
    });
    const j = judge(results);
    expect(j.verdict).toBe('incomplete');
    expect(j.exit).toBe(3);
    const kinds = Object.fromEntries(j.established.notEstablished.map((g) => [g.kind, g]));
    expect(Object.keys(kinds).sort()).toEqual(['accounts', 'source', 'throttled']);
    expect(kinds.source!.checks).toEqual(['posts/source-download', 'uploads/source-download']);
    expect(kinds.accounts!.requirements).toEqual(dmail.requirements);
    expect(j.line).toMatch(/skipped: the accounts file lacks an account their checks need/);
    expect(j.line).toMatch(/SSRF guard/);
  });

  it('a check that did not start before the deadline is not run: a skip, never a failure; the run is INCOMPLETE', async () => {
    const check = all.find((c) => c.id === 'served/posts.list/json')!;
    const ctx = { target: { http: { requests: 0 }, throttledRetries: 0 } } as unknown as Parameters<typeof runCheck>[1];
    const late = await runCheck(check, ctx, true, Date.now() - 1);
    expect(late.status).toBe('skip');
    expect(late.notRun).toBe('deadline');
    expect(late.message).toMatch(/^not run: /);
    const shouldCheck = all.find((c) => levelOf(c) === 'SHOULD')!;
    expect((await runCheck(shouldCheck, ctx, true, Date.now() - 1)).status).toBe('skip');
    const j = judge(passing(all).map((r) => (r.check === check.id ? late : r)));
    expect(j.verdict).toBe('incomplete');
    expect(j.established.notEstablished.map((g) => g.kind)).toEqual(['deadline']);
  });

  it('an interrupted run is INCOMPLETE at best, naming the signal and the checks not run', () => {
    const rest = all.slice(0, 10);
    const results = [...passing(rest), ...all.slice(10).map((c) => notStarted(c, 'interrupted', 'SIGINT'))];
    const interrupted = { signal: 'SIGINT', notRun: all.slice(10).map((c) => c.id) };
    const j = judge(results, config(), { interrupted });
    expect(j.verdict).toBe('incomplete');
    expect(j.established.notEstablished[0]).toMatchObject({ kind: 'interrupted', why: 'not run: the run was interrupted (SIGINT)' });
    expect(j.line).toMatch(/^INCOMPLETE: interrupted by SIGINT, \d+ checks not run/);
    // Even when every check had reported.
    expect(judge(passing(all), config(), { interrupted: { signal: 'SIGTERM', notRun: [] } }).verdict).toBe('incomplete');
  });

  it('a failure, a run error or an out-of-date baseline is NON-CONFORMANT (exit 1), whatever else was not established', () => {
    const cfg = config({ only: ['dmails'] });
    const selected = passing(selectChecks(declared, cfg));
    const failed = selected.map((r, i) => (i === 0 ? { ...r, status: 'fail' as const, message: 'boom' } : r));
    expect(judge(failed, cfg).verdict).toBe('non-conformant');
    expect(judge(selected, cfg, { errors: ['a suite could not start'] }).verdict).toBe('non-conformant');
    const stale = judge(passing(all), config(), { baseline: { outdated: true } });
    expect(stale.verdict).toBe('non-conformant');
    expect(stale.exit).toBe(EXIT.fail);
    expect(stale.line).not.toMatch(/^CONFORMANT/);
    expect(stale.line).toMatch(/^NON-CONFORMANT \(.*the baseline is out of date/);
  });

  it('a SHOULD check that finds a MUST broken on its way fails at MUST, naming it; a SHOULD failure of its own warns', async () => {
    const should: Check = { ...all.find((c) => levelOf(c) === 'SHOULD')!, run: async () => fail('an envelope that contradicts its status', { requirement: 'IB-7-envelope-agrees' }) };
    const ctx = { target: { http: { requests: 0 }, throttledRetries: 0, scoped() { return this; } } } as unknown as Parameters<typeof runCheck>[1];
    const raised = await runCheck(should, ctx, false, 0, false);
    expect(raised).toMatchObject({ status: 'fail', level: 'MUST', failedRequirement: 'IB-7-envelope-agrees' });
    const own = await runCheck({ ...should, run: async () => fail('its own SHOULD') }, ctx, false, 0, false);
    expect(own).toMatchObject({ status: 'warn', level: 'SHOULD' });
  });

  it('a MUST check that warns on a reading of the register establishes its requirement (the text allows it)', () => {
    const check = all.find((c) => must(c) && c.requirements.length === 1)!;
    const results = passing(all).map((r) => (r.check === check.id ? { ...r, status: 'warn' as const, interpretation: 'INT-levels' as const, message: 'refused' } : r));
    expect(judge(results).verdict).toBe('conformant');
  });
});

describe('the baseline and the verdict', () => {
  const all = selectChecks(declared, config());

  /** A run where the set-up step `setup/post` failed and blocked MUST checks. */
  function blockedRun(): ReportedResult[] {
    const blockedIds = new Set(['comments/lifecycle', 'notes/lifecycle', 'post_votes/score']);
    const root = { id: 'setup/post', fn: 'set_up_post', description: 'set-up: a post', requirement: 'IB-4-uploads-create-served' as const, message: 'could not create an upload: status 404', exchanges: [] };
    const raw = passing(all).map((r) => (blockedIds.has(r.check) ? { ...r, status: 'blocked' as const, message: `blocked by setup/post: ${root.message}`, blockedBy: root.id, root } : r));
    return withRootCauses(raw, false);
  }

  it('an accepted root cause accepts what it blocks: --update-baseline, then the same run, exits 0', () => {
    const results = blockedRun();
    expect(judge(results).verdict).toBe('non-conformant');
    const entries = updateEntries(results, [], '2026-06-15');
    expect(entries.map((e) => e.check)).toEqual(['setup/post']);
    const applied = applyBaseline(results, { file: 'known.yaml', entries }, '2026-06-15');
    expect(applied.results.filter((r) => r.status === 'blocked').every((r) => r.baselined?.check === 'setup/post')).toBe(true);
    expect(applied.outcome).toMatchObject({ outdated: false, accepted: 4 });
    const j = judge(applied.results, config(), { baseline: applied.outcome });
    expect(j.verdict).toBe('conformant');
    expect(j.exit).toBe(0);
    expect(j.established.must.accepted).toBeGreaterThan(0);
  });

  it('an accepted failure of a check that proves several requirements accepts them all: the same run exits 0', () => {
    const check = all.find((c) => c.id === 'served/comments.create/json')!;
    const results = passing(all).map((r) => (r.check === check.id ? { ...r, status: 'fail' as const, failedRequirement: 'IB-7-envelope-json', message: 'no envelope' } : r));
    const entries = updateEntries(results, [], '2026-06-15');
    const applied = applyBaseline(results, { file: 'known.yaml', entries }, '2026-06-15');
    expect(judge(applied.results, config(), { baseline: applied.outcome }).exit).toBe(0);
  });

  it('an entry `check: "*"` accepts the blocked checks too', () => {
    const applied = applyBaseline(blockedRun(), { file: 'known.yaml', entries: [{ check: '*', reason: 'all known' }] }, '2026-06-15');
    expect(judge(applied.results, config(), { baseline: applied.outcome }).exit).toBe(0);
  });
});

describe('root causes folded into rows', () => {
  const blocked = (check: string, root: RootCause) => result(check, 'blocked', { message: `blocked by ${root.id}: ${root.message}`, blockedBy: root.id, root });
  const step = (kind: string, message: string, cause?: RootCause['cause']): RootCause => ({
    id: `setup/${kind}`,
    fn: `set_up_${kind}`,
    description: `set-up: a ${kind}, for the checks that need one`,
    ...(cause?.requirement ? { requirement: cause.requirement } : { requirement: 'IB-4-uploads-create-served' as const }),
    message,
    exchanges: [],
    ...(cause ? { cause } : {}),
  });
  const notJson = { requirement: 'IB-2-format-json' as const, reason: 'answers to .json paths are not well-formed JSON' };

  it('steps that failed on one cause are one row listing each step; blocked checks name that row', () => {
    const pool = step('pool', 'could not find the pool just created through pools.list', notJson);
    const post = step('post', 'the post made from an upload cannot be listed by its tag', notJson);
    const rows = withRootCauses([blocked('a/1', pool), blocked('b/1', post), blocked('b/2', post), result('c/1', 'pass')], false);
    const roots = rows.filter((r) => r.blocks);
    expect(roots.map((r) => r.check)).toEqual(['setup/pool+post']);
    expect(roots[0]!.requirements).toEqual(['IB-2-format-json']);
    expect(roots[0]!.status).toBe('fail');
    expect(roots[0]!.message).toBe('answers to .json paths are not well-formed JSON: 2 set-up steps failed on it (pool, post)');
    expect(roots[0]!.blocks).toEqual(['a/1', 'b/1', 'b/2']);
    expect(roots[0]!.steps).toEqual([
      { id: 'setup/pool', description: pool.description, message: pool.message, blocks: 1 },
      { id: 'setup/post', description: post.description, message: post.message, blocks: 2 },
    ]);
    for (const r of rows.filter((x) => x.status === 'blocked')) {
      expect(r.blockedBy).toBe('setup/pool+post');
      expect('root' in r).toBe(false);
    }
  });

  it('steps with different causes, or none, stay rows of their own', () => {
    const refused = step('post', 'could not create an upload: status 403', { reason: 'POST /uploads is refused with status 403' });
    const json = step('pool', 'could not find the pool just created through pools.list', notJson);
    const plain = step('artist', 'an artist without a name');
    const plain2 = step('wikiPage', 'a wiki page without a title');
    const rows = withRootCauses([blocked('a/1', refused), blocked('b/1', json), blocked('c/1', plain), blocked('d/1', plain2)], false);
    expect(rows.filter((r) => r.blocks).map((r) => r.check).sort()).toEqual(['setup/artist', 'setup/pool', 'setup/post', 'setup/wikiPage']);
    expect(rows.some((r) => r.steps)).toBe(false);
    expect(rows.find((r) => r.check === 'c/1')!.blockedBy).toBe('setup/artist');
  });
});
