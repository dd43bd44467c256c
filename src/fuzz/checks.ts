/**
 * The checks of `conform check --fuzz N`, declared without loading the generator: fast-check and the
 * fuzzing machinery (./fuzz.ts) load only when one of these checks runs, so a run without --fuzz does
 * not carry them.
 */
import type { Variant } from '../../specs/model/index.ts';
import { operationsFor } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';
import type { Check } from '../check/check.ts';
import { defineCheck } from '../check/check.ts';
import type { FuzzOptions } from './fuzz.ts';

/** Generated requests per operation when --fuzz gives no number. */
export const DEFAULT_FUZZ_RUNS = 50;

/** The checks of the generative phase: two per operation with parameters or path ids. */
export function fuzzChecks(variant: Variant, options: FuzzOptions = { runs: DEFAULT_FUZZ_RUNS, seed: 1 }): Check[] {
  const checks: Check[] = [];
  for (const op of operationsFor(variant)) {
    if (op.params.length === 0) continue;
    const stateChanging = op.stateChanging;
    const contract: RequirementId[] = ['IB-2-format-json', 'IB-2-format-xml', 'IB-7-status-documented'];
    if (stateChanging) contract.push('IB-7-envelope-json', 'IB-7-envelope-xml', 'IB-7-envelope-agrees');
    if (variant === 'B') contract.push('IB-7-status-no-204-B');
    const common = { resource: op.resource, operation: op.id, readOnly: !stateChanging, tier: 'fuzz' as const };
    checks.push(
      defineCheck({
        ...common,
        id: `fuzz/${op.id}/contract`,
        fn: 'generated_requests_keep_the_contract',
        description: `${options.runs} generated requests to ${op.method} ${op.path} get documented statuses, well-formed bodies${stateChanging ? ' and the outcome envelope' : ''}`,
        requirements: contract,
        async run(ctx) {
          await (await import('./fuzz.ts')).runFuzzCheck(ctx, op.id, 'contract', options);
        },
      }),
      defineCheck({
        ...common,
        id: `fuzz/${op.id}/no-server-error`,
        fn: 'generated_requests_get_no_server_error',
        description: `${options.runs} generated requests to ${op.method} ${op.path} (value sets, huge and negative integers, long and non-ASCII strings, missing and repeated parameters) get no 5xx`,
        requirements: ['IB-7-no-server-error'],
        async run(ctx) {
          await (await import('./fuzz.ts')).runFuzzCheck(ctx, op.id, 'server-error', options);
        },
      }),
    );
  }
  return checks;
}
