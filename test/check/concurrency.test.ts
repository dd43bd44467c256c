/**
 * --concurrency N: checks run side by side, each accounted for on its own (requests, throttled
 * retries, progress), a check that reads shared lists runs alone, and a run's results are those of a
 * run of one check at a time in the registry's order, check by check, on the reference server (here)
 * and under its legal variations (./legal-variations.test.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Check } from '../../src/check/check.ts';
import { exclusiveReason, stageOf } from '../../src/check/check.ts';
import { allChecks } from '../../src/check/registry.ts';
import { HttpClient, resetTargetHealth } from '../../src/check/http.ts';
import { Redactor } from '../../src/check/redact.ts';
import { runWatchedCheck } from '../../src/check/run-check.ts';
import { schedule } from '../../src/check/schedule.ts';
import type { CheckContext } from '../../src/check/check.ts';
import { createWorld } from '../../src/check/context.ts';
import { Target } from '../../src/check/target.ts';
import type { Accounts } from '../../src/check/accounts.ts';
import { findFault } from '../../src/server/faults.ts';
import { DEFAULTS } from '../../src/check/config.ts';
import { POSTS_PER_REQUEST_MAX } from '../../specs/model/index.ts';
import { Scratch, expectSameResults } from './helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

describe('the schedule of a run', () => {
  const trace = async (items: readonly { id: string; alone?: boolean; late?: boolean; ms: number }[], n: number) => {
    const events: string[] = [];
    let inFlight = 0;
    let most = 0;
    const aloneSaw: number[] = [];
    await schedule(items, n, (x) => (x.alone ? 'alone' : x.late ? 'late' : 'main'), async (x) => {
      inFlight++;
      most = Math.max(most, inFlight);
      if (x.alone) aloneSaw.push(inFlight);
      events.push(`start ${x.id}`);
      await new Promise((r) => setTimeout(r, x.ms));
      events.push(`end ${x.id}`);
      inFlight--;
    });
    return { events, most, aloneSaw };
  };

  it('starts items in order, at most N at once', async () => {
    const items = Array.from({ length: 9 }, (_, i) => ({ id: `c${i}`, ms: 5 + ((i * 7) % 5) }));
    const { events, most } = await trace(items, 3);
    expect(most).toBe(3);
    expect(events.filter((e) => e.startsWith('start')).map((e) => e.slice(6))).toEqual(items.map((x) => x.id));
    expect(events.filter((e) => e.startsWith('end'))).toHaveLength(9);
  });

  it('runs the items that must run alone last, one at a time with nothing else in flight, after every other ended', async () => {
    const items = [
      { id: 'a', ms: 20 },
      { id: 'b', ms: 5 },
      { id: 'x', alone: true, ms: 10 },
      { id: 'c', ms: 5 },
      { id: 'y', alone: true, ms: 5 },
      { id: 'd', ms: 5 },
    ];
    const { events, aloneSaw } = await trace(items, 4);
    expect(aloneSaw).toEqual([1, 1]);
    expect(events.slice(-4)).toEqual(['start x', 'end x', 'start y', 'end y']);
    expect(events.filter((e) => e.startsWith('start')).map((e) => e.slice(6))).toEqual(['a', 'b', 'c', 'd', 'x', 'y']);
  });

  it('starts the late items once every other item ended, side by side, and before the items that run alone', async () => {
    const items = [
      { id: 'x', alone: true, ms: 2 },
      { id: 'p', late: true, ms: 10 },
      { id: 'a', ms: 30 },
      { id: 'q', late: true, ms: 10 },
      { id: 'b', ms: 5 },
    ];
    const { events, most } = await trace(items, 4);
    expect(most).toBe(2);
    expect(events).toEqual(['start a', 'start b', 'end b', 'end a', 'start p', 'start q', 'end p', 'end q', 'start x', 'end x']);
  });

  it('one at a time, in the same order: the items that must run alone last', async () => {
    const items = [{ id: 'a', ms: 2 }, { id: 'x', alone: true, ms: 2 }, { id: 'b', ms: 2 }];
    const { events, most } = await trace(items, 1);
    expect(most).toBe(1);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start x', 'end x']);
  });

  it('with N = 1, runs one at a time in order', async () => {
    const items = ['a', 'b', 'c'].map((id) => ({ id, ms: 2 }));
    const { events, most } = await trace(items, 1);
    expect(most).toBe(1);
    expect(events).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('the quota tier and the checks that declare it run alone, with the reason', () => {
    const checks = allChecks('A');
    const alone = checks.filter((c) => exclusiveReason(c) !== undefined);
    expect(alone.map((c) => c.id)).toEqual(expect.arrayContaining(['posts/page', 'comments/do-not-bump']));
    // It reads a post of its own (or, in a read-only run, where no check writes, one it finds).
    expect(alone.map((c) => c.id)).not.toContain('posts/get-is-safe');
    for (const c of checks.filter((x) => x.tier === 'quota')) expect(exclusiveReason(c)).toMatch(/quota/);
    // Most checks make records of their own and run side by side.
    expect(alone.length).toBeLessThan(checks.length / 10);
    // The checks that need more than a page of posts start late, once the others have ended: their posts count.
    const late = checks.filter((c) => stageOf(c) === 'late');
    expect(late.map((c) => c.id).sort()).toEqual(['posts/limit-exact', 'posts/limit-max']);
    for (const c of late) expect(c.late).toContain(`more than ${POSTS_PER_REQUEST_MAX} posts`);
    for (const c of alone) expect(stageOf(c)).toBe('alone');
  });
});

describe('checks in flight side by side on one client', () => {
  let server: Server;
  let base = '';
  let throttleNext = 0;

  beforeAll(async () => {
    // Answers after ?ms= milliseconds; the next `throttleNext` answers are 421 with Retry-After: 0.
    server = createServer((req, res) => {
      const ms = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms') ?? 0);
      setTimeout(() => {
        if (throttleNext > 0) {
          throttleNext--;
          res.writeHead(421, { 'retry-after': '0', 'content-type': 'application/json' });
          return res.end('{"success":false}');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('[]');
      }, ms);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const check = (id: string, requests: number, ms: number): Check => ({
    id, fn: id, description: id, requirements: ['IB-7-no-server-error'], resource: 'protocol', readOnly: true,
    async run(ctx) {
      for (let i = 0; i < requests; i++) ctx.note(await ctx.target.request('GET', `/x.json?ms=${ms}&check=${id}`));
    },
  });

  it('each result counts its own requests and shows its own exchanges, and its throttled retries', async () => {
    resetTargetHealth();
    const http = new HttpClient({ timeoutMs: 2000, maxBodyBytes: 1024, redactor: new Redactor([]) });
    try {
      const accounts = { actor: 'anonymous' } as unknown as Accounts;
      const target = new Target(base, 'A', accounts, http);
      const ctx: Omit<CheckContext, 'note'> = {
        target, variant: 'A', accounts, prefix: 't', random: Math.random, unique: (x) => x, world: createWorld(), source: { host: '127.0.0.1' }, concurrency: 1, readOnly: false, freshTarget: false,
      };
      throttleNext = 2;
      const [one, two, three] = await Promise.all([
        runWatchedCheck(check('one', 3, 5), ctx, true),
        runWatchedCheck(check('two', 7, 2), ctx, true),
        runWatchedCheck(check('three', 1, 30), ctx, true),
      ]);
      // Two of the eleven first answers were 421s waited out: they are counted where they were sent.
      expect(one!.requests + two!.requests + three!.requests).toBe(13);
      expect((one!.throttled ?? 0) + (two!.throttled ?? 0) + (three!.throttled ?? 0)).toBe(2);
      expect(one!.requests - (one!.throttled ?? 0)).toBe(3);
      expect(two!.requests - (two!.throttled ?? 0)).toBe(7);
      expect(three!.requests - (three!.throttled ?? 0)).toBe(1);
      expect(http.requests).toBe(13);
      for (const r of [one!, two!, three!]) expect(r.status).toBe('pass');
    } finally {
      await http.close();
    }
  });

  it('a stuck check is cut off while another check in flight keeps sending', async () => {
    resetTargetHealth();
    const http = new HttpClient({ timeoutMs: 200, maxBodyBytes: 1024, redactor: new Redactor([]) });
    try {
      const accounts = { actor: 'anonymous' } as unknown as Accounts;
      const ctx: Omit<CheckContext, 'note'> = {
        target: new Target(base, 'A', accounts, http), variant: 'A', accounts, prefix: 't', random: Math.random, unique: (x) => x, world: createWorld(), source: { host: '127.0.0.1' }, concurrency: 1, readOnly: false, freshTarget: false,
      };
      const hangs: Check = { ...check('hangs', 0, 0), run: async (c) => { await c.target.request('GET', '/x.json?ms=1'); await new Promise(() => {}); } };
      const [busy, stuck] = await Promise.all([runWatchedCheck(check('busy', 40, 20), ctx, true, 0, 300), runWatchedCheck(hangs, ctx, true, 0, 300)]);
      expect(busy!.status).toBe('pass');
      expect(busy!.requests).toBe(40);
      expect(stuck!.status).toBe('fail');
      expect(stuck!.message).toMatch(/did not end/);
    } finally {
      await http.close();
    }
  });
});

// The legal variations, together and throttling, are compared both ways where they are certified
// (./legal-variations.test.ts): each of those runs is made once.
describe('--concurrency and the order of checks give the results of a run of one check at a time', { timeout: scaled(600_000) }, () => {
  // Checks are independent: each reads and changes only records it made, so neither running side by side
  // nor another order changes a result, and a fault is caught by the checks of the requirement it breaks,
  // not by a neighbour that trips over a record the faulty server changed. Shown on a fault that changes
  // state where it must not (another user's dmail can be deleted): everything else is the reference server.
  const FAULT = 'dmails-others-deletable';
  it(`variant A with ${FAULT}: the registry's order one at a time and a shuffled run with the default --concurrency of --target agree check by check; only the faulted requirement's checks fail`, async () => {
    const [one, many] = await scratch.bothWays(['check', '--variant', 'A', '--fault', FAULT, '--seed', '21', '--quiet'], ['--shuffle', '7']);
    expect(one.code, one.stderr).toBe(1);
    expectSameResults(one, many);
    const broken = new Set<string>(findFault(FAULT)!.requirements);
    const failing = one.report!.results.filter((r) => r.status === 'fail' || r.status === 'blocked');
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.filter((r) => !r.requirements.some((id) => broken.has(id))).map((r) => `${r.check}: ${r.message}`)).toEqual([]);
    // Run late, the check that needs more than 100 posts finds the other checks' posts: it counts them
    // (two pages) and makes none of its own (a hundred uploads when it ran first).
    for (const r of [one, many]) expect(r.report!.results.find((x) => x.check === 'posts/limit-max')!.requests).toBeLessThanOrEqual(4);
  });

  it('a check that only reads posts proves the same whether or not other checks made posts before it: alone on an empty server, it makes them; with --read-only it skips, naming why', async () => {
    const only = ['--only', 'posts/limit', 'posts/page', 'posts/get-is-safe'];
    const [writable, readOnly] = await Promise.all([
      scratch.conform(['check', '--variant', 'A', ...only, '--seed', '23', '--quiet']),
      scratch.conform(['check', '--variant', 'A', ...only, '--read-only', '--seed', '23', '--quiet']),
    ]);
    const statusOf = (r: typeof writable) => Object.fromEntries(r.report!.results.map((x) => [x.check, x.status]));
    expect(statusOf(writable), writable.stderr).toEqual({ 'posts/limit': 'pass', 'posts/page': 'pass', 'posts/get-is-safe': 'pass' });
    expect(statusOf(readOnly), readOnly.stderr).toEqual({ 'posts/limit': 'skip', 'posts/page': 'skip', 'posts/get-is-safe': 'skip' });
    for (const x of readOnly.report!.results) expect(x.message, x.check).toMatch(/a read-only run creates none|no post exists/);
  });

  // Variant B is compared both ways under its legal variations (./legal-variations.test.ts); its
  // reference server is certified here in a shuffled order with checks side by side.
  it('variant B, the reference server: a full run, shuffled, with the default --concurrency of --target, is CONFORMANT', async () => {
    const many = await scratch.conform(['check', '--variant', 'B', '--seed', '21', '--quiet', '--concurrency', String(DEFAULTS.concurrencyTarget), '--shuffle', '5']);
    expect(many.code, many.stdout + many.stderr).toBe(0);
    expect(many.report!.verdict).toBe('conformant');
    expect(many.report!.results.filter((x) => x.status === 'fail' || x.status === 'blocked' || x.status === 'skip').map((x) => `${x.check}: ${x.status}`)).toEqual([]);
  });
});
