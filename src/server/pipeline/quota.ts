/**
 * Stage 3, quota: the hourly quota of the caller (../quota.ts), then, under the legal variation
 * `throttle`, the per-second limit of state-changing requests (../variations.ts). Past either, 421, with
 * Retry-After: when the quota's window ends, or in a second. A client then knows how long to wait (a
 * checker run against a long-lived server that spent its accounts' quotas says so at once, rather than
 * backing off for minutes).
 */
import type { FastifyRequest } from 'fastify';
import type { QuotaTracker } from '../quota.ts';
import { throttled } from '../refusals.ts';
import type { Variations, WriteThrottle } from '../variations.ts';
import type { StageFaults } from './faults.ts';
import { reached, stateOf } from './state.ts';

export function quotaStage(options: { readonly quota: QuotaTracker; readonly writes: WriteThrottle; readonly variations: Variations; readonly faults: StageFaults }) {
  const { quota, writes, variations, faults } = options;
  return async function quotas(req: FastifyRequest): Promise<void> {
    const state = stateOf(req);
    const user = reached(state.user, 'caller');
    if (faults.quotaEnforced && !(await quota.take(user, req.ip, faults.quotaShare))) throw throttled({ 'retry-after': String(quota.secondsLeft()) });
    if (user && state.route.op.stateChanging && variations.active('throttle') && !writes.take(user.id)) {
      throw throttled({ 'retry-after': '1' });
    }
  };
}
