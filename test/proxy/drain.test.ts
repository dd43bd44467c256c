/**
 * `conform proxy` under clients that leave: every exchange it receives is counted once, in one
 * category of `traffic`, and has one HAR entry, whatever its client did (left before its request was
 * complete, right after sending it, in the middle of the answer) and whatever was in flight when it
 * was stopped. SIGTERM lets the exchanges in flight end (--drain), then writes every report and ends
 * the HAR; an audit of that HAR counts the same. With --report-every, a proxy killed outright leaves
 * a recent report.json and a HAR that `conform audit` reads up to its last whole entry.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, watch } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startProxy as startProxyHere } from '../../src/proxy/proxy.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { requirementsFor } from '../../specs/requirements/index.ts';
import { REPORT_FILES } from '../../src/report/write.ts';
import { reportErrors } from '../../src/report/schema.ts';
import type { ProxyReport, Traffic } from '../../src/traffic/tally.ts';
import { exchangeCategories } from '../../src/traffic/tally.ts';
import { BIN, Scratch } from '../check/helpers.ts';
import { verdictWords } from '../report/fixture.ts';
import { Children } from '../support/children.ts';
import { raw } from './raw.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
const children = new Children();
afterAll(async () => {
  await children.stopAll();
  await scratch.cleanup();
});

/** A deferred signal by name: either side may come first. */
class Signals {
  private readonly map = new Map<string, { promise: Promise<void>; fire: () => void }>();
  private get(name: string) {
    let s = this.map.get(name);
    if (!s) {
      let fire!: () => void;
      const promise = new Promise<void>((resolve) => (fire = resolve));
      this.map.set(name, (s = { promise, fire }));
    }
    return s;
  }
  fire(name: string): void {
    this.get(name).fire();
  }
  wait(name: string): Promise<void> {
    return this.get(name).promise;
  }
}

/**
 * An upstream of the API whose answers the test holds and lets go: `/posts.json` answers `[]`
 * (`?reset=1`: the connection reset; `?cut=1`: the status and `[`, then the connection reset; `?big=1`: a long list; `?size=N`: a post of N bytes; `?hold=ID`: nothing until released; `?stream=ID`: the status and `[` at
 * once, the rest when released); `POST /pools.json?throttle=1` answers 421 once its body is whole;
 * anything else 404. Each request with an id says when it arrived.
 */
async function heldUpstream() {
  const arrived = new Signals();
  const release = new Signals();
  const sockets = new Set<Socket>();
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://upstream.invalid');
    const id = url.searchParams.get('hold') ?? url.searchParams.get('stream') ?? url.searchParams.get('id');
    if (url.pathname === '/posts.json' && req.method === 'GET') {
      if (url.searchParams.has('reset')) return req.socket.destroy();
      if (url.searchParams.has('cut')) {
        res.writeHead(200, json);
        return res.write('[', () => req.socket.destroy());
      }
      if (url.searchParams.has('size')) return res.writeHead(200, json).end(JSON.stringify([{ id: 1, tag_string: 'x'.repeat(Number(url.searchParams.get('size'))) }]));
      if (url.searchParams.has('big')) return res.writeHead(200, json).end(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ id: i + 1, tag_string: 'a b c' }))));
      if (url.searchParams.has('stream')) {
        res.writeHead(200, json);
        res.write('[');
      }
      if (id) {
        arrived.fire(id);
        void release.wait(id).then(() => res.end(url.searchParams.has('stream') ? ']' : '[]'));
        if (url.searchParams.has('hold')) res.setHeader('content-type', json['content-type']);
        return;
      }
      return res.writeHead(200, json).end('[]');
    }
    if (url.pathname === '/pools.json' && req.method === 'POST') {
      if (id) arrived.fire(id);
      req.resume();
      req.on('end', () => res.writeHead(421, json).end('{"success":false,"reason":"slow down"}'));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('no');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  scratch.defer(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrived, release };
}


