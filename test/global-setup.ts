/**
 * Before any test: the compiled engine (dist/) is brought up to date with the sources, since tests run
 * `bin/conform.js`, which runs dist/ (scripts/build.js --if-stale: nothing to do unless a source changed).
 *
 * One temporary root per `npm test` run: every temporary directory and file the tests (and the
 * processes they start) make under the system temp directory lands in it, and it is removed when the
 * run ends, also when tests failed. Tests still remove what they make; this is the guarantee.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'build.js'), '--if-stale'], { stdio: 'inherit' });
  const root = mkdtempSync(join(tmpdir(), 'conform-test-run-'));
  // Like /tmp itself: tests that run a program as another user (PostgreSQL's initdb) reach their own directories.
  chmodSync(root, 0o1777);
  const previous = process.env.TMPDIR;
  // os.tmpdir() reads TMPDIR on each call; workers and child processes inherit it.
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
