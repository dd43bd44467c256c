/**
 * `conform audit` of a HAR that a client not written in this project recorded against the reference
 * server (fixtures/har/record.py, Python standard library; its output is fixtures/har/python-client.A.har):
 * conformant; with one planted fault per single-exchange requirement, non-conformant naming that
 * requirement; what real tools write (base64 bodies, missing optional fields) is read; a file that is
 * not HAR or is damaged is exit 2 with the place and the reason. The command runs in this process
 * (../support/cli.ts), but for the first audit and a missing file, where it runs as the program.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/paths.ts';
import type { ProxyReport } from '../../src/traffic/tally.ts';
import { reportErrors } from '../../src/report/schema.ts';
import { Scratch } from '../check/helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const FIXTURE = join(REPO_ROOT, 'fixtures', 'har', 'python-client.A.har');

interface Entry {
  request: { method: string; url: string; postData?: { text?: string } };
  response: { status: number; headers: { name: string; value: string }[]; content: { text?: string; size: number; encoding?: string; mimeType: string } };
  [k: string]: unknown;
}
type Har = { log: { entries: Entry[]; [k: string]: unknown } };

const fixture = (): Har => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Har;

/** The fixture's entry of `method` whose URL path is `path` and whose request body contains `body`. */
function find(har: Har, method: string, path: string, body?: string): Entry {
  const e = har.log.entries.find((x) => x.request.method === method && new URL(x.request.url).pathname === path && (body === undefined || (x.request.postData?.text ?? '').includes(body)));
  if (!e) throw new Error(`the fixture has no ${method} ${path}${body ? ` with ${body}` : ''}`);
  return e;
}

function setText(e: Entry, text: string): void {
  e.response.content.text = text;
  e.response.content.size = Buffer.byteLength(text);
}

/** `conform audit` of `har` (a file, or written to one): in this process, or as the program (`asProgram`). */
async function audit(har: Har | string, args: readonly string[] = [], asProgram = false) {
  const file = typeof har === 'string' ? har : join(scratch.dir('har'), 'planted.har');
  if (typeof har !== 'string') writeFileSync(file, JSON.stringify(har));
  const argv = ['audit', file, ...args];
  const run = await (asProgram ? scratch.conform(argv) : scratch.conformInProcess(argv));
  return { ...run, traffic: run.report as unknown as ProxyReport | undefined };
}

describe('a HAR recorded by a client of another language', { timeout: scaled(60_000) }, () => {
  it('is conformant, strictly too; the asset request is counted and skipped; coverage names what it exercised', async () => {
    const run = await audit(FIXTURE, ['--variant', 'A', '--strict'], true);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const t = run.traffic!.traffic;
    expect(t.exchanges).toBe(fixture().log.entries.length);
    expect(t.unmatched).toBe(1); // /favicon.ico
    expect(t.byOperation).toMatchObject({ 'posts.list': 3, 'pools.create': 4, 'tags.list': 1 });
    expect(t.operations.notExercised).not.toContain('pools.create');
    expect(run.traffic!.results.length).toBeGreaterThan(10);
    expect(run.traffic!.results.every((r) => r.status === 'pass')).toBe(true);
  });

  it('reads what real tools write: bodies in base64, optional fields missing, bodies not recorded', async () => {
    const har = fixture();
    for (const e of har.log.entries) {
      const c = e.response.content;
      if (c.text !== undefined) {
        c.text = Buffer.from(c.text, 'utf8').toString('base64');
        c.encoding = 'base64';
      }
      delete e['cache'];
      delete e['timings'];
      delete (e.request as Record<string, unknown>)['cookies'];
      delete (e.response as Record<string, unknown>)['cookies'];
    }
    delete (har.log.entries[2]!.response.content as Record<string, unknown>).text;
    const run = await audit(har, ['--variant', 'A', '--strict']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.traffic!.traffic.unvalidated).toBe(1);
  });

  it('split over several files, sums to the same judgements, each file named', async () => {
    const har = fixture();
    const dir = scratch.dir('split');
    const files = [0, 1, 2].map((k) => {
      const file = join(dir, `part${k}.har`);
      writeFileSync(file, JSON.stringify({ log: { ...har.log, entries: har.log.entries.filter((_, i) => i % 3 === k) } }));
      return file;
    });
    const whole = await audit(FIXTURE, ['--variant', 'A']);
    const split = await scratch.conformInProcess(['audit', ...files, '--variant', 'A']);
    expect(split.code).toBe(0);
    const s = split.report as unknown as ProxyReport;
    expect(s.counts).toEqual(whole.traffic!.counts);
    expect(s.results.map((r) => [r.check, r.requests])).toEqual(whole.traffic!.results.map((r) => [r.check, r.requests]));
    expect(s.sources!.map((x) => x.name)).toEqual(files);
  });
});

