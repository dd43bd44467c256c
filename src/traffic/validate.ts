/**
 * Judging one exchange that passed through `conform proxy`, by the requirements a single exchange
 * can show, with the checks' own assertions (src/check/checks/support/reply-contract.ts, src/check/formats.ts):
 *   - status:          a documented status (IB-7-status-documented; in B no 204, IB-7-status-no-204-B)
 *   - no-server-error: no 5xx (IB-7-no-server-error, SHOULD)
 *   - content-type:    the Content-Type names the requested format (IB-2-content-type, SHOULD)
 *   - format:          the body parses in the requested format (IB-2-format-json/xml); for GET
 *                      errors only the status is judged (INT-get-errors)
 *   - envelope:        state-changing calls return the outcome envelope agreeing with the status
 *                      (IB-7-envelope-json/xml, IB-7-envelope-agrees); a bodiless 204 in A is
 *                      success (INT-204-envelope)
 *   - absent:          an operation of the other variant does not succeed (IB-4-...-absent)
 * A 421 or 429 is throttling (INT-throttling): counted, never judged. Record fields are never
 * demanded (INT-record-fields).
 */
import type { Format, ResolvedOperation, Variant } from '../../specs/model/index.ts';
import { OPERATIONS, operationsFor, resolveOperation } from '../../specs/model/index.ts';
import { requirementIds } from '../../specs/requirements/index.ts';
import { CheckFailure, fail } from '../check/check.ts';
import { expectDocumentedStatus, expectEnvelope, expectParses } from '../check/checks/support/reply-contract.ts';
import type { Exchange, HttpResponse } from '../check/http.ts';
import { Reply } from '../check/target.ts';

export type Assertion = 'status' | 'no-server-error' | 'content-type' | 'format' | 'envelope' | 'absent';

export interface AssertionSpec {
  readonly fn: string;
  readonly description: string;
  readonly requirements: (op: ResolvedOperation, variant: Variant) => string[];
}

export const ASSERTIONS: Readonly<Record<Assertion, AssertionSpec>> = {
  status: {
    fn: 'exchange_status_is_documented',
    description: 'every answer to the operation has a documented status',
    requirements: (_op, v) => ['IB-7-status-documented', ...(v === 'B' ? ['IB-7-status-no-204-B'] : [])],
  },
  'no-server-error': { fn: 'exchange_gets_no_server_error', description: 'no answer to the operation is a 5xx', requirements: () => ['IB-7-no-server-error'] },
  'content-type': { fn: 'exchange_content_type_names_format', description: 'answers carry the Content-Type of the requested format', requirements: () => ['IB-2-content-type'] },
  format: { fn: 'exchange_body_parses', description: 'answers parse in the format the path suffix requested', requirements: () => ['IB-2-format-json', 'IB-2-format-xml'] },
  envelope: {
    fn: 'exchange_has_outcome_envelope',
    description: 'state-changing answers carry the outcome envelope, agreeing with the status',
    requirements: () => ['IB-7-envelope-json', 'IB-7-envelope-xml', 'IB-7-envelope-agrees'],
  },
  absent: {
    fn: 'other_variant_operation_does_not_succeed',
    description: 'an operation of the other variant does not succeed',
    requirements: (op) => [requirementIds.absent(op.id)],
  },
};

/** What the proxy saw of one exchange. */
export interface Seen {
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly status: number;
  /** Response headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The body; undefined when it was larger than --max-body (streamed through unvalidated). */
  readonly body: Buffer | undefined;
  /** The body as text, when it was at hand as text (a recording): not decoded again. */
  readonly text?: string;
  readonly durationMs: number;
  /** The redacted record, for the report (may be made when first read: read it only to show it). */
  readonly exchange: Exchange;
}

export interface Judgement {
  readonly assertion: Assertion;
  readonly failure?: CheckFailure;
}

export type Matched =
  | { readonly kind: 'operation'; readonly op: ResolvedOperation; readonly format: Format }
  | { readonly kind: 'other-variant'; readonly op: ResolvedOperation; readonly format: Format }
  | { readonly kind: 'unmatched' };

interface Route {
  readonly op: ResolvedOperation;
  readonly re: RegExp;
  readonly literal: boolean;
}

