/**
 * Before any test: the compiled engine (dist/) is brought up to date with the sources, since tests run
 * `bin/conform.js`, which runs dist/ (scripts/build.js --if-stale: nothing to do unless a source changed).
 *
 * One temporary root per `npm test` run: every temporary directory and file the tests (and the
 * processes they start) make under the system temp directory lands in it, and it is removed when the
 * run ends, also when tests failed. Tests remove what they make: what is left in the root at the end
 * is named, and fails the run.
 *
 * Every process started during the run carries CONFORM_TEST_RUN (./support/processes.ts): at the end
 * none may be left running (each test file asserts the same of its own, see ./support/setup-file.ts;
 * this also covers processes started outside any file's hooks).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareTemplate } from '../src/server/db/index.ts';
import { newTag, reapTagged, RUN_VARIABLE } from './support/processes.ts';
import { scaled } from './support/time.ts';
import { toolLines } from './support/tools.ts';

/** What may be left in the temporary root at the end, on purpose. */
const KEPT = [
  // The embedded database's migrated template (src/server/db), made once and reused by every server of the run.
  /^conform-pglite-[0-9a-f]{16}\.tar$/,
  // The package packed and installed once for the tests of the package (test/package/helpers.ts, sharedInstall).
  /^conform-shared-package$/,
  // The package staged once for both container images (test/containers/engine.ts, stageDir).
  /^conform-image-stage$/,
  // tsx's compile cache, of the testee programs run from TypeScript (src/proto/testees).
  /^tsx-\d+$/,
  // The tests' own TypeScript programs, bundled once for the run (./support/programs.ts).
  /^conform-test-programs$/,
  // The protoc testee's work directory, removed when its process exits: the runner ends its workers
  // without that event, so the one of a test file that ran the codec in process stays until here.
  /^conform-protoc-[A-Za-z0-9]{6}$/,
];

export default async function setup(): Promise<() => Promise<void>> {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build.js'), '--if-stale'], { stdio: 'inherit' });
  // What this machine lacks of the optional tools, and what the run skips for it.
  process.stdout.write(`${toolLines().join('\n')}\n`);
  const root = mkdtempSync(join(tmpdir(), 'conform-test-run-'));
  // Like /tmp itself: tests that run a program as another user (PostgreSQL's initdb) reach their own directories.
  chmodSync(root, 0o1777);
  const previous = process.env.TMPDIR;
  // os.tmpdir() reads TMPDIR on each call; workers and child processes inherit it.
  process.env.TMPDIR = root;
  // The embedded database's template, unpacked here once from the one the build made (dist/db/): the
  // first test files start several servers and runs at once, each of which would otherwise unpack it.
  await prepareTemplate();
  const run = newTag();
  process.env[RUN_VARIABLE] = run;
  return async () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    delete process.env[RUN_VARIABLE];
    // The test runner's own workers carry the variable too: they are this process's children.
    const left = await reapTagged(RUN_VARIABLE, run, scaled(5_000), (p) => p.ppid === process.pid);
    const traces = readdirSync(root).filter((t) => !KEPT.some((k) => k.test(t)));
    rmSync(root, { recursive: true, force: true });
    const problems = [
      ...left.map((p) => `process left running (now killed): ${p.pid}: ${p.command}`),
      ...traces.map((t) => `left in the temporary directory (now removed): ${t}`),
    ];
    if (problems.length > 0) {
      // An error thrown here is printed but does not fail the run by itself.
      process.exitCode = 1;
      throw new Error(`the tests left traces:\n${problems.join('\n')}`);
    }
  };
}
