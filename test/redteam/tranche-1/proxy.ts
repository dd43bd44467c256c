// A small reverse proxy that applies one fault's hooks in front of an upstream server.
// Node 20 standard library only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isResponse, type Fault, type FaultContext, type ProxiedRequest, type ProxiedResponse } from './fault.ts';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

// The raw query string a request arrived with, kept so an untouched query is forwarded byte for byte.
const RAW_QUERY = new WeakMap<URLSearchParams, { raw: string; normal: string }>();

export interface ProxyStats {
  requests: number;
  hookErrors: number;
  lastHookError?: string;
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

function flattenHeaders(h: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    out[k.toLowerCase()] = Array.isArray(v) ? (k.toLowerCase() === 'set-cookie' ? v.join('\n') : v.join(', ')) : v;
  }
  return out;
}

function queryString(q: URLSearchParams): string {
  const normal = q.toString();
  const kept = RAW_QUERY.get(q);
  if (kept && kept.normal === normal) return kept.raw;
  return normal;
}

/** Sends a request to the upstream and buffers the answer. */
export function forward(upstream: URL, req: ProxiedRequest): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const qs = queryString(req.query);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) {
      const lk = k.toLowerCase();
      if (HOP_BY_HOP.has(lk) || lk === 'host' || lk === 'content-length') continue;
      headers[lk] = v;
    }
    headers['host'] = upstream.host;
    const method = req.method.toUpperCase();
    if (req.body.length > 0 || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(method)) {
      headers['content-length'] = String(req.body.length);
    }
    const r = http.request(
      {
        protocol: upstream.protocol,
        hostname: upstream.hostname,
        port: upstream.port,
        method,
        path: req.path + (qs ? '?' + qs : ''),
        headers,
      },
      (res) => {
        readBody(res).then(
          (body) => resolve({ status: res.statusCode ?? 502, headers: flattenHeaders(res.headers), body }),
          reject,
        );
      },
    );
    r.on('error', reject);
    if (req.body.length > 0) r.write(req.body);
    r.end();
  });
}

function send(out: http.ServerResponse, res: ProxiedResponse, method: string): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    const lk = k.toLowerCase();
    if (HOP_BY_HOP.has(lk) || lk === 'content-length') continue;
    headers[lk] = lk === 'set-cookie' ? v.split('\n') : v;
  }
  const noBody = res.status === 204 || res.status === 304 || (res.status >= 100 && res.status < 200);
  if (!noBody) headers['content-length'] = String(res.body.length);
  out.writeHead(res.status, headers);
  if (noBody || method.toUpperCase() === 'HEAD') out.end();
  else out.end(res.body);
}

export async function startFaultProxy(
  upstream: string,
  fault: Fault,
): Promise<{ url: string; close(): Promise<void>; stats: ProxyStats }> {
  const up = new URL(upstream);
  const stats: ProxyStats = { requests: 0, hookErrors: 0 };
  const ctx: FaultContext = {
    state: new Map(),
    upstream: (req) => forward(up, req),
  };
  const noteError = (where: string, e: unknown) => {
    stats.hookErrors++;
    stats.lastHookError = `${fault.id} ${where}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`;
    process.stderr.write(`[fault-proxy] ${stats.lastHookError}\n`);
  };

  const server = http.createServer(async (inc, out) => {
    stats.requests++;
    try {
      const body = await readBody(inc);
      const u = new URL(inc.url ?? '/', 'http://proxy.invalid');
      const query = new URLSearchParams(u.search);
      RAW_QUERY.set(query, { raw: u.search.replace(/^\?/, ''), normal: query.toString() });
      const original: ProxiedRequest = {
        method: inc.method ?? 'GET',
        path: u.pathname,
        query,
        headers: flattenHeaders(inc.headers),
        body,
      };
      let req: ProxiedRequest = original;
      if (fault.onRequest) {
        try {
          const r = await fault.onRequest(original, ctx);
          if (isResponse(r)) {
            send(out, r, original.method);
            return;
          }
          req = r;
        } catch (e) {
          noteError('onRequest', e);
          req = original;
        }
      }
      let res = await forward(up, req);
      if (fault.onResponse) {
        try {
          res = await fault.onResponse(req, res, ctx);
        } catch (e) {
          noteError('onResponse', e);
        }
      }
      send(out, res, original.method);
    } catch (e) {
      noteError('proxy', e);
      if (!out.headersSent) {
        out.writeHead(502, { 'content-type': 'text/plain' });
      }
      out.end('bad gateway');
    }
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
