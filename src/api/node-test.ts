/**
 * `imageboard-conform/node-test`: one `node:test` test per check, so `--test-name-pattern`, reporters
 * and the runner's other settings apply. Needs nothing but Node.
 */
import { before, describe, it } from 'node:test';
import type { ConformanceOptions } from './conformance.ts';
import { outcomeOf, plannedTests, runOnce, runTimeoutMs } from './conformance.ts';

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
  void describe(options.name ?? `conformance of variant ${options.variant}`, () => {
    before(async () => {
      await report();
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
