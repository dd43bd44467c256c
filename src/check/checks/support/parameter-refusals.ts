/**
 * How invalid parameters are refused (section 7): 420 or 424 (INT-missing-required-status,
 * INT-out-of-set-status), with an envelope saying success=false.
 */
import type { RequirementId } from '../../../../specs/requirements/index.ts';
import { fail } from '../../check.ts';
import type { Reply } from '../../target.ts';
import { expectRefusalEnvelope } from './reply-contract.ts';

/** Statuses that refuse invalid parameters (INT-missing-required-status, INT-out-of-set-status). */
export const PARAMETER_REFUSALS = [420, 424] as const;

/** A value that is in no value set. */
export const OUT_OF_SET = 'conform-not-a-listed-value';

/** Documented statuses that refuse a request, other than 420/424 (section 7). */
const OTHER_REFUSALS = [403, 404, 422, 423];

export function refusedWithParameterStatus(reply: Reply, what: string, requirement: RequirementId, reading: 'INT-missing-required-status' | 'INT-out-of-set-status'): void {
  const said = reply.envelope();
  // A success status over an envelope that says failure: whichever was meant, the two disagree (section 7).
  if (reply.ok && reply.op?.stateChanging && said.ok && said.envelope.success === false) {
    fail(`${what} was answered ${reply.status} with an envelope saying success=false`, { reply, requirement: 'IB-7-envelope-agrees', expected: `a status that agrees with success=false`, actual: String(reply.status) });
  }
  if (!(PARAMETER_REFUSALS as readonly number[]).includes(reply.status)) {
    // The refusal is the text's demand; 420 or 424 is the register's reading. Another documented
    // refusal (a revert without version_id answered 404: the version is not found) rests on that reading only.
    const e = reply.envelope();
    const refusedAnyway = OTHER_REFUSALS.includes(reply.status) && !(e.ok && e.envelope.success === true);
    fail(`${what} was answered ${reply.status}`, {
      reply, requirement, expected: `420 or 424 (${reading})`, actual: String(reply.status), ...(refusedAnyway ? { interpretation: reading } : {}),
    });
  }
  const e = reply.envelope();
  if (reply.op?.stateChanging && e.ok && e.envelope.success !== false) {
    fail(`${what} was answered with envelope success=${String(e.envelope.success)}`, { reply, requirement, expected: 'success false', actual: String(e.envelope.success) });
  }
  expectRefusalEnvelope(reply, what);
}
