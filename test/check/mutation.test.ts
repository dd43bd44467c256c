/**
 * Every fault of the reference server makes the checker fail, citing the faulted requirement
 * (mutation score 100%), and every requirement a check proves has at least one fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import { appliesTo } from '../../src/check/check.ts';
import { allChecks } from '../../src/check/registry.ts';
import type { FaultOutcome } from '../../src/check/mutation.ts';
import { checkFault } from '../../src/check/mutation.ts';
import { globToRegExp } from '../../src/check/select.ts';
import type { Db } from '../../src/server/index.ts';
import { allFaults, openDb, startServer } from '../../src/server/index.ts';
import { faultAppliesTo } from '../../src/server/faults.ts';

const SEED = 20261122;

describe.each(['A', 'B'] as const)('mutation score, variant %s', (variant: Variant) => {
  let db: Db;
  const outcomes: FaultOutcome[] = [];
  const faults = allFaults().filter((f) => faultAppliesTo(f, variant));

  beforeAll(async () => {
    db = await openDb({});
  });

  afterAll(async () => {
    const caught = outcomes.filter((o) => o.caught).length;
    process.stdout.write(`mutation score ${variant}: ${caught}/${outcomes.length} faults caught (${((100 * caught) / Math.max(1, outcomes.length)).toFixed(1)}%)\n`);
    await db.close();
  });

  it.each(faults.map((f) => [f.id, f] as const))('fault %s is caught', async (_id, fault) => {
    const server = await startServer({ variant, db, fault: fault.id, port: 0, allowFetch: ['127.0.0.1'], quotaWindowSeconds: 3600 });
    try {
      const outcome = await checkFault(variant, fault, server.url, SEED);
      outcomes.push(outcome);
      expect(outcome.checks, `no check selects the requirements of ${fault.id}: ${fault.requirements.join(', ')}`).toBeGreaterThan(0);
      expect(outcome.caught, `fault ${fault.id} (${fault.requirements.join(', ')}) was not caught by ${outcome.checks} checks`).toBe(true);
      if (fault.caughtBy) expect(outcome.evidence[0]!.check, `fault ${fault.id} must be caught by ${fault.caughtBy}`).toMatch(globToRegExp(fault.caughtBy));
    } finally {
      await server.close();
    }
  });

  it('has a fault for every requirement that a check proves', () => {
    const proven = new Set(allChecks(variant).filter((c) => appliesTo(c, variant)).flatMap((c) => c.requirements));
    const faulted = new Set(faults.flatMap((f) => f.requirements));
    const missing = [...proven].filter((id) => !faulted.has(id)).sort();
    expect(missing).toEqual([]);
  });
});