/** One planted fault per single-exchange requirement: how to plant it, and the requirement it breaks. */
const PLANTED: readonly { readonly name: string; readonly requirement: string; readonly variant?: 'A' | 'B'; readonly plant: (har: Har) => Har | void }[] = [
  { name: 'an undocumented status', requirement: 'IB-7-status-documented', plant: (h) => void (find(h, 'GET', '/posts.json').response.status = 299) },
  { name: 'a 5xx', requirement: 'IB-7-no-server-error', plant: (h) => void (find(h, 'GET', '/tags.json').response.status = 503) },
  { name: 'a JSON body cut short', requirement: 'IB-2-format-json', plant: (h) => { const e = find(h, 'POST', '/pools.json', 'pool%5Bname%5D'); setText(e, e.response.content.text!.slice(0, -2)); } },
  { name: 'an XML body cut short', requirement: 'IB-2-format-xml', plant: (h) => { const e = find(h, 'GET', '/posts.xml'); setText(e, e.response.content.text!.slice(0, -3)); } },
  { name: 'envelope success as a string', requirement: 'IB-7-envelope-json', plant: (h) => { const e = find(h, 'POST', '/pools.json', 'pool%5Bname%5D'); setText(e, e.response.content.text!.replace('"success":true', '"success":"true"')); } },
  { name: 'the XML envelope root renamed', requirement: 'IB-7-envelope-xml', plant: (h) => { const e = find(h, 'POST', '/pools.xml', 'pool%5Bname%5D'); setText(e, e.response.content.text!.replace(/<(\/?)response\b/g, '<$1result')); } },
  { name: 'an error envelope that says success', requirement: 'IB-7-envelope-agrees', plant: (h) => { const e = find(h, 'POST', '/pools.json', 'no+name'); setText(e, e.response.content.text!.replace('"success":false', '"success":true')); } },
  { name: 'a wrong content type', requirement: 'IB-2-content-type', plant: (h) => { const e = find(h, 'GET', '/posts.json'); e.response.headers = e.response.headers.map((x) => (x.name.toLowerCase() === 'content-type' ? { ...x, value: 'text/html' } : x)); } },
  {
    name: 'a 204 in B', requirement: 'IB-7-status-no-204-B', variant: 'B',
    plant: (h) => { const e = find(h, 'DELETE', new URL(h.log.entries.find((x) => x.request.method === 'DELETE')!.request.url).pathname); e.response.status = 204; setText(e, ''); return { log: { ...h.log, entries: [e] } }; },
  },
  {
    name: 'an operation of A answered in B', requirement: 'IB-4-tags-list-absent', variant: 'B',
    plant: (h) => ({ log: { ...h.log, entries: [find(h, 'GET', '/tags.json')] } }),
  },
];

