/**
 * A red-team tranche in the tests (docs/redteam.md): every fault, on one of the variants whose text it
 * breaks (A and B by turns, or on each of them: TRANCHES), is caught by the checker,
 * except the tranche's faults in ./known-misses.ts, which must be missed. The runs
 * are independent, so the faults are dealt round-robin to the tranche's test files (TRANCHES: its number
 * of shards; tranche-1.test.ts, the first, and tranche-1-2.test.ts ...), which the test runner runs side by
 * side. Each file starts one reference server per variant in its process, as `conform serve` starts it
 * with the options the tranche was scored against, and runs each fault through a proxy of its own in
 * front of it, with the checks of the fault's family only (./run.ts): runs have prefixes of their own, and
 * each starts with the server's counters (quotas, write throttles) afresh, as a server started for it would.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import type { Db } from '../../src/server/index.ts';
import { FaultSwitch, openDb, startServer } from '../../src/server/index.ts';
import { scaled } from '../support/time.ts';
import { KNOWN_MISSES } from './known-misses.ts';
import type { FaultRun } from './run.ts';
import { FAMILY_SCOPE, HOOK_ERRORS, runConfig, runFault } from './run.ts';
import type { Fault } from './tranche-1/fault.ts';

const SEED = 20261201;

/**
 * The checks that catch each fault, as recorded (`REDTEAM_RECORD=1`, below): a fault once caught is run
 * with those checks only, not its family's every check, so a tranche costs a fraction of its scoring. The
 * regression the test guards is exact: if a check that caught a fault stops catching it, the run misses
 * and the test fails (re-recording then would hide it: first find why). Known misses run with their
 * family's checks, so that a fault a check comes to catch is seen. One file per tranche and shard, each
 * `"<fault id> <variant>": [check ids]`.
 */
const CATCHES_DIR = join(import.meta.dirname, 'catches');
const RECORD = process.env.REDTEAM_RECORD === '1';

