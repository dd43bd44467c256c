/**
 * One exchange judged as `conform proxy` and `conform audit` judge it (src/traffic/validate.ts: the
 * same Router and judgeExchange), for a test framework's assertions: `conformsTo(response, { variant })`
 * takes a fetch (or undici) Response, or a supertest response, and says whether the exchange shows
 * a requirement of the variant broken, naming it.
 *
 *   const res = await fetch(`${base}/posts.json?limit=2`);
 *   const r = await conformsTo(res, { variant: 'A', operation: 'posts.list' });
 *   assert.ok(r.pass, r.message);
 *
 * What is judged is what one exchange can show: a documented status, no 5xx (SHOULD), the Content-Type
 * of the requested format (SHOULD), a body that parses, the outcome envelope of state-changing calls,
 * and that an operation of the other variant does not succeed. A 421 or 429 is throttling: not judged.
 */
import type { Variant } from '../../specs/model/index.ts';
import { operationsFor } from '../../specs/model/index.ts';
import { requirement } from '../../specs/requirements/index.ts';
import { Redactor } from '../check/redact.ts';
import { exchangeRecord, learnSecrets } from '../traffic/secrets.ts';
import { ASSERTIONS, Router, judgeExchange, type Assertion, type Matched, type Seen } from '../traffic/validate.ts';

/** A fetch Response (the global one, or undici's). */
export interface FetchResponseLike {
  readonly url: string;
  readonly status: number;
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  readonly bodyUsed: boolean;
  clone(): { arrayBuffer(): Promise<ArrayBuffer> };
}

/**
 * A supertest (superagent) response: the request it answered is `res.req` (Node's ClientRequest: method,
 * path, host, protocol) or, as superagent's types have it, `res.request` (method and URL).
 */
export interface SupertestResponseLike {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as text (JSON and text/* bodies). */
  readonly text?: string;
  /** The body as a Buffer (application/xml and other bodies superagent does not read as text). */
  readonly body?: unknown;
  readonly req?: { readonly method: string; readonly path: string; readonly host?: string; readonly protocol?: string; getHeaders?(): Record<string, unknown> };
  readonly request?: { readonly method: string; readonly url: string };
}

export type ResponseLike = FetchResponseLike | SupertestResponseLike;

export interface ConformOptions {
  readonly variant: Variant;
  /** The operation the exchange must be (`posts.list`); without it, whichever operation the request is. */
  readonly operation?: string;
  /**
   * The request the response answered: its method (a fetch Response does not carry it; GET when
   * absent) and URL (a hand-made Response has none). A fetch Request will do.
   */
  readonly request?: { readonly method: string; readonly url: string | URL };
  /** Path of the API on its server (`/api` for `https://host/api/posts.json`), left out before matching. */
  readonly basePath?: string;
  /** As `--strict`: a SHOULD failure, or one resting on a reading of the interpretations register, fails too. */
  readonly strict?: boolean;
  /** The body, when a fetch Response's own was read already. */
  readonly body?: string | Uint8Array;
}

export interface ConformFailure {
  /** The requirement the exchange breaks (`IB-2-format-json`), or undefined when the request is not the operation asked for. */
  readonly requirement?: string;
  readonly level?: 'MUST' | 'SHOULD';
  /** The judgement: status, no-server-error, content-type, format, envelope, absent. */
  readonly assertion?: Assertion;
  readonly reason: string;
  readonly expected?: string;
  readonly actual?: string;
  /** The reading of the interpretations register the failure rests on, if any. */
  readonly interpretation?: string;
}

export interface ConformResult {
  /** No requirement broken at the enforced level (MUST; any with `strict`), and the operation asked for. */
  readonly pass: boolean;
  /** One line per finding: the exchange, then each failure or warning with its requirement id and reason. */
  readonly message: string;
  /** The operation the request is (`posts.list`), if any. */
  readonly operation?: string;
  /** Judgements made (empty when the exchange is not judged: throttled, or no operation). */
  readonly judged: readonly Assertion[];
  readonly failures: readonly ConformFailure[];
  /** Failures that do not fail the exchange without `strict` (SHOULD, or resting on a reading of the register). */
  readonly warnings: readonly ConformFailure[];
}

const routers = new Map<Variant, Router>();
function routerFor(variant: Variant): Router {
  let r = routers.get(variant);
  if (!r) routers.set(variant, (r = new Router(variant)));
  return r;
}

function isFetchResponse(r: ResponseLike): r is FetchResponseLike {
  return typeof (r as FetchResponseLike).clone === 'function' && typeof (r as FetchResponseLike).headers?.forEach === 'function';
}

function isSupertestResponse(r: ResponseLike): r is SupertestResponseLike {
  const { req, request } = r as SupertestResponseLike;
  const has = (x: unknown, key: string): boolean => typeof x === 'object' && x !== null && typeof (x as Record<string, unknown>).method === 'string' && typeof (x as Record<string, unknown>)[key] === 'string';
  return has(req, 'path') || has(request, 'url');
}

/** What a test gives of one exchange, before it is judged. */
interface Taken {
  readonly method: string;
  readonly url: URL;
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly requestHeaders: Record<string, string>;
  readonly body: Buffer | undefined;
  readonly text?: string;
}

function flat(headers: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && v !== null) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function bytesOf(body: string | Uint8Array): Buffer {
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function requestOf(options: ConformOptions, fallback: { method?: string; url?: string }): { method: string; url: URL } {
  const url = options.request?.url ?? fallback.url;
  if (url === undefined || url === '') throw new TypeError('conformsTo: the response carries no URL (a hand-made Response): give the request as the `request` option, { method, url }');
  return { method: (options.request?.method ?? fallback.method ?? 'GET').toUpperCase(), url: new URL(url, 'http://localhost') };
}

/** A fetch Response: what is wrong with the call is thrown at once, the body is read from a clone. */
function takeFetch(res: FetchResponseLike, options: ConformOptions): Promise<Taken> {
  const { method, url } = requestOf(options, { url: res.url });
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name.toLowerCase()] = value));
  const taken = (body: Buffer): Taken => ({ method, url, status: res.status, headers, requestHeaders: {}, body });
  if (options.body !== undefined) return Promise.resolve(taken(bytesOf(options.body)));
  if (res.bodyUsed) throw new TypeError('conformsTo: the body of the response was read already: give it as the `body` option');
  return res.clone().arrayBuffer().then((b) => taken(Buffer.from(b)));
}

