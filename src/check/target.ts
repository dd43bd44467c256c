/**
 * The target under test, seen through the spec model: `call('posts.update', ...)` builds the request
 * from the operation's method, path and parameters in the model. Checks name parameters by their
 * field (the last bracket segment, as records name them under INT-record-fields: `tag_string` for
 * `post[tag_string]`), so bracket names are written only in specs/.
 */
import type { Format, OperationId, ResolvedOperation, ResolvedParam, Variant } from '../../specs/model/index.ts';
import { AUTH_PARAMS, OPERATIONS, STATUS_CODES, operationsFor, resolveOperation } from '../../specs/model/index.ts';
import type { Account, Accounts } from './accounts.ts';
import { ANONYMOUS, SpendLedger } from './spend.ts';
import { CheckSkip, type Cause } from './outcome.ts';
import type { Envelope, Parsed, RecordFields, WellFormed } from './formats.ts';
import { BodyDocument, mediaTypeMatches, readEnvelope, readList, readRecord, recordId } from './formats.ts';
import type { Exchange, FormValue, HttpRequest, HttpResponse, Sender } from './http.ts';

export type AuthMode = 'api_key' | 'basic' | 'password_hash' | 'cookie' | 'anonymous';

export interface CallOptions {
  readonly format?: Format;
  /** Path placeholders: `{ id: 5 }`, `{ post_id: 5 }`. */
  readonly path?: Readonly<Record<string, string | number>>;
  /** Documented parameters by field name; a field absent from the operation is a programming error. */
  readonly fields?: Readonly<Record<string, string | number | FormValue | undefined>>;
  /** Raw parameters by exact wire name, for deliberately wrong requests (other variant, unknown names). */
  readonly raw?: Readonly<Record<string, string>>;
  /** Who calls: an account (default: the most privileged account, `accounts.actor`) or nobody. */
  readonly as?: Account | 'anonymous';
  readonly auth?: AuthMode;
  /** Use a wrong secret for the chosen auth mode: a made-up one, an empty one, or (an account) that account's own. */
  readonly wrongSecret?: boolean | 'empty' | Account;
  /** Send the parameters of a state-changing request as multipart/form-data even without a file. */
  readonly multipart?: boolean;
  /** An Accept header (by default, any type). */
  readonly accept?: string;
  /**
   * The check is about throttling (the quota tier): a 421 is its answer. Otherwise 421 and 429 are
   * transient refusals, retried with back-off (see Throttling).
   */
  readonly expectThrottle?: boolean;
}

/** How a target's throttling (421 User Throttled, 429) is waited out: within the run's deadline. */
export interface Throttling {
  /** Epoch ms after which no more waiting is done (the run's --deadline); 0: none. */
  readonly deadline: number;
  /** Longest total wait for one request. */
  readonly maxWaitMs: number;
  /** First back-off when the target gives no Retry-After; doubled on each retry. */
  readonly firstBackoffMs: number;
  /** Told of each wait as it begins (a run that waits minutes says why). */
  readonly onWait?: (what: string) => void;
}

export const DEFAULT_THROTTLING: Throttling = { deadline: 0, maxWaitMs: 120_000, firstBackoffMs: 250 };

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const THROTTLED = new Set([421, 429]);

/** The field name of a parameter: `post[tag_string]` → `tag_string`. */
export function fieldOf(name: string): string {
  return name.replace(/^.*\[([^\]]+)\]$/, '$1');
}

export class Reply {
  private document?: BodyDocument;
  constructor(
    readonly op: ResolvedOperation | undefined,
    readonly format: Format,
    readonly http: HttpResponse,
  ) {}

