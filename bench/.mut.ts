import { checkFault } from '/work/main/src/check/mutation.ts';
import { allFaults, openDb, startServer } from '/work/main/src/server/index.ts';
import { faultAppliesTo } from '/work/main/src/server/faults.ts';
const variant = (process.argv[2] ?? 'A') as 'A' | 'B';
const re = new RegExp(process.argv[3] ?? '^(ignore-param|empty-on):');
async function main() {
const db = await openDb({});
const faults = allFaults().filter((f) => faultAppliesTo(f, variant) && re.test(f.id));
let missed = 0; const t0 = Date.now();
for (const fault of faults) {
  const server = await startServer({ variant, db, fault: fault.id, port: 0, allowFetch: ['127.0.0.1'], quotaWindowSeconds: 3600 });
  try {
    const o = await checkFault(variant, fault, server.url, 20261122);
    const by = o.evidence[0]?.check;
    const wrongOwner = fault.caughtBy && by && !new RegExp('^' + fault.caughtBy.replace(/[.]/g, '\\.').replace(/\*/g, '.*') + '$').test(by);
    if (!o.caught || wrongOwner) { missed++; console.log('MISSED', fault.id, o.checks, by ?? '', wrongOwner ? `(not ${fault.caughtBy})` : ''); }
  } finally { await server.close(); }
}
console.log(`${variant}: ${faults.length - missed}/${faults.length} caught in ${Date.now() - t0} ms`);
await db.close();
}
main();
