/**
 * The mutation score, in shards: every fault of the reference server makes the checker fail, citing the
 * faulted requirement (mutation score 100%), and every requirement a check proves has at least one
 * fault. Each fault is one run of the checks of its requirements against a server with the fault on
 * (src/check/mutation.ts): switched on in a running server where the fault does not shape it as it is
 * built (FaultSwitch, most faults: a server's build is ~30 ms of CPU, of a fault's ~75), or a server
 * built with it. The runs are independent, so the faults are dealt round-robin to SHARDS test
 * files (mutation.test.ts, the first, and mutation-2.test.ts ...), which the test runner runs side by
 * side; together they cover every fault of both variants, and the first checks that they are all there.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { appliesTo } from '../../src/check/check.ts';
import { allChecks } from '../../src/check/registry.ts';
import type { FaultOutcome } from '../../src/check/mutation.ts';
import { checkFault } from '../../src/check/mutation.ts';
import { globToRegExp } from '../../src/check/select.ts';
import type { Db } from '../../src/server/index.ts';
import { allFaults, FaultSwitch, openDb, serverWithFault, startServer } from '../../src/server/index.ts';
import { faultAppliesTo } from '../../src/server/faults.ts';

const SEED = 20261122;
const SERVER = { port: 0, allowFetch: ['127.0.0.1'], quotaWindowSeconds: 3600 } as const;
export const SHARDS = 4;

/** The faults of `variant` that shard `shard` (1..SHARDS) runs. */
export function faultsOfShard(variant: Variant, shard: number) {
  return allFaults()
    .filter((f) => faultAppliesTo(f, variant))
    .filter((_, i) => i % SHARDS === shard - 1);
}

/** Defines the tests of shard `shard` (1..SHARDS): its faults of both variants are caught. */
export function mutationShard(shard: number): void {
  describe.each(['A', 'B'] as const)(`mutation score, variant %s, shard ${shard} of ${SHARDS}`, (variant: Variant) => {
    let db: Db;
    // One server for the faults it can switch on as it runs (most: those that do not shape its routes or
    // stages as it is built); a server of its own, built with it, for each of the others.
    let shared: { url: string; close(): Promise<void> };
    const faultSwitch = new FaultSwitch();
    const outcomes: FaultOutcome[] = [];
    const faults = faultsOfShard(variant, shard);

    beforeAll(async () => {
      db = await openDb({});
      shared = await startServer({ variant, db, faultSwitch, ...SERVER });
    });

    afterAll(async () => {
      const caught = outcomes.filter((o) => o.caught).length;
      process.stdout.write(`mutation score ${variant}, shard ${shard}/${SHARDS}: ${caught}/${outcomes.length} faults caught (${((100 * caught) / Math.max(1, outcomes.length)).toFixed(1)}%)\n`);
      await shared?.close();
      await db?.close();
    });

    it.each(faults.map((f) => [f.id, f] as const))('fault %s is caught', async (_id, fault) => {
      const server = await serverWithFault({ variant, db, fault: fault.id, ...SERVER }, { url: shared.url, faultSwitch });
      try {
        const outcome = await checkFault(variant, fault, server.url, SEED);
        outcomes.push(outcome);
        expect(outcome.checks, `no check selects the requirements of ${fault.id}: ${fault.requirements.join(', ')}`).toBeGreaterThan(0);
        expect(outcome.caught, `fault ${fault.id} (${fault.requirements.join(', ')}) was not caught by ${outcome.checks} checks`).toBe(true);
        if (fault.caughtBy) expect(outcome.evidence[0]!.check, `fault ${fault.id} must be caught by ${fault.caughtBy}`).toMatch(globToRegExp(fault.caughtBy));
      } finally {
        await server.release();
      }
    });

    if (shard === 1) {
      it('has a fault for every requirement that a check proves', () => {
        const proven = new Set(allChecks(variant).filter((c) => appliesTo(c, variant)).flatMap((c) => c.requirements));
        const faulted = new Set(allFaults().filter((f) => faultAppliesTo(f, variant)).flatMap((f) => f.requirements));
        const missing = [...proven].filter((id) => !faulted.has(id)).sort();
        expect(missing).toEqual([]);
      });

      it(`the ${SHARDS} shards run every fault of the variant, each once`, () => {
        const files = readdirSync(import.meta.dirname).filter((f) => /^mutation(-\d+)?\.test\.ts$/.test(f)).sort();
        expect(files).toEqual(['mutation.test.ts', ...Array.from({ length: SHARDS - 1 }, (_, i) => `mutation-${i + 2}.test.ts`)].sort());
        const dealt = Array.from({ length: SHARDS }, (_, i) => faultsOfShard(variant, i + 1).map((f) => f.id)).flat().sort();
        expect(dealt).toEqual(allFaults().filter((f) => faultAppliesTo(f, variant)).map((f) => f.id).sort());
      });
    }
  });
}
