/**
 * What `conform proxy` adds: latency (p50, p99) of sequential requests and throughput of concurrent
 * ones, direct vs through the proxy, against two upstreams:
 *   - a static upstream (a plain node:http server answering a list of twenty posts), so the figures
 *     are the proxy's own cost and not the server's;
 *   - the reference server (variant A, embedded PGlite, no posts yet): GET /posts.json?limit=20.
 *
 *   npx tsx bench/proxy.ts [--requests 3000] [--seconds 5] [--connections 16]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startProxy } from '../src/proxy/proxy.ts';
import { startServer } from '../src/server/index.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const REQUESTS = arg('requests', 3000);
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 16);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function latency(url: string, path: string): Promise<{ p50: number; p99: number }> {
  const pool = new Pool(url, { connections: 1 });
  for (let i = 0; i < 300; i++) await (await pool.request({ method: 'GET', path })).body.dump();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await (await pool.request({ method: 'GET', path })).body.dump();
    times.push(performance.now() - t);
  }
  await pool.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function throughput(url: string, path: string): Promise<number> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  let n = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        await (await pool.request({ method: 'GET', path })).body.dump();
        n++;
      }
    }),
  );
  await pool.close();
  return n / SECONDS;
}

async function compare(label: string, upstream: string, path: string): Promise<void> {
  const proxy = await startProxy({ variant: 'A', upstream, maxBodyBytes: 4 * 1024 * 1024, timeoutMs: 10_000 });
  try {
    const direct = await latency(upstream, path);
    const via = await latency(proxy.url, path);
    const rpsDirect = await throughput(upstream, path);
    const rpsVia = await throughput(proxy.url, path);
    const f = (n: number) => n.toFixed(3);
    process.stdout.write(
      `${label}\n` +
        `  latency direct  p50 ${f(direct.p50)} ms  p99 ${f(direct.p99)} ms\n` +
        `  latency proxied p50 ${f(via.p50)} ms  p99 ${f(via.p99)} ms  (added p50 ${f(via.p50 - direct.p50)} ms, p99 ${f(via.p99 - direct.p99)} ms)\n` +
        `  throughput (${CONNECTIONS} connections, ${SECONDS} s): direct ${rpsDirect.toFixed(0)} req/s, proxied ${rpsVia.toFixed(0)} req/s (${((100 * rpsVia) / rpsDirect).toFixed(0)}%)\n` +
        `  judged ${proxy.tally.exchanges} exchanges\n`,
    );
  } finally {
    await proxy.close();
  }
}

const reference = await startServer({ variant: 'A', port: 0, quotaScale: 1_000_000 });
try {
  // Twenty records of the fields a post has, as a list answer of a busy server would carry.
  const captured = Buffer.from(
    JSON.stringify(Array.from({ length: 20 }, (_, i) => ({ id: 1000 + i, tag_string: `tag_${i} artist_${i} series_${i % 3}`, rating: 'safe', source: `https://example.org/${i}`, parent_id: null, md5: 'f'.repeat(32), created_at: '2026-01-01T00:00:00.000Z' }))),
  );
  const statics = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': captured.byteLength });
    res.end(captured);
  });
  await new Promise<void>((resolve) => statics.listen(0, '127.0.0.1', resolve));
  const staticUrl = `http://127.0.0.1:${(statics.address() as AddressInfo).port}`;
  process.stdout.write(`node ${process.version}, ${REQUESTS} sequential requests for latency, ${SECONDS} s per throughput run\n`);
  await compare(`static upstream, GET /posts.json (${captured.byteLength} bytes)`, staticUrl, '/posts.json?limit=20');
  await compare('reference server (A), GET /posts.json?limit=20', reference.url, '/posts.json?limit=20');
  await new Promise<void>((resolve) => statics.close(() => resolve()));
} finally {
  await reference.close();
}
