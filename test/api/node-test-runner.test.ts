/**
 * imageboard-conform/node-test: one node:test test per check, in a Node process of its own
 * (test/api/fixtures/statuses.node-test.ts), each status of the report mapped as documented; with
 * strict, the SHOULD-level failures fail their tests.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../../src/paths.ts';
import { describeRunnerOutcomes } from './runner-outcomes.ts';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const command = [
  process.execPath,
  '--import',
  TSX,
  `--test-reporter=${join(REPO_ROOT, 'test', 'api', 'fixtures', 'node-test-reporter.mjs')}`,
  '--test-reporter-destination={dir}/outcomes.json',
  join(REPO_ROOT, 'test', 'api', 'fixtures', 'statuses.node-test.ts'),
];

describeRunnerOutcomes('node:test', command, 'a diagnostic');