function startProxy(args: readonly string[], fileSizeKiB?: number): { child: ChildProcess; ready: Promise<string>; stderr: () => string; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> } {
  const argv = [BIN, 'proxy', '--variant', 'A', '--port', '0', ...args];
  // A file size limit (Node ignores SIGXFSZ: a write past it fails with EFBIG, as on a full disk).
  const child =
    fileSizeKiB === undefined
      ? children.spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] })
      : children.spawn('bash', ['-c', `ulimit -f ${fileSizeKiB} && exec "$0" "$@"`, process.execPath, ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const ready = children.waitFor(child, /listening on (http:\/\/\S+)/).then((m) => m[1]!);
  return { child, ready, stderr: () => err, exit };
}

/** Resolves when the child's standard error has matched `pattern`. */
function stderrLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  let err = '';
  return new Promise((resolve) => {
    const on = (c: Buffer) => {
      err += c.toString();
      if (pattern.test(err)) {
        child.stderr!.off('data', on);
        resolve();
      }
    };
    child.stderr!.on('data', on);
  });
}

const sum = (t: Traffic) => Object.values(exchangeCategories(t)).reduce((n, v) => n + v, 0);

describe('conform proxy: clients that leave, slow clients, then SIGTERM', { timeout: scaled(120_000) }, () => {
  it('counts every request once, in one category; lets the slow ones finish; writes every report and a valid HAR that audits the same', async () => {
    const upstream = await heldUpstream();
    const dir = scratch.dir('drain-report');
    const har = join(scratch.dir('drain-har'), 'traffic.har');
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, '--har', har, '--max-body', '64', '--timeout', '120000', '--drain', '5']);
    const url = await proxy.ready;
    const agent = new Agent({ connections: 4 });
    scratch.defer(() => agent.close());
    let sent = 0;
    const get = async (path: string) => {
      sent++;
      const res = await request(`${url}${path}`, { dispatcher: agent });
      return { status: res.statusCode, body: await res.body.text() };
    };

    // Answered whole: judged, over --max-body, outside the description, throttled.
    const whole = await Promise.all([
      ...Array.from({ length: 10 }, () => get('/posts.json?limit=1')),
      get('/posts.json?big=1'),
      get('/nope.json'),
      ...Array.from({ length: 2 }, async () => {
        sent++;
        const res = await request(`${url}/pools.json?throttle=1`, { method: 'POST', dispatcher: agent, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'pool[name]=x' });
        return { status: res.statusCode, body: await res.body.text() };
      }),
    ]);
    expect(whole.map((r) => r.status)).toEqual([...Array(10).fill(200), 200, 404, 421, 421]);

    // 20 clients leave right after sending a whole request (its answer judged, or not yet asked for).
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        sent++;
        const { socket } = await raw(url, `GET /posts.json?limit=${i + 1} HTTP/1.1\r\nHost: x\r\n\r\n`);
        socket.destroy();
      }),
    );
    // 10 leave before their request is complete (the upstream has its head, never its whole body).
    await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        sent++;
        const { socket } = await raw(url, `POST /pools.json?id=part${i} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\npool[name]=x`);
        await upstream.arrived.wait(`part${i}`);
        socket.destroy();
      }),
    );
    // 5 leave after their request reached the upstream, before it answered; 5 in the middle of the answer.
    const leave = async (kind: 'hold' | 'stream', id: string) => {
      sent++;
      const { socket, firstBytes } = await raw(url, `GET /posts.json?${kind}=${id} HTTP/1.1\r\nHost: x\r\n\r\n`);
      await upstream.arrived.wait(id);
      if (kind === 'stream') expect(await firstBytes).toMatch(/^HTTP\/1\.1 200/);
      socket.destroy();
    };
    await Promise.all([...[0, 1, 2, 3, 4].map((i) => leave('hold', `h${i}`)), ...[0, 1, 2, 3, 4].map((i) => leave('stream', `s${i}`))]);
    // Three of each get their answer from the upstream all the same (judged); two never do (cut when the grace ends).
    for (const id of ['h0', 'h1', 'h2', 's0', 's1', 's2']) upstream.release.fire(id);

    // Slow clients, in flight at SIGTERM: three wait on their answer, one has sent half of its body.
    const slow = ['slow0', 'slow1', 'slow2'].map((id) => get(`/posts.json?hold=${id}`));
    await Promise.all(['slow0', 'slow1', 'slow2'].map((id) => upstream.arrived.wait(id)));
    sent++;
    const slowBody = await raw(url, `POST /pools.json?throttle=1&id=slowpost HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 24\r\n\r\npool[name]=a`);
    await upstream.arrived.wait('slowpost');

    const stopping = stderrLine(proxy.child, /stopping \(SIGTERM\)/);
    proxy.child.kill('SIGTERM');
    await stopping;
    for (const id of ['slow0', 'slow1', 'slow2']) upstream.release.fire(id);
    slowBody.socket.write('&pool[x]=bbb');
    expect(await slowBody.firstBytes).toMatch(/^HTTP\/1\.1 421/);
    slowBody.socket.destroy();
    for (const r of await Promise.all(slow)) expect(r).toEqual({ status: 200, body: '[]' });

    const { code, signal } = await proxy.exit;
    expect([0, 143], `exit ${code ?? signal}: ${proxy.stderr()}`).toContain(code);
    for (const f of REPORT_FILES) expect(existsSync(join(dir, f)), f).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(reportErrors(report)).toEqual([]);
    const t = report.traffic;
    expect(sent).toBe(58);
    expect(t.exchanges).toBe(sent);
    expect(sum(t)).toBe(sent);
    expect({ unmatched: t.unmatched, unvalidated: t.unvalidated, throttled: t.throttled, transportErrors: t.transportErrors, afterAnswer: t.aborted.afterAnswer }).toEqual({
      unmatched: 1,
      unvalidated: 1,
      throttled: 3,
      transportErrors: 0,
      afterAnswer: 2,
    });
    // The 20 that left at once were judged or aborted; those before a whole request, and the two held answers, aborted.
    expect(t.aborted.beforeAnswer).toBeGreaterThanOrEqual(12);
    expect(t.judged + t.aborted.beforeAnswer).toBe(10 + 20 + 10 + 3 + 2 + 3 + 3);
    expect(t.clientLeft).toBeGreaterThanOrEqual(3);
    expect(report.verdict).toBe('no-violations');

    const harText = readFileSync(har, 'utf8');
    const entries = (JSON.parse(harText) as { log: { entries: unknown[] } }).log.entries;
    expect(entries).toHaveLength(sent);
    // The HAR audits to the same categories.
    const audit = await scratch.conformInProcess(['audit', har, '--variant', 'A', '--max-body', '64']);
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    const audited = (audit.report as ProxyReport).traffic;
    expect(exchangeCategories(audited)).toEqual(exchangeCategories(t));
  });

  it('a second signal ends the exchanges in flight at once, still writing every report and the HAR', async () => {
    const upstream = await heldUpstream();
    const dir = scratch.dir('drain-report');
    const har = join(scratch.dir('drain-har'), 'traffic.har');
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, '--har', har, '--timeout', '120000', '--drain', '600']);
    const url = await proxy.ready;
    const agent = new Agent();
    scratch.defer(() => agent.close());
    const answered = await request(`${url}/posts.json`, { dispatcher: agent });
    await answered.body.text();
    const held = request(`${url}/posts.json?hold=never`, { dispatcher: agent }).then(
      (r) => r.body.text().then(() => 'answered'),
      () => 'cut',
    );
    await upstream.arrived.wait('never');
    const stopping = stderrLine(proxy.child, /stopping \(SIGTERM\)/);
    proxy.child.kill('SIGTERM');
    await stopping;
    proxy.child.kill('SIGTERM');
    expect(await held).toBe('cut');
    const { code } = await proxy.exit;
    expect([0, 143]).toContain(code);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(report.traffic).toMatchObject({ exchanges: 2, judged: 1, transportErrors: 1, noAnswer: { stopped: 1 } });
    // Ended by the proxy, not by the upstream: no run error.
    expect(report.errors).toEqual([]);
    expect((JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
  });
});

