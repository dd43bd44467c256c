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
