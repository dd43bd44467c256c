// One vitest test per conformance check: `npx vitest run -t artists/` runs some, a failing check fails its
// test with what was expected, what came back and a curl command that reproduces it.
//
// The reference server stands in for your server here. Check yours with `target: 'http://localhost:3000'`,
// or pass the application itself: `app: yourExpressApp` (or a fastify instance, an http.Server, a request
// listener), served on a free loopback port for the run. CONFORM_FAULT=<id> switches on one deliberate
// violation of the reference server (`npx conform serve --list-faults`), to see tests fail.
import { afterAll, beforeAll } from 'vitest';
import { startReferenceServer } from 'imageboard-conform';
import { describeConformance } from 'imageboard-conform/vitest';

const fault = process.env.CONFORM_FAULT;
let server: Awaited<ReturnType<typeof startReferenceServer>> | undefined;
// Starting the embedded database takes seconds on a busy machine: more than vitest's default 10 s hook timeout.
beforeAll(async () => {
  server = await startReferenceServer({ variant: 'A', faults: fault ? [fault] : [] });
}, 120_000);
afterAll(() => server?.close());

describeConformance({
  variant: 'A',
  // Read when the run starts, after the hook above: the server starts while the checks load.
  target: () => server!.url,
  // A few resources; leave `only` out to run every check of the variant.
  only: process.env.CONFORM_ONLY?.split(',') ?? ['artists', 'pools'],
});