function takeSupertest(res: SupertestResponseLike, options: ConformOptions): Taken {
  const req = res.req;
  const { method, url } = requestOf(options, req ? { method: req.method, url: `${req.protocol ?? 'http:'}//${req.host ?? 'localhost'}${req.path}` } : { method: res.request?.method, url: res.request?.url });
  const headers = flat(res.headers);
  const requestHeaders = flat(req?.getHeaders?.() ?? {});
  if (options.body !== undefined) return { method, url, status: res.status, headers, requestHeaders, body: bytesOf(options.body) };
  if (typeof res.text === 'string') return { method, url, status: res.status, headers, requestHeaders, body: Buffer.from(res.text, 'utf8'), text: res.text };
  if (Buffer.isBuffer(res.body)) return { method, url, status: res.status, headers, requestHeaders, body: res.body };
  // superagent kept no body (a response it was told not to buffer): only the status and headers are judged.
  return { method, url, status: res.status, headers, requestHeaders, body: headers['content-length'] === '0' ? Buffer.alloc(0) : undefined };
}

function failureOf(assertion: Assertion, matched: Matched & { kind: 'operation' | 'other-variant' }, variant: Variant, e: { message: string; detail: { requirement?: string; expected?: string; actual?: string; interpretation?: string } }): ConformFailure {
  const listed = ASSERTIONS[assertion].requirements(matched.op, variant);
  const cited = e.detail.requirement ?? (listed.length === 1 ? listed[0]! : listed.find((id) => id.endsWith(`-${matched.format}`)) ?? listed[0]!);
  return {
    requirement: cited,
    level: requirement(cited).level,
    assertion,
    reason: e.message,
    ...(e.detail.expected !== undefined ? { expected: e.detail.expected } : {}),
    ...(e.detail.actual !== undefined ? { actual: e.detail.actual } : {}),
    ...(e.detail.interpretation !== undefined ? { interpretation: e.detail.interpretation } : {}),
  };
}

function line(f: ConformFailure): string {
  const said = [f.expected !== undefined ? `expected ${f.expected}` : '', f.actual !== undefined ? `got ${f.actual}` : ''].filter(Boolean).join(', ');
  const head = f.requirement ? `${f.requirement} (${f.level})${f.interpretation ? ` [${f.interpretation}]` : ''}: ` : '';
  return `${head}${f.reason}${said ? ` (${said})` : ''}`;
}

