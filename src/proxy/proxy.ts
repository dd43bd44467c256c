/**
 * `conform proxy`: a transparent reverse proxy in front of a server of the image-board API. It passes
 * every request and response through unchanged (only hop-by-hop headers and the Host are those of
 * each hop), streaming bodies both ways, and judges each exchange after it has been answered (see
 * ./validate.ts), so validation adds nothing to the client's wait but the copy of the body.
 *
 * Bodies over --max-body are streamed through and counted, not judged. Credentials seen in traffic
 * (api_key, password_hash, Basic, the session cookie) are registered with the redactor before
 * anything of the exchange is recorded, so no report carries them.
 *
 * Every exchange received ends exactly once, in one category of the tally (and one HAR entry): its
 * answer judged (or counted: outside the description, throttled, over --max-body), no (complete)
 * answer from the upstream and why, or aborted by its client before the upstream's answer was
 * complete. A client that leaves after its request was complete does not end the exchange: the
 * upstream's answer is still read and judged. Nothing waits on a client that has gone (a write to a
 * closed response never drains), and stopping ends every exchange still in flight when the grace
 * period is over, whatever its sockets are doing. A client gets `clientTimeoutMs` to send its request
 * (a slow or trickling one gets a 408), so slow clients cannot hold sockets for long; an exception while
 * an exchange is handled ends that exchange (counted, said), not the proxy.
 *
 * Per exchange the proxy keeps nothing once it is counted, and does little on the client's path: the
 * upstream's answer comes from undici's dispatcher callbacks (no stream, no promise), the judging of
 * the answers of a turn of the loop is done after it, the HAR entries of a turn are written together,
 * and the redacted record of an exchange is made only when a failed judgement shows it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Agent, parseHeaders } from '../undici.ts';
import type { Variant } from '../../specs/model/index.ts';
import type { HarEntry, RecordedExchange } from '../check/har.ts';
import type { Exchange } from '../check/http.ts';
import { finishHar, harEntry, startHar } from '../check/har.ts';
import { VERSION } from '../version.ts';
import { Redactor } from '../check/redact.ts';
import type { Seen } from '../traffic/validate.ts';
import { Router, judgeExchange } from '../traffic/validate.ts';
import type { NoAnswerWhy } from '../traffic/tally.ts';
import { Tally, noAnswerWhy } from '../traffic/tally.ts';
import { exchangeRecord, learnSecrets } from '../traffic/secrets.ts';

export interface ProxyOptions {
  readonly variant: Variant;
  /** Base URL of the server the traffic goes to (http or https). */
  readonly upstream: string;
  readonly port?: number;
  readonly host?: string;
  /** Bodies larger than this pass through unvalidated (counted). */
  readonly maxBodyBytes: number;
  /** Upstream headers and body timeout, in milliseconds. */
  readonly timeoutMs: number;
  readonly redactor?: Redactor;
  /** Append every exchange that passes through to this HAR file (started here, ended by close). */
  readonly har?: string;
  /** How long a client gets to send its request, head and body (default 30 s): slow clients do not hold sockets. */
  readonly clientTimeoutMs?: number;
  /** Told of what goes wrong outside an exchange's own outcome (the HAR cannot be written, an internal error), as it happens. */
  readonly onProblem?: (message: string) => void;
}

export interface RunningProxy {
  readonly url: string;
  readonly tally: Tally;
  /** Exchanges received and not yet ended. */
  readonly inFlight: number;
  /**
   * Stops accepting connections, lets the exchanges in flight end (at most `graceMs`, or until
   * `stopNow`), ends those still in flight (counted: no answer, stopped; or aborted), and closes the
   * HAR. Every exchange received is in the tally when it resolves.
   */
  close(graceMs?: number): Promise<void>;
  /** Ends the grace period of a close under way (or the next one) at once. */
  stopNow(): void;
}

