/**
 * The checker's HTTP client. It speaks HTTP only (undici), keeps connections alive, bounds every
 * request in time and size, never follows redirects, and records each exchange (redacted) so a
 * failing check can show the request and response that prove it.
 */
import { Agent, FormData, originAndPath } from '../undici.ts';
import type { HarEntry, RecordedBody } from './har.ts';
import { harEntry } from './har.ts';
import type { Redactor } from './redact.ts';
import { currentChecks } from './scope.ts';

/** Where a client's exchanges go as HAR entries (`--har FILE`), with the run prefix they carry. */
export interface HarSink {
  append(entry: HarEntry): void;
  readonly prefix?: string;
}

export interface HttpOptions {
  /** Per-request timeout (headers and body), in milliseconds. */
  readonly timeoutMs: number;
  /** Responses larger than this are cut off and reported as such. */
  readonly maxBodyBytes: number;
  readonly redactor: Redactor;
  /** Refuse to send POST, PUT and DELETE (--read-only): the guarantee does not rest on check declarations. */
  readonly readOnly?: boolean;
  /** Record every exchange (whole bodies up to maxBodyBytes, redacted) as a HAR entry. */
  readonly har?: HarSink;
}

export interface HttpRequest {
  readonly method: string;
  /** Absolute URL, query string included. */
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** A form body: urlencoded when plain strings, multipart when it holds a file (or `multipart` says so). */
  readonly form?: FormBody;
  /** Send the form as multipart/form-data even without a file, as a browser's upload form does. */
  readonly multipart?: boolean;
}

export type FormValue = string | { readonly file: Uint8Array; readonly filename: string; readonly type: string };
export type FormBody = readonly (readonly [string, FormValue])[];

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
  /** The body as text, when it was at hand already decoded (a recording): readers use it rather than decoding `body` again. */
  readonly text?: string;
  /** The body was larger than the cap and was cut off. */
  readonly truncated: boolean;
  readonly durationMs: number;
  /** The redacted record of this exchange. */
  readonly exchange: Exchange;
}

export interface Exchange {
  readonly request: { readonly method: string; readonly url: string; readonly headers: Record<string, string>; readonly body?: string };
  readonly response?: { readonly status: number; readonly headers: Record<string, string>; readonly body: string; readonly truncated: boolean };
  readonly error?: string;
  readonly durationMs: number;
}

/** A read-only run was about to send a state-changing request; nothing was sent. */
export class ReadOnlyRefusal extends Error {
  override readonly name = 'ReadOnlyRefusal';
}

/** The request could not be completed: connection refused, timeout, reset. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly exchange: Exchange,
    readonly code?: string,
  ) {
    super(message);
  }
}

const EXCERPT_BYTES = 2048;
const RECORDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'www-authenticate', 'retry-after'];

function encodeForm(form: FormBody, multipart = false): { body: string | FormData; contentType?: string; excerpt: string } {
  const hasFile = multipart || form.some(([, v]) => typeof v !== 'string');
  const excerpt = form
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : `<file ${v.filename}, ${v.file.byteLength} bytes, ${v.type}>`}`)
    .join('&');
  if (!hasFile) {
    const params = new URLSearchParams();
    for (const [k, v] of form) params.append(k, v as string);
    return { body: params.toString(), contentType: 'application/x-www-form-urlencoded', excerpt };
  }
  const data = new FormData();
  for (const [k, v] of form) {
    if (typeof v === 'string') data.append(k, v);
    else data.append(k, new Blob([v.file], { type: v.type }), v.filename);
  }
  return { body: data, excerpt };
}

/** After this many transport failures in a row, the target is taken to have stopped answering. */
export const GIVE_UP_AFTER = 3;

/**
 * Transport failures in a row per origin (timeouts, resets, refused connections), shared by every
 * client of the process: a target that stopped answering has stopped for every suite. Any response
 * resets the count.
 */
const health = new Map<string, { failuresInARow: number; lastFailure: string }>();

function healthOf(origin: string): { failuresInARow: number; lastFailure: string } {
  let h = health.get(origin);
  if (!h) health.set(origin, (h = { failuresInARow: 0, lastFailure: '' }));
  return h;
}

/** Forgets what is known of the targets' health (a long-lived process checking the same origin again). */
export function resetTargetHealth(): void {
  health.clear();
}

/**
 * What a check sends through: the run's client, or a scope of it (HttpClient.scope) that counts the
 * requests and the progress of one check while several share the client's connections.
 */
export interface Sender {
  readonly redactor: Redactor;
  /** Requests sent through this sender so far. */
  readonly requests: number;
  /** Whether exchanges are recorded (--har), in the name of the checks whose async context sent them (./scope.ts). */
  readonly recording: boolean;
  send(req: HttpRequest): Promise<HttpResponse>;
  pause(ms: number): Promise<void>;
  progressDue(quietMs: number): number;
  /** A scope of this sender: its own counts and progress; its requests count here too. */
  scope(): Sender;
}

