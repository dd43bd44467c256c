/**
 * imageboard-conform/vitest: one test per check, in a vitest run of its own (test/api/fixtures/statuses.vitest.ts),
 * each status of the report mapped as documented; with strict, the SHOULD-level failures fail their tests.
 */
import { join } from 'node:path';
import { REPO_ROOT } from '../../src/paths.ts';
import { describeRunnerOutcomes } from './runner-outcomes.ts';

const VITEST = join(REPO_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const command = [process.execPath, VITEST, 'run', '--config', join(REPO_ROOT, 'test', 'api', 'fixtures', 'vitest.config.ts')];

describeRunnerOutcomes('vitest', command, 'annotated');
