/**
 * imageboard-conform/vitest: one test per check, in a vitest run of its own (test/api/fixtures/statuses.vitest.ts),
 * each status of the report mapped as documented; with strict, the SHOULD-level failures fail their tests.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';
import { expectMapped, runFixture } from './runner-outcomes.ts';

const VITEST = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const command = [process.execPath, VITEST, 'run', '--config', join(REPO_ROOT, 'test', 'api', 'fixtures', 'vitest.config.ts')];

describe('describeConformance under vitest', () => {
  it('registers a test per check: pass, warn (annotated), skip (with its reason), blocked (its root cause) and fail (expected, actual, curl)', async () => {
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
