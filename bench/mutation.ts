/**
 * The mutation test's work, in one process as a shard of test/check/mutation*.test.ts does it: for each
 * fault of a variant (or every SHARDS-th of them), the fault switched on in one running reference server
 * (FaultSwitch) or, for a fault that shapes the server as it is built, a server started with it; then the
 * checks of its requirements (src/check/mutation.ts, checkFault). Prints where the time goes (server
 * starts, checks, closes), the score, and the slowest faults. `--build-each` starts a server for every
 * fault instead (for comparison).
 *
 *   npx tsx bench/mutation.ts [A|B] [shard of 4, or 0 for every fault] [--build-each]
 */
import type { Variant } from '../specs/model/index.ts';
import { checkFault } from '../src/check/mutation.ts';
import { faultAppliesTo } from '../src/server/faults.ts';
import { allFaults, FaultSwitch, openDb, serverWithFault, startServer } from '../src/server/index.ts';

const args = process.argv.slice(2).filter((a) => a !== '--build-each');
const buildEach = process.argv.includes('--build-each');
const variant = (args[0] ?? 'A') as Variant;
const shard = Number(args[1] ?? 1);
const SHARDS = 4;
const SEED = 20261122;

const faults = allFaults()
  .filter((f) => faultAppliesTo(f, variant))
  .filter((_, i) => shard === 0 || i % SHARDS === shard - 1);
const cpu = process.cpuUsage();
const started = performance.now();
const db = await openDb({});
const opened = performance.now() - started;
const ms = { server: 0, checks: 0, close: 0 };
const SERVER = { port: 0, allowFetch: ['127.0.0.1'], quotaWindowSeconds: 3600 } as const;
const faultSwitch = new FaultSwitch();
let t0 = performance.now();
const shared = buildEach ? undefined : await startServer({ variant, db, faultSwitch, ...SERVER });
ms.server += performance.now() - t0;
let switched = 0;
const slowest: [number, string][] = [];
let caught = 0;
for (const fault of faults) {
  let t = performance.now();
  const server = await serverWithFault({ variant, db, fault: fault.id, ...SERVER }, shared && { url: shared.url, faultSwitch });
  if (server.switched) switched++;
  ms.server += performance.now() - t;
  t = performance.now();
  const outcome = await checkFault(variant, fault, server.url, SEED);
  const took = performance.now() - t;
  ms.checks += took;
  slowest.push([took, `${fault.id} (${outcome.checks} checks${outcome.caught ? `, caught by ${outcome.evidence[0]!.check}` : ', NOT CAUGHT'})`]);
  if (outcome.caught) caught++;
  t = performance.now();
  await server.release();
  ms.close += performance.now() - t;
}
t0 = performance.now();
await shared?.close();
ms.close += performance.now() - t0;
await db.close();
const used = process.cpuUsage(cpu);
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
console.log(`variant ${variant}, ${shard === 0 ? 'every fault' : `shard ${shard} of ${SHARDS}`}: ${caught}/${faults.length} faults caught; ${switched} switched on in one running server, ${faults.length - switched} on a server of their own`);
console.log(`wall ${s(performance.now() - started)} (database ${s(opened)}, server starts ${s(ms.server)}, checks ${s(ms.checks)}, closes ${s(ms.close)}); CPU ${s((used.user + used.system) / 1000)}`);
console.log('slowest faults:');
for (const [took, what] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${s(took)}  ${what}`);
