/**
 * Which check an exchange belongs to. In a run that records its exchanges (--har), every check runs
 * inside `withCheck`, and the HTTP client reads `currentChecks()` when it records an exchange, so the
 * attribution follows the async context of the request, not a shared variable: checks in flight at the
 * same time in one process each keep their own.
 * A set-up step shared through `world.get` runs in the context of the check that first asked for it,
 * and its exchanges are that check's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CheckScope {
  /** Ids of the checks the current code runs for (one, or several nested). */
  readonly checks: readonly string[];
}

export const checkScope = new AsyncLocalStorage<CheckScope>();

/** Runs `fn` as part of check `checkId` (nested inside another check's scope, both are named). */
export function withCheck<T>(checkId: string, fn: () => T): T {
  const outer = checkScope.getStore();
  return checkScope.run({ checks: outer ? [...outer.checks, checkId] : [checkId] }, fn);
}

/** The checks the current async context runs for; empty outside any check. */
export function currentChecks(): readonly string[] {
  return checkScope.getStore()?.checks ?? [];
}
