/**
 * The order test files start in. The runner starts the files it has timings of longest first, and
 * files it has none of (a fresh clone, as in CI; a new file) before those, larger first. Size says little
 * here: the mutation shards and test/har/faults.test.ts are a few lines that run for a minute, and started
 * last they end the run alone while the other workers wait. So, of the files without timings, those that
 * run longest in CI (LONGEST, measured there; longest first) start first, and everything else keeps the
 * runner's order. A file missing from the list only starts later; a renamed one fails the test of this list.
 */
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/** The test files that ran longest in a CI run (`.ci/run`'s full phase, vitest's durations), the longest first. */
export const LONGEST: readonly string[] = [
  'test/package/examples.test.ts',
  'test/proto/fault-injection.test.ts',
  'test/package/walkthrough.test.ts',
  'test/check/concurrency.test.ts',
  'test/check/legal-variations.test.ts',
  'test/api/vitest-runner.test.ts',
  'test/proto/fork-schema.test.ts',
  'test/har/faults.test.ts',
  'test/proxy/proxy.test.ts',
  'test/package/install.test.ts',
  'test/containers/image.test.ts',
  'test/har/run.test.ts',
  'test/package/ci-integrations.test.ts',
  'test/fuzz/fuzz.test.ts',
  'test/hostile/hostile.test.ts',
  'test/api/node-test-runner.test.ts',
  'test/check/mutation.test.ts',
  'test/proto/testee-protocol.test.ts',
  'test/containers/checker-image.test.ts',
  'test/check/mutation-3.test.ts',
  'test/api/app-target.test.ts',
  'test/check/cli.test.ts',
  'test/server/postgres.test.ts',
  'test/check/mutation-4.test.ts',
];

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const path = (f: TestSpecification) => relative(this.ctx.config.root, f.moduleId);
    const known = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${path(f)}`) !== undefined;
    const rank = (f: TestSpecification) => (known(f) ? -1 : LONGEST.indexOf(path(f)));
    const first = sorted.filter((f) => rank(f) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...first, ...sorted.filter((f) => !first.includes(f))];
  }
}