  get status(): number {
    return this.http.status;
  }
  get ok(): boolean {
    return this.http.status >= 200 && this.http.status < 300;
  }
  get exchange(): Exchange {
    return this.http.exchange;
  }
  get contentType(): string | undefined {
    return this.http.headers['content-type'];
  }
  get mediaTypeOk(): boolean {
    return mediaTypeMatches(this.contentType, this.format);
  }
  private body(): BodyDocument {
    return (this.document ??= new BodyDocument(this.http.text ?? this.http.body, this.format));
  }
  /** Is the body a well-formed document of the requested format? (Its tree is not built for this.) */
  wellFormed(): WellFormed {
    if (this.http.truncated) return { ok: false, error: 'the response exceeded the size limit and was cut off' };
    return this.body().wellFormed();
  }
  parsed(): Parsed {
    if (this.http.truncated) return { ok: false, error: 'the response exceeded the size limit and was cut off' };
    return this.body().parsed();
  }
  envelope(): { ok: true; envelope: Envelope } | { ok: false; error: string } {
    const p = this.parsed();
    return p.ok ? readEnvelope(p.value, this.format) : p;
  }
  list(): RecordFields[] | undefined {
    const p = this.parsed();
    return p.ok ? readList(p.value, this.format) : undefined;
  }
  record(): RecordFields | undefined {
    const p = this.parsed();
    return p.ok ? readRecord(p.value, this.format) : undefined;
  }
  /** The id of what a create made: from the envelope (INT-created-id). */
  createdId(): number | undefined {
    const e = this.envelope();
    if (e.ok && e.envelope.id) return e.envelope.id;
    return recordId(this.record());
  }
  text(): string {
    return this.http.text ?? this.body().text;
  }
  /**
   * What is wrong with this answer whatever the request was for, said the same way for every request
   * it shows in: a status outside the variant's table, a body that does not parse in the requested
   * format, or a refusal (the operation and status). Undefined for a successful, well-formed answer.
   */
  defect(): Cause | undefined {
    const variant = this.op?.variant;
    if (variant && !STATUS_CODES.some((s) => s.code === this.status && (!('only' in s) || s.only === variant))) {
      return { requirement: 'IB-7-status-documented', reason: `answers with status ${this.status}, which the status table of ${variant} does not list` };
    }
    const parsed = this.status === 204 ? { ok: true as const } : this.wellFormed();
    if (!parsed.ok && !this.http.truncated) {
      return { requirement: this.format === 'json' ? 'IB-2-format-json' : 'IB-2-format-xml', reason: `answers to .${this.format} paths are not well-formed ${this.format.toUpperCase()}` };
    }
    if (!this.ok && this.op) return { reason: `${this.op.method} ${this.op.path} is refused with status ${this.status}` };
    return undefined;
  }
}

/**
 * What every check in flight against one target shares: the target's throttling. A 421 or 429 with a
 * wait holds back every check's next request until the wait is over, so checks running side by side
 * spend one budget rather than each hammering a throttling target.
 */
export interface SharedThrottle {
  /** performance.now() before which no request is sent (a wait the target asked for). */
  until: number;
}

export class Target {
  constructor(
    readonly baseUrl: string,
    readonly variant: Variant,
    readonly accounts: Accounts,
    readonly http: Sender,
    readonly throttling: Throttling = DEFAULT_THROTTLING,
    private readonly throttle: SharedThrottle = { until: 0 },
    /** Requests sent by caller, over the whole run (shared by every check and suite of a pass). */
    readonly spend: SpendLedger = new SpendLedger(),
    /** Requests sent so far by operation without a chosen auth mode (see authOf), shared by the checks of a context. */
    private readonly turns: Map<string, number> = new Map(),
  ) {}

  /** 421/429 answers waited out so far (each was followed by the same request again). */
  throttledRetries = 0;

  /**
   * This target as one check sees it: the same client and throttling, with the check's own request
   * count, progress (http) and throttled retries, so checks in flight side by side are told apart.
   */
  scoped(): Target {
    return new Target(this.baseUrl, this.variant, this.accounts, this.http.scope(), this.throttling, this.throttle, this.spend, this.turns);
  }

