/**
 * `conform check --har`: a full run's HAR holds exactly report.requests entries, validates against
 * HAR 1.2, names each entry's checks and the run prefix, and carries no secret of the accounts file (nor
 * does any other output of that run, whose failures carry credentials).
 * The client attributes exchanges through the async context, so checks in flight together on one client
 * keep theirs apart; bodies over --max-body are cut with a note. `--rerun-failed` reruns only failures.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { HarEntry } from '../../src/check/har.ts';
import { HarAppender, finishHar, startHar } from '../../src/check/har.ts';
import { HttpClient } from '../../src/check/http.ts';
import { Redactor } from '../../src/check/redact.ts';
import { withCheck } from '../../src/check/scope.ts';
import { Scratch, expectNoSecrets } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const addFormats = addFormatsModule.default;
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validateHar = ajv.compile(JSON.parse(readFileSync(join(import.meta.dirname, 'har-1.2.schema.json'), 'utf8')) as object);


describe('a full run with --har', { timeout: scaled(400_000) }, () => {
  // One full run proves the HAR and that no output of a run keeps a secret: every envelope says
  // success=true, even on errors (a fault of the embedded server), so failures in every resource carry
  // their exchanges, with the credentials they were sent with.
  it('holds exactly report.requests entries, each naming its checks and the run prefix; valid HAR 1.2; no secret in the HAR nor in any other output of a run whose failures carry credentials', async () => {
    const file = join(scratch.dir('har'), 'run.har');
    const run = await scratch.conform(['check', '--variant', 'A', '--seed', '61', '--quiet', '--fault', 'success-true-on-errors', '--strict', '--har', file], scaled(380_000));
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.report!.counts.fail).toBeGreaterThan(20);
    expect(run.report!.counts.total).toBeGreaterThan(400);
    const text = readFileSync(file, 'utf8');
    const har = JSON.parse(text) as { log: { entries: HarEntry[] } };
    expect(validateHar(har), JSON.stringify(validateHar.errors?.slice(0, 5))).toBe(true);
    expect(har.log.entries.length).toBe(run.report!.requests);
    const checks = new Set(run.report!.results.map((r) => r.check));
    for (const e of har.log.entries) {
      expect(e._conform!.prefix).toBe(run.report!.prefix);
      expect(e._conform!.checks.length).toBeGreaterThan(0);
      for (const c of e._conform!.checks) expect(checks.has(c), c).toBe(true);
    }
    // Every check's requests are its entries.
    const perCheck = new Map<string, number>();
    for (const e of har.log.entries) perCheck.set(e._conform!.checks.at(-1)!, (perCheck.get(e._conform!.checks.at(-1)!) ?? 0) + 1);
    for (const r of run.report!.results.filter((x) => x.requests > 0)) expect(perCheck.get(r.check) ?? 0, r.check).toBe(r.requests);
    expect(text).toContain('api_key=%3Credacted%3E');
    expect(har.log.entries.some((e) => e.request.queryString.some((q) => q.name === 'api_key' && q.value === '<redacted>'))).toBe(true);
    // The failures' exchanges in the report carry the credentials they were sent with, redacted.
    expect(JSON.stringify(run.report!.results.flatMap((x) => x.exchanges))).toContain('api_key=<redacted>');
    // No API key, password or legacy hash of the accounts file in the HAR, the output or any report.
    expectNoSecrets(run, [text]);
    // Whole bodies, not the reports' 2 KiB excerpts.
    expect(Math.max(...har.log.entries.map((e) => e.response.content.text?.length ?? 0))).toBeGreaterThan(2048);
  });

  it('an unwritable --har is a usage error before any request', async () => {
    const run = await scratch.conform(['check', '--variant', 'A', '--only', 'posts/raw', '--har', join(scratch.dir('x'), 'no', 'such', 'dir.har')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--har: cannot write .*ENOENT/);
    expect(run.report).toBeUndefined();
  });
});

describe('the HTTP client records', { timeout: scaled(30_000) }, () => {
  it('attributes each exchange to the check whose async context sent it, with checks in flight together on one client', async () => {
    const server = createServer((req, res) => {
      // Answers in reverse order of arrival, so the exchanges of the two checks interleave.
      const delay = req.url!.includes('slow') ? 60 : 5;
      setTimeout(() => res.end(`body of ${req.url}`), delay);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const entries: HarEntry[] = [];
    const http = new HttpClient({ timeoutMs: 5_000, maxBodyBytes: 1 << 20, redactor: new Redactor(), har: { append: (e) => entries.push(e), prefix: 'px' } });
    try {
      const shared: Record<string, Promise<unknown>> = {};
      // A set-up shared between checks is the check's that first asked for it.
      const setup = () => (shared.s ??= http.send({ method: 'GET', url: `${url}/setup` }));
      await Promise.all([
        withCheck('one', async () => {
          await setup();
          await http.send({ method: 'GET', url: `${url}/one/slow` });
          await http.send({ method: 'GET', url: `${url}/one/fast` });
        }),
        withCheck('two', async () => {
          await setup();
          await http.send({ method: 'GET', url: `${url}/two/fast` });
          await withCheck('nested', () => http.send({ method: 'GET', url: `${url}/two/nested` }));
        }),
      ]);
      await http.send({ method: 'GET', url: `${url}/outside` });
    } finally {
      await http.close();
      server.close();
    }
    const by = Object.fromEntries(entries.map((e) => [new URL(e.request.url).pathname, e._conform!.checks]));
    expect(by).toEqual({ '/setup': ['one'], '/one/slow': ['one'], '/one/fast': ['one'], '/two/fast': ['two'], '/two/nested': ['two', 'nested'], '/outside': [] });
    expect(entries.every((e) => e._conform!.prefix === 'px')).toBe(true);
  });

  it('cuts bodies over --max-body with a note, redacts secrets of the query, the form and the headers, and keeps entries of one file apart', async () => {
    // A body of unannounced length (chunked) is read up to --max-body; one that announces more is not read past its start.
    const server = createServer((req, res) => {
      if (req.url === '/c') return res.end('x'.repeat(5000));
      res.write('x'.repeat(2500));
      res.end('x'.repeat(2500));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const file = join(scratch.dir('unit'), 'u.har');
    startHar(file, { name: 'test', version: '1' }, 'unit');
    const appender = new HarAppender(file);
    const redactor = new Redactor(['sekret-key-1234']);
    redactor.addBasic('user', 'pass-word-99');
    const http = new HttpClient({ timeoutMs: 5_000, maxBodyBytes: 1024, redactor, har: { append: (e) => appender.append(e) } });
    try {
      await http.send({ method: 'GET', url: `${url}/a?api_key=sekret-key-1234`, headers: { authorization: `Basic ${Buffer.from('user:pass-word-99').toString('base64')}`, cookie: 'password_hash=abcdef' } });
      await http.send({ method: 'POST', url: `${url}/b`, form: [['api_key', 'sekret-key-1234'], ['file', { file: new Uint8Array(300), filename: 'a.png', type: 'image/png' }]] });
      await http.send({ method: 'GET', url: `${url}/c` });
    } finally {
      await http.close();
      server.close();
      appender.close();
    }
    // A second appender (the next pass of a run) continues the same list.
    const second = new HarAppender(file);
    second.append({ ...JSON.parse(JSON.stringify((JSON.parse(readFileSync(file, 'utf8') + ']}}') as { log: { entries: HarEntry[] } }).log.entries[0])) as HarEntry });
    second.close();
    finishHar(file);
    const text = readFileSync(file, 'utf8');
    const har = JSON.parse(text) as { log: { entries: HarEntry[] } };
    expect(validateHar(har), JSON.stringify(validateHar.errors)).toBe(true);
    expect(har.log.entries).toHaveLength(4);
    const [get, post, announced] = har.log.entries;
    expect(get!.response.content.text).toHaveLength(1024);
    expect(get!.response.content._truncated).toBe(true);
    expect(get!.response.content.comment).toMatch(/cut at --max-body/);
    expect(announced!.response.content.text).toHaveLength(1024);
    expect(announced!.response.content._truncated).toBe(true);
    expect(announced!.response.content.comment).toBe('not read past its first 1024 bytes: it announced 5000 (Content-Length), over --max-body (1024)');
    expect(post!.request.postData!.params!.find((p) => p.name === 'file')).toMatchObject({ fileName: 'a.png', comment: '300 bytes, not recorded' });
    for (const s of ['sekret-key-1234', 'pass-word-99', Buffer.from('user:pass-word-99').toString('base64'), 'abcdef']) expect(text).not.toContain(s);
    writeFileSync(file, '');
  });
});

describe('--rerun-failed', { timeout: scaled(400_000) }, () => {
  it('reruns only the failed checks: the same failures with the fault on, exit 0 with it off; the report says what it reran and from where', async () => {
    const only = ['--only', 'pools', 'comments'];
    const faulty = ['--target', await scratch.server('A', { fault: 'envelope-success-string' })];
    const first = await scratch.conform(['check', '--variant', 'A', '--seed', '62', '--quiet', ...faulty, ...only]);
    expect(first.code, first.stdout).toBe(1);
    const failed = (r: typeof first.report) => r!.results.filter((x) => x.status === 'fail' || x.status === 'blocked').map((x) => x.check).sort();
    const from = join(first.dir, 'report.json');
    const again = await scratch.conform(['check', '--variant', 'A', '--seed', '63', '--quiet', ...faulty, '--rerun-failed', first.dir]);
    expect(again.code, again.stdout).toBe(1);
    expect(again.report!.counts.total).toBeLessThan(first.report!.counts.total);
    expect(failed(again.report)).toEqual(failed(first.report));
    expect(again.report!.rerun).toEqual({ from, fromStartedAt: first.report!.startedAt, checks: expect.arrayContaining([expect.any(String)]) as unknown });
    expect(again.stdout).toContain(`reran the ${again.report!.rerun!.checks.length} failed checks of ${from}`);
    const fixed = await scratch.conform(['check', '--variant', 'A', '--seed', '64', '--quiet', '--target', await scratch.server('A'), '--rerun-failed', from]);
    expect(fixed.code, fixed.stdout).toBe(0);
    expect(fixed.report!.verdict).toBe('conformant');
    expect(fixed.report!.established!.notEstablished.map((g) => g.kind)).toEqual(['rerun']);
  });

  it('a file that is not a report, a report of the other variant, a report without failures: exit 2 with the reason', async () => {
    const dir = scratch.dir('notreport');
    const notReport = join(dir, 'x.json');
    writeFileSync(notReport, '{"hello": 1}');
    const a = await scratch.conform(['check', '--variant', 'A', '--rerun-failed', notReport]);
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/not a valid conform report/);
    const passing = await scratch.conform(['check', '--variant', 'B', '--target', await scratch.server('B'), '--only', 'served/posts.list/*', '--quiet']);
    expect(passing.report!.counts.fail, passing.stdout + passing.stderr).toBe(0);
    const b = await scratch.conform(['check', '--variant', 'A', '--rerun-failed', passing.dir]);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/variant B, not A/);
    const c = await scratch.conform(['check', '--variant', 'B', '--rerun-failed', passing.dir]);
    expect(c.code).toBe(2);
    expect(c.stderr).toMatch(/no failed check to rerun/);
  });
});
