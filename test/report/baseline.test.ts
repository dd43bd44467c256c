import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { establish, verdictOf } from '../../src/report/verdict.ts';
import type { BaselineEntry } from '../../src/report/model.ts';
import { UsageError } from '../../src/errors.ts';
import { applyBaseline, loadBaseline, parseBaseline, renderBaseline, updateEntries } from '../../src/report/baseline.ts';
import { result } from './fixture.ts';

const DAY = '2026-06-15';
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'conform-baseline-'));
  dirs.push(d);
  return d;
};
const envelope = (check: string, status: 'pass' | 'fail') =>
  result(check, status, { requirements: ['IB-4-comments-create-served', 'IB-7-envelope-json'], ...(status === 'fail' ? { failedRequirement: 'IB-7-envelope-json', message: 'no envelope' } : {}) });

/**
 * The baseline applied to a few results, judged against what they cover (no plan: measured as traffic
 * is, so a run without failures is NO VIOLATIONS); `failed` when the verdict fails the run.
 */
function outcome(results: ReturnType<typeof result>[], entries: BaselineEntry[]) {
  const applied = applyBaseline(results, { file: 'baseline.yaml', entries }, DAY);
  const verdict = verdictOf({ results: applied.results, errors: [], strict: false, established: establish('A', applied.results), baseline: applied.outcome });
  return { ...applied, verdict, failed: verdict === 'non-conformant' };
}

