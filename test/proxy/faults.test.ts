/**
 * `conform proxy` under load and faults, as a process: clients that leave at every stage, 200
 * slowloris sockets trickling their headers (closed with a 408 after --client-timeout while the
 * other clients are answered), a 40 MiB request body over --max-body, an upstream killed with
 * requests in flight and started again, then SIGTERM. Every request the test sent (a request whose
 * head never arrived whole is none) is counted once in `traffic`, every report is written and the HAR
 * is whole. And a fault of the proxy itself, inside a request's handling or outside any, is said and
 * reported; the process never ends silently.
 *
 * The upstream is a small server in a process of its own (so it can be killed and started again on
 * the same port): it says on its standard output when a request with `id=` arrived, and holds the
 * answer until the test writes `release ID` on its standard input.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_FILES } from '../../src/report/write.ts';
import { reportErrors } from '../../src/report/schema.ts';
import type { ProxyReport, Traffic } from '../../src/traffic/tally.ts';
import { exchangeCategories } from '../../src/traffic/tally.ts';
import { BIN, Scratch } from '../check/helpers.ts';
import { Children } from '../support/children.ts';
import { raw } from './raw.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
const children = new Children();
afterAll(async () => {
  await children.stopAll();
  await scratch.cleanup();
});

const UPSTREAM = `
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
const held = new Map();
const released = new Set();
createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, id] = line.split(' ');
  if (command !== 'release') return;
  const answer = held.get(id);
  if (answer) {
    held.delete(id);
    answer();
  } else released.add(id);
});
const json = { 'content-type': 'application/json; charset=utf-8' };
const server = createServer((req, res) => {
  req.on('error', () => undefined);
  res.on('error', () => undefined);
  const url = new URL(req.url, 'http://upstream.invalid');
  const id = url.searchParams.get('id');
  if (id) process.stdout.write('arrived ' + id + '\\n');
  const whenReleased = (answer) => (!id || released.delete(id) ? answer() : held.set(id, answer));
  if (req.method === 'GET' && url.pathname === '/posts.json') {
    if (url.searchParams.has('stream')) {
      res.writeHead(200, json);
      res.write('[');
      return whenReleased(() => res.end(']'));
    }
    return whenReleased(() => res.writeHead(200, json).end('[]'));
  }
  if (req.method === 'POST' && url.pathname === '/pools.json') {
    let size = 0;
    req.on('data', (c) => (size += c.length));
    req.on('end', () => {
      if (size > 2 * 1024 * 1024) res.writeHead(424, json).end(JSON.stringify({ success: false, reason: 'a body of ' + size + ' bytes is too large' }));
      else res.writeHead(200, json).end('{"success":true,"reason":"created","id":1}');
    });
    return;
  }
  res.writeHead(404, json).end('{"success":false,"reason":"not found"}');
});
server.listen(Number(process.argv[2] || 0), '127.0.0.1', () => process.stdout.write('listening ' + server.address().port + '\\n'));
`;

/** Named events of a child's output lines (`arrived ID`, `listening PORT`): either side may come first. */
class Lines {
  private readonly waiting = new Map<string, { promise: Promise<string>; fire: (rest: string) => void }>();
  private get(key: string) {
    let w = this.waiting.get(key);
    if (!w) {
      let fire!: (rest: string) => void;
      const promise = new Promise<string>((resolve) => (fire = resolve));
      this.waiting.set(key, (w = { promise, fire }));
    }
    return w;
  }
  follow(child: ChildProcess, prefix = ''): void {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [word, rest = ''] = line.split(' ');
      this.get(`${prefix}${word} ${rest}`).fire(rest);
      this.get(`${prefix}${word}`).fire(rest);
    });
  }
  wait(key: string): Promise<string> {
    return this.get(key).promise;
  }
}