/** Progress of one user of a client: the last start or end of an exchange or pause, and exchanges in flight. */
class Progress {
  requests = 0;
  /** performance.now() of the last start or end of an exchange, or of the end of a pause. */
  lastActivity = performance.now();
  inFlight = 0;

  started(): void {
    this.requests++;
    this.inFlight++;
    this.lastActivity = Math.max(this.lastActivity, performance.now());
  }
  ended(): void {
    this.inFlight--;
    this.lastActivity = Math.max(this.lastActivity, performance.now());
  }
  pausing(ms: number): void {
    this.lastActivity = Math.max(this.lastActivity, performance.now() + ms);
  }
  due(quietMs: number, timeoutMs: number): number {
    return this.lastActivity + quietMs + (this.inFlight > 0 ? timeoutMs : 0);
  }
}

/**
 * One check's view of a shared sender: the exchanges, requests and waits of this check alone (for its
 * result and its watchdog), while they also count in the sender it was made from.
 */
class ScopedSender implements Sender {
  private readonly progress = new Progress();
  constructor(
    private readonly parent: Sender,
    private readonly timeoutMs: number,
  ) {}
  get redactor(): Redactor {
    return this.parent.redactor;
  }
  get requests(): number {
    return this.progress.requests;
  }
  get recording(): boolean {
    return this.parent.recording;
  }
  async send(req: HttpRequest): Promise<HttpResponse> {
    this.progress.started();
    try {
      return await this.parent.send(req);
    } catch (err) {
      // Refused before sending (a read-only run, a target that stopped answering): not a request sent.
      if (err instanceof ReadOnlyRefusal || (err instanceof TransportError && err.code === 'GAVE_UP')) this.progress.requests--;
      throw err;
    } finally {
      this.progress.ended();
    }
  }
  async pause(ms: number): Promise<void> {
    this.progress.pausing(ms);
    await this.parent.pause(ms);
  }
  progressDue(quietMs: number): number {
    return this.progress.due(quietMs, this.timeoutMs);
  }
  scope(): Sender {
    return new ScopedSender(this, this.timeoutMs);
  }
}

export class HttpClient implements Sender {
  private readonly agent: Agent;
  private readonly progress = new Progress();

