/**
 * Mutation testing of the checker against the reference server: for each fault of the server, switch
 * it on and run the checks that prove the faulted requirements (what `conform check --fault ID
 * --only <its requirements> --strict` runs). A fault is caught when a check fails citing one of the
 * faulted requirements. The score, caught / faults, must be 100%.
 */
import type { Variant } from '../../specs/model/index.ts';
import type { FaultSpec } from '../server/faults.ts';
import { DEFAULT_FUZZ_RUNS } from './checks/fuzz.ts';
import { quotaPerHour } from './checks/quota.ts';
import type { RunConfig } from './config.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from './config.ts';
import { createContext } from './context.ts';
import { resetTargetHealth } from './http.ts';
import { allChecks } from './registry.ts';
import type { CheckResult } from './result.ts';
import { runCheck } from './run-check.ts';
import { globToRegExp, selectChecks } from './select.ts';

export interface FaultOutcome {
  readonly fault: FaultSpec;
  readonly caught: boolean;
  /** The failing results that cite a faulted requirement. */
  readonly evidence: readonly CheckResult[];
  /** Checks that ran. */
  readonly checks: number;
  readonly durationMs: number;
}

/** Does a failing result cite one of the fault's requirements? */
export function citesFault(r: CheckResult, fault: FaultSpec): boolean {
  // Results come from a report: their ids are strings.
  const faulted: readonly string[] = fault.requirements;
  // A fault that breaks what the checks of its requirement must first set up (every write refused, say)
  // is shown by the root cause it produces: the check of the requirement is blocked by a failed set-up.
  if (r.status === 'blocked' && r.root) {
    return [...r.requirements, ...(r.root.requirement ? [r.root.requirement] : [])].some((id) => faulted.includes(id));
  }
  if (r.status !== 'fail' || r.internalError) return false;
  const cited = r.failedRequirement ? [r.failedRequirement] : r.requirements;
  return cited.some((id) => faulted.includes(id));
}

/** A short tag of a fault id (FNV-1a, base 36) for run prefixes. */
function faultTag(id: string): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

export function mutationConfig(variant: Variant, fault: FaultSpec, seed: number): RunConfig {
  return {
    target: '',
    variant,
    accountsPath: DEFAULT_ACCOUNTS,
    only: [...fault.requirements],
    strict: true,
    readOnly: false,
    includeQuota: fault.requirements.some((id) => id.startsWith('IB-8-quota')),
    // The generative phase is selected too: it runs after the owning checks, and catches crash faults.
    fuzz: DEFAULT_FUZZ_RUNS,
    timeoutMs: DEFAULTS.timeoutMs,
    maxBodyBytes: DEFAULTS.maxBodyBytes,
    seed,
    // Faults share one database in the mutation test: each run's names must not meet another's.
    prefix: `mut${seed.toString(36)}${faultTag(fault.id)}`,
    phase: 'all',
    // Each fault's server is started for its run: what the run sent is all it served (INT-quota-lower-side).
    freshTarget: true,
  };
}

/**
 * Runs the checks of one fault against `url` (a server with that fault on). Quota checks send
 * hundreds to thousands of requests, so of those only the one that cites the fault with the smallest
 * quota runs.
 */
export async function checkFault(variant: Variant, fault: FaultSpec, url: string, seed: number): Promise<FaultOutcome> {
  const started = Date.now();
  // A new server may reuse an earlier one's port, and so its origin: start from a clean slate.
  resetTargetHealth();
  const config = mutationConfig(variant, fault, seed);
  let checks = selectChecks(allChecks(variant), config);
  // The owning check runs first, so the evidence says whether it (not a neighbour) catches the fault.
  if (fault.caughtBy) {
    const owns = globToRegExp(fault.caughtBy);
    checks = [...checks.filter((c) => owns.test(c.id)), ...checks.filter((c) => !owns.test(c.id))];
  }
  const quota = checks.filter((c) => c.tier === 'quota');
  if (quota.length > 1) {
    // The one of the smallest documented quota: A's anonymous one is 501 requests, the Member one 3,001.
    const perHour = (c: (typeof quota)[number]) => quotaPerHour(c.id) ?? Number.POSITIVE_INFINITY;
    const least = quota.reduce((a, b) => (perHour(b) < perHour(a) ? b : a));
    checks = [...checks.filter((c) => c.tier !== 'quota'), least];
  }
  const { ctx, close } = await createContext(config, url, `m${fault.id}`);
  const evidence: CheckResult[] = [];
  try {
    for (const check of checks) {
      const r = await runCheck(check, ctx, true);
      if (citesFault(r, fault)) {
        evidence.push(r);
        break;
      }
    }
  } finally {
    await close();
  }
  return { fault, caught: evidence.length > 0, evidence, checks: checks.length, durationMs: Date.now() - started };
}