function catchesOf(tranche: string, shard: number): Record<string, string[]> {
  const file = join(CATCHES_DIR, `${tranche}.shard-${shard}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** What differs between tranches: how many test files a tranche's runs are dealt to, and how its servers were started when it was scored. */
export interface Tranche {
  /** Test files the runs are dealt to: more run side by side, at the cost of a process and servers each. */
  readonly shards: number;
  /** Hosts the reference server's source downloads may reach (`conform serve --allow-fetch`), as the tranche was scored. */
  readonly allowFetch?: readonly string[];
  /**
   * Which variants a fault runs on: `each` of those whose text it breaks (as it was scored), or one of them,
   * `alternating` from fault to fault, so that the tranche still runs on both variants at about half the
   * cost (earlier tranches, whose every run is recorded in docs/redteam.md).
   */
  readonly variants: 'each' | 'alternating';
}

/** Each tranche in the tests, by its directory's name. */
export const TRANCHES: Readonly<Record<string, Tranche>> = {
  // Scored against `conform serve --variant V`: 60 faults, one run each, in two files.
  'tranche-1': { shards: 2, variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 33 faults, one run each, in two files.
  'tranche-2': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 47 faults, one run each, in two files.
  'tranche-3': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 59 faults, one run each, in two files.
  'tranche-4': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 75 faults, one run each, in two files.
  'tranche-5': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 82 faults, one run each, in two files.
  'tranche-6': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 127 faults, one run each, in two files.
  'tranche-7': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 139 faults, one run each, in two files.
  'tranche-8': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 154 faults, one run each, in two files.
  'tranche-9': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored against `conform serve --variant V --allow-fetch 127.0.0.1`: 136 faults, one run each, in two files.
  'tranche-10': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
  // Scored as tranche-10: 184 faults, one run each (A and B by turns), in two files.
  'tranche-11': { shards: 2, allowFetch: ['127.0.0.1'], variants: 'alternating' },
};

function trancheOf(tranche: string): Tranche {
  const t = TRANCHES[tranche];
  if (!t) throw new Error(`${tranche} is not in TRANCHES (test/redteam/shards.ts)`);
  return t;
}

/**
 * Every run of a tranche, in the tranche's order: each fault on each variant whose text it breaks, or
 * (`alternating`) on one of them, the faults that break both taking A and B by turns.
 */
export function allRuns(faults: readonly Fault[], variants: Tranche['variants'] = 'each'): { fault: Fault; variant: Variant }[] {
  if (variants === 'each') return faults.flatMap((fault) => fault.variants.map((variant) => ({ fault, variant })));
  let turn = 0;
  return faults.map((fault) => ({ fault, variant: fault.variants.length > 1 ? fault.variants[turn++ % fault.variants.length]! : fault.variants[0]! }));
}

/** The runs shard `shard` (1..shards) of `shards` makes: those of every shards-th run's fault, so that a file's score counts whole faults. */
export function runsOfShard(faults: readonly Fault[], shard: number, shards: number, variants: Tranche['variants'] = 'each'): { fault: Fault; variant: Variant }[] {
  const dealt = new Set(faults.filter((_, i) => i % shards === shard - 1));
  return allRuns(faults, variants).filter((r) => dealt.has(r.fault));
}

/** What a list of runs caught: `23 of 30 faults caught (A 27/32 runs, B 18/21)`; a fault is caught when caught on every variant it ran on. */
export function scoreLine(runs: readonly FaultRun[]): string {
  const faults = new Map<string, boolean>();
  for (const r of runs) faults.set(r.fault.id, (faults.get(r.fault.id) ?? true) && r.caught);
  const of = (v: Variant) => runs.filter((r) => r.variant === v);
  const variants = (['A', 'B'] as const).map((v, i) => `${v} ${of(v).filter((r) => r.caught).length}/${of(v).length}${i === 0 ? ' runs' : ''}`);
  return `${[...faults.values()].filter(Boolean).length} of ${faults.size} faults caught (${variants.join(', ')})`;
}

/** A reference server of each variant, started on first use with the tranche's options, with a switch that resets its counters. */
class Servers {
  constructor(private readonly allowFetch: readonly string[] | undefined) {}

  private readonly started = new Map<Variant, Promise<{ db: Db; url: string; close(): Promise<void>; faultSwitch: FaultSwitch }>>();

  get(variant: Variant) {
    let s = this.started.get(variant);
    if (!s) {
      s = (async () => {
        const db = await openDb({});
        const faultSwitch = new FaultSwitch();
        try {
          const server = await startServer({ variant, db, faultSwitch, port: 0, ...(this.allowFetch ? { allowFetch: this.allowFetch } : {}) });
          return { db, url: server.url, close: () => server.close(), faultSwitch };
        } catch (err) {
          await db.close();
          throw err;
        }
      })();
      this.started.set(variant, s);
    }
    return s;
  }

  async closeAll(): Promise<void> {
    for (const s of this.started.values()) {
      const server = await s.catch(() => undefined);
      await server?.close().catch(() => undefined);
      await server?.db.close().catch(() => undefined);
    }
  }
}

/** Defines the tests of shard `shard` (1..its shards) of tranche `tranche` (its directory's name, a key of TRANCHES) with its `faults`. */
export function trancheShard(tranche: string, faults: readonly Fault[], shard: number): void {
  const { shards, allowFetch, variants } = trancheOf(tranche);
  const knownMisses = KNOWN_MISSES[tranche] ?? {};
  describe(`red-team ${tranche}, shard ${shard} of ${shards}`, () => {
    const servers = new Servers(allowFetch);
    const done: FaultRun[] = [];
    const runs = runsOfShard(faults, shard, shards, variants);
    const catches = RECORD ? {} : catchesOf(tranche, shard);

    afterAll(async () => {
      process.stdout.write(`redteam ${tranche}${shards > 1 ? ` (shard ${shard} of ${shards})` : ''}: ${scoreLine(done)}${RECORD ? '' : ' (each caught fault with the checks recorded to catch it)'}\n`);
      if (RECORD && done.length === runs.length) {
        mkdirSync(CATCHES_DIR, { recursive: true });
        const recorded = Object.fromEntries(done.filter((r) => r.caught).map((r) => [`${r.fault.id} ${r.variant}`, r.failing]).sort(([a], [b]) => String(a).localeCompare(String(b))));
        writeFileSync(join(CATCHES_DIR, `${tranche}.shard-${shard}.json`), `${JSON.stringify(recorded, null, 1)}\n`);
      }
      await servers.closeAll();
    });

    it.each(runs.map((r) => [`${r.fault.id} [${r.variant}]`, r] as const))('%s', { timeout: scaled(60_000) }, async (_name, { fault, variant }) => {
      const server = await servers.get(variant);
      // Counters (quotas, write throttles) afresh: each run meets the server as if it were started for it.
      server.faultSwitch.switchTo(undefined);
      const recorded = knownMisses[fault.id] === undefined ? catches[`${fault.id} ${variant}`] : undefined;
      if (!RECORD && knownMisses[fault.id] === undefined) expect(recorded, `no checks are recorded to catch ${fault.id} [${variant}]: run the tranche with REDTEAM_RECORD=1 (test/redteam/catches/)`).toBeDefined();
      const run = await runFault(fault, variant, server.url, recorded ? runConfig(fault, variant, SEED, recorded) : runConfig(fault, variant, SEED));
      done.push(run);
      if (HOOK_ERRORS[fault.id] === undefined) expect(run.hookErrors, `the fault's hooks raised errors`).toBe(0);
      const known = knownMisses[fault.id];
      if (known === undefined) {
        expect(run.caught, `fault ${fault.id} [${variant}] (${fault.description}) was missed by ${recorded ? `the checks recorded to catch it (${recorded.join(', ')})` : `${run.checks} checks of ${fault.family}`}: fix a check, or list it under ${tranche} in known-misses.ts with the reason`).toBe(true);
      } else {
        expect(run.caught, `fault ${fault.id} [${variant}] is listed under ${tranche} in known-misses.ts but was caught (${run.failing.join(', ')}): remove it from the list`).toBe(false);
      }
    });

    if (shard === 1) {
      it(`the ${shards} shard${shards > 1 ? 's run' : ' runs'} every fault ${variants === 'each' ? 'on each of its variants' : 'on one of its variants, A and B by turns'}, once`, () => {
        const files = readdirSync(import.meta.dirname).filter((f) => new RegExp(`^${tranche}(-\\d+)?\\.test\\.ts$`).test(f)).sort();
        expect(files).toEqual([`${tranche}.test.ts`, ...Array.from({ length: shards - 1 }, (_, i) => `${tranche}-${i + 2}.test.ts`)].sort());
        const dealt = Array.from({ length: shards }, (_, i) => runsOfShard(faults, i + 1, shards, variants)).flat().map((r) => `${r.fault.id} ${r.variant}`).sort();
        expect(dealt).toEqual(allRuns(faults, variants).map((r) => `${r.fault.id} ${r.variant}`).sort());
        if (variants === 'alternating') {
          // Each fault once, on a variant it breaks; both variants run.
          expect(new Set(dealt.map((d) => d.split(' ')[0])).size).toBe(faults.length);
          expect(new Set(dealt.map((d) => d.split(' ')[1]))).toEqual(new Set(['A', 'B']));
        }
      });

      it('every fault has a scope, and every known miss is a fault of the tranche', () => {
        expect(faults.filter((f) => FAMILY_SCOPE[f.family] === undefined).map((f) => `${f.id} (${f.family})`)).toEqual([]);
        const ids = new Set(faults.map((f) => f.id));
        expect(Object.keys(knownMisses).filter((id) => !ids.has(id))).toEqual([]);
      });
    }
  });
}