function judge(taken: Taken, options: ConformOptions): ConformResult {
  const { variant } = options;
  if (options.operation !== undefined && !operationsFor(variant).some((o) => o.id === options.operation)) {
    throw new TypeError(`conformsTo: ${JSON.stringify(options.operation)} is no operation of variant ${variant}`);
  }
  const redactor = new Redactor();
  learnSecrets(redactor, taken.url, taken.requestHeaders, '');
  const shown = `${taken.method} ${redactor.url(`${taken.url.pathname}${taken.url.search}`)}`;
  const base = (options.basePath ?? '').replace(/\/$/, '');
  const pathname = base && taken.url.pathname.startsWith(`${base}/`) ? taken.url.pathname.slice(base.length) : taken.url.pathname;
  const matched = routerFor(variant).match(taken.method, pathname);
  const none = { judged: [], failures: [], warnings: [] };
  if (matched.kind === 'unmatched') {
    const reason = `${shown} is no operation of variant A or B${base ? ` under ${base}` : ''}`;
    return { ...none, pass: false, message: reason, failures: [{ reason }] };
  }
  const opId = matched.op.id;
  const named = `${shown} (${opId}${matched.kind === 'other-variant' ? `, an operation of the other variant only` : ''})`;
  if (options.operation !== undefined && opId !== options.operation) {
    const reason = `${shown} is ${opId}, not ${options.operation}`;
    return { ...none, pass: false, operation: opId, message: reason, failures: [{ reason }] };
  }
  const seen: Seen = {
    method: taken.method,
    url: `${taken.url.pathname}${taken.url.search}`,
    status: taken.status,
    headers: taken.headers,
    body: taken.body,
    ...(taken.text !== undefined ? { text: taken.text } : {}),
    durationMs: 0,
    exchange: exchangeRecord(redactor, { method: taken.method, url: taken.url.href, headers: taken.requestHeaders, body: '' }, { status: taken.status, headers: taken.headers, body: taken.body }, 0),
  };
  const judgements = judgeExchange(variant, matched, seen);
  if (judgements.length === 0) {
    return { ...none, pass: true, operation: opId, message: `${named} answered ${taken.status}: throttling (INT-throttling), not judged` };
  }
  const failures: ConformFailure[] = [];
  const warnings: ConformFailure[] = [];
  for (const j of judgements) {
    if (!j.failure) continue;
    const f = failureOf(j.assertion, matched, variant, j.failure);
    // As the proxy's report: a failure resting on a reading of the register warns, and so does a SHOULD, unless strict.
    if (!options.strict && (f.interpretation !== undefined || f.level === 'SHOULD')) warnings.push(f);
    else failures.push(f);
  }
  const judged = judgements.map((j) => j.assertion);
  const unread = taken.body === undefined ? '; the body was not kept, so only the status and headers were judged' : '';
  const head =
    failures.length > 0
      ? `${named} answered ${taken.status} and does not conform to variant ${variant}:`
      : `${named} answered ${taken.status} and conforms to variant ${variant} (judged: ${judged.join(', ')}${unread})${warnings.length ? ', with warnings:' : ''}`;
  const message = [head, ...failures.map((f) => `  ${line(f)}`), ...warnings.map((f) => `  warning: ${line(f)}`)].join('\n');
  return { pass: failures.length === 0, message, operation: opId, judged, failures, warnings };
}

/**
 * Judges one exchange: a fetch Response (a Promise, as its body is read: from a clone, so the response
 * can still be read) or a supertest response (at once).
 */
export function conformsTo(response: FetchResponseLike, options: ConformOptions): Promise<ConformResult>;
export function conformsTo(response: SupertestResponseLike, options: ConformOptions): ConformResult;
export function conformsTo(response: ResponseLike, options: ConformOptions): ConformResult | Promise<ConformResult>;
export function conformsTo(response: ResponseLike, options: ConformOptions): ConformResult | Promise<ConformResult> {
  if (typeof response !== 'object' || response === null) throw new TypeError('conformsTo: expected a fetch Response or a supertest response');
  if (options?.variant !== 'A' && options?.variant !== 'B') throw new TypeError(`conformsTo: options.variant must be "A" or "B", got ${JSON.stringify(options?.variant)}`);
  if (isSupertestResponse(response)) return judge(takeSupertest(response, options), options);
  if (isFetchResponse(response)) return takeFetch(response, options).then((taken) => judge(taken, options));
  throw new TypeError('conformsTo: expected a fetch Response or a supertest response');
}