/** A path that is its own pathname (WHATWG URL parsing would not change it): no escape, no dot segment, no empty segment. */
const SIMPLE_PATH = /^\/[\w\-.~/]*$/;
const simplePath = (p: string) => SIMPLE_PATH.test(p) && !p.includes('/.') && !p.includes('//');
/** A query that may carry a credential (see ../traffic/secrets.ts: its names, or an escape that may spell one). */
const SECRET_QUERY = /api_key|password|%/;
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const EXCERPT_BYTES = 2048;
const DEFAULT_CLIENT_TIMEOUT_MS = 30_000;
/** After the grace period, how long the exchanges it ended get to settle before they are settled from outside. */
const SETTLE_MS = 2_000;

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  // The headers a Connection header names are the hop's too (rare: most requests have none, or keep-alive).
  const connection = headers.connection;
  const listed = connection && connection.toLowerCase() !== 'keep-alive' ? new Set(connection.toLowerCase().split(',').map((s) => s.trim())) : undefined;
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined && !HOP_BY_HOP.has(k) && !listed?.has(k)) out[k] = v;
  }
  return out;
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/** How an exchange ended. */
type Outcome =
  | { readonly kind: 'answer'; readonly status: number; readonly headers: Record<string, string>; readonly body?: Buffer; readonly cutBody?: Buffer }
  | { readonly kind: 'no-answer'; readonly why: NoAnswerWhy; readonly message: string; readonly status?: number; readonly headers?: Record<string, string>; readonly partial?: Buffer }
  | { readonly kind: 'aborted'; readonly when: 'before-answer' | 'after-answer'; readonly message: string; readonly status?: number; readonly headers?: Record<string, string>; readonly partial?: Buffer };

/** An exchange in flight, as the close sees it. */
class Flight {
  private done = false;
  private waiting: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  constructor(
    /** The proxy stops: end the exchange now (it settles soon after). */
    readonly cut: () => void,
    /** Settle it from outside: it did not settle after `cut` (counted as stopped). */
    readonly force: () => void,
  ) {}

  /** Resolves when the exchange has ended and been counted (made only when the close asks). */
  get settled(): Promise<void> {
    if (this.done) return Promise.resolve();
    return (this.waiting ??= new Promise<void>((resolve) => (this.wake = resolve)));
  }

  settle(): void {
    this.done = true;
    this.wake?.();
  }
}

const noop = () => undefined;

/** Entries of the HAR wait for the end of the loop's turn, or until this much text waits, and are written together. */
const HAR_FLUSH_CHARS = 1 << 20;

/**
 * Appends entries to the HAR file that startHar began, those of a turn of the loop in one write: a
 * write the disk cut short is finished or fails (EFBIG, ENOSPC), and `entries` counts the entries the
 * file holds whole (those of a failed write that it took whole included).
 */
class HarWriter {
  private readonly fd: number;
  entries = 0;
  private appended = 0;
  private pending: string[] = [];
  private pendingChars = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'a');
  }

  /** Appends an entry; written at the next flush (now, if much is waiting). */
  append(entry: HarEntry): void {
    const text = `${this.appended === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`;
    this.appended++;
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= HAR_FLUSH_CHARS) this.flush();
  }

  /** Writes the entries waiting; throws as the write does, `entries` then counting those the file holds whole. */
  flush(): void {
    if (this.pending.length === 0) return;
    const texts = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    const bytes = Buffer.from(texts.length === 1 ? texts[0]! : texts.join(''));
    let at = 0;
    try {
      while (at < bytes.byteLength) at += writeSync(this.fd, bytes, at);
      this.entries += texts.length;
    } catch (err) {
      let end = 0;
      for (const text of texts) {
        end += Buffer.byteLength(text);
        if (end > at) break;
        this.entries++;
      }
      throw err;
    }
  }

  close(): void {
    closeSync(this.fd);
  }
}