/** The upstream in a process of its own, on `port` (0: a free one); resolves once it listens. */
async function startUpstream(dir: string, port = 0, generation = 0) {
  const script = join(dir, 'upstream.mjs');
  if (!existsSync(script)) writeFileSync(script, UPSTREAM);
  const child = children.spawn(process.execPath, [script, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin!.on('error', () => undefined);
  const lines = new Lines();
  lines.follow(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const listening = await Promise.race([lines.wait('listening'), exited.then(() => Promise.reject(new Error(`upstream ${generation} exited before it listened`)))]);
  return {
    url: `http://127.0.0.1:${listening}`,
    port: Number(listening),
    arrived: (id: string) => lines.wait(`arrived ${id}`),
    release: (id: string) => child.stdin!.write(`release ${id}\n`),
    kill: () => {
      child.kill('SIGKILL');
      return exited;
    },
  };
}

function startProxy(args: readonly string[], nodeArgs: readonly string[] = []) {
  const child = children.spawn(process.execPath, [...nodeArgs, BIN, 'proxy', '--variant', 'A', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let out = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = children.waitFor(child, /listening on (http:\/\/\S+)/).then((m) => m[1]!);
  return { child, ready, exit, stderr: () => err, stdout: () => out };
}


const sum = (t: Traffic) => Object.values(exchangeCategories(t)).reduce((n, v) => n + v, 0);

describe('conform proxy under load and faults', { timeout: scaled(60_000) }, () => {
  it('aborts at every stage, slowloris, a 40 MiB body, an upstream killed and back, then SIGTERM: every request counted once, every report and the HAR written', async () => {
    const work = scratch.dir('faults');
    const dir = scratch.dir('faults-report');
    const har = join(work, 'traffic.har');
    let upstream = await startUpstream(work);
    const maxBody = 1024 * 1024;
    const proxy = startProxy([
      '--upstream', upstream.url, '--report', dir, '--har', har, '--max-body', String(maxBody),
      '--timeout', String(scaled(20_000)), '--client-timeout', String(scaled(2_000)), '--drain', '5',
    ]);
    const url = await proxy.ready;
    const agent = new Agent({ connections: 64 });
    scratch.defer(() => agent.destroy());
    let sent = 0;
    const send = async (path: string, init: { method?: 'GET' | 'POST'; body?: Buffer | string } = {}) => {
      sent++;
      const res = await request(`${url}${path}`, {
        dispatcher: agent,
        method: init.method ?? 'GET',
        ...(init.body !== undefined ? { body: init.body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
      });
      return { status: res.statusCode, body: await res.body.text() };
    };

    // Plain traffic: judged.
    const plain = await Promise.all([...Array.from({ length: 20 }, () => send('/posts.json')), send('/pools.json', { method: 'POST', body: 'pool[name]=a' }), send('/pools.json', { method: 'POST', body: 'pool[name]=b' })]);
    expect(plain.map((r) => r.status)).toEqual(Array(22).fill(200));

    // Clients that leave, all at once: 10 before their request is complete, 10 once it is sent
    // (before the answer), 10 in the middle of the answer.
    const leaveEarly = Array.from({ length: 10 }, async (_, i) => {
      sent++;
      const { socket } = await raw(url, `POST /pools.json?id=part${i} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npool[name]=x`);
      await upstream.arrived(`part${i}`);
      socket.destroy();
    });
    const leaveSent = Array.from({ length: 10 }, async (_, i) => {
      sent++;
      const { socket } = await raw(url, `GET /posts.json?id=sent${i} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await upstream.arrived(`sent${i}`);
      socket.destroy();
      upstream.release(`sent${i}`);
    });
    const leaveMid = Array.from({ length: 10 }, async (_, i) => {
      sent++;
      const { socket, firstBytes } = await raw(url, `GET /posts.json?stream=1&id=mid${i} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(await firstBytes).toMatch(/^HTTP\/1\.1 200/);
      socket.destroy();
      upstream.release(`mid${i}`);
    });
    await Promise.all([...leaveEarly, ...leaveSent, ...leaveMid]);

    // Slowloris: 200 sockets trickle their headers; the other clients are answered meanwhile, and the
    // proxy closes the slow ones (408) once --client-timeout has passed.
    const slow = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const { socket } = await raw(url, 'GET /posts.json HTTP/1.1\r\nHost: x\r\n');
        let got = '';
        socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
        socket.on('error', () => undefined);
        return { socket, closed: new Promise<string>((resolve) => socket.once('close', () => resolve(got))) };
      }),
    );
    let n = 0;
    const trickle = setInterval(() => {
      n++;
      for (const s of slow) if (!s.socket.destroyed) s.socket.write(`X-Slow-${n}: ${n}\r\n`);
    }, 100);
    try {
      const meanwhile = await Promise.all(Array.from({ length: 30 }, () => send('/posts.json')));
      expect(meanwhile.map((r) => r.status)).toEqual(Array(30).fill(200));
      // Every slow socket is closed. Node answers a request that timed out with a 408 where it can; one it
      // destroys before that answer reaches the socket (a busy machine) is closed all the same.
      const ends = await Promise.all(slow.map((s) => s.closed));
      expect(ends.filter((e) => e !== '' && !/^HTTP\/1\.1 408/.test(e))).toEqual([]);
      expect(ends.some((e) => /^HTTP\/1\.1 408/.test(e))).toBe(true);
    } finally {
      clearInterval(trickle);
      for (const s of slow) s.socket.destroy();
    }

    // 40 MiB of request body, over --max-body: passed on whole, answered, judged; the proxy goes on.
    const big = await send('/pools.json', { method: 'POST', body: Buffer.alloc(40 * 1024 * 1024, 'a') });
    expect(big.status).toBe(424);
    expect(JSON.parse(big.body)).toMatchObject({ success: false, reason: `a body of ${40 * 1024 * 1024} bytes is too large` });
    expect((await send('/posts.json')).status).toBe(200);

    // The upstream killed with 5 requests in flight, 5 more sent while it is down: 502s, no upstream answer.
    const inFlight = Array.from({ length: 5 }, (_, i) => send(`/posts.json?id=kill${i}`));
    await Promise.all(Array.from({ length: 5 }, (_, i) => upstream.arrived(`kill${i}`)));
    const { port } = upstream;
    await upstream.kill();
    const whileDown = await Promise.all(Array.from({ length: 5 }, () => send('/posts.json')));
    expect([...(await Promise.all(inFlight)), ...whileDown].map((r) => r.status)).toEqual(Array(10).fill(502));
    // Back on the same port: the proxy passes traffic again.
    upstream = await startUpstream(work, port, 1);
    const back = await Promise.all(Array.from({ length: 10 }, () => send('/posts.json')));
    expect(back.map((r) => r.status)).toEqual(Array(10).fill(200));

    proxy.child.kill('SIGTERM');
    const { code, signal } = await proxy.exit;
    // The upstream's outage is a run error of the report (requests it did not answer): exit 1, and nothing else went wrong.
    expect({ code, signal }, proxy.stderr()).toEqual({ code: 1, signal: null });
    for (const f of REPORT_FILES) expect(existsSync(join(dir, f)), f).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(reportErrors(report)).toEqual([]);
    expect(report.errors).toEqual([expect.stringMatching(/^10 requests got no answer from the upstream/)]);
    expect(report.counts.fail).toBe(0);
    const t = report.traffic;
    expect(sent).toBe(22 + 30 + 30 + 1 + 1 + 10 + 10);
    expect(t.exchanges).toBe(sent);
    expect(sum(t)).toBe(sent);
    expect(t.transportErrors).toBe(10);
    expect(t.noAnswer).toMatchObject({ refused: 5, reset: 5, stopped: 0 });
    expect(t.aborted.beforeAnswer).toBeGreaterThanOrEqual(10);
    expect(t.judged + t.aborted.beforeAnswer + t.aborted.afterAnswer).toBe(sent - 10);

    const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { request: { bodySize: number } }[] } }).log.entries;
    expect(entries).toHaveLength(sent);
    // Of the 40 MiB, the HAR holds the first --max-body bytes.
    expect(Math.max(...entries.map((e) => e.request.bodySize))).toBeLessThanOrEqual(maxBody);
  });

  it('a fault of the proxy itself: inside a request handler it is counted and reported, and the proxy goes on; outside any, it writes the reports and exits 1', async () => {
    const work = scratch.dir('crash');
    const dir = scratch.dir('crash-report');
    const upstream = await startUpstream(work);
    // Loaded before the proxy: writing the head of an answer to a request for `explode` throws (inside
    // the exchange's handling); one for `detonate` throws outside any handler, on the next turn.
    const preload = join(work, 'faulty.mjs');
    writeFileSync(
      preload,
      `import { ServerResponse } from 'node:http';
const writeHead = ServerResponse.prototype.writeHead;
ServerResponse.prototype.writeHead = function (...args) {
  if (this.req?.url?.includes('explode')) throw new Error('exploded');
  if (this.req?.url?.includes('detonate')) setImmediate(() => { throw new Error('detonated'); });
  return writeHead.apply(this, args);
};
`,
    );
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, '--drain', '5'], ['--import', preload]);
    const url = await proxy.ready;
    const agent = new Agent();
    scratch.defer(() => agent.destroy());
    const outcome = (path: string) =>
      request(`${url}${path}`, { dispatcher: agent }).then(
        (r) => r.body.text().then(() => r.statusCode, () => 'cut'),
        () => 'cut',
      );
    expect(await outcome('/posts.json')).toBe(200);
    expect(await outcome('/posts.json?explode=1')).toBe('cut');
    expect(await outcome('/posts.json')).toBe(200);
    // Now outside: the process stops by itself, as on a signal, with the reports.
    await outcome('/posts.json?detonate=1');
    const { code } = await proxy.exit;
    expect(code, proxy.stderr()).toBe(1);
    expect(proxy.stderr()).toMatch(/internal error on GET \/posts\.json: Error: exploded/);
    expect(proxy.stderr()).toMatch(/internal error: Error: detonated/);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(reportErrors(report)).toEqual([]);
    expect(report.verdict).toBe('non-conformant');
    expect(report.errors.join('\n')).toMatch(/exploded[\s\S]*detonated/);
    expect(report.traffic.exchanges).toBe(4);
    expect(sum(report.traffic)).toBe(4);
    expect(report.traffic.noAnswer.other).toBe(1);
  });
});
