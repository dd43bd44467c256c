/**
 * imageboard-conform/node-test: one node:test test per check, in a Node process of its own
 * (test/api/fixtures/statuses.node-test.ts), each status of the report mapped as documented; with
 * strict, the SHOULD-level failures fail their tests.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';
import { expectMapped, runFixture } from './runner-outcomes.ts';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const command = [
  process.execPath,
  '--import',
  TSX,
  `--test-reporter=${join(REPO_ROOT, 'test', 'api', 'fixtures', 'node-test-reporter.mjs')}`,
  '--test-reporter-destination={dir}/outcomes.json',
  join(REPO_ROOT, 'test', 'api', 'fixtures', 'statuses.node-test.ts'),
];

describe('describeConformance under node:test', () => {
  it('registers a test per check: pass, warn (a diagnostic), skip (with its reason), blocked (its root cause) and fail (expected, actual, curl)', async () => {
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
