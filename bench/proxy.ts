/**
 * What `conform proxy` adds: latency (p50, p99) of sequential requests and throughput of concurrent
 * ones, direct vs through the proxy, against two upstreams:
 *   - a static upstream (a plain node:http server answering a list of twenty posts), so the figures
 *     are the proxy's own cost and not the server's;
 *   - the reference server (variant A, embedded PGlite, no posts yet): GET /posts.json?limit=20.
 * The proxy runs in a process of its own, so its CPU time per judged exchange (user + system, of the
 * throughput run, over the exchanges it judged in it) and its peak RSS are its own, not the client's or
 * the upstream's (which share this process).
 *
 * `--soak N` instead sends N exchanges (default 100,000 when given without a number) through the proxy
 * to the static upstream, with 32 connections, once without and once with --har, and prints the
 * proxy's RSS every tenth of the way and its peak: it must stay flat (nothing kept per exchange).
 *
 *   npx tsx bench/proxy.ts [--requests 3000] [--seconds 5] [--connections 32] [--soak [N]]
 *   (BENCH_HEAP=1: the proxy process also prints its process.memoryUsage() at each sample, on stderr)
 *
 * Figures of 2026-11-28, Node 20, a 2-core VM shared with other work whose load average (`uptime`) was
 * 6 to 22 throughout: on that machine one run's figures differ from the next by up to 2x, so these are
 * ranges of runs made back to back, "before" being the proxy as of 0e52c55 (the request API's stream
 * per answer, a judgement and a HAR write per exchange) and "after" the present one.
 *
 *   --requests 2000 --seconds 3, two runs each (load 7-12)   before              after
 *   static upstream:  proxy CPU per judged exchange          0.160-0.191 ms      0.243-0.293 ms
 *                     req/s direct -> proxied (32 conn.)     0.33x (2707-3674)   0.21-0.24x (1933-2556)
 *                     added latency p50 / p99                0.50-0.59 / <3 ms   0.60-0.63 / <0.4 ms
 *   reference server: proxy CPU per judged exchange          0.194-0.237 ms      0.172-0.254 ms
 *                     req/s direct -> proxied (32 conn.)     0.32-0.76x          0.18-0.43x
 *                     added latency p50 / p99                0.59 / 1.6-12 ms    0.53-0.61 / <2.7 ms
 *                     peak RSS of the proxy                  138-142 MiB         146-179 MiB
 *   The two proxies side by side under the same load (16 connections each, static upstream, 8 runs,
 *   load 8-22), proxy user CPU per exchange: before 0.24-0.71 ms, after 0.19-0.62 ms (lower in 7 of
 *   the 8 runs). System calls per exchange (strace -c, 5,000 exchanges): 4 in both (a read and a write
 *   on each side), with fewer mmap/munmap after (12 vs 97: less garbage). The higher peak RSS after is
 *   the garbage collector running less often (arrayBuffers of answers already sent wait longer for it),
 *   not memory kept: it stays flat over a soak (below).
 *
 *   --soak 100000 (load 6-7)      before                               after
 *   without --har  RSS every 10k  125 127 129 130 132 134 136 137 153 161   168 165 173 169 177 173 166 172 169 174
 *                  peak RSS       169 MiB (rising)                     182 MiB (flat)
 *                  CPU/exchange   0.130 ms at 4362 req/s               0.132 ms at 6296 req/s
 *   with --har     RSS every 10k  142 164 175 155 165 160 169 160 133 136   172 171 178 169 171 170 165 171 168 170
 *                  peak RSS       182 MiB                              188 MiB
 *                  CPU/exchange   0.260 ms at 2327 req/s               0.218 ms at 2887 req/s
 *
 * Each comparison also runs a bare proxy (bareProxy below): a pass-through of the same parts, node:http's
 * server and undici's dispatcher with its callbacks, that keeps each answer whole but judges, counts and
 * records nothing. Its figures are the floor of those parts on the machine; conform's proxy's own cost is
 * what it adds above them.
 *
 * Figures of 2026-11-29, the same machine quiet (load average 1 to 2, nothing else running), two runs:
 *
 *                                   direct          bare proxy                 conform proxy
 *   static upstream   CPU/exchange  -               0.078-0.118 ms             0.172-0.194 ms
 *                     req/s (32)    16894-16921     0.28-0.72x                 0.32-0.38x
 *                     p50 / p99     0.18-0.19 / <0.5 ms   0.21-0.30 / 3.2-4.1 ms   0.42-0.56 / 4.5-4.6 ms
 *   reference server  CPU/exchange  -               0.077-0.090 ms             0.126-0.164 ms
 *                     req/s (32)    7849-12160      0.73-0.83x                 0.65-0.74x
 *                     p50 / p99     0.18-0.20 / <0.8 ms   0.25-0.32 / 2.9-3.1 ms   0.32-0.41 / 3.1-3.6 ms
 *   --soak 100000     without --har: 7980 req/s, RSS every 10k 177 173 178 176 171 177 176 181 176 181,
 *                     peak 182 MiB, 0.134 ms per exchange; with --har (519 MiB of HAR): 5908 req/s,
 *                     RSS 178 178 182 177 173 170 168 171 171 173, peak 183 MiB, 0.190 ms per exchange.
 *
 * So of the targets: 0.6x of direct throughput against the reference server holds (0.65-0.74x), and peak
 * RSS stays flat under 200 MiB over 100,000 exchanges, with and without --har. At most 0.1 ms of a core
 * per judged exchange does not: the bare proxy alone costs 0.08-0.12 ms here, and judging, counting and
 * recording add 0.05-0.12 ms (JSON.parse of each body, the garbage of it, the tally). Nor does a p99
 * added under 1 ms: the bare proxy's p99 is 2.3-3.6 ms above the direct one, as each request now crosses
 * two processes on two virtual cores, and conform's is within 0.2-1.4 ms of the bare one's.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const REQUESTS = arg('requests', 3000);
const SECONDS = arg('seconds', 5);
const CONNECTIONS = arg('connections', 32);
const SOAK = process.argv.includes('--soak') ? arg('soak', 100_000) : 0;

/** What the proxy process says of itself. */
interface Stats {
  readonly cpuMs: number;
  readonly rssMiB: number;
  readonly peakRssMiB: number;
  readonly exchanges: number;
  readonly judged: number;
}

