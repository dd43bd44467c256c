/**
 * A full check against a distant target, and against a near one: a reference server (`conform serve`)
 * is started, and in front of it a forwarder that holds every answer back DELAY ms (a server in another
 * region). Prints, with report.json's figures, the median wall time of a full check of the variant:
 *   - direct, one check at a time (--concurrency 1),
 *   - direct, with the default concurrency for --target,
 *   - through the delay, one check at a time and with the default concurrency,
 * and the ratio of the last to the direct sequential time (the acceptance: at most 1.5).
 *
 *   npx tsx bench/distant.ts [--variant A] [--delay 20] [--runs 3] [--skip-slow] [--also 16,32]
 *
 * --skip-slow leaves out the sequential run through the delay (it takes a minute or more); --also adds
 * runs through the delay at the given concurrencies (to choose the default).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo, Socket } from 'node:net';
import { connect, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}

const VARIANT = arg('variant', 'A');
const DELAY = Number(arg('delay', '20'));
const RUNS = Number(arg('runs', '3'));
const SKIP_SLOW = process.argv.includes('--skip-slow');
const ALSO = arg('also', '').split(',').filter(Boolean);
const BIN = join(import.meta.dirname, '..', 'bin', 'conform.js');

/** `conform serve` on a free port; resolves with its URL and how to stop it. */
async function serve(): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--variant', VARIANT, '--port', '0', '--allow-fetch', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = /listening on (http:\/\/\S+)/.exec(line);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`conform serve exited (${code})`)));
  });
  return { url, stop: () => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))) };
}

/**
 * A forwarder to `upstream` that holds each answer back DELAY ms: a TCP relay (one upstream connection per
 * client connection) that passes requests on at once and writes every chunk of the answers DELAY ms after
 * the upstream sent it, in order, as a network link's latency does. It parses no HTTP: on this machine
 * its own work would otherwise compete for the cores the client and the server run on.
 */
async function delayed(upstream: string): Promise<{ url: string; close(): Promise<void> }> {
  const { hostname, port } = new URL(upstream);
  const sockets = new Set<Socket>();
  const server = createNetServer((client) => {
    const up = connect(Number(port), hostname);
    for (const s of [client, up]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        up.destroy();
      });
    }
    client.on('data', (chunk: Buffer) => up.write(chunk));
    client.on('end', () => up.end());
    up.on('data', (chunk: Buffer) => setTimeout(() => client.write(chunk), DELAY));
    up.on('end', () => setTimeout(() => client.end(), DELAY));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Figures {
  wall: number;
  requests: number;
  verdict: string;
  concurrency: number;
  peakRssMiB: number;
}

function check(target: string, concurrency: string | undefined, seed: number): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-bench-'));
  const args = [BIN, 'check', '--variant', VARIANT, '--target', target, '--quiet', '--seed', String(seed), '--report', dir, ...(concurrency ? ['--concurrency', concurrency] : [])];
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { timeout: 600_000 }, () => {
      const wall = (performance.now() - started) / 1000;
      try {
        const r = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { requests: number; verdict: string; concurrency?: number; peakRssBytes: number };
        resolve({ wall, requests: r.requests, verdict: r.verdict, concurrency: r.concurrency ?? 1, peakRssMiB: Math.round(r.peakRssBytes / 2 ** 20) });
      } catch (err) {
        reject(err as Error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const server = await serve();
const proxy = await delayed(server.url);
try {
  const cases: [string, string, string | undefined][] = [
    ['direct, one at a time', server.url, '1'],
    ['direct, default concurrency', server.url, undefined],
    ...(SKIP_SLOW ? [] : ([[`+${DELAY} ms, one at a time`, proxy.url, '1']] as [string, string, string][])),
    [`+${DELAY} ms, default concurrency`, proxy.url, undefined],
    ...ALSO.map((n): [string, string, string] => [`+${DELAY} ms, concurrency ${n}`, proxy.url, n]),
  ];
  const medians = new Map<string, number>();
  for (const [label, target, concurrency] of cases) {
    const walls: number[] = [];
    for (let i = 1; i <= RUNS; i++) {
      const f = await check(target, concurrency, i);
      walls.push(f.wall);
      console.log(`${label}: run ${i}: ${f.verdict}, ${f.requests} requests, concurrency ${f.concurrency}, wall ${f.wall.toFixed(1)} s, peak RSS ${f.peakRssMiB} MiB`);
    }
    medians.set(label, median(walls));
    console.log(`${label}: median ${median(walls).toFixed(1)} s`);
  }
  const direct = medians.get('direct, one at a time')!;
  const far = medians.get(`+${DELAY} ms, default concurrency`)!;
  console.log(`variant ${VARIANT}: +${DELAY} ms with the default concurrency takes ${(far / direct).toFixed(2)}x the direct sequential time (${far.toFixed(1)} s / ${direct.toFixed(1)} s)`);
} finally {
  await proxy.close();
  await server.stop();
}
