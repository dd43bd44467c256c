import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model.ts';
import { renderJUnit } from '../../src/report/junit.ts';
import { countResults } from '../../src/report/model.ts';
import { establish, verdictOf } from '../../src/report/verdict.ts';
import type { CheckResult } from '../../src/check/result.ts';

const result = (check: string, status: CheckResult['status'], extra: Partial<CheckResult> = {}): CheckResult => ({
  check, fn: 'fn', description: 'd', requirements: ['IB-2-format-json'], level: 'MUST', resource: 'posts', status,
  exchanges: [], requests: 1, durationMs: 5, ...extra,
});

const results = [
  result('a', 'pass'),
  result('b', 'fail', { message: 'broken <xml> & "quotes"', expected: '200', actual: '500', failedRequirement: 'IB-7-status-documented' }),
  result('c', 'warn', { level: 'SHOULD', message: 'wrong type' }),
  result('d', 'skip', { message: 'needs two records' }),
];

describe('report', () => {
  /** The verdict of results measured against what they exercised (no certification plan). */
  const verdict = (rs: CheckResult[], errors: string[] = [], baseline?: { outdated: boolean }) =>
    verdictOf({ results: rs, errors, strict: false, established: establish('A', rs), ...(baseline ? { baseline } : {}) });

  it('counts results and decides the verdict from MUST failures and run errors', () => {
    expect(countResults(results)).toEqual({ pass: 1, fail: 1, warn: 1, skip: 1, blocked: 0, total: 4 });
    expect(verdict(results)).toBe('non-conformant');
    // Nothing failed, but a few results establish only a few MUST requirements: no certification.
    expect(verdict([results[0]!, results[2]!, results[3]!])).toBe('no-violations');
    expect(verdict([results[0]!], ['a suite could not start'])).toBe('non-conformant');
  });

  it('renders JUnit XML with one testcase per check, named by check and requirement', () => {
    const report = { variant: 'A', durationMs: 1000, counts: countResults(results), errors: [], results } as unknown as Report;
    const xml = renderJUnit(report);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = doc.testsuites.testsuite;
    expect(doc.testsuites.tests).toBe('4');
    expect(doc.testsuites.failures).toBe('1');
    const cases = suite.testcase as { name: string; failure?: { message: string; type: string }; skipped?: { message: string } }[];
    expect(cases.map((c) => c.name)).toEqual(['a [IB-2-format-json]', 'b [IB-2-format-json]', 'c [IB-2-format-json]', 'd [IB-2-format-json]']);
    expect(cases[1]!.failure).toMatchObject({ message: 'broken <xml> & "quotes"', type: 'IB-7-status-documented' });
    expect(cases[3]!.skipped).toMatchObject({ message: 'needs two records' });
  });

  it('counts failures accepted by the baseline apart, and they do not make the verdict', () => {
    const known = [results[0]!, { ...results[1]!, baselined: { check: 'b', reason: 'legacy' } }];
    expect(countResults(known, true)).toEqual({ pass: 1, fail: 1, warn: 0, skip: 0, blocked: 0, total: 2, baselined: 1 });
    expect(verdict(known)).toBe('no-violations');
    // A baseline that must be updated fails the run: the verdict says so itself.
    expect(verdict(known, [], { outdated: true })).toBe('non-conformant');
  });

  it('renders a baselined failure as skipped, and a stale baseline and run errors as failing testcases', () => {
    const known = [results[0]!, { ...results[1]!, baselined: { check: 'b', reason: 'legacy \u0001 backend' } }, results[3]!];
    const report = {
      variant: 'A', durationMs: 10, counts: countResults(known, true), results: known, errors: ['a suite could not start'],
      baseline: {
        file: 'known.yaml', entries: 2, accepted: 1, outdated: true, updated: false, unused: [],
        nowPassing: [{ entry: { check: 'a', reason: 'r' }, checks: ['a'] }],
        expired: [{ entry: { requirement: 'IB-7-*', reason: 'r', expires: '2020-01-01' }, checks: [] }],
      },
    } as unknown as Report;
    const xml = renderJUnit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    expect(doc.testsuites).toMatchObject({ tests: '6', failures: '3', skipped: '2' });
    const [posts, run] = doc.testsuites.testsuite as { name: string; testcase: { name: string; failure?: { message: string }; skipped?: { message: string } }[] }[];
    expect(posts!.testcase[1]!.failure).toBeUndefined();
    expect(posts!.testcase[1]!.skipped!.message).toBe('known failure, accepted by the baseline (check b): legacy \ufffd backend');
    expect(run!.name).toBe('conform A: run');
    expect(run!.testcase.map((t) => t.name)).toEqual(['run error 1', 'baseline: check a now passes', 'baseline: requirement IB-7-* expired']);
    expect(run!.testcase[1]!.failure!.message).toMatch(/remove the entry/);
  });

  it('renders a blocked check as an error naming its root cause once; accepted by the baseline, as skipped', () => {
    const root = result('setup/post', 'fail', { message: 'could not create an upload: status 404', blocks: ['x', 'y'] });
    const x = result('x', 'blocked', { message: 'blocked by setup/post: could not create an upload: status 404', blockedBy: 'setup/post' });
    const y = result('y', 'blocked', { message: 'blocked by setup/post: could not create an upload: status 404', blockedBy: 'setup/post' });
    const all = [root, x, y];
    const parse = (xml: string) => new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const doc = parse(renderJUnit({ variant: 'A', verdict: 'non-conformant', durationMs: 1, counts: countResults(all), errors: [], results: all } as unknown as Report));
    expect(doc.testsuites).toMatchObject({ tests: '3', failures: '1', errors: '2', skipped: '0' });
    const cases = doc.testsuites.testsuite.testcase as { name: string; error?: { message: string; type: string }; skipped?: unknown }[];
    const blocked = cases.filter((c) => c.error);
    expect(blocked.map((c) => c.name)).toEqual(['x [IB-2-format-json]', 'y [IB-2-format-json]']);
    for (const c of blocked) {
      expect(c.error).toMatchObject({ message: 'blocked by root cause setup/post: could not create an upload: status 404', type: 'setup/post' });
      expect(c.skipped).toBeUndefined();
    }
    // Accepted by the baseline (through its root cause): skipped, saying so.
    const entry = { check: 'setup/post', reason: 'uploads land next release' };
    const known = [{ ...root, baselined: entry }, { ...x, baselined: entry }];
    const accepted = parse(renderJUnit({ variant: 'A', verdict: 'conformant', durationMs: 1, counts: countResults(known, true), errors: [], results: known } as unknown as Report));
    expect(accepted.testsuites).toMatchObject({ failures: '0', errors: '0', skipped: '2' });
  });

  it('an INCOMPLETE or interrupted run is a testcase of its own, with the reasons', () => {
    const report = {
      variant: 'B', verdict: 'incomplete', durationMs: 1, counts: countResults([results[0]!]), errors: [], results: [results[0]!],
      interrupted: { signal: 'SIGINT', notRun: ['b', 'c'] },
      established: { scope: 'variant', must: { established: 1, accepted: 0, broken: 0, total: 3 }, should: { established: 0, accepted: 0, broken: 0, total: 0 }, notEstablished: [{ kind: 'interrupted', why: 'not run: the run was interrupted (SIGINT)', requirements: ['IB-2-format-xml', 'IB-7-status-documented'], checks: ['b', 'c'] }] },
    } as unknown as Report;
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(renderJUnit(report));
    const run = (doc.testsuites.testsuite as { name: string; testcase: { name: string; skipped?: { message: string } }[] }[]).find((t) => t.name === 'conform B: run')!;
    expect(run.testcase.map((t) => t.name)).toEqual(['interrupted by SIGINT', 'verdict: INCOMPLETE']);
    expect(run.testcase[1]!.skipped!.message).toBe('INCOMPLETE: interrupted by SIGINT, 2 checks not run; 2 of 3 MUST requirements not established: 2 not run: the run was interrupted (SIGINT)');
  });
});
