/**
 * How a check ends when it does not pass: a failure (with what was expected and what happened), a
 * skip (not established, with the reason), or blocked by a failed set-up step (its root cause). A leaf
 * module: the target and the checks both throw these.
 */
import type { InterpretationId } from '../../specs/interpretations.ts';
import type { OperationId } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';
import type { Exchange } from './http.ts';

export interface FailureDetail {
  expected?: string;
  actual?: string;
  exchange?: Exchange;
  requirement?: RequirementId;
  /** The operation of the request that showed the failure. */
  operation?: OperationId;
  /**
   * The failing assertion rests only on this reading of the register, not on the document's text:
   * the result is a warning naming it, unless --strict.
   */
  interpretation?: InterpretationId;
  /**
   * What was wrong with the failing answer whatever had been asked (a body that does not parse, a
   * status outside the table, a refusal of the operation): set-up steps failing for one such cause are
   * one root cause.
   */
  cause?: Cause;
}

/** A defect of an answer that does not depend on what the request was for (Reply.defect()). */
export interface Cause {
  /** The requirement the answer broke, whatever was asked (none for a refusal: the step's own). */
  readonly requirement?: RequirementId;
  /** The defect, said the same way for every step it breaks ("answers to .json paths are not JSON"). */
  readonly reason: string;
}

/** Thrown by a check when the target breaks the requirement. */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  constructor(
    message: string,
    readonly detail: FailureDetail = {},
  ) {
    super(message);
  }
}

/** A failed set-up step: one root cause, named by every check it blocks. */
export interface RootCause {
  /** `setup/<kind>`. */
  readonly id: string;
  readonly fn: string;
  readonly description: string;
  /** The requirement the failing set-up request showed broken (or that of its operation). */
  readonly requirement?: RequirementId;
  readonly operation?: OperationId;
  readonly message: string;
  readonly expected?: string;
  readonly actual?: string;
  readonly exchanges: readonly Exchange[];
  readonly interpretation?: InterpretationId;
  /** The step-independent defect the step failed on, if any: steps with the same cause are reported as one. */
  readonly cause?: Cause;
}

/** Thrown when a check needs what a failed set-up step should have made. */
export class Blocked extends Error {
  override readonly name = 'Blocked';
  constructor(readonly root: RootCause) {
    super(`blocked by ${root.id}: ${root.message}`);
  }
}

/** Thrown by a check that cannot be made non-vacuous on this target; reported as skip with the reason. */
export class CheckSkip extends Error {
  override readonly name = 'CheckSkip';
}
