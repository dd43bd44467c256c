/** Which checks a run includes: variant, --only, --read-only and opt-in tiers (quota, fuzz). */
import type { Check } from './check.ts';
import { appliesTo } from './check.ts';
import type { RunConfig } from './config.ts';

/**
 * Each pattern compiled once: a selection tests every pattern against every check. Patterns come from a
 * run's --only and the faults' owners, a bounded set; with no `g` flag a RegExp keeps no state between tests.
 */
const compiled = new Map<string, RegExp>();

export function globToRegExp(glob: string): RegExp {
  let re = compiled.get(glob);
  if (!re) {
    const escaped = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    re = new RegExp(`^${escaped}$`, 'i');
    compiled.set(glob, re);
  }
  return re;
}

/** Does a check match one of the --only patterns (by check id, requirement id, resource or operation id)? */
export function matchesOnly(check: Check, patterns: readonly string[]): boolean {
  if (patterns.length === 0) return true;
  const names = [check.id, check.fn, check.resource, ...(check.operation ? [check.operation] : []), ...check.requirements];
  return patterns.some((p) => {
    const re = globToRegExp(p);
    return names.some((n) => re.test(n));
  });
}

/**
 * The checks of a run. Quota checks use up the accounts' hourly quotas, so they run in a phase of
 * their own after every other check (`phase: 'quota'`), and only with --include-quota.
 */
export function selectChecks(
  checks: readonly Check[],
  config: Pick<RunConfig, 'variant' | 'only' | 'readOnly' | 'includeQuota' | 'fuzz' | 'checks'>,
  phase: RunConfig['phase'] = 'all',
): Check[] {
  const ids = config.checks ? new Set(config.checks) : undefined;
  return checks.filter(
    (c) =>
      appliesTo(c, config.variant) &&
      (!ids || ids.has(c.id)) &&
      matchesOnly(c, config.only) &&
      (!config.readOnly || c.readOnly) &&
      (c.tier !== 'quota' || config.includeQuota) &&
      (c.tier !== 'fuzz' || (config.fuzz ?? 0) > 0) &&
      (phase === 'all' || (phase === 'main' ? c.tier === undefined : c.tier === phase)),
  );
}

/** A check of the variant's full certification, and why a run's selection left it out (if it did). */
export interface Planned {
  readonly id: string;
  readonly requirements: readonly string[];
  readonly left?: 'only' | 'read-only' | 'tier' | 'rerun';
}

/**
 * The certification of the variant against which a run is measured: every check of the variant
 * (the generative phase aside: it adds evidence, it establishes nothing alone), each marked with the
 * first reason the run's selection left it out.
 */
export function certificationPlan(checks: readonly Check[], config: Pick<RunConfig, 'variant' | 'only' | 'readOnly' | 'includeQuota' | 'checks'>): Planned[] {
  const ids = config.checks ? new Set(config.checks) : undefined;
  return checks
    .filter((c) => appliesTo(c, config.variant) && c.tier !== 'fuzz')
    .map((c) => {
      const left = ids && !ids.has(c.id) ? 'rerun' : !matchesOnly(c, config.only) ? 'only' : config.readOnly && !c.readOnly ? 'read-only' : c.tier === 'quota' && !config.includeQuota ? 'tier' : undefined;
      return { id: c.id, requirements: c.requirements, ...(left ? { left } : {}) };
    });
}