  /** The operation as it exists in this variant, or as the other variant has it (for cross-variant checks). */
  operation(id: OperationId): ResolvedOperation {
    const mine = operationsFor(this.variant).find((o) => o.id === id);
    if (mine) return mine;
    const spec = OPERATIONS.find((o) => o.id === id);
    if (!spec || !spec.only) throw new Error(`unknown operation ${id}`);
    return resolveOperation(spec, spec.only);
  }

  exists(id: OperationId): boolean {
    return operationsFor(this.variant).some((o) => o.id === id);
  }

  /** The wire name of a field of an operation; throws when the model has no such parameter. */
  paramName(op: ResolvedOperation, field: string): ResolvedParam {
    const p = op.params.find((x) => x.location !== 'path' && fieldOf(x.name) === field);
    if (!p) throw new Error(`operation ${op.id} (${op.variant}) has no parameter for field "${field}"`);
    return p;
  }

  async call(opId: OperationId, options: CallOptions = {}): Promise<Reply> {
    const op = this.operation(opId);
    const format = options.format ?? 'json';
    let path = op.path;
    for (const name of op.params.filter((p) => p.location === 'path').map((p) => p.name)) {
      const value = options.path?.[name];
      if (value === undefined) throw new Error(`operation ${op.id} needs path parameter ${name}`);
      path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
    }
    const pairs: [string, FormValue][] = [];
    for (const [field, value] of Object.entries(options.fields ?? {})) {
      if (value === undefined) continue;
      pairs.push([this.paramName(op, field).name, typeof value === 'number' ? String(value) : value]);
    }
    for (const [name, value] of Object.entries(options.raw ?? {})) pairs.push([name, value]);
    // A parameter the document says "must be" its one value is sent on every request (INT-comments-group-by),
    // unless the check sets or drops it itself.
    for (const p of op.params.filter((x) => x.always && x.values?.length === 1)) {
      const field = fieldOf(p.name);
      if (options.fields && field in options.fields) continue;
      if (options.raw && p.name in options.raw) continue;
      pairs.push([p.name, p.values![0]!]);
    }
    return this.send(op.method, `${path}.${format}`, pairs, format, options, op);
  }

  /**
   * The auth mode of a request whose check chose none: login and api_key, and HTTP Basic, by turns for
   * each operation (method and path, ids aside). Both authenticate every request of either variant
   * (section 5, items 2 and 4), so every operation the run calls more than once is called both ways: a
   * server that honours one of them on some operations only is seen wherever it does not.
   */
  private authOf(method: string, path: string): AuthMode {
    const key = `${method} ${path.replace(/\/\d+/g, '/{id}')}`;
    const turn = this.turns.get(key) ?? 0;
    this.turns.set(key, turn + 1);
    return turn % 2 === 0 ? 'api_key' : 'basic';
  }

  /** A request outside the model's operations (e.g. POST /posts, which must not exist). */
  async request(method: string, pathWithSuffix: string, options: CallOptions = {}): Promise<Reply> {
    const pairs: [string, FormValue][] = Object.entries(options.raw ?? {});
    const format: Format = pathWithSuffix.endsWith('.xml') ? 'xml' : 'json';
    return this.send(method, pathWithSuffix, pairs, format, options, undefined);
  }

