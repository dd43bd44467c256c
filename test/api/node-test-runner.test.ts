/**
 * imageboard-conform/node-test: one node:test test per check, in a Node process of its own
 * (test/api/fixtures/statuses.node-test.ts), each status of the report mapped as documented; with
 * strict, the SHOULD-level failures fail their tests.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testNamePatterns } from '../../src/api/node-test.ts';
import { REPO_ROOT } from '../../src/paths.ts';
import { describeRunnerOutcomes, runFixture } from './runner-outcomes.ts';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const command = [
  process.execPath,
  '--import',
  TSX,
  `--test-reporter=${join(REPO_ROOT, 'test', 'api', 'fixtures', 'node-test-reporter.mjs')}`,
  '--test-reporter-destination={dir}/outcomes.json',
];
const FIXTURE = join(REPO_ROOT, 'test', 'api', 'fixtures', 'statuses.node-test.ts');

describeRunnerOutcomes('node:test', [...command, FIXTURE], 'a diagnostic');

describe('describeConformance under node:test, with a name pattern (--test-name-pattern)', () => {
  it('makes only the checks of the tests the pattern keeps; the others are skipped tests', async () => {
    const { outcomes, report, output } = await runFixture([...command, '--test-name-pattern=/USERS\\/LEVEL-ATTRIBUTE /i', FIXTURE], false);
    expect(report.results.map((r) => r.check), output).toEqual(['users/level-attribute']);
    const ran = outcomes.filter((o) => o.state !== 'skipped');
    expect(ran.map((o) => [o.name.split(' ')[0], o.state])).toEqual([['users/level-attribute', 'passed']]);
    expect(outcomes.length).toBeGreaterThan(10);
  });

  it('reads the patterns as Node does: a plain source or /source/flags, either argument form, the suite name keeping every test', () => {
    expect(testNamePatterns(['--test-name-pattern=posts', '--test-name-pattern', '/TAGS/i']).map(String)).toEqual(['/posts/', '/TAGS/i']);
    expect(testNamePatterns(['--test-name-pattern=/a/g']).map(String)).toEqual(['/a/']);
    expect(testNamePatterns(['--import', 'x'])).toEqual([]);
    expect(testNamePatterns(['--test-name-pattern=(unclosed'])).toEqual([]);
  });
});
