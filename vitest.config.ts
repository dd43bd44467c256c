import { defineConfig } from 'vitest/config';
import Sequencer from './test/support/sequencer.ts';
import { scaled, timeFactor, TIME_FACTOR_VARIABLE } from './test/support/time.ts';

// Measured once, before any test starts, and handed to the workers (and their children) in the environment.
const factor = timeFactor();
if (process.argv.some((a) => a === 'run' || a.endsWith('vitest'))) process.stdout.write(`time limits scaled by ${factor} (${TIME_FACTOR_VARIABLE})\n`);

// Two projects: `test` is the project's own test suite (run by `npm test`);
// `suites` holds the conformance suites that `conform check` runs against a target.
export default defineConfig({
  test: {
    // Which test files start first (a setting of the whole run, not of a project).
    sequence: { sequencer: Sequencer },
    projects: [
      {
        test: {
          name: 'test',
          include: ['test/**/*.test.ts'],
          // Most test files wait on servers, child processes and a container engine rather than compute:
          // more files at once than the default (one per core, less one: a single file on two cores).
          maxWorkers: 3,
          // A worker runs file after file in one process, its modules imported once: a process, the runner
          // and the project's modules for each of ~80 files were ~65 of the run's ~550 CPU-seconds. The
          // setup file still runs before each file (a tag of its own, its processes reaped); a test that
          // changes what a module or the process holds (the environment, fake timers, spies) restores it.
          isolate: false,
          globalSetup: ['test/global-setup.ts'],
          // Tags the processes of each file, and fails the file if one is left running.
          setupFiles: ['test/support/setup-file.ts'],
          // Ceilings for tests that would otherwise hang, not waits: scaled to the machine (test/support/time.ts).
          testTimeout: scaled(60_000),
          hookTimeout: scaled(120_000),
        },
      },
      {
        test: {
          name: 'suites',
          include: ['suites/**/*.suite.ts'],
          // Suite files share their modules and keep no global state: one import per worker is enough.
          pool: 'threads',
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
