/**
 * `imageboard-conform/node-test`: one `node:test` test per check, so `--test-name-pattern`, reporters
 * and the runner's other settings apply. Needs nothing but Node.
 */
import { before, describe, it } from 'node:test';
import type { ConformanceOptions } from './conformance.ts';
import { outcomeOf, plannedTests, runningChecks, runOnce, runTimeoutMs } from './conformance.ts';

export type { ConformanceOptions } from './conformance.ts';
export { ConformanceFailure } from './conformance.ts';

/**
 * Registers a suite of tests, one per selected check, named by check id and requirement ids. The run is
 * made once, before the suite's first test: a failing check fails its test with the report's expected
 * and actual and a curl reproduction, a blocked one fails naming its root cause, a skipped one is a
 * skipped test with the reason, a warning passes with a diagnostic (with `strict`, fails).
 */
export function describeConformance(options: ConformanceOptions): void {
  const tests = plannedTests(options);
  const report = runOnce(options);
  const suite = options.name ?? `conformance of variant ${options.variant}`;
  const patterns = testNamePatterns(process.execArgv);
  // The checks of the tests the name patterns leave out are not made (the tests are skipped by Node).
  const running = patterns.length > 0 ? runningChecks(tests, (name) => [suite, name].some((n) => patterns.some((re) => re.test(n)))) : undefined;
  void describe(suite, () => {
    before(async () => {
      if (running?.length !== 0) await report(running);
    }, { timeout: runTimeoutMs(options) });
    for (const t of tests) {
      void it(t.name, async (ctx) => {
        const outcome = outcomeOf(await report(), t.id, options.strict === true);
        if (outcome.kind === 'skip') ctx.skip(outcome.reason);
        else if (outcome.kind === 'warn') ctx.diagnostic(outcome.note);
        else if (outcome.kind === 'fail') throw outcome.error;
      });
    }
  });
}

/**
 * The `--test-name-pattern`s of a process's arguments (`node --test` hands them on to each file's
 * process), read as Node reads them: `/source/flags` or a plain source. Node runs a test whose name, or
 * the name of a suite around it, one of them matches. One that is not a valid expression narrows nothing
 * (Node refuses it itself).
 */
export function testNamePatterns(execArgv: readonly string[]): RegExp[] {
  const sources: string[] = [];
  execArgv.forEach((arg, i) => {
    if (arg.startsWith('--test-name-pattern=')) sources.push(arg.slice('--test-name-pattern='.length));
    else if (arg === '--test-name-pattern' && execArgv[i + 1] !== undefined) sources.push(execArgv[i + 1]!);
  });
  try {
    return sources.map((source) => {
      const literal = /^\/(?<pattern>.*)\/(?<flags>[a-z]*)$/s.exec(source);
      // Without the global and sticky flags, whose lastIndex would carry from one name to the next.
      return new RegExp(literal?.groups?.pattern ?? source, (literal?.groups?.flags ?? '').replace(/[gy]/g, ''));
    });
  } catch {
    return [];
  }
}
