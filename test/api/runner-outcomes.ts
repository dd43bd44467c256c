/**
 * Runs a runner fixture (test/api/fixtures/statuses.*) in a process of its own and compares each test's
 * outcome with the report the run wrote: pass passes, warn passes annotated (fails with strict), skip is
 * skipped with the reason, blocked fails naming its root cause, fail fails with expected, actual and curl.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/api/index.ts';

const exec = promisify(execFile);

export interface Outcome {
  readonly name: string;
  readonly state: 'passed' | 'failed' | 'skipped' | string;
  readonly error?: string;
  readonly note?: string;
  readonly annotations: readonly string[];
}

/** Runs `command` with the fixture's environment; resolves with the outcomes and the report, and removes its files. */
export async function runFixture(command: readonly string[], strict: boolean): Promise<{ outcomes: Outcome[]; report: Report; output: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'conform-runner-'));
  try {
    const env = { ...process.env, CONFORM_FIXTURE_REPORT: join(dir, 'report'), CONFORM_FIXTURE_OUTCOMES: join(dir, 'outcomes.json'), CONFORM_FIXTURE_STRICT: strict ? '1' : '' };
    const output = await exec(command[0]!, command.slice(1).map((a) => a.replace('{dir}', dir)), { env, maxBuffer: 64 * 1024 * 1024 }).then(
      (r) => r.stdout + r.stderr,
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    const outcomes = JSON.parse(await readFile(join(dir, 'outcomes.json'), 'utf8').catch(() => { throw new Error(`the fixture wrote no outcomes:\n${output}`); })) as Outcome[];
    const report = JSON.parse(await readFile(join(dir, 'report', 'report.json'), 'utf8')) as Report;
    return { outcomes, report, output };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every selected check's test against its result; each status present at least once. */
export function expectMapped(outcomes: readonly Outcome[], report: Report, strict: boolean): void {
  const byId = new Map(outcomes.map((o) => [o.name.split(' ')[0]!, o]));
  const tested = report.results.filter((r) => !r.blocks);
  expect(outcomes.length).toBe(tested.length);
  const seen = new Set<string>();
  for (const r of tested) {
    const o = byId.get(r.check);
    expect(o, r.check).toBeDefined();
    expect(o!.name).toBe(`${r.check} [${r.requirements.join(', ')}]`);
    seen.add(r.status);
    const where = `${r.check} (${r.status})`;
    if (r.status === 'pass') {
      expect(o!.state, where).toBe('passed');
      expect(o!.annotations, where).toEqual([]);
    } else if (r.status === 'warn') {
      expect(strict, 'a strict run has no warnings').toBe(false);
      expect(o!.state, where).toBe('passed');
      expect(o!.annotations.join('\n'), where).toContain(r.message!);
    } else if (r.status === 'skip') {
      expect(o!.state, where).toBe('skipped');
      expect(o!.note, where).toBe(r.message);
    } else if (r.status === 'blocked') {
      expect(o!.state, where).toBe('failed');
      const root = report.results.find((x) => x.blocks?.includes(r.check))!;
      expect(o!.error, where).toContain(`blocked by its root cause ${root.check}`);
      expect(o!.error, where).toContain(root.message!);
    } else {
      expect(o!.state, where).toBe('failed');
      expect(o!.error, where).toContain(r.message!);
      if (r.expected !== undefined) expect(o!.error, where).toContain(`expected: ${r.expected}`);
      if (r.actual !== undefined) expect(o!.error, where).toContain(`actual: ${r.actual}`);
      if (r.exchanges.length) expect(o!.error, where).toMatch(/reproduce:\ncurl /);
    }
  }
  expect([...seen].sort()).toEqual(strict ? ['blocked', 'fail', 'pass', 'skip'] : ['blocked', 'fail', 'pass', 'skip', 'warn']);
}

/**
 * The tests of one runner: its fixture run plainly maps every status as documented (a warning shown as
 * `warnAs`), and with strict a SHOULD-level failure fails its test.
 */
export function describeRunnerOutcomes(runner: string, command: readonly string[], warnAs: string): void {
  describe(`describeConformance under ${runner}`, () => {
    it(`registers a test per check: pass, warn (${warnAs}), skip (with its reason), blocked (its root cause) and fail (expected, actual, curl)`, async () => {
      const { outcomes, report, output } = await runFixture(command, false);
      expect(report.counts.warn, output).toBeGreaterThan(0);
      expectMapped(outcomes, report, false);
    });

    it('with strict, a SHOULD-level failure fails its test', async () => {
      const { outcomes, report } = await runFixture(command, true);
      expectMapped(outcomes, report, true);
      const contentType = outcomes.find((o) => o.name.startsWith('content-type/artists.list/json '))!;
      expect(contentType.state).toBe('failed');
      expect(contentType.error).toMatch(/IB-2-content-type/);
    });
  });
}
