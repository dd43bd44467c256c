/**
 * `imageboard-conform/vitest`: one vitest test per check, so the runner's name filter, reporters and
 * retries apply. vitest is the user's own (an optional peer dependency), never bundled.
 */
import { beforeAll, describe, test } from 'vitest';
import type { ConformanceOptions } from './conformance.ts';
import { outcomeOf, plannedTests, runOnce, runTimeoutMs } from './conformance.ts';

export type { ConformanceOptions } from './conformance.ts';
export { ConformanceFailure } from './conformance.ts';

/**
 * Registers a group of tests, one per selected check, named by check id and requirement ids. The run is
 * made once, before the group's first test: a failing check fails its test with the report's expected
 * and actual and a curl reproduction, a blocked one fails naming its root cause, a skipped one is a
 * skipped test with the reason, a warning passes with an annotation (with `strict`, fails).
 */
export function describeConformance(options: ConformanceOptions): void {
  const tests = plannedTests(options);
  const report = runOnce(options);
  describe(options.name ?? `conformance of variant ${options.variant}`, () => {
    beforeAll(async () => {
      await report();
    }, runTimeoutMs(options));
    for (const t of tests) {
      test(t.name, async (ctx) => {
        const outcome = outcomeOf(await report(), t.id, options.strict === true);
        if (outcome.kind === 'skip') ctx.skip(outcome.reason);
        else if (outcome.kind === 'warn') await ctx.annotate(outcome.note, 'warning');
        else if (outcome.kind === 'fail') throw outcome.error;
      });
    }
  });
}
