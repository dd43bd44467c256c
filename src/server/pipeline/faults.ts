/**
 * The protocol faults (../faults.ts) that alter the request stages, read in one place when the app is
 * built: each stage gets plain settings and never asks for a fault id itself. A legal variation that
 * changes a refusal's status (`status-420`) or the body of a success (`no-content-A`) is folded in here
 * too, after the faults, as the stages have always applied it.
 */
import type { Variant } from '../../../specs/model/index.ts';
import type { AuthFaults } from '../auth.ts';
import type { Faults } from '../fault-types.ts';
import { STATUS } from '../refusals.ts';
import type { Variations } from '../variations.ts';

export interface StageFaults {
  /** query-params-ignored: a GET's query string is not read. */
  readonly queryIgnored: boolean;
  /** body-params-ignored: a body is not read; its parameters come from the query string only. */
  readonly bodyIgnored: boolean;
  /** The authentication faults: credentials ignored, or accepted with any key. */
  readonly auth: AuthFaults;
  /** The authentication faults of a state-changing request (wrong-key-accepted-on-writes: its `api_key` is not compared). */
  readonly authOfWrites: AuthFaults;
  /** The authentication faults of a DELETE other than a dmail's (wrong-basic-accepted-on-deletes: its Basic password is not compared). */
  readonly authOfDeletes: AuthFaults;
  /** Anonymous reads are served (A), or not (B); anonymous-refused-A and anonymous-allowed-B swap them. */
  readonly anonymousReads: boolean;
  /** quota-not-enforced switches the hourly quotas off. */
  readonly quotaEnforced: boolean;
  /** quota-too-low: the share of each documented quota the caller gets (1: all of it). */
  readonly quotaShare: number;
  /** The status of invalid parameters: 424, or 400 (status-undocumented), 500 (server-error-on-bad-input), 420 (variation status-420). */
  readonly invalidParametersStatus: number;
  /** already-exists-409: a create of an existing name is answered 409 Conflict, a code outside the table. */
  readonly alreadyExistsConflict: boolean;
  /** unknown-id-200: a path naming an unknown id is answered 200 with an empty record. */
  readonly unknownIdAnswered: boolean;
  /** A successful state change answers 204 without a body (status-204, or the variation no-content-A in A). */
  readonly noContent: boolean;
  /**
   * The variation unauthorized-401: a request refused for its credentials (missing in B, wrong in
   * either) is answered 401, in B with the plain text the service family sends (INT-status-table).
   */
  readonly unauthorized: boolean;
  /** anonymous-writes-allowed-B: an anonymous state-changing request is made as the lowest-level account. */
  readonly anonymousWrites: boolean;
}

export function stageFaults(faults: Faults, variations: Variations, variant: Variant): StageFaults {
  const on = (id: string) => faults.active(id);
  const anyKey = on('wrong-key-accepted');
  let invalidParametersStatus: number = STATUS.invalidParameters;
  if (on('status-undocumented')) invalidParametersStatus = 400;
  if (invalidParametersStatus === STATUS.invalidParameters && on('server-error-on-bad-input')) invalidParametersStatus = STATUS.serverError;
  if (invalidParametersStatus === STATUS.invalidParameters && variations.active('status-420')) invalidParametersStatus = STATUS.invalidRecord;
  const auth: AuthFaults = {
    ignored: { basic: on('basic-ignored'), apiKey: on('api-key-ignored'), passwordHash: on('password-hash-ignored'), cookie: on('cookie-ignored') },
    anyKey: {
      basic: anyKey || on('wrong-basic-accepted'),
      apiKey: anyKey,
      passwordHash: anyKey || on('wrong-password-hash-accepted'),
      cookie: anyKey || on('wrong-cookie-accepted'),
    },
    emptyKey: on('empty-key-accepted'),
  };
  const authOfWrites: AuthFaults = on('wrong-key-accepted-on-writes') ? { ...auth, anyKey: { ...auth.anyKey, apiKey: true } } : auth;
  return {
    queryIgnored: on('query-params-ignored'),
    bodyIgnored: on('body-params-ignored'),
    auth,
    authOfWrites,
    authOfDeletes: on('wrong-basic-accepted-on-deletes') ? { ...authOfWrites, anyKey: { ...authOfWrites.anyKey, basic: true } } : authOfWrites,
    anonymousReads: variant === 'A' ? !on('anonymous-refused-A') : on('anonymous-allowed-B'),
    quotaEnforced: !on('quota-not-enforced'),
    quotaShare: on('quota-too-low') ? 0.1 : 1,
    invalidParametersStatus,
    alreadyExistsConflict: on('already-exists-409'),
    unknownIdAnswered: on('unknown-id-200'),
    noContent: on('status-204') || (variant === 'A' && variations.active('no-content-A')),
    unauthorized: variations.active('unauthorized-401'),
    anonymousWrites: on('anonymous-writes-allowed-B'),
  };
}
