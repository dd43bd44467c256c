/**
 * The order test files start in. The runner starts the files it has timings of longest first, and
 * files it has none of (a fresh clone, a new file) before those, larger first: the mutation shards are
 * small files that run longest, and started last they would end the run alone. So, of the files without
 * timings, the mutation shards start first; everything else keeps the runner's order.
 */
import { relative } from 'node:path';
import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

const LONGEST = /(^|\/)test\/check\/mutation(-\d+)?\.test\.ts$/;

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const known = (f: TestSpecification) => this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`) !== undefined;
    const first = sorted.filter((f) => !known(f) && LONGEST.test(f.moduleId));
    return [...first, ...sorted.filter((f) => !first.includes(f))];
  }
}
