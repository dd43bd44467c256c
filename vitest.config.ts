import { defineConfig } from 'vitest/config';

// Two projects: `test` is the project's own test suite (run by `npm test`);
// `suites` holds the conformance suites that `conform check` runs against a target.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'test',
          include: ['test/**/*.test.ts'],
          // Most test files wait on servers, child processes and a container engine rather than compute:
          // more files at once than the default (one per core, less one: a single file on two cores).
          maxWorkers: 3,
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