function routesOf(ops: readonly ResolvedOperation[]): Route[] {
  return ops
    .map((op) => ({
      op,
      re: new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z_]+\}/g, '([^/]+)')}\\.(json|xml)$`),
      literal: !op.path.includes('{'),
    }))
    // Literal paths first: /artists/banned is not /artists/{id}.
    .sort((a, b) => Number(b.literal) - Number(a.literal) || b.op.path.length - a.op.path.length);
}

/** How many (method, path) answers a Router keeps: paths with ids are many, and the proxy runs long. */
const MATCH_CACHE = 4096;

/** Finds the operation of a request: in the variant, in the other variant only, or none. */
export class Router {
  private readonly mine: Route[];
  private readonly others: Route[];
  /** Answers given, by method and path: traffic repeats its requests. */
  private readonly cache = new Map<string, Matched>();
  constructor(readonly variant: Variant) {
    this.mine = routesOf(operationsFor(variant));
    const ids = new Set(this.mine.map((r) => r.op.id));
    const other: Variant = variant === 'A' ? 'B' : 'A';
    this.others = routesOf(OPERATIONS.filter((o) => o.only === other && !ids.has(o.id)).map((o) => resolveOperation(o, other)));
  }

  match(method: string, pathname: string): Matched {
    const key = `${method} ${pathname}`;
    let matched = this.cache.get(key);
    if (matched === undefined) {
      matched = this.find(method, pathname);
      if (this.cache.size >= MATCH_CACHE) this.cache.clear();
      this.cache.set(key, matched);
    }
    return matched;
  }

  private find(method: string, pathname: string): Matched {
    for (const [kind, routes] of [['operation', this.mine], ['other-variant', this.others]] as const) {
      for (const r of routes) {
        if (r.op.method !== method) continue;
        const m = r.re.exec(pathname);
        if (m) return { kind, op: r.op, format: m[m.length - 1] as Format };
      }
    }
    return { kind: 'unmatched' };
  }
}

function attempt(assertion: Assertion, body: () => void): Judgement {
  try {
    body();
    return { assertion };
  } catch (err) {
    if (err instanceof CheckFailure) return { assertion, failure: err };
    throw err;
  }
}

function replyOf(seen: Seen, op: ResolvedOperation, format: Format): Reply {
  const http: HttpResponse = {
    status: seen.status, headers: seen.headers, body: seen.body ?? Buffer.alloc(0), ...(seen.text !== undefined ? { text: seen.text } : {}), truncated: seen.body === undefined,
    durationMs: seen.durationMs,
    // Read only by a failed judgement: a record made on demand (see Seen.exchange) is made then.
    get exchange() {
      return seen.exchange;
    },
  };
  return new Reply(op, format, http);
}

/** Judges one exchange of a matched operation. Throttled answers are not judged (empty list). */
export function judgeExchange(variant: Variant, matched: Matched, seen: Seen): Judgement[] {
  if (matched.kind === 'unmatched') return [];
  if (seen.status === 421 || seen.status === 429) return [];
  const reply = replyOf(seen, matched.op, matched.format);
  if (matched.kind === 'other-variant') {
    return [
      attempt('absent', () => {
        const e = seen.body === undefined ? undefined : reply.envelope();
        if (reply.ok || (e?.ok && e.envelope.success)) {
          fail(`${matched.op.method} ${matched.op.path} succeeded (${reply.status}) but does not exist in ${variant}`, { reply, expected: 'not a success (INT-cross-variant: 404)', actual: String(reply.status) });
        }
        if (reply.status === 420 || reply.status === 424) {
          fail(`${matched.op.method} ${matched.op.path} judged its parameters (${reply.status}), so it exists in ${variant}`, { reply, expected: 'no such operation (INT-cross-variant: 404)', actual: String(reply.status) });
        }
      }),
    ];
  }
  const op = matched.op;
  const out: Judgement[] = [
    attempt('status', () => expectDocumentedStatus(reply, variant)),
    attempt('no-server-error', () => {
      if (reply.status >= 500) fail(`answered ${reply.status}`, { reply, requirement: 'IB-7-no-server-error', expected: 'not a 5xx', actual: String(reply.status) });
    }),
  ];
  if (reply.status === 204) return out; // INT-204-envelope in A; in B the status judgement failed
  // A 401 refuses access as 403 does, with any body (INT-status-table, INT-anonymous-refused: the service
  // family answers wrong or missing credentials with the text "401 Not Authorized"): its status is judged.
  if (reply.status === 401) return out;
  const hasBody = seen.body === undefined || seen.body.byteLength > 0;
  // INT-get-errors: of a GET error only the status is judged.
  if (hasBody && (op.stateChanging || reply.ok)) {
    out.push(
      attempt('content-type', () => {
        if (!reply.mediaTypeOk) fail(`Content-Type is "${reply.contentType ?? '(none)'}"`, { reply, expected: matched.format === 'json' ? 'application/json' : 'application/xml or text/xml', actual: reply.contentType ?? '(none)' });
      }),
    );
  }
  // A body over --max-body was streamed through unvalidated: nothing more is judged of it.
  if (seen.body === undefined) return out;
  if (op.stateChanging) {
    out.push(attempt('format', () => expectParses(reply)));
    out.push(attempt('envelope', () => expectEnvelope(reply)));
  } else if (reply.ok) {
    out.push(attempt('format', () => expectParses(reply)));
  }
  return out;
}