  private async send(
    method: string,
    path: string,
    pairs: [string, FormValue][],
    format: Format,
    options: CallOptions,
    op: ResolvedOperation | undefined,
  ): Promise<Reply> {
    const headers: Record<string, string> = options.accept ? { accept: options.accept } : {};
    const who = options.as ?? this.accounts.actor;
    const mode: AuthMode = who === 'anonymous' ? 'anonymous' : (options.auth ?? this.authOf(method, path));
    if (who !== 'anonymous') {
      const other = typeof options.wrongSecret === 'object' ? options.wrongSecret : undefined;
      const secret = (s: string, of?: string) => (other ? (of ?? other.api_key) : options.wrongSecret === 'empty' ? '' : options.wrongSecret ? `${s.slice(0, -4)}xxxx` : s);
      switch (mode) {
        case 'api_key':
          pairs.push([AUTH_PARAMS.login, who.name], [AUTH_PARAMS.apiKey, secret(who.api_key)]);
          break;
        case 'password_hash':
          if (!who.password_hash) throw new Error(`account ${who.name} has no password_hash`);
          pairs.push([AUTH_PARAMS.login, who.name], [AUTH_PARAMS.passwordHash, secret(who.password_hash, other?.password_hash)]);
          break;
        case 'basic':
          headers.authorization = `Basic ${Buffer.from(`${who.name}:${secret(who.api_key)}`).toString('base64')}`;
          break;
        case 'cookie':
          headers.cookie = `login=${encodeURIComponent(who.name)}; ${AUTH_PARAMS.passwordHash}=${encodeURIComponent(secret(who.api_key))}`;
          break;
        case 'anonymous':
          break;
      }
    }
    let url = `${this.baseUrl.replace(/\/$/, '')}${path}`;
    const hasFile = pairs.some(([, v]) => typeof v !== 'string');
    const inQuery = method === 'GET' || method === 'HEAD';
    if (inQuery && pairs.length > 0) {
      if (hasFile) throw new Error('a GET request cannot carry a file');
      url += `?${new URLSearchParams(pairs as [string, string][]).toString()}`;
    }
    const request = { method, url, headers, ...(!inQuery && pairs.length > 0 ? { form: pairs, ...(options.multipart ? { multipart: true } : {}) } : {}) };
    await this.heldBack();
    const caller = who === 'anonymous' ? ANONYMOUS : who.name;
    this.spend.count(caller);
    let http = await this.http.send(request);
    if (!options.expectThrottle) http = await this.waitOutThrottling(request, http, caller);
    return new Reply(op, format, http);
  }

  /**
   * A target may throttle a busy account (421 User Throttled, "try again later"; or 429): the request
   * is sent again after the Retry-After it gives, or with doubling back-off, as long as the run's
   * deadline and the per-request budget allow. When they do not, the check is skipped as throttled:
   * not established, never a failure of the requirement it checks.
   */
  /** Waits while the target asked every caller to wait (a throttling answer to another check in flight). */
  private async heldBack(): Promise<void> {
    const left = this.throttle.until - performance.now();
    if (left > 0) await this.http.pause(left);
  }

  private async waitOutThrottling(request: HttpRequest, first: HttpResponse, caller: string): Promise<HttpResponse> {
    let http = first;
    let waited = 0;
    let backoff = this.throttling.firstBackoffMs;
    while (THROTTLED.has(http.status)) {
      const wait = retryAfterMs(http.headers['retry-after']) ?? backoff;
      const left = Math.min(this.throttling.maxWaitMs - waited, this.throttling.deadline > 0 ? this.throttling.deadline - Date.now() : Infinity);
      if (wait > left) {
        throw new CheckSkip(
          `throttled: ${request.method} ${new URL(request.url).pathname} was answered ${http.status} ` +
            `${waited > 0 ? `for ${(waited / 1000).toFixed(1)} s of retries ` : ''}and the wait it asks (${(wait / 1000).toFixed(1)} s) exceeds what is left of the budget; ` +
            'run with fewer checks (--only), a later --deadline, or accounts the target throttles less',
        );
      }
      this.throttle.until = Math.max(this.throttle.until, performance.now() + wait);
      this.throttling.onWait?.(`${request.method} ${new URL(request.url).pathname} was answered ${http.status}: every check waits ${(wait / 1000).toFixed(1)} s before its next request (${http.headers['retry-after'] !== undefined ? 'Retry-After' : 'back-off'})`);
      await this.http.pause(wait);
      this.throttledRetries++;
      waited += wait;
      backoff = Math.min(backoff * 2, 8_000);
      this.spend.count(caller);
      http = await this.http.send(request);
    }
    return http;
  }
}
