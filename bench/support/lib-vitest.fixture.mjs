// The vitest file of bench/lib-vitest.ts: every check of variant A, one test each, against the reference
// server in the test's own process, through the built package (dist/bundle/).
// The server starts in a hook, as a test file starts its servers, while the checks load.
import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer } from '../../dist/bundle/index.js';
import { describeConformance } from '../../dist/bundle/vitest.js';

let server;
beforeAll(async () => {
  server = await startReferenceServer({ variant: 'A' });
});
afterAll(() => server?.close());

// The seed and the concurrency of `conform check --variant A` against its embedded server.
describeConformance({ variant: 'A', target: () => server.url, seed: Number(process.env.BENCH_SEED ?? 1), concurrency: Number(process.env.BENCH_CONCURRENCY ?? 2) });
