/**
 * The contract every reply keeps, whatever was asked: a documented status, a body that parses in the
 * requested format, and for state-changing calls the outcome envelope agreeing with the status.
 * Used by the served checks, the fuzz checks and the validating proxy.
 */
import type { Variant } from '../../../../specs/model/index.ts';
import { statusCodesFor } from '../../../../specs/model/index.ts';
import { fail } from '../../check.ts';
import type { Reply } from '../../target.ts';

export function expectDocumentedStatus(reply: Reply, variant: Variant): void {
  if (variant === 'B' && reply.status === 204) {
    fail('answered 204 No Content, which exists in A only', { reply, requirement: 'IB-7-status-no-204-B', expected: 'a status of B', actual: '204' });
  }
  const documented = statusCodesFor(variant);
  if (!documented.includes(reply.status)) {
    const reading = readByHttpMeaning(reply.status);
    fail(`status ${reply.status} is not one of the documented codes${reading ? ' (read by its HTTP meaning, INT-status-table)' : ''}`, {
      reply, requirement: 'IB-7-status-documented', expected: documented.join(', '), actual: String(reply.status),
      ...(reading ? { interpretation: 'INT-status-table' as const } : {}),
    });
  }
}

/**
 * A status outside the table that HTTP gives a meaning no row of the table takes (INT-status-table):
 * a success other than 200/204 (201 Created), or 401 Unauthorized refusing access as 403 does.
 */
function readByHttpMeaning(status: number): boolean {
  return (status >= 200 && status < 300) || status === 401;
}

/** The body is a well-formed document of the requested format (its values are not read here). */
export function expectParses(reply: Reply): void {
  const parsed = reply.wellFormed();
  if (!parsed.ok) {
    fail(`the ${reply.format.toUpperCase()} body does not parse: ${parsed.error}`, {
      reply, requirement: reply.format === 'json' ? 'IB-2-format-json' : 'IB-2-format-xml', expected: `a ${reply.format.toUpperCase()} body`, actual: parsed.error,
    });
  }
}

/** The outcome envelope is present, well formed, and its success agrees with the status (section 7). */
export function expectEnvelope(reply: Reply): void {
  const requirement = reply.format === 'json' ? 'IB-7-envelope-json' : 'IB-7-envelope-xml';
  const e = reply.envelope();
  if (!e.ok) fail(`no outcome envelope: ${e.error}`, { reply, requirement, expected: reply.format === 'json' ? '{"success": boolean, "reason": string}' : '<response success=".." reason=".."/>', actual: e.error });
  if (e.envelope.success !== reply.ok) {
    fail(`envelope success=${e.envelope.success} with status ${reply.status}`, {
      reply, requirement: 'IB-7-envelope-agrees', expected: `success=${reply.ok}`, actual: `success=${e.envelope.success}`,
    });
  }
}

/**
 * A refused state-changing call still returns its one element ("Every state-changing call returns one
 * element", section 7): the envelope of the requested format. The service family answers some refusals
 * otherwise, so its absence warns (INT-refusal-envelope); an envelope that says success breaks
 * IB-7-envelope-agrees. Server errors (5xx) may come from a layer in
 * front of the service and are not judged. Call it after the refusal's other assertions: it ends the check.
 */
export function expectRefusalEnvelope(reply: Reply, what: string): void {
  if (!reply.op?.stateChanging || reply.ok || reply.status >= 500) return;
  const e = reply.envelope();
  if (!e.ok) {
    fail(`${what} was refused (${reply.status}) without the outcome envelope: ${e.error}`, {
      reply, requirement: reply.format === 'json' ? 'IB-7-envelope-json' : 'IB-7-envelope-xml', interpretation: 'INT-refusal-envelope',
      expected: reply.format === 'json' ? '{"success": false, "reason": string}' : '<response success="false" reason=".."/>', actual: e.error,
    });
  }
  if (e.envelope.success !== false) {
    fail(`${what} was refused (${reply.status}) with an envelope saying success=${e.envelope.success}`, {
      reply, requirement: 'IB-7-envelope-agrees', expected: 'success=false', actual: `success=${e.envelope.success}`,
    });
  }
}