describe('no answer from the upstream: counted by why, one HAR entry each, audited the same', { timeout: scaled(60_000) }, () => {
  it('refused, timeout, reset before the answer and in the middle of it', async () => {
    const upstream = await heldUpstream();
    const har = join(scratch.dir('noanswer-har'), 'traffic.har');
    const proxy = await startProxyHere({ variant: 'A', upstream: upstream.url, maxBodyBytes: 1 << 20, timeoutMs: scaled(500), har });
    scratch.defer(() => proxy.close(0));
    const agent = new Agent();
    scratch.defer(() => agent.close());
    const outcome = (path: string) =>
      request(`${proxy.url}${path}`, { dispatcher: agent }).then(
        (r) => r.body.text().then(() => r.statusCode, () => 'cut'),
        () => 'cut',
      );
    expect(await Promise.all([outcome('/posts.json?reset=1'), outcome('/posts.json?hold=forever'), outcome('/posts.json?cut=1'), outcome('/posts.json')])).toEqual([502, 504, 'cut', 200]);
    await proxy.close();
    const t = proxy.tally.report({ listen: proxy.url, upstream: upstream.url, maxBodyBytes: 1 << 20, strict: false }).traffic;
    expect(t).toMatchObject({ exchanges: 4, judged: 1, transportErrors: 3, noAnswer: { refused: 0, timeout: 1, reset: 2, stopped: 0, other: 0 } });
    expect(sum(t)).toBe(4);
    const audit = await scratch.conformInProcess(['audit', har, '--variant', 'A']);
    expect(exchangeCategories((audit.report as ProxyReport).traffic)).toEqual(exchangeCategories(t));
    expect((audit.report as ProxyReport).traffic.noAnswer).toEqual(t.noAnswer);

    // Nothing listening: refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const nowhere = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await startProxyHere({ variant: 'A', upstream: nowhere, maxBodyBytes: 1024, timeoutMs: 2_000 });
    scratch.defer(() => refused.close(0));
    const res = await request(`${refused.url}/posts.json`);
    await res.body.text();
    expect(res.statusCode).toBe(502);
    await refused.close();
    expect(refused.tally.report({ listen: refused.url, upstream: nowhere, maxBodyBytes: 1024, strict: false }).traffic.noAnswer.refused).toBe(1);
  });
});

