/**
 * `conform proxy`: a transparent reverse proxy in front of a server of the image-board API. It passes
 * every request and response through unchanged (only hop-by-hop headers and the Host are those of
 * each hop), streaming bodies both ways, and judges each exchange after it has been answered (see
 * ./validate.ts), so validation adds nothing to the client's wait but the copy of the body.
 *
 * Bodies over --max-body are streamed through and counted, not judged. Credentials seen in traffic
 * (api_key, password_hash, Basic, the session cookie) are registered with the redactor before
 * anything of the exchange is recorded, so no report carries them.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { Agent } from '../undici.ts';
import type { Variant } from '../../specs/model/index.ts';
import { HarAppender, finishHar, harEntry, startHar } from '../check/har.ts';
import { VERSION } from '../version.ts';
import { Redactor } from '../check/redact.ts';
import type { Seen } from '../traffic/validate.ts';
import { Router, judgeExchange } from '../traffic/validate.ts';
import { Tally } from '../traffic/tally.ts';
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
}

export interface RunningProxy {
  readonly url: string;
  readonly tally: Tally;
  /** Stops listening, waits for the exchanges in flight (at most `graceMs`), and judges what is left. */
  close(graceMs?: number): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
const EXCERPT_BYTES = 2048;

function forwardHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const listed = new Set(String(headers.connection ?? '').toLowerCase().split(',').map((s) => s.trim()));
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k) && !listed.has(k)) out[k] = v;
  return out;
}

function flat(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const origin = upstream.origin;
  const basePath = upstream.pathname.replace(/\/$/, '');
  const redactor = options.redactor ?? new Redactor();
  const router = new Router(options.variant);
  const tally = new Tally(options.variant);
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 128, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
  const inFlight = new Set<Promise<void>>();
  let har: HarAppender | undefined;
  if (options.har) {
    startHar(options.har, { name: 'conform proxy', version: VERSION }, `traffic through conform proxy to ${options.upstream}`);
    har = new HarAppender(options.har);
  }
  // Request bodies are kept for the judgement's excerpt; with --har, whole (up to --max-body).
  const keptRequestBytes = har ? options.maxBodyBytes : EXCERPT_BYTES * 4;

  const judgeLater = (method: string, path: string, headers: IncomingHttpHeaders, requestBody: Buffer, status: number, responseHeaders: Record<string, string>, body: Buffer | undefined, durationMs: number, startedAt: number, cutBody: Buffer | undefined) => {
    // Off the client's path: the exchange is judged once the response has been passed on.
    setImmediate(() => {
      try {
        const url = new URL(path, 'http://proxy.invalid');
        const matched = router.match(method, url.pathname.slice(basePath.length) || url.pathname);
        const bodyText = requestBody.toString('utf8');
        learnSecrets(redactor, url, headers, bodyText);
        const exchange = exchangeRecord(redactor, { method, url: `${origin}${path}`, headers: flat(headers), body: requestBody }, { status, headers: responseHeaders, body }, durationMs);
        har?.append(
          harEntry(
            {
              startedAt,
              durationMs,
              method,
              url: `${origin}${basePath}${path}`,
              requestHeaders: flat(headers),
              ...(requestBody.byteLength > 0 ? { requestBody: { kind: 'raw' as const, contentType: String(headers['content-type'] ?? ''), bytes: requestBody } } : {}),
              status,
              responseHeaders,
              ...(body ? { body } : { body: cutBody ?? Buffer.alloc(0), cut: true }),
              maxBodyBytes: options.maxBodyBytes,
            },
            redactor,
          ),
        );
        const seen: Seen = { method, url: path, status, headers: responseHeaders, body, durationMs, exchange };
        tally.record(matched, seen, judgeExchange(options.variant, matched, seen));
      } catch (err) {
        tally.error(redactor.text(`could not judge ${method} ${path.split('?')[0]}: ${(err as Error).message}`));
      }
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    const startedAt = Date.now();
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const requestChunks: Buffer[] = [];
    let requestSize = 0;
    let body: PassThrough | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      body = new PassThrough();
      req.on('data', (c: Buffer) => {
        if (requestSize < keptRequestBytes) requestChunks.push(c);
        requestSize += c.byteLength;
      });
      req.pipe(body);
    }
    try {
      const upstreamRes = await agent.request({
        origin,
        path: `${basePath}${path}`,
        method: method as 'GET',
        headers: forwardHeaders(req.headers),
        ...(body ? { body } : {}),
      });
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(upstreamRes.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
      res.writeHead(upstreamRes.statusCode, headers);
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      let cutBody: Buffer | undefined;
      for await (const chunk of upstreamRes.body) {
        const buf = chunk as Buffer;
        if (!over) {
          size += buf.byteLength;
          if (size > options.maxBodyBytes) {
            over = true;
            // With --har, its first --max-body bytes are recorded (with a note); nothing of it is judged.
            if (har) cutBody = Buffer.concat([...chunks, buf]).subarray(0, options.maxBodyBytes);
            chunks.length = 0;
          } else chunks.push(buf);
        }
        if (!res.write(buf)) await new Promise<void>((resolve) => res.once('drain', resolve));
      }
      res.end();
      if (over) tally.unvalidated++;
      judgeLater(method, path, req.headers, Buffer.concat(requestChunks), upstreamRes.statusCode, flat(upstreamRes.headers), over ? undefined : Buffer.concat(chunks, size), performance.now() - started, startedAt, cutBody);
    } catch (err) {
      const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
      const code = typeof e.code === 'string' ? e.code : e.cause?.code;
      const message = redactor.text(`${method} ${path.split('?')[0]}: ${e.message}${code ? ` (${code})` : ''}`);
      tally.transport(message);
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`conform proxy: no answer from the upstream: ${message}\n`);
      } else {
        res.destroy();
      }
    }
  };

  const server = createServer((req, res) => {
    const p = handle(req, res).finally(() => inFlight.delete(p));
    inFlight.add(p);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    tally,
    async close(graceMs = 5_000) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      server.closeAllConnections();
      await closed;
      await agent.close().catch(() => undefined);
      // Let the judgements scheduled by the last exchanges run.
      await new Promise((resolve) => setImmediate(resolve));
      if (har && options.har) {
        har.close();
        har = undefined;
        finishHar(options.har);
      }
    },
  };
}
