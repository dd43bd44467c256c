/** Runs one check against a context and turns its outcome into a result. */
import { requirement } from '../../specs/requirements/index.ts';
import type { Check, CheckContext } from './check.ts';
import { Blocked, CheckFailure, CheckSkip, levelOf } from './check.ts';
import type { Exchange } from './http.ts';
import { ReadOnlyRefusal, TransportError } from './http.ts';
import type { CheckResult } from './result.ts';
import { withCheck } from './scope.ts';
import type { Reply } from './target.ts';
import { watchCheck } from './watchdog.ts';

const KEPT_EXCHANGES = 3;

/** What every result of a check says about the check itself. */
function described(check: Check): Pick<CheckResult, 'check' | 'fn' | 'description' | 'requirements' | 'level' | 'resource' | 'operation'> {
  return {
    check: check.id,
    fn: check.fn,
    description: check.description,
    requirements: check.requirements,
    level: levelOf(check),
    resource: check.resource,
    ...(check.operation ? { operation: check.operation } : {}),
  };
}

/** The result of a check that could not run or did not end: a fault of the run, not of the target. */
export function notRun(check: Check, message: string): CheckResult {
  return { ...described(check), status: 'fail', message, exchanges: [], requests: 0, durationMs: 0, internalError: true };
}

/**
 * runCheck under the watch of ./watchdog.ts: a check that shows no progress (no request started or
 * ended, no throttling wait) for CHECK_QUIET_MS is reported as broken and the suite goes on; a
 * check of many requests runs as long as they keep coming.
 */
export function runWatchedCheck(check: Check, base: Omit<CheckContext, 'note'>, strict: boolean, deadline = 0, quietMs?: number): Promise<CheckResult> {
  // The check's own view of the target: its progress alone is watched, even with other checks in flight.
  const own = { ...base, target: base.target.scoped() };
  return watchCheck(
    own.target.http,
    () => runCheck(check, own, strict, deadline, false),
    (quiet) => notRun(check, `the check did not end: no request started or ended for ${quiet / 1000} s`),
    quietMs,
  );
}

/** The result of a check that never started: not established, never a failure of the target. */
export function notStarted(check: Check, why: 'deadline' | 'interrupted', signal?: string): CheckResult {
  const message = why === 'deadline' ? 'not run: the run reached its deadline (--deadline) before this check' : `not run: the run was interrupted (${signal ?? 'a signal'}) before this check`;
  return { ...described(check), status: 'skip', notRun: why, message, exchanges: [], requests: 0, durationMs: 0 };
}

/**
 * Runs one check. It gets a view of the target of its own (Target.scoped) unless `scope` is false (the
 * caller made one): its request count and throttled retries are its own while other checks run beside it.
 */
export async function runCheck(check: Check, shared: Omit<CheckContext, 'note'>, strict: boolean, deadline = 0, scope = true): Promise<CheckResult> {
  // A check that never started proves nothing either way: not established, never a failure.
  if (deadline > 0 && Date.now() > deadline) return notStarted(check, 'deadline');
  const base = scope ? { ...shared, target: shared.target.scoped() } : shared;
  const exchanges: Exchange[] = [];
  const ctx: CheckContext = {
    ...base,
    unique: base.unique,
    note: (x: Reply | Exchange) => {
      exchanges.push('exchange' in x ? x.exchange : x);
    },
  };
  const level = levelOf(check);
  const started = performance.now();
  const requestsBefore = base.target.http.requests;
  const throttledBefore = base.target.throttledRetries;
  const common = described(check);
  const finish = (rest: Partial<CheckResult> & Pick<CheckResult, 'status'>, shown: Exchange[] = exchanges): CheckResult => ({
    ...common,
    ...rest,
    exchanges: shown.slice(-KEPT_EXCHANGES),
    requests: base.target.http.requests - requestsBefore,
    ...(base.target.throttledRetries > throttledBefore ? { throttled: base.target.throttledRetries - throttledBefore } : {}),
    durationMs: Math.round(performance.now() - started),
  });
  try {
    // Every exchange sent from here on, set-up shared through the world included, is this check's
    // (./scope.ts): where a HAR records them. Following the async context costs every promise of the run
    // (about a tenth of the suites' process's CPU on a full run), so a run that records nothing skips it.
    await (base.target.http.recording ? withCheck(check.id, () => check.run(ctx)) : check.run(ctx));
    return finish({ status: 'pass' }, []);
  } catch (err) {
    if (err instanceof CheckSkip) return finish({ status: 'skip', message: err.message }, []);
    if (err instanceof Blocked) return finish({ status: 'blocked', message: err.message, blockedBy: err.root.id, root: err.root }, []);
    if (err instanceof ReadOnlyRefusal) return finish({ status: 'skip', message: `needs records that only a state-changing request can make: ${err.message}` }, []);
    const failed = level === 'MUST' || strict ? 'fail' : 'warn';
    if (err instanceof CheckFailure) {
      // A check of a SHOULD that finds a MUST broken on its way (an envelope that contradicts its status)
      // fails at the level of what it found.
      const raised = err.detail.requirement !== undefined && level !== 'MUST' && requirement(err.detail.requirement).level === 'MUST';
      // A failure that rests only on a reading of the register is a warning naming it (Non-Strict).
      const status = err.detail.interpretation && !strict ? 'warn' : raised ? 'fail' : failed;
      const shown = err.detail.exchange ? [...exchanges.filter((e) => e !== err.detail.exchange), err.detail.exchange] : exchanges;
      return finish(
        {
          status,
          message: err.message,
          ...(err.detail.interpretation ? { interpretation: err.detail.interpretation } : {}),
          ...(err.detail.expected !== undefined ? { expected: err.detail.expected } : {}),
          ...(err.detail.actual !== undefined ? { actual: err.detail.actual } : {}),
          ...(err.detail.requirement ? { failedRequirement: err.detail.requirement } : {}),
          ...(raised ? { level: 'MUST' as const } : {}),
        },
        shown,
      );
    }
    if (err instanceof TransportError) {
      return finish({ status: failed, message: `no response: ${err.message}`, expected: 'a response', actual: err.message }, [...exchanges, err.exchange]);
    }
    const message = base.target.http.redactor.text(err instanceof Error ? err.message : String(err));
    return finish({ status: 'fail', message: `the check could not run: ${message}`, internalError: true });
  }
}