/** Peak resident memory of this process, MiB: VmHWM where Linux gives it (maxRSS survives fork's exec), else maxRSS. */
function peakRssMiB(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** A proxy in a process of its own. */
async function proxyProcess(upstream: string, har = '', kind: 'conform' | 'floor' = 'conform'): Promise<{ url: string; stats(): Promise<Stats>; close(): Promise<Stats> }> {
  const child: ChildProcess = fork(import.meta.filename, ['--proxy-child', upstream, har, kind], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let exited: Error | undefined;
  const waiting = new Set<(err: Error) => void>();
  child.once('exit', (code) => {
    exited = new Error(`the proxy process exited (${code})`);
    for (const fail of waiting) fail(exited);
  });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    if (exited) return reject(exited);
    waiting.add(reject);
    child.once('message', (m) => {
      waiting.delete(reject);
      resolve(m as T);
    });
  });
  const { url } = await next<{ url: string }>();
  return {
    url,
    stats() {
      const got = next<Stats>();
      child.send('stats');
      return got;
    },
    close() {
      const got = next<Stats>();
      child.send('close');
      return got;
    },
  };
}

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

/** Requests per second over SECONDS with CONNECTIONS keep-alive connections (or `count` requests, then the rate). */
async function throughput(url: string, path: (i: number) => string, count = 0, each?: (n: number) => Promise<void>): Promise<number> {
  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  let n = 0;
  const started = performance.now();
  const end = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (count > 0 ? n < count : performance.now() < end) {
        const i = n++;
        await (await pool.request({ method: 'GET', path: path(i) })).body.dump();
        if (each) await each(i);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return n / seconds;
}

const f = (n: number) => n.toFixed(3);

interface Figures {
  readonly p50: number;
  readonly p99: number;
  readonly rps: number;
  readonly cpuPerExchange: number;
  readonly judged: number;
  readonly peakRssMiB: number;
}

/** One proxy process's figures: sequential latency, then throughput with its CPU per exchange. */
async function measure(upstream: string, path: string, kind: 'conform' | 'floor'): Promise<Figures> {
  const proxy = await proxyProcess(upstream, '', kind);
  try {
    const { p50, p99 } = await latency(proxy.url, path);
    const before = await proxy.stats();
    const rps = await throughput(proxy.url, () => path);
    const after = await proxy.stats();
    const exchanges = after.exchanges - before.exchanges;
    return { p50, p99, rps, cpuPerExchange: (after.cpuMs - before.cpuMs) / exchanges, judged: after.judged - before.judged, peakRssMiB: after.peakRssMiB };
  } finally {
    await proxy.close();
  }
}

async function compare(label: string, upstream: string, path: string): Promise<void> {
  const direct = await latency(upstream, path);
  const rpsDirect = await throughput(upstream, () => path);
  const floor = await measure(upstream, path, 'floor');
  const conform = await measure(upstream, path, 'conform');
  const line = (name: string, m: Figures) =>
    `  ${name} p50 ${f(m.p50)} ms  p99 ${f(m.p99)} ms  (added p50 ${f(m.p50 - direct.p50)} ms, p99 ${f(m.p99 - direct.p99)} ms); ` +
    `${m.rps.toFixed(0)} req/s (${(m.rps / rpsDirect).toFixed(2)}x); CPU ${f(m.cpuPerExchange)} ms per exchange; peak RSS ${m.peakRssMiB.toFixed(0)} MiB\n`;
  process.stdout.write(
    `${label}\n` +
      `  direct        p50 ${f(direct.p50)} ms  p99 ${f(direct.p99)} ms; ${rpsDirect.toFixed(0)} req/s (${CONNECTIONS} connections, ${SECONDS} s)\n` +
      line('bare proxy   ', floor) +
      line('conform proxy', conform) +
      `  conform proxy over the bare one: CPU +${f(conform.cpuPerExchange - floor.cpuPerExchange)} ms per exchange (${conform.judged} judged), ` +
      `p50 +${f(conform.p50 - floor.p50)} ms, p99 ${conform.p99 >= floor.p99 ? '+' : ''}${f(conform.p99 - floor.p99)} ms\n`,
  );
}

/** N exchanges through a proxy (with or without --har): its RSS along the way, its peak, its CPU per exchange. */
async function soak(label: string, upstream: string, har: string): Promise<void> {
  const proxy = await proxyProcess(upstream, har);
  try {
    const samples: number[] = [];
    const step = Math.max(1, Math.floor(SOAK / 10));
    let sampling = Promise.resolve();
    const before = await proxy.stats();
    // Varied paths: list pages, and records by id (the router's cache of paths is bounded).
    const rps = await throughput(proxy.url, (i) => (i % 4 === 3 ? `/posts/${i}.json` : `/posts.json?limit=20&page=${i}`), SOAK, (i) => {
      if (i % step === step - 1) sampling = sampling.then(() => proxy.stats().then((s) => void samples.push(s.rssMiB)));
      return Promise.resolve();
    });
    await sampling;
    const after = await proxy.close();
    const size = har ? ` (HAR ${(statSync(har).size / 2 ** 20).toFixed(0)} MiB)` : '';
    process.stdout.write(
      `${label}: ${after.exchanges} exchanges at ${rps.toFixed(0)} req/s${size}\n` +
        `  RSS MiB every ${step}: ${samples.map((s) => s.toFixed(0)).join(' ')}; peak ${after.peakRssMiB.toFixed(0)} MiB\n` +
        `  proxy CPU ${f((after.cpuMs - before.cpuMs) / (after.exchanges - before.exchanges))} ms per exchange\n`,
    );
  } catch (err) {
    await proxy.close().catch(() => undefined);
    throw err;
  }
}

async function main(): Promise<void> {
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
  try {
    if (SOAK > 0) {
      process.stdout.write(`node ${process.version}, soak of ${SOAK} exchanges, ${CONNECTIONS} connections, static upstream\n`);
      await soak('without --har', staticUrl, '');
      const dir = mkdtempSync(join(tmpdir(), 'conform-bench-proxy-'));
      try {
        await soak('with --har', staticUrl, join(dir, 'soak.har'));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      return;
    }
    const { startServer } = await import('../src/server/index.ts');
    const reference = await startServer({ variant: 'A', port: 0, quotaScale: 1_000_000 });
    try {
      process.stdout.write(`node ${process.version}, ${REQUESTS} sequential requests for latency, ${SECONDS} s per throughput run, proxy in a process of its own\n`);
      await compare(`static upstream, GET /posts.json (${captured.byteLength} bytes)`, staticUrl, '/posts.json?limit=20');
      await compare('reference server (A), GET /posts.json?limit=20', reference.url, '/posts.json?limit=20');
    } finally {
      await reference.close();
    }
  } finally {
    await new Promise<void>((resolve) => statics.close(() => resolve()));
  }
}

interface ProxyUnderTest {
  readonly url: string;
  exchanges(): number;
  judged(): number;
  close(): Promise<void>;
}

async function conformProxy(upstream: string, har: string | undefined): Promise<ProxyUnderTest> {
  const { startProxy } = await import('../src/proxy/proxy.ts');
  const proxy = await startProxy({ variant: 'A', upstream, maxBodyBytes: 4 * 1024 * 1024, timeoutMs: 10_000, ...(har ? { har } : {}) });
  return { url: proxy.url, exchanges: () => proxy.tally.exchanges, judged: () => proxy.tally.judged, close: () => proxy.close() };
}

/**
 * The floor: a pass-through proxy of the same parts as conform's (node:http's server, undici's dispatcher
 * with its callbacks), which keeps each answer whole as conform's does but judges, counts and records
 * nothing. What conform's proxy costs above it is its own; the rest is the parts'.
 */
async function bareProxy(upstream: string): Promise<ProxyUnderTest> {
  const { Agent } = await import('undici');
  const { origin } = new URL(upstream);
  const agent = new Agent({ keepAliveTimeout: 10_000, connections: 128 });
  let exchanges = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'connection' && name !== 'host') headers[name] = value;
    req.resume();
    agent.dispatch(
      { origin, path: req.url ?? '/', method: (req.method ?? 'GET') as 'GET', headers },
      {
        onConnect() {},
        onHeaders(status: number, raw: Buffer[]) {
          const headers: Record<string, string> = {};
          for (let i = 0; i < raw.length; i += 2) {
            const name = raw[i]!.toString('latin1').toLowerCase();
            if (name !== 'connection' && name !== 'keep-alive' && name !== 'transfer-encoding') headers[name] = raw[i + 1]!.toString('latin1');
          }
          res.writeHead(status, headers);
          return true;
        },
        onData(chunk: Buffer) {
          chunks.push(chunk);
          return res.write(chunk) || true;
        },
        onComplete() {
          res.end();
          Buffer.concat(chunks);
          exchanges++;
        },
        onError(err: Error) {
          res.destroy(err);
        },
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exchanges: () => exchanges,
    judged: () => exchanges,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}

// The proxy's process: a proxy to argv's upstream (conform's, or the bare pass-through), answering 'stats' and 'close' over IPC.
const childAt = process.argv.indexOf('--proxy-child');
if (childAt >= 0) {
  const upstream = process.argv[childAt + 1]!;
  const har = process.argv[childAt + 2] || undefined;
  const proxy = process.argv[childAt + 3] === 'floor' ? await bareProxy(upstream) : await conformProxy(upstream, har);
  const stats = (): Stats => {
    const cpu = process.cpuUsage();
    if (process.env.BENCH_HEAP) process.stderr.write(`${JSON.stringify(process.memoryUsage())}\n`);
    return { cpuMs: (cpu.user + cpu.system) / 1000, rssMiB: process.memoryUsage.rss() / 2 ** 20, peakRssMiB: peakRssMiB(), exchanges: proxy.exchanges(), judged: proxy.judged() };
  };
  process.on('message', (m: string) => {
    if (m === 'stats') process.send!(stats());
    if (m === 'close') void proxy.close().then(() => process.send!(stats(), () => process.exit(0)));
  });
  process.send!({ url: proxy.url });
} else {
  await main();
  process.exit(0);
}
