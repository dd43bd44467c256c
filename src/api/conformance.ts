/**
 * One test per check, for a test runner (./vitest.ts, ./node-test.ts): the checks a run selects are known
 * before it starts (the registry, the variant and `only`), so a runner registers its tests at once; the
 * run itself is made once, when the first test needs it, with the same concurrency and isolation as
 * `conform check`; each test then states its check's result.
 */
import type { Check } from '../check/check.ts';
import { DEFAULTS } from '../check/config.ts';
import { allChecks } from '../check/registry.ts';
import { selectChecks } from '../check/select.ts';
import { curlCommand } from '../report/curl.ts';
import type { Report, ReportedResult } from '../report/model.ts';
import { UsageError } from '../errors.ts';
import type { CheckOptions } from './check.ts';
import { checkWith } from './check.ts';

/** `describeConformance`'s options: those of `check()` (with `report`, the run also writes its report files). */
export type ConformanceOptions = Omit<CheckOptions, 'target'> & {
  /** The name of the group of tests (default: `conformance of variant A`). */
  readonly name?: string;
  /**
   * Base URL of the server under test, or a function giving it when the run starts (after the file's own
   * `beforeAll` / `before` hooks): a server started in such a hook starts while the checks load.
   */
  readonly target?: string | (() => string | Promise<string>);
};

/** A check as a test: its name (check id and requirement ids) and its id. */
export interface PlannedTest {
  readonly id: string;
  readonly name: string;
}

/** The tests of a run: its selected checks, in the registry's order. */
export function plannedTests(options: ConformanceOptions): PlannedTest[] {
  if (options.variant !== 'A' && options.variant !== 'B') throw new UsageError(`the variant is A or B, not ${String(options.variant)}`);
  const selected = selectChecks(allChecks(options.variant), {
    variant: options.variant,
    only: options.only ?? [],
    readOnly: options.readOnly === true,
    includeQuota: options.includeQuota === true,
    fuzz: options.fuzz ?? 0,
  });
  if (selected.length === 0) throw new UsageError(`no check matches only ${(options.only ?? []).join(' ')} for variant ${options.variant}`);
  return selected.map((c: Check) => ({ id: c.id, name: `${c.id} [${c.requirements.join(', ')}]` }));
}

/** How long the run may take before the hook that waits for it gives up: its deadline, and some. */
export function runTimeoutMs(options: ConformanceOptions): number {
  return ((options.deadlineSeconds ?? DEFAULTS.deadlineSeconds) + 120) * 1000;
}

/**
 * The run, made once when first asked for. Its suites' process starts now, when the tests are registered,
 * and loads the checks while the test file sets up (its server, in a hook) and the runner collects.
 * `running`, given by the first caller, names the checks whose tests the runner will run (its name
 * filter left the others out): the run makes only those, when that is fewer than all.
 */
export function runOnce(options: ConformanceOptions): (running?: readonly string[]) => Promise<Report> {
  let report: Promise<Report> | undefined;
  const { name: _name, target, ...checkOptions } = options;
  const planned = plannedTests(options).length;
  const warm = import('../check/runner.ts').then((m) => new m.SuitesProcess()).catch(() => undefined);
  return (running) =>
    (report ??= (async () => {
      const url = typeof target === 'function' ? await target() : target;
      // A check id as an `only` pattern matches that check alone (ids hold no `*` or `?`).
      const only = running && running.length > 0 && running.length < planned ? { only: [...running] } : {};
      return checkWith({ ...checkOptions, ...only, ...(url !== undefined ? { target: url } : {}) }, await warm);
    })());
}

/** The checks of `tests` whose test a runner will run: those of the names it keeps. */
export function runningChecks(tests: readonly PlannedTest[], kept: (name: string) => boolean): string[] {
  return tests.filter((t) => kept(t.name)).map((t) => t.id);
}

/** What a test does with its check's result. */
export type TestOutcome =
  | { readonly kind: 'pass' }
  /** Passes, with a note the runner shows (a warning). */
  | { readonly kind: 'warn'; readonly note: string }
  | { readonly kind: 'skip'; readonly reason: string }
  | { readonly kind: 'fail'; readonly error: ConformanceFailure };

/** A check that failed (or was blocked): the report's words, expected and actual, and the curl that reproduces it. */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
  constructor(
    message: string,
    /** The check's result (absent when the report has none). */
    readonly result?: ReportedResult,
  ) {
    super(message);
  }
}

/** The result's message, expected and actual, and the curl command of its last exchange. */
function details(r: ReportedResult): string {
  const last = r.exchanges[r.exchanges.length - 1];
  return [
    ...(r.expected !== undefined ? [`expected: ${r.expected}`] : []),
    ...(r.actual !== undefined ? [`actual: ${r.actual}`] : []),
    ...(last ? ['reproduce:', curlCommand(last).command] : []),
  ].join('\n');
}

/** What the test of check `id` does with the report: pass, warn (fails with `strict`), skip or fail. */
export function outcomeOf(report: Report, id: string, strict: boolean): TestOutcome {
  const r = report.results.find((x) => x.check === id);
  if (!r) {
    if (report.errors.length) return { kind: 'fail', error: new ConformanceFailure(`${id}: no result; the run had errors:\n${report.errors.join('\n')}`) };
    return { kind: 'skip', reason: 'no result in the report' };
  }
  const cites = r.failedRequirement ?? r.requirements.join(', ');
  if (r.status === 'pass') return { kind: 'pass' };
  if (r.status === 'skip') return { kind: 'skip', reason: r.message ?? 'skipped' };
  if (r.status === 'warn' && !strict) return { kind: 'warn', note: `warning [${cites}]: ${r.message ?? ''}` };
  if (r.status === 'fail' && r.baselined) return { kind: 'warn', note: `known failure, accepted by the baseline (${r.baselined.reason}): ${r.message ?? ''}` };
  if (r.status === 'blocked') {
    const root = report.results.find((x) => x.check === r.blockedBy) ?? report.results.find((x) => x.blocks?.includes(id));
    const rootText = root ? `${root.check} [${root.failedRequirement ?? root.requirements.join(', ')}]: ${root.message ?? ''}` : 'an unnamed set-up step';
    const more = root ? details(root) : '';
    return { kind: 'fail', error: new ConformanceFailure(`${id} blocked by its root cause ${rootText}${more ? `\n${more}` : ''}`, r) };
  }
  const more = details(r);
  return { kind: 'fail', error: new ConformanceFailure(`${id} [${cites}] ${r.status === 'warn' ? 'warns (strict)' : 'fails'}: ${r.message ?? ''}${more ? `\n${more}` : ''}`, r) };
}