describe('one planted fault per single-exchange requirement: exit 1, naming it', { timeout: scaled(120_000) }, () => {
  it.each(PLANTED.map((p) => [p.name, p] as const))('%s', async (_name, p) => {
    const har = fixture();
    const planted = p.plant(har) ?? har;
    const run = await audit(planted, ['--variant', p.variant ?? 'A', '--strict']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const failing = run.traffic!.results.filter((r) => r.status === 'fail');
    expect(failing.map((r) => r.failedRequirement ?? r.requirements.join(' ')).join(' ')).toContain(p.requirement);
    expect(run.stdout).toMatch(new RegExp(`^fail audit/\\S+ \\[[^\\]]*${p.requirement}`, 'm'));
  });

  it('a 401 in plain text answering a delete (the service family\'s answer to wrong credentials) warns on its status alone: its body is not judged', async () => {
    const har = fixture();
    const e = find(har, 'DELETE', new URL(har.log.entries.find((x) => x.request.method === 'DELETE')!.request.url).pathname);
    e.response.status = 401;
    e.response.headers = e.response.headers.map((x) => (x.name.toLowerCase() === 'content-type' ? { ...x, value: 'text/plain' } : x));
    setText(e, '401 Not Authorized');
    const run = await audit({ log: { ...har.log, entries: [e] } }, ['--variant', 'B']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.traffic!.results.filter((r) => r.status === 'fail')).toEqual([]);
    expect(run.traffic!.results.filter((r) => r.status === 'warn').map((r) => r.failedRequirement ?? r.requirements[0])).toEqual(['IB-7-status-documented']);
  });

  it('a SHOULD failure (content type) is a warning without --strict', async () => {
    const har = fixture();
    PLANTED.find((p) => p.requirement === 'IB-2-content-type')!.plant(har);
    const run = await audit(har, ['--variant', 'A']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.traffic!.results.filter((r) => r.status === 'warn').map((r) => r.failedRequirement ?? r.requirements[0])).toContain('IB-2-content-type');
  });
});

describe('a file cut short inside its entries (a recorder or a proxy killed while writing)', { timeout: scaled(60_000) }, () => {
  it('is read up to its last whole entry, and says how many it recovered', async () => {
    const har = fixture();
    const whole = JSON.stringify(har);
    // In the middle of the fourth entry: three are whole.
    const cut = whole.slice(0, whole.indexOf(JSON.stringify(har.log.entries[3])) + 40);
    const file = join(scratch.dir('cut'), 'cut.har');
    writeFileSync(file, cut);
    const run = await scratch.conformInProcess(['audit', file, '--variant', 'A']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/cut\.har: 3 exchanges recovered \(the file ends inside log\.entries .*: 3 whole entries recovered, anything after them is lost\)/);
    const report = run.report as unknown as ProxyReport;
    expect(report.traffic.exchanges).toBe(3);
    expect(report.sources).toEqual([{ name: file, exchanges: 3, cutShort: expect.stringMatching(/3 whole entries recovered/) }]);
    expect(reportErrors(report)).toEqual([]);
  });
});

describe('a file that is not HAR, or is damaged: exit 2 with the place and the reason', { timeout: scaled(60_000) }, () => {
  const text = readFileSync(FIXTURE, 'utf8');
  const broken = fixture();
  delete (broken.log.entries[4]!.response as Record<string, unknown>).status;
  const badUrl = fixture();
  badUrl.log.entries[1]!.request.url = '/posts.json';
  const cases: [string, string, RegExp][] = [
    ['cut off before its entries', text.slice(0, text.indexOf('"entries"') + 5), /not JSON \(line \d+, column \d+\)/],
    ['a stray comma', text.replace('"entries": [', '"entries": [,'), /not JSON \((near )?line \d+, column \d+\)/],
    ['empty', '', /not JSON \(the file is empty\)/],
    ['JSON but not HAR', '{"entries": []}', /not HAR: no "log" object/],
    ['entries not a list', '{"log": {"entries": {}}}', /log\.entries is not a list/],
    ['an entry without a status', JSON.stringify(broken), /log\.entries\[4\]\.response\.status: missing/],
    ['a relative URL', JSON.stringify(badUrl), /log\.entries\[1\]\.request\.url: not an absolute URL/],
    ['an unknown body encoding', text.replace('"mimeType": "application/json; charset=utf-8",', '"mimeType": "application/json; charset=utf-8", "encoding": "rot13",'), /content\.encoding: "rot13"/],
  ];
  it.each(cases)('%s', async (_name, content, message) => {
    const file = join(scratch.dir('bad'), 'bad.har');
    writeFileSync(file, content);
    const run = await scratch.conformInProcess(['audit', file, '--variant', 'A']);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).toContain('bad.har');
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.report).toBeUndefined();
  });

  it('a file that does not exist', async () => {
    const run = await scratch.conform(['audit', join(scratch.dir('none'), 'missing.har'), '--variant', 'A']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cannot read .*missing\.har: ENOENT/);
  });
});
