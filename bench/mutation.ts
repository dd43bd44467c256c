/**
 * The mutation test's work, in one process as a shard of test/check/mutation*.test.ts does it: for each
 * fault of a variant (or every SHARDS-th of them), a reference server with the fault on, then the checks
 * of its requirements (src/check/mutation.ts, checkFault). Prints where the time goes (server starts,
 * checks, closes), the score, and the slowest faults.
 *
 *   npx tsx bench/mutation.ts [A|B] [shard of 4, or 0 for every fault]
 */
import type { Variant } from '../specs/model/index.ts';
import { checkFault } from '../src/check/mutation.ts';
import { faultAppliesTo } from '../src/server/faults.ts';
import { allFaults, openDb, startServer } from '../src/server/index.ts';

const variant = (process.argv[2] ?? 'A') as Variant;
const shard = Number(process.argv[3] ?? 1);
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
const slowest: [number, string][] = [];
let caught = 0;
for (const fault of faults) {
  let t = performance.now();
  const server = await startServer({ variant, db, fault: fault.id, port: 0, allowFetch: ['127.0.0.1'], quotaWindowSeconds: 3600 });
  ms.server += performance.now() - t;
  t = performance.now();
  const outcome = await checkFault(variant, fault, server.url, SEED);
  const took = performance.now() - t;
  ms.checks += took;
  slowest.push([took, `${fault.id} (${outcome.checks} checks${outcome.caught ? `, caught by ${outcome.evidence[0]!.check}` : ', NOT CAUGHT'})`]);
  if (outcome.caught) caught++;
  t = performance.now();
  await server.close();
  ms.close += performance.now() - t;
}
await db.close();
const used = process.cpuUsage(cpu);
const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
console.log(`variant ${variant}, ${shard === 0 ? 'every fault' : `shard ${shard} of ${SHARDS}`}: ${caught}/${faults.length} faults caught`);
console.log(`wall ${s(performance.now() - started)} (database ${s(opened)}, server starts ${s(ms.server)}, checks ${s(ms.checks)}, closes ${s(ms.close)}); CPU ${s((used.user + used.system) / 1000)}`);
console.log('slowest faults:');
for (const [took, what] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${s(took)}  ${what}`);