describe('conform proxy: a HAR that can no longer be written', { timeout: scaled(60_000) }, () => {
  it('says so, keeps counting and judging, writes the reports, exits 1; audit recovers the entries written', async () => {
    const upstream = await heldUpstream();
    const dir = scratch.dir('full-report');
    const har = join(scratch.dir('full-har'), 'traffic.har');
    // 256 KiB per file: the reports fit, the HAR of six 64 KB answers does not.
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, '--har', har], 256);
    const url = await proxy.ready;
    const agent = new Agent();
    scratch.defer(() => agent.close());
    for (let i = 0; i < 6; i++) {
      const res = await request(`${url}/posts.json?size=65536`, { dispatcher: agent });
      expect(res.statusCode).toBe(200);
      expect((await res.body.text()).length).toBeGreaterThan(65536);
    }
    proxy.child.kill('SIGTERM');
    const { code } = await proxy.exit;
    expect(code, proxy.stderr()).toBe(1);
    expect(proxy.stderr()).toMatch(/--har \S+traffic\.har: cannot write entry (\d+) \(EFBIG\): the HAR holds the first \d+ whole/);
    const written = Number(/cannot write entry (\d+)/.exec(proxy.stderr())![1]) - 1;
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ProxyReport;
    expect(reportErrors(report)).toEqual([]);
    expect(report.traffic).toMatchObject({ exchanges: 6, judged: 6 });
    expect(report.errors.join('\n')).toMatch(/cannot write entry \d+ \(EFBIG\)/);
    expect(report.verdict).toBe('non-conformant');
    const audit = await scratch.conformInProcess(['audit', har, '--variant', 'A']);
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    expect(audit.report!.sources![0]!.exchanges).toBe(written);
    expect(written).toBeGreaterThan(0);
  });
});

