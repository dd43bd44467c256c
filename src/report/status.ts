/**
 * Requirement-level outcomes of a report: a check proves one or more requirements, and a failure
 * names the one the target broke. Shared by the HTML matrix and `conform compare`.
 */
import type { ReportedResult } from './model.ts';
import type { CheckStatus } from '../check/check.ts';

export interface RequirementOutcome {
  readonly id: string;
  /**
   * fail / warn: a check found the requirement broken; pass: every check proving it passed;
   * skip: not established (a check proving it was skipped, or failed on another requirement).
   */
  readonly status: CheckStatus;
  /** Checks that decided the status (the failing ones for fail and warn). */
  readonly checks: readonly string[];
  /** Every failing check of this requirement was accepted by the baseline. */
  readonly baselined: boolean;
}

/** The requirements a non-passing result broke. */
export function brokenRequirements(r: ReportedResult): readonly string[] {
  return r.failedRequirement ? [r.failedRequirement] : r.requirements;
}

/** Requirement outcomes over a set of results, in first-seen order. */
export function requirementOutcomes(results: readonly ReportedResult[]): Map<string, RequirementOutcome> {
  const relevant = new Map<string, ReportedResult[]>();
  const add = (id: string, r: ReportedResult) => {
    const list = relevant.get(id) ?? relevant.set(id, []).get(id)!;
    if (!list.includes(r)) list.push(r);
  };
  for (const r of results) {
    for (const id of r.requirements) add(id, r);
    if (r.failedRequirement) add(r.failedRequirement, r);
  }
  const out = new Map<string, RequirementOutcome>();
  for (const [id, list] of relevant) {
    const broke = (status: CheckStatus) => list.filter((r) => r.status === status && brokenRequirements(r).includes(id));
    const fails = broke('fail');
    const warns = broke('warn');
    const proving = list.filter((r) => r.requirements.includes(id));
    if (fails.length > 0) {
      out.set(id, { id, status: 'fail', checks: fails.map((r) => r.check), baselined: fails.every((r) => r.baselined !== undefined) });
    } else if (warns.length > 0) {
      out.set(id, { id, status: 'warn', checks: warns.map((r) => r.check), baselined: false });
    } else if (proving.length > 0 && proving.every((r) => r.status === 'pass')) {
      out.set(id, { id, status: 'pass', checks: proving.map((r) => r.check), baselined: false });
    } else {
      out.set(id, { id, status: 'skip', checks: proving.filter((r) => r.status !== 'pass').map((r) => r.check), baselined: false });
    }
  }
  return out;
}

/** The root-cause rows of a report (failed set-up steps), most blocking first. */
export function rootCauses<T extends { readonly blocks?: readonly string[] }>(results: readonly T[]): T[] {
  return results.filter((r) => r.blocks !== undefined).sort((a, b) => b.blocks!.length - a.blocks!.length);
}

/** "1 root cause blocks 90 checks", or undefined when nothing was blocked. */
export function rootCauseLine(results: readonly { readonly blocks?: readonly string[] }[]): string | undefined {
  const roots = rootCauses(results);
  if (roots.length === 0) return undefined;
  const n = roots.reduce((s, r) => s + r.blocks!.length, 0);
  return `${roots.length} root ${roots.length === 1 ? 'cause blocks' : 'causes block'} ${n} ${n === 1 ? 'check' : 'checks'}`;
}

/** Results grouped by resource, in first-seen order. */
export function byResource<T extends { readonly resource: string }>(results: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of results) (out.get(r.resource) ?? out.set(r.resource, []).get(r.resource)!).push(r);
  return out;
}

export const STATUS_ORDER: readonly CheckStatus[] = ['fail', 'warn', 'blocked', 'skip', 'pass'];