type ProxyHarEntry = HarEntry & { readonly response: HarEntry['response'] & { readonly _aborted?: 'before-answer' | 'after-answer'; readonly _clientLeft?: true; readonly _noAnswer?: NoAnswerWhy } };

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const redactor = options.redactor ?? new Redactor();
  const router = new Router(options.variant);
  const tally = new Tally(options.variant);
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 128, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
  const inFlight = new Set<Flight>();
  const problem = (message: string) => {
    tally.error(message);
    options.onProblem?.(message);
  };
  let har: HarWriter | undefined;
  if (options.har) {
    startHar(options.har, { name: 'conform proxy', version: VERSION }, `traffic through conform proxy to ${options.upstream}`);
    har = new HarWriter(options.har);
  }
  // Request bodies are kept for the judgement's excerpt; with --har, whole (up to --max-body).
  const keptRequestBytes = har ? options.maxBodyBytes : EXCERPT_BYTES * 4;
  let stopping = false;

  /** A HAR that cannot be written (a full disk) is said once and written no more. */
  const harFailed = (err: unknown) => {
    if (!har) return;
    const e = err as NodeJS.ErrnoException;
    problem(`--har ${options.har}: cannot write entry ${har.entries + 1} (${e.code ?? e.message}): the HAR holds the first ${har.entries} whole (\`conform audit\` reads them), and no more is written to it`);
    try {
      har.close();
    } catch {
      // the descriptor is gone already
    }
    har = undefined;
  };
  let harFlushing = false;
  const flushHar = () => {
    harFlushing = false;
    try {
      har?.flush();
    } catch (err) {
      harFailed(err);
    }
  };
  /** Appends one entry (made only with --har), written with the others of this turn of the loop. */
  const appendHar = (make: () => ProxyHarEntry) => {
    if (!har) return;
    try {
      har.append(make());
    } catch (err) {
      harFailed(err);
      return;
    }
    if (!harFlushing) {
      harFlushing = true;
      setImmediate(flushHar);
    }
  };

  // Exchanges answered and waiting to be judged: judged together once the loop's I/O is done, off the clients' path.
  let toJudge: (() => void)[] = [];
  const judgeQueued = () => {
    const batch = toJudge;
    toJudge = [];
    for (const judge of batch) judge();
  };
  const judgeLater = (judge: () => void) => {
    if (toJudge.push(judge) === 1) setImmediate(judgeQueued);
  };

  /** Records how one exchange ended: the tally (one category) and the HAR (one entry). */
  const record = (req: { method: string; path: string; headers: IncomingHttpHeaders; body: Buffer; startedAt: number; durationMs: number; clientLeft: boolean }, outcome: Outcome) => {
    const { method, path, headers, body: requestBody, startedAt, durationMs } = req;
    const query = path.indexOf('?');
    const pathname = query < 0 ? path : path.slice(0, query);
    // A plain path is its own pathname; a query is read only where a credential can be in it.
    const url = !simplePath(pathname) || (query >= 0 && SECRET_QUERY.test(path.slice(query))) ? new URL(path, 'http://proxy.invalid') : undefined;
    const matched = router.match(method, (url ? url.pathname : pathname).slice(basePath.length) || (url ? url.pathname : pathname));
    learnSecrets(redactor, url, headers, requestBody.byteLength > 0 ? requestBody.toString('utf8') : '');
    const base = (): Omit<RecordedExchange, 'status'> => ({
      startedAt,
      durationMs,
      method,
      url: `${origin}${basePath}${path}`,
      requestHeaders: flat(headers),
      ...(requestBody.byteLength > 0 ? { requestBody: { kind: 'raw' as const, contentType: String(headers['content-type'] ?? ''), bytes: requestBody } } : {}),
      maxBodyBytes: options.maxBodyBytes,
    });
    if (outcome.kind === 'answer') {
      const { status, headers: responseHeaders, body, cutBody } = outcome;
      appendHar(() => {
        const entry = harEntry({ ...base(), status, responseHeaders, ...(body ? { body } : { body: cutBody ?? Buffer.alloc(0), cut: true }) }, redactor);
        return req.clientLeft ? { ...entry, response: { ...entry.response, _clientLeft: true } } : entry;
      });
      // The redacted record of the exchange is made only if a report is to show it (a judgement it failed).
      let exchange: Exchange | undefined;
      const seen: Seen = {
        method, url: path, status, headers: responseHeaders, body, durationMs,
        get exchange() {
          return (exchange ??= exchangeRecord(redactor, { method, url: `${origin}${path}`, headers: flat(headers), body: requestBody }, { status, headers: responseHeaders, body }, durationMs));
        },
      };
      tally.record(matched, seen, judgeExchange(options.variant, matched, seen));
      if (req.clientLeft && matched.kind !== 'unmatched' && body !== undefined && status !== 421 && status !== 429) tally.clientLeft++;
      return;
    }
    const answered = outcome.status !== undefined ? { status: outcome.status, responseHeaders: outcome.headers ?? {}, body: outcome.partial ?? Buffer.alloc(0), cut: true } : {};
    const entry = () => harEntry({ ...base(), ...answered, error: outcome.message }, redactor);
    if (outcome.kind === 'aborted') {
      appendHar(() => {
        const e = entry();
        return { ...e, response: { ...e.response, _aborted: outcome.when } };
      });
      if (matched.kind === 'unmatched') tally.outside();
      else tally.aborted(outcome.when);
      return;
    }
    // No answer, or an answer cut short: the entry has status 0 (HAR's "no response"), the status seen in its error.
    appendHar(() => {
      const e = entry();
      return { ...e, response: { ...e.response, status: 0, statusText: '', _noAnswer: outcome.why, ...(outcome.status !== undefined ? { _error: redactor.text(`${outcome.message} (after status ${outcome.status})`) } : {}) } };
    });
    if (matched.kind === 'unmatched') tally.outside();
    else tally.transport(redactor.text(`${method} ${path.split('?')[0]}: ${outcome.message}`), outcome.why);
  };

  const handle = (req: IncomingMessage, res: ServerResponse): Flight => {
    const started = performance.now();
    const startedAt = Date.now();
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const requestChunks: Buffer[] = [];
    let requestSize = 0;
    let clientGone = false;
    let stopped = false;
    let complete = false;
    let done = false;
    // Ends the upstream request: undici's abort, once it has one (before that, it aborts as it starts).
    let abortSent = false;
    let abortUpstream_: ((err: Error) => void) | undefined;
    const abortUpstream = () => {
      if (abortSent) return;
      abortSent = true;
      abortUpstream_?.(new Error('the exchange ended before the upstream answered'));
    };
    let requestBody: PassThrough | undefined;

    const finish = (outcome: Outcome) => {
      if (done) return;
      done = true;
      inFlight.delete(flight);
      const countedBefore = tally.exchanges;
      try {
        record({ method, path, headers: req.headers, body: requestChunks.length === 1 ? requestChunks[0]! : Buffer.concat(requestChunks), startedAt, durationMs: performance.now() - started, clientLeft: clientGone }, outcome);
      } catch (err) {
        // Counted all the same, as an exchange the proxy could not judge.
        problem(redactor.text(`could not judge ${method} ${path.split('?')[0]}: ${(err as Error).message}`));
        if (tally.exchanges === countedBefore) tally.transport(redactor.text(`${method} ${path.split('?')[0]}: not judged: ${(err as Error).message}`), 'other');
      } finally {
        flight.settle();
        if (stopping) server.closeIdleConnections();
      }
    };

    /** A fault of the proxy itself: said, the exchange ended and counted all the same. */
    const internalError = (err: unknown) => {
      problem(redactor.text(`internal error on ${method} ${path.split('?')[0]}: ${(err as Error)?.stack ?? String(err)}`));
      abortUpstream();
      requestBody?.destroy();
      if (!res.destroyed) res.destroy();
      finish({ kind: 'no-answer', why: 'other', message: `internal error of the proxy: ${(err as Error)?.message ?? String(err)}` });
    };

    const flight = new Flight(() => {
      if (done || complete) return;
      stopped = true;
      abortUpstream();
      requestBody?.destroy();
      if (!res.destroyed) res.destroy();
    }, () => finish({ kind: 'no-answer', why: 'stopped', message: 'the proxy stopped before the exchange ended' }));
    inFlight.add(flight);
    try {
      forward();
    } catch (err) {
      internalError(err);
    }
    return flight;

    function forward() {
      req.on('error', noop);
      res.on('error', noop);
      res.on('close', () => {
        if (res.writableFinished || stopped) return;
        clientGone = true;
        // A request the client did not finish cannot be finished upstream: its exchange ends here.
        if (!req.complete) {
          abortUpstream();
          requestBody?.destroy();
        }
      });
      if (method !== 'GET' && method !== 'HEAD') {
        requestBody = new PassThrough();
        req.on('data', (c: Buffer) => {
          // Kept up to its limit, whatever the size of the body: a long upload costs no memory.
          if (requestSize < keptRequestBytes) requestChunks.push(requestSize + c.byteLength > keptRequestBytes ? c.subarray(0, keptRequestBytes - requestSize) : c);
          requestSize += c.byteLength;
        });
        req.pipe(requestBody);
      } else req.resume();

      // The upstream's answer, as undici's dispatcher hands it over: no stream, no promise per exchange.
      let status = 0;
      const responseHeaders: Record<string, string> = {};
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      let cutBody: Buffer | undefined;
      let resume: (() => void) | undefined;
      const resumeUpstream = () => {
        res.off('drain', resumeUpstream);
        res.off('close', resumeUpstream);
        resume?.();
      };
      const partialBody = () => (over ? cutBody : Buffer.concat(chunks));
      const handler = {
        onConnect(abort: (err: Error) => void) {
          abortUpstream_ = abort;
          if (abortSent) abort(new Error('the exchange ended before the upstream answered'));
        },
        onHeaders(statusCode: number, rawHeaders: Buffer[], resumeRead: () => void): boolean {
          if (statusCode < 200) return true;
          try {
            resume = resumeRead;
            status = statusCode;
            const parsed = parseHeaders(rawHeaders);
            const headers: Record<string, string | string[]> = {};
            for (const k in parsed) {
              const v = parsed[k]!;
              responseHeaders[k] = Array.isArray(v) ? v.join(', ') : v;
              if (!HOP_BY_HOP.has(k)) headers[k] = v;
            }
            if (stopping) headers.connection = 'close';
            if (!clientGone && !res.destroyed) res.writeHead(status, headers);
            return true;
          } catch (err) {
            internalError(err);
            return false;
          }
        },
        onData(buf: Buffer): boolean {
          try {
            if (!over) {
              size += buf.byteLength;
              if (size > options.maxBodyBytes) {
                over = true;
                // With --har, its first --max-body bytes are recorded (with a note); nothing of it is judged.
                if (har) cutBody = Buffer.concat([...chunks, buf]).subarray(0, options.maxBodyBytes);
                chunks.length = 0;
              } else chunks.push(buf);
            }
            // A client that has gone takes nothing more; the answer is still read, to be judged.
            if (clientGone || res.destroyed || res.write(buf)) return true;
            // The client is slower than the upstream: read on when it has taken this (or has gone).
            res.on('drain', resumeUpstream);
            res.on('close', resumeUpstream);
            return false;
          } catch (err) {
            internalError(err);
            return false;
          }
        },
        onComplete() {
          if (done) return;
          try {
            complete = true;
            if (!clientGone && !res.destroyed) res.end();
            // Off the client's path: the exchange is judged once the response has been passed on.
            // A copy: a chunk is a view of the connection's read buffer (64 KiB), which the answer would keep until judged.
            const body = over ? undefined : Buffer.concat(chunks, size);
            judgeLater(() => finish({ kind: 'answer', status, headers: responseHeaders, ...(body ? { body } : cutBody ? { cutBody } : {}) }));
          } catch (err) {
            internalError(err);
          }
        },
        onError(err: Error) {
          if (done) return;
          try {
            if (status === 0) {
              if (clientGone) {
                return finish({ kind: 'aborted', when: 'before-answer', message: req.complete ? 'the client closed the connection before the upstream answered' : 'the client closed the connection before its request was complete' });
              }
              if (stopped) return finish({ kind: 'no-answer', why: 'stopped', message: 'the proxy stopped before the upstream answered' });
              const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
              const code = typeof e.code === 'string' ? e.code : e.cause?.code;
              const message = `${e.message}${code ? ` (${code})` : ''}`;
              const why = noAnswerWhy(code ?? e.message);
              if (!res.headersSent && !res.destroyed) {
                // 504 Gateway Timeout when --timeout passed, 502 Bad Gateway otherwise (refused, reset).
                res.writeHead(why === 'timeout' ? 504 : 502, { 'content-type': 'text/plain; charset=utf-8', ...(stopping ? { connection: 'close' } : {}) });
                res.end(`conform proxy: no answer from the upstream: ${redactor.text(`${method} ${path.split('?')[0]}: ${message}`)}\n`);
              }
              return finish({ kind: 'no-answer', why, message });
            }
            const partial = partialBody();
            const answered = { status, headers: responseHeaders, ...(partial ? { partial } : {}) };
            if (clientGone) return finish({ kind: 'aborted', when: 'after-answer', message: 'the client closed the connection before the answer was complete', ...answered });
            if (!res.destroyed) res.destroy();
            if (stopped) return finish({ kind: 'no-answer', why: 'stopped', message: 'the proxy stopped before the answer was complete', ...answered });
            const e = err as NodeJS.ErrnoException;
            const code = typeof e.code === 'string' ? e.code : undefined;
            return finish({ kind: 'no-answer', why: noAnswerWhy(code ?? e.message), message: `the answer broke off: ${e.message}${code ? ` (${code})` : ''}`, ...answered });
          } catch (inner) {
            internalError(inner);
          }
        },
      };
      agent.dispatch({ origin, path: `${basePath}${path}`, method: method as 'GET', headers: forwardHeaders(req.headers), ...(requestBody ? { body: requestBody } : {}) }, handler);
    }
  };

  const clientTimeoutMs = options.clientTimeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
  const server = createServer(
    {
      // A client gets --client-timeout to send its request, head and body (a slow one, or one that
      // trickles its headers to hold a socket, gets a 408 and its connection closed), checked often enough
      // to hold to it.
      headersTimeout: clientTimeoutMs,
      requestTimeout: clientTimeoutMs,
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(clientTimeoutMs / 4))),
    },
    (req, res) => {
      try {
        handle(req, res);
      } catch (err) {
        // A fault of the proxy before the exchange was under way: said, and the request counted all the same.
        problem(redactor.text(`internal error on ${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]}: ${(err as Error)?.stack ?? String(err)}`));
        if (!res.destroyed) res.destroy();
        tally.transport(redactor.text(`${req.method ?? 'GET'} ${(req.url ?? '/').split('?')[0]}: internal error of the proxy: ${(err as Error)?.message ?? String(err)}`), 'other');
      }
    },
  );
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let nowRequested = false;
  let wakeNow: (() => void) | undefined;
  let closing: Promise<void> | undefined;

  const doClose = async (graceMs: number) => {
    stopping = true;
    const listener = server;
    const closed = new Promise<void>((resolve) => listener.close(() => resolve()));
    listener.closeIdleConnections();
    // The grace period: a timer that keeps the process alive (exchanges may have nothing else that does).
    let timer: NodeJS.Timeout | undefined;
    if (!nowRequested && inFlight.size > 0) {
      await Promise.race([
        Promise.allSettled([...inFlight].map((f) => f.settled)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
          wakeNow = resolve;
        }),
      ]);
    }
    clearTimeout(timer);
    // Whatever is still in flight is ended, and counted; one that does not settle is settled from outside.
    const left = [...inFlight];
    for (const f of left) f.cut();
    if (left.length > 0) {
      let settleTimer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled(left.map((f) => f.settled)), new Promise<void>((resolve) => (settleTimer = setTimeout(resolve, SETTLE_MS)))]);
      clearTimeout(settleTimer);
      for (const f of [...inFlight]) f.force();
    }
    listener.closeAllConnections();
    let closeTimer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((resolve) => (closeTimer = setTimeout(resolve, SETTLE_MS)))]);
    clearTimeout(closeTimer);
    await agent.destroy().catch(() => undefined);
    // Exchanges that ended while the HAR is being closed are counted; none is left unsettled.
    for (const f of [...inFlight]) f.force();
    flushHar();
    if (har && options.har) {
      try {
        har.close();
        har = undefined;
        finishHar(options.har);
      } catch (err) {
        har = undefined;
        problem(`--har ${options.har}: cannot end the file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): \`conform audit\` reads the entries it holds`);
      }
    }
  };

  return {
    url: `http://${host}:${address.port}`,
    tally,
    get inFlight() {
      return inFlight.size;
    },
    close(graceMs = 5_000) {
      return (closing ??= doClose(graceMs));
    },
    stopNow() {
      nowRequested = true;
      wakeNow?.();
    },
  };
}
