/**
 * `fuzz/<operation>/*`: the checks of `conform check --fuzz N`, declared without loading the
 * generator: fast-check and the fuzzing machinery (src/fuzz/fuzz.ts) load only when one of these
 * checks runs, so a run without --fuzz does not carry them.
 */
import type { ResolvedOperation, Variant } from '../../../specs/model/index.ts';
import { operationsFor } from '../../../specs/model/index.ts';
import type { RequirementId } from '../../../specs/requirements/index.ts';
import type { FuzzOptions } from '../../fuzz/fuzz.ts';
import type { Check } from '../check.ts';
import type { RunConfig } from '../config.ts';
import { defineCheck } from '../check.ts';

/** Generated requests per operation when --fuzz gives no number. */
export const DEFAULT_FUZZ_RUNS = 50;

const DEFAULT_OPTIONS: FuzzOptions = { runs: DEFAULT_FUZZ_RUNS, seed: 1 };

/** The generative phase's options from a run's settings: --fuzz N (the default without a number) and --seed. */
export function fuzzOptionsOf(config: Pick<RunConfig, 'fuzz' | 'seed'>): FuzzOptions {
  return { runs: config.fuzz || DEFAULT_FUZZ_RUNS, seed: config.seed };
}

export function generated_requests_keep_the_contract(op: ResolvedOperation, variant: Variant, options: FuzzOptions): Check {
  const stateChanging = op.stateChanging;
  const contract: RequirementId[] = ['IB-2-format-json', 'IB-2-format-xml', 'IB-7-status-documented'];
  if (stateChanging) contract.push('IB-7-envelope-json', 'IB-7-envelope-xml', 'IB-7-envelope-agrees');
  if (variant === 'B') contract.push('IB-7-status-no-204-B');
  return defineCheck({
    id: `fuzz/${op.id}/contract`, fn: 'generated_requests_keep_the_contract',
    resource: op.resource, operation: op.id, readOnly: !stateChanging, tier: 'fuzz',
    description: `${options.runs} generated requests to ${op.method} ${op.path} get documented statuses, well-formed bodies${stateChanging ? ' and the outcome envelope' : ''}`,
    requirements: contract,
    async run(ctx) {
      await (await import('../../fuzz/fuzz.ts')).runFuzzCheck(ctx, op.id, 'contract', options);
    },
  });
}

export function generated_requests_get_no_server_error(op: ResolvedOperation, options: FuzzOptions): Check {
  return defineCheck({
    id: `fuzz/${op.id}/no-server-error`, fn: 'generated_requests_get_no_server_error',
    resource: op.resource, operation: op.id, readOnly: !op.stateChanging, tier: 'fuzz',
    description: `${options.runs} generated requests to ${op.method} ${op.path} (value sets, huge and negative integers, long and non-ASCII strings, missing and repeated parameters) get no 5xx`,
    requirements: ['IB-7-no-server-error'],
    async run(ctx) {
      await (await import('../../fuzz/fuzz.ts')).runFuzzCheck(ctx, op.id, 'server-error', options);
    },
  });
}

/** The checks of the generative phase: two per operation with parameters or path ids. */
export function checks(variant: Variant, options: FuzzOptions = DEFAULT_OPTIONS): Check[] {
  return operationsFor(variant)
    .filter((op) => op.params.length > 0)
    .flatMap((op) => [generated_requests_keep_the_contract(op, variant, options), generated_requests_get_no_server_error(op, options)]);
}
