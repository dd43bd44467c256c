/**
 * imageboard-conform/vitest: one test per check, in a vitest run of its own (test/api/fixtures/statuses.vitest.ts),
 * each status of the report mapped as documented; with strict, the SHOULD-level failures fail their tests.
 */
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/paths.ts';
import { describe, expect, it } from 'vitest';
import { describeRunnerOutcomes, runFixture } from './runner-outcomes.ts';

const VITEST = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const command = [process.execPath, VITEST, 'run', '--config', join(REPO_ROOT, 'test', 'api', 'fixtures', 'vitest.config.ts')];

describeRunnerOutcomes('vitest', command, 'annotated');

describe('describeConformance under vitest, with a name filter (-t)', () => {
  it('makes only the checks of the tests the filter keeps; the others are skipped tests', async () => {
    const { outcomes, report, output } = await runFixture([...command, '-t', 'users/level-attribute '], false);
    expect(report.results.map((r) => r.check), output).toEqual(['users/level-attribute']);
    const ran = outcomes.filter((o) => o.state !== 'skipped');
    expect(ran.map((o) => [o.name.split(' ')[0], o.state])).toEqual([['users/level-attribute', 'passed']]);
    expect(outcomes.length).toBeGreaterThan(10);
  });
});