describe('baseline of known failures', () => {
  it('a listed failure (by check glob or requirement id) does not fail the run, and is counted as accepted', () => {
    const byCheck = outcome([envelope('served/comments.create/json', 'fail'), result('a', 'pass')], [{ check: 'served/comments.*', reason: 'legacy backend' }]);
    expect(byCheck.results[0]!.baselined).toEqual({ check: 'served/comments.*', reason: 'legacy backend' });
    expect(byCheck.results[0]!.status).toBe('fail');
    expect(byCheck.outcome).toMatchObject({ accepted: 1, outdated: false });
    expect(byCheck.verdict).toBe('no-violations');
    expect(byCheck.failed).toBe(false);

    const byRequirement = outcome([envelope('served/comments.create/json', 'fail')], [{ requirement: 'IB-7-envelope-*', reason: 'ticket 12', expires: DAY }]);
    expect(byRequirement.outcome.accepted).toBe(1);
    expect(byRequirement.failed).toBe(false); // the expiry day itself still accepts
  });

  it('a new failure fails the run', () => {
    const r = outcome([envelope('served/comments.create/json', 'fail'), result('served/posts.list/json', 'fail', { message: 'boom' })], [{ check: 'served/comments.*', reason: 'legacy' }]);
    expect(r.results[1]!.baselined).toBeUndefined();
    expect(r.outcome.accepted).toBe(1);
    expect(r.verdict).toBe('non-conformant');
    expect(r.failed).toBe(true);
  });

  it('a listed failure that now passes fails the run, naming the entry to remove: never CONFORMANT', () => {
    const r = outcome([envelope('served/comments.create/json', 'pass'), result('b', 'pass')], [{ check: 'served/comments.create/json', reason: 'was broken' }]);
    expect(r.verdict).toBe('non-conformant');
    expect(r.outcome.outdated).toBe(true);
    expect(r.outcome.nowPassing).toEqual([{ entry: { check: 'served/comments.create/json', reason: 'was broken' }, checks: ['served/comments.create/json'] }]);
    expect(r.failed).toBe(true);
  });

  it('an expired entry fails the run and no longer accepts its failures', () => {
    const r = outcome([envelope('served/comments.create/json', 'fail')], [{ requirement: 'IB-7-envelope-json', reason: 'until the migration', expires: '2026-06-14' }]);
    expect(r.results[0]!.baselined).toBeUndefined();
    expect(r.outcome.expired).toEqual([{ entry: { requirement: 'IB-7-envelope-json', reason: 'until the migration', expires: '2026-06-14' }, checks: ['served/comments.create/json'] }]);
    expect(r.outcome.outdated).toBe(true);
    expect(r.verdict).toBe('non-conformant');
    expect(r.failed).toBe(true);
  });

  it('entries naming no check of the run are reported, not failed on', () => {
    const r = outcome([result('a', 'pass')], [{ check: 'served/pools.*', reason: 'x' }]);
    expect(r.outcome.unused).toEqual([{ check: 'served/pools.*', reason: 'x' }]);
    expect(r.failed).toBe(false);
  });

  it('--update-baseline keeps the reasons of entries that remain, drops fixed ones, adds new failures', () => {
    const results = [envelope('served/comments.create/json', 'fail'), result('served/posts.list/json', 'fail', { message: 'status 500', failedRequirement: 'IB-7-status-documented' }), result('served/tags.list/json', 'pass')];
    const entries = updateEntries(
      results,
      [
        { check: 'served/comments.*', reason: 'legacy backend', expires: '2027-01-01' },
        { check: 'served/tags.*', reason: 'fixed since' },
        { check: 'served/pools.*', reason: 'not run this time' },
      ],
      DAY,
    );
    expect(entries).toEqual([
      { check: 'served/comments.*', reason: 'legacy backend', expires: '2027-01-01' },
      { check: 'served/pools.*', reason: 'not run this time' },
      { check: 'served/posts.list/json', reason: `known failure since ${DAY} (IB-7-status-documented: status 500)` },
    ]);
    // The rewritten file reads back the same, in YAML and in JSON.
    expect(parseBaseline(renderBaseline(entries, 'b.yaml'), 'b.yaml')).toEqual(entries);
    expect(parseBaseline(renderBaseline(entries, 'b.json'), 'b.json')).toEqual(entries);
    expect(outcome(results, entries).failed).toBe(false);
  });

  it('rejects a bad file with a UsageError that says what is wrong', () => {
    const bad = (text: string) => () => parseBaseline(text, 'b.yaml');
    expect(bad('failures: [{check: a}]')).toThrow(/failures\[0\]: `reason` must say why/);
    expect(bad('failures:\n  - check: a\n    requirement: b\n    reason: r')).toThrow(/exactly one of `check` and `requirement`/);
    expect(bad('failures:\n  - check: a\n    reason: r\n    expires: 2026-02-30')).toThrow(/`expires` must be a date, YYYY-MM-DD/);
    expect(bad('failures:\n  - check: a\n    reason: r\n    until: x')).toThrow(/unknown key "until"/);
    expect(bad('accepted: []')).toThrow(/unknown key "accepted"/);
    expect(bad('failures: {a: 1}')).toThrow(/failures: must be a list/);
    expect(bad('failures: [')).toThrow(/neither YAML nor JSON/);
    expect(bad('- a')).toThrow(UsageError);
    expect(parseBaseline('', 'b.yaml')).toEqual([]);
    expect(parseBaseline('{"failures": [{"requirement": "IB-7-*", "reason": "r", "expires": "2030-01-01"}]}', 'b.json')).toEqual([{ requirement: 'IB-7-*', reason: 'r', expires: '2030-01-01' }]);
  });

  it('a missing file is an error, except for --update-baseline', async () => {
    const dir = tempDir();
    await expect(loadBaseline('nope.yaml', join(dir, 'nope.yaml'))).rejects.toThrow(/no such file \(create it with --update-baseline\)/);
    await expect(loadBaseline('nope.yaml', join(dir, 'nope.yaml'), true)).resolves.toEqual({ file: 'nope.yaml', entries: [] });
  });

  it('conform check exits 2 on a bad baseline file, before checking anything', async () => {
    const dir = tempDir();
    const file = join(dir, 'baseline.yaml');
    writeFileSync(file, 'failures:\n  - check: served/*\n');
    const err = await promisify(execFile)(process.execPath, [join(__dirname, '..', '..', 'bin', 'conform.js'), 'check', '--variant', 'A', '--baseline', file, '--report', dir]).catch((e: unknown) => e as { code: number; stderr: string });
    expect((err as { code: number }).code).toBe(2);
    expect((err as { stderr: string }).stderr).toMatch(/the baseline .*baseline\.yaml is invalid: failures\[0\]: `reason` must say why/);
    expect(readFileSync(file, 'utf8')).toBe('failures:\n  - check: served/*\n');
  });
});
