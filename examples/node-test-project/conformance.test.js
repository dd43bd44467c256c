// One node:test test per conformance check: `node --test --test-name-pattern=artists/` runs some, a
// failing check fails its test with what was expected, what came back and a curl command that reproduces it.
//
// The reference server stands in for your server here. Check yours with `target: 'http://localhost:3000'`,
// or pass the application itself: `app: yourExpressApp` (or a fastify instance, an http.Server, a request
// listener), served on a free loopback port for the run. CONFORM_FAULT=<id> switches on one deliberate
// violation of the reference server (`npx conform serve --list-faults`), to see tests fail.
import { after } from 'node:test';
import { startReferenceServer } from 'imageboard-conform';
import { describeConformance } from 'imageboard-conform/node-test';

const fault = process.env.CONFORM_FAULT;
const server = await startReferenceServer({ variant: 'A', faults: fault ? [fault] : [] });
after(() => server.close());

describeConformance({
  variant: 'A',
  target: server.url,
  // A few resources; leave `only` out to run every check of the variant.
  only: process.env.CONFORM_ONLY?.split(',') ?? ['artists', 'pools'],
});