describe('conform proxy --report-every, then SIGKILL', { timeout: scaled(60_000) }, () => {
  it('leaves a valid, recent report.json; audit reads the HAR cut short and says how many entries it recovered', async () => {
    const upstream = await heldUpstream();
    const dir = scratch.dir('every-report');
    const har = join(scratch.dir('every-har'), 'traffic.har');
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, '--har', har, '--report-every', '1']);
    const url = await proxy.ready;
    const agent = new Agent();
    scratch.defer(() => agent.close());
    for (let i = 0; i < 5; i++) {
      const res = await request(`${url}/posts.json?limit=${i + 1}`, { dispatcher: agent });
      await res.body.text();
    }
    // The next periodic report holds the five exchanges: wait for it to be renamed into place.
    const file = join(dir, 'report.json');
    const holdsFive = () => {
      try {
        return (JSON.parse(readFileSync(file, 'utf8')) as ProxyReport).traffic.exchanges === 5;
      } catch {
        return false;
      }
    };
    await new Promise<void>((resolve) => {
      const watcher = watch(dir, () => {
        if (holdsFive()) {
          watcher.close();
          resolve();
        }
      });
      if (holdsFive()) {
        watcher.close();
        resolve();
      }
    });
    const killedAt = Date.now();
    proxy.child.kill('SIGKILL');
    await proxy.exit;
    const report = JSON.parse(readFileSync(file, 'utf8')) as ProxyReport;
    expect(reportErrors(report)).toEqual([]);
    expect(report.traffic.exchanges).toBe(5);
    // Written within the interval (and a margin for a busy machine) before the kill.
    expect(killedAt - (Date.parse(report.startedAt) + report.durationMs)).toBeLessThan(scaled(3_000));
    expect(report.verdict).toBe('no-violations');

    // The HAR has no end: audit recovers the whole entries and says so.
    expect(() => JSON.parse(readFileSync(har, 'utf8'))).toThrow();
    const audit = await scratch.conformInProcess(['audit', har, '--variant', 'A']);
    expect(audit.code, audit.stdout + audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/5 exchanges recovered \(the file ends inside log\.entries .*: 5 whole entries recovered/);
    expect(audit.report!.sources).toEqual([{ name: har, exchanges: 5, cutShort: expect.stringMatching(/5 whole entries recovered/) }]);
    expect((audit.report as ProxyReport).traffic.judged).toBe(5);
  });
});

describe('conform proxy: the verdict of its traffic, report by report', { timeout: scaled(60_000) }, () => {
  const MUST = requirementsFor('A').filter((r) => r.level === 'MUST').length;

  /** A proxy that passes `paths` (GET), then SIGTERM: its exit code, output and report directory. */
  async function run(paths: readonly string[], extra: readonly string[] = []) {
    const upstream = await heldUpstream();
    const dir = scratch.dir('verdict-report');
    const proxy = startProxy(['--upstream', upstream.url, '--report', dir, ...extra]);
    let stdout = '';
    proxy.child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
    const url = await proxy.ready;
    const agent = new Agent();
    scratch.defer(() => agent.close());
    for (const path of paths) await (await request(`${url}${path}`, { dispatcher: agent })).body.text();
    proxy.child.kill('SIGTERM');
    const { code } = await proxy.exit;
    return { code, stdout, dir };
  }

  it('a little traffic, nothing broken: NO VIOLATIONS everywhere with what it exercised, exit 0; --require-coverage: exit 3', async () => {
    const plain = await run(['/posts.json', '/posts.json?limit=2']);
    expect(plain.code, plain.stdout).toBe(0);
    expect(plain.stdout).toMatch(new RegExp(`^verdict: NO VIOLATIONS \\(\\d+ of ${MUST} MUST requirements exercised by the traffic, none broken;`, 'm'));
    const words = verdictWords(plain.dir);
    expect(words).toMatchObject({ json: 'no-violations', junit: ['verdict: NO VIOLATIONS'], markdown: 'NO VIOLATIONS', html: 'NO VIOLATIONS', saysConformant: false });
    expect(words.badge).toMatch(new RegExp(`^no violations \\d+/${MUST} MUST$`));
    const required = await run(['/posts.json'], ['--require-coverage']);
    expect(required.code, required.stdout).toBe(3);
    expect(verdictWords(required.dir).json).toBe('no-violations');
  });

  it('no traffic: INCOMPLETE everywhere, exit 3', async () => {
    const empty = await run([]);
    expect(empty.code, empty.stdout).toBe(3);
    expect(verdictWords(empty.dir)).toEqual({ json: 'incomplete', junit: ['verdict: INCOMPLETE'], markdown: 'INCOMPLETE', html: 'INCOMPLETE', badge: `incomplete 0/${MUST} MUST`, saysConformant: false });
  });
});
