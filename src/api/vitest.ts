/**
 * `imageboard-conform/vitest`: one vitest test per check, so the runner's name filter, reporters and
 * retries apply. vitest is the user's own (an optional peer dependency), never bundled.
 */
import { beforeAll, describe, test } from 'vitest';
import type { ConformanceOptions } from './conformance.ts';
import { outcomeOf, plannedTests, runningChecks, runOnce, runTimeoutMs } from './conformance.ts';

export type { ConformanceOptions } from './conformance.ts';
export { ConformanceFailure } from './conformance.ts';

/**
 * Registers a group of tests, one per selected check, named by check id and requirement ids. The run is
 * made once, before the group's first test, of the checks whose tests will run (`-t` narrows it): a failing check fails its test with the report's expected
 * and actual and a curl reproduction, a blocked one fails naming its root cause, a skipped one is a
 * skipped test with the reason, a warning passes with an annotation (with `strict`, fails).
 */
export function describeConformance(options: ConformanceOptions): void {
  const tests = plannedTests(options);
  const report = runOnce(options);
  describe(options.name ?? `conformance of variant ${options.variant}`, () => {
    beforeAll(async function run() {
      // The tests the runner's name filter (`-t`) or `.only` left out are in mode `skip`: their checks are
      // not made. The hook is given the suite (vitest 3: first argument; 4: second, after a context whose
      // fixtures vitest reads off the parameter list: hence no parameters, and `arguments`).
      // eslint-disable-next-line prefer-rest-params
      const args: unknown[] = [...arguments];
      const suite = args.find((a): a is { tasks: { name: string; mode: string }[] } => typeof a === 'object' && a !== null && Array.isArray((a as { tasks?: unknown }).tasks));
      const modes = new Map(suite?.tasks.map((t) => [t.name, t.mode]));
      await report(suite ? runningChecks(tests, (name) => modes.get(name) === 'run') : undefined);
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