  constructor(private readonly options: HttpOptions) {
    this.agent = new Agent({
      keepAliveTimeout: 10_000,
      connections: 32,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  get redactor(): Redactor {
    return this.options.redactor;
  }

  /**
   * When a user of this client that has shown no progress since counts as stuck: `quietMs` after
   * the last exchange ended (or a pause did), and while an exchange is in flight, `quietMs` after
   * its limit (`timeoutMs`). It judges each step, so a check of twenty thousand quick requests is
   * never cut off for its length.
   */
  progressDue(quietMs: number): number {
    return this.progress.due(quietMs, this.options.timeoutMs);
  }

  /** Requests sent so far, by every user of this client. */
  get requests(): number {
    return this.progress.requests;
  }

  get recording(): boolean {
    return this.options.har !== undefined;
  }

  /** Waits on purpose (a target's Retry-After): progress is next due after the wait. */
  async pause(ms: number): Promise<void> {
    this.progress.pausing(ms);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** A view of this client for one check: its own request count and progress, the same connections. */
  scope(): Sender {
    return new ScopedSender(this, this.options.timeoutMs);
  }

  async send(req: HttpRequest): Promise<HttpResponse> {
    if (this.options.readOnly && !['GET', 'HEAD'].includes(req.method)) {
      throw new ReadOnlyRefusal(`a read-only run sends no ${req.method} (${this.options.redactor.url(req.url.split('?')[0]!)})`);
    }
    const started = performance.now();
    const url = new URL(req.url);
    const h = healthOf(url.origin);
    if (h.failuresInARow >= GIVE_UP_AFTER) {
      // The target stopped answering: fail at once rather than wait out a timeout for every check.
      const message = `not sent: the target stopped answering (${h.failuresInARow} requests in a row failed; last: ${h.lastFailure})`;
      throw new TransportError(message, { request: { method: req.method, url: this.options.redactor.url(req.url), headers: {} }, error: message, durationMs: 0 }, 'GAVE_UP');
    }
    const headers: Record<string, string> = { 'user-agent': 'conform', accept: '*/*', ...req.headers };
    const encoded = req.form ? encodeForm(req.form, req.multipart) : undefined;
    if (encoded?.contentType) headers['content-type'] = encoded.contentType;
    const red = this.options.redactor;
    const recordedRequest = {
      method: req.method,
      url: red.url(req.url),
      headers: red.headers(headers),
      ...(encoded ? { body: red.text(encoded.excerpt).slice(0, EXCERPT_BYTES) } : {}),
    };
    const wallStart = Date.now();
    const record = this.options.har ? this.recorder(req, headers, wallStart, started) : undefined;
    this.progress.started();
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const res = await this.agent.request({
        ...originAndPath(url),
        method: req.method as 'GET',
        headers,
        body: encoded?.body,
        signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      // A body whose announced length is over the cap is cut whatever follows: only its first bytes (the
      // excerpt) are read, not the cap's worth, from a target that may be far away.
      const announced = Number(res.headers['content-length'] ?? Number.NaN);
      const overCap = announced > this.options.maxBodyBytes;
      const keep = overCap ? Math.min(EXCERPT_BYTES, this.options.maxBodyBytes) : this.options.maxBodyBytes;
      for await (const chunk of res.body) {
        const buf = chunk as Buffer;
        if (size + buf.byteLength > keep) {
          chunks.push(buf.subarray(0, keep - size));
          size = keep;
          truncated = true;
        } else {
          chunks.push(buf);
          size += buf.byteLength;
          truncated = overCap && size === keep;
        }
        if (truncated) {
          res.body.destroy();
          break;
        }
      }
      const whole = truncated ? undefined : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      record?.({ status: res.statusCode, responseHeaders: flatResponseHeaders(res.headers), body: whole ?? Buffer.concat(chunks, size), cut: truncated, ...(overCap && truncated ? { announced } : {}) });
      // A body over the cap is never parsed: keep its first bytes for the excerpt and let the rest go now.
      const body = whole ?? headOf(chunks, EXCERPT_BYTES);
      chunks.length = 0;
      const flatHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flatHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
      const durationMs = performance.now() - started;
      const recordedHeaders: Record<string, string> = {};
      for (const k of RECORDED_RESPONSE_HEADERS) if (flatHeaders[k] !== undefined) recordedHeaders[k] = flatHeaders[k];
      const exchange: Exchange = {
        request: recordedRequest,
        response: {
          status: res.statusCode,
          headers: red.headers(recordedHeaders),
          body: red.text(body.subarray(0, EXCERPT_BYTES).toString('utf8')),
          truncated: truncated || body.byteLength > EXCERPT_BYTES,
        },
        durationMs,
      };
      h.failuresInARow = 0;
      return { status: res.statusCode, headers: flatHeaders, body, truncated, durationMs, exchange };
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
      // An expired AbortSignal.timeout is a DOMException named TimeoutError (its numeric `code` is not a cause).
      const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT';
      const code = timedOut ? 'TIMEOUT' : typeof e.code === 'string' ? e.code : e.cause?.code;
      const message =
        code === 'TIMEOUT'
          ? `no complete response within ${this.options.timeoutMs} ms`
          : code === 'ECONNREFUSED'
            ? 'connection refused'
            : `${e.message}${code ? ` (${code})` : ''}`;
      const exchange: Exchange = { request: recordedRequest, error: red.text(message), durationMs: performance.now() - started };
      record?.({ error: message });
      h.failuresInARow++;
      h.lastFailure = red.text(message);
      throw new TransportError(red.text(message), exchange, code);
    } finally {
      this.progress.ended();
    }
  }

  /**
   * Records one exchange as a HAR entry once its outcome is known, in the name of the checks whose
   * async context sent it (./scope.ts).
   */
  private recorder(req: HttpRequest, headers: Record<string, string>, wallStart: number, started: number) {
    const sink = this.options.har!;
    const checks = currentChecks();
    const requestBody: RecordedBody | undefined = req.form
      ? {
          kind: 'form',
          multipart: req.multipart === true || req.form.some(([, v]) => typeof v !== 'string'),
          fields: req.form.map(([k, v]) => [k, typeof v === 'string' ? v : { filename: v.filename, type: v.type, bytes: v.file.byteLength }] as const),
        }
      : undefined;
    return (outcome: { status?: number; responseHeaders?: Record<string, string>; body?: Buffer; cut?: boolean; announced?: number; error?: string }) => {
      sink.append(
        harEntry(
          {
            startedAt: wallStart,
            durationMs: performance.now() - started,
            method: req.method,
            url: req.url,
            requestHeaders: headers,
            ...(requestBody ? { requestBody } : {}),
            ...outcome,
            maxBodyBytes: this.options.maxBodyBytes,
          },
          this.options.redactor,
          { checks: [...checks], ...(sink.prefix ? { prefix: sink.prefix } : {}) },
        ),
      );
    };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}

function flatResponseHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** The first `n` bytes of a list of chunks, copied (never a view that keeps a large buffer alive). */
function headOf(chunks: readonly Buffer[], n: number): Buffer {
  const out = Buffer.allocUnsafe(Math.min(n, chunks.reduce((s, c) => s + c.byteLength, 0)));
  let at = 0;
  for (const c of chunks) {
    if (at >= out.byteLength) break;
    at += c.copy(out, at, 0, Math.min(c.byteLength, out.byteLength - at));
  }
  return out;
}
