/**
 * No stricter than the text: servers that behave as real servers of the service family do where the
 * document is silent are certified CONFORMANT (with at most warnings naming the reading they rest on),
 * or INCOMPLETE only where they refuse what the document lets them refuse.
 * Each legal variation of the reference server (src/server/variations.ts) is one such behaviour; a
 * server started plainly with `conform serve` (its SSRF guard refusing loopback source URLs) is another.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { INTERPRETATIONS } from '../../specs/interpretations.ts';
import type { NotEstablishedKind, ReportedResult } from '../../src/report/model.ts';
import { VARIATIONS, combinedVariations } from '../../src/server/variations.ts';
import { requirementsFor } from '../../specs/requirements/index.ts';
import { VERSION } from '../../src/version.ts';
import type { Run } from './helpers.ts';
import { Scratch, expectSameResults } from './helpers.ts';
import { DEFAULTS } from '../../src/check/config.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const interpretationIds = new Set<string>(INTERPRETATIONS.map((i) => i.id));


/**
 * No failure, and every warning names a reading of the register: CONFORMANT (exit 0), or INCOMPLETE
 * (exit 3) for exactly the reasons given (a selection with --only, a source download refused).
 */
function expectConformant(r: Run, incompleteFor: readonly NotEstablishedKind[] = []): readonly ReportedResult[] {
  expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(incompleteFor.length ? 3 : 0);
  const report = r.report!;
  expect(report.verdict).toBe(incompleteFor.length ? 'incomplete' : 'conformant');
  expect(report.established!.notEstablished.map((g) => g.kind)).toEqual(incompleteFor);
  const bad = report.results.filter((x) => x.status === 'fail' || x.status === 'blocked');
  expect(bad.map((x) => `${x.check}: ${x.message}`)).toEqual([]);
  for (const w of report.results.filter((x) => x.status === 'warn')) {
    // A SHOULD warning, or a MUST check whose failing assertion rests on a named reading.
    if (w.level === 'MUST') expect(interpretationIds.has(w.interpretation ?? ''), `${w.check} warns without naming a reading`).toBe(true);
  }
  return report.results;
}

// The runs are separate processes on separate servers: side by side.
describe('legal variations of the reference server are certified', { timeout: scaled(300_000), concurrent: true }, () => {
  it('every variation names a reading of the register', () => {
    for (const v of VARIATIONS) expect(interpretationIds.has(v.interpretation), v.id).toBe(true);
    // Every variation is certified: with the others, or by a test of its own below.
    expect(VARIATIONS.filter((v) => v.alone !== undefined).map((v) => v.id).sort()).toEqual(['one-appeal-a-day', 'throttle']);
  });

  // Everything but throttling at once, on every check of each variant, on one server (`conform serve`, with
  // --allow-fetch for the checker's file server): one check at a time in the registry's order, then in
  // another order with the default --concurrency of --target, which must agree check by check (the same
  // isolation as on the reference server, ./concurrency.test.ts). The second run's records are pushed off
  // a first page of 20 (the family's default on lists other than posts) by the first run's and by the
  // other checks' in flight: each check finds its own on the pages that hold them.
  for (const [variant, shuffle] of [['A', '3'], ['B', '9']] as const) {
    it(`variant ${variant}: all variations together, full run, one check at a time and then shuffled with the default --concurrency of --target, on one server`, async () => {
      const on = combinedVariations(variant);
      // Lists of 20 records a page and times in US Eastern time (B to the second) are among them.
      expect(on).toEqual(expect.arrayContaining(['paging-small-default', 'times-eastern']));
      const server = await scratch.serve(['--variant', variant, '--variation', ...on, '--allow-fetch', '127.0.0.1']);
      let one: Run, many: Run;
      try {
        const args = ['check', '--variant', variant, '--target', server.url, '--seed', '11', '--quiet'];
        one = await scratch.conform([...args, '--concurrency', '1'], 290_000);
        many = await scratch.conform([...args, '--concurrency', String(DEFAULTS.concurrencyTarget), '--shuffle', shuffle], 290_000);
      } finally {
        await server.stop();
      }
      expectSameResults(one, many);
      for (const r of [one, many]) {
        // Even where no answer names the id of what a create made (204 No Content, bare envelopes), every
        // check finds its records through documented searches: nothing is skipped, every MUST established.
        const results = expectConformant(r);
        expect(results.filter((y) => y.status === 'skip').map((y) => `${y.check}: ${y.message}`)).toEqual([]);
        expect(results.filter((x) => x.status === 'pass').length).toBeGreaterThan(300);
        // The readings that let the variations pass are named where they matter.
        if (on.includes('revert-404')) expect(results.some((x) => x.status === 'warn' && x.interpretation === 'INT-version-ids-hidden')).toBe(true);
        // Times compared as instants, ties at a second allowed for; lists paged through (or narrowed).
        expect(results.find((x) => x.check === 'comments/do-not-bump')!.status).toBe('pass');
        if (variant === 'A') expect(results.find((x) => x.check === 'effects/tags.list/hide_empty')!.status).toBe('pass');
        // Actions without a documented level ran as the most privileged account, and the report says which.
        expect(r.report!.actor).toMatchObject({ role: 'Admin', level: 50 });
        // The report names the version of the package that wrote it.
        expect(r.report!.tool.version).toBe(VERSION);
      }
    });
  }

  it('a daily limit of the service (one appeal a day) leaves the appeals not established, naming the rule: INCOMPLETE, never failed', async () => {
    const r = await scratch.conform(['check', '--variant', 'B', '--variation', 'one-appeal-a-day', '--only', 'post_appeals', '--seed', '13', '--quiet']);
    const results = expectConformant(r, ['rules', 'only']);
    const refused = results.filter((x) => x.status === 'skip');
    expect(refused.length).toBeGreaterThan(0);
    for (const x of refused) expect(x.message, x.check).toMatch(/refused with 422 \("resource is locked: you can appeal at most 1 post a day"\)[\s\S]*INT-business-rules/);
    // The first appeal of the run was made: the checks that needed only one passed.
    expect(results.filter((x) => x.status === 'pass').length).toBeGreaterThan(0);
    expect(r.stdout).toMatch(/refused a create by a rule of its own/);
  });

  it('throttled writes (421 with Retry-After) are waited out, with the throttling budget shared: one check at a time and with the default --concurrency of --target alike', async () => {
    // Not --quiet: the progress output says the run waits, and why.
    // One resource's checks make writes enough to be throttled (a run waits out every 421 in whole seconds).
    const args = ['check', '--variant', 'A', '--variation', 'throttle', '--only', 'comments', '--seed', '12'];
    const [one, many] = await scratch.bothWays(args);
    expectSameResults(one, many);
    for (const r of [one, many]) {
      const results = expectConformant(r, ['only']);
      expect(results.filter((x) => x.status === 'skip')).toEqual([]);
      // The server did throttle: some checks waited a 421 out and went on.
      expect(results.reduce((n, x) => n + (x.throttled ?? 0), 0)).toBeGreaterThan(0);
      expect(r.stderr).toMatch(/WAIT (POST|PUT|DELETE) \S+ was answered 421: every check waits [\d.]+ s before its next request \(Retry-After\)/);
    }
  });
});

describe('a server started plainly, checked through --target', { timeout: scaled(300_000), concurrent: true }, () => {
  it('fails nothing on defaults, and again across a restart on the same --data (the first run\'s records still there): INCOMPLETE for the source downloads only', async () => {
    const data = scratch.dir('data');
    let server = await scratch.serve(['--variant', 'A', '--data', data]);
    const runs: Run[] = [];
    try {
      runs.push(await scratch.conform(['check', '--variant', 'A', '--target', server.url, '--quiet']));
    } finally {
      await server.stop();
    }
    server = await scratch.serve(['--variant', 'A', '--data', data]);
    try {
      runs.push(await scratch.conform(['check', '--variant', 'A', '--target', server.url, '--quiet']));
    } finally {
      await server.stop();
    }
    for (const r of runs) {
      // Its SSRF guard refuses the checker's loopback file server: the document allows that, so the
      // source downloads are not established (skip, naming the flags), never failed; the run says so.
      const results = expectConformant(r, ['source']);
      const SOURCE_CHECKS = ['uploads/source-download', 'uploads/source-fields', 'posts/source-download'];
      const source = results.filter((x) => SOURCE_CHECKS.includes(x.check));
      expect(source.map((x) => x.status)).toEqual(SOURCE_CHECKS.map(() => 'skip'));
      // The exact source search is proved on uploads with a file, which fetch nothing.
      expect(results.find((x) => x.check === 'uploads/search-source-exact')!.status).toBe('pass');
      const notEstablished = new Set(source.flatMap((x) => x.requirements)).size;
      const total = requirementsFor('A').filter((x) => x.level === 'MUST').length;
      expect(r.stdout).toMatch(new RegExp(`^verdict: INCOMPLETE: ${notEstablished} of ${total} MUST requirements not established: ${notEstablished} skipped: the target did not fetch the checker's source URL`, 'm'));
      for (const x of source) expect(x.message).toMatch(/INT-source-download[\s\S]*--source-url-base/);
    }
  });

  it('a guard that takes the upload and records it as failed (no post) is a refusal too: skipped, never failed', async () => {
    const server = await scratch.serve(['--variant', 'A', '--variation', 'source-error-accepted']);
    try {
      const r = await scratch.conform(['check', '--variant', 'A', '--target', server.url, '--only', 'uploads/*', '--quiet']);
      const results = expectConformant(r, ['source', 'only']);
      for (const id of ['uploads/source-download', 'uploads/source-fields']) {
        const x = results.find((y) => y.check === id)!;
        expect(x.status, id).toBe('skip');
        expect(x.message).toMatch(/without fetching it and made no post[\s\S]*INT-source-download[\s\S]*--source-url-base/);
      }
      // The upload itself was recorded, so its exact source search is established.
      expect(results.find((y) => y.check === 'uploads/search-source-exact')!.status).toBe('pass');
    } finally {
      await server.stop();
    }
  });

  it('with --allow-fetch for the checker\'s file server, the source downloads pass', async () => {
    const server = await scratch.serve(['--variant', 'B', '--allow-fetch', '127.0.0.1']);
    try {
      const r = await scratch.conform(['check', '--variant', 'B', '--target', server.url, '--only', 'uploads/*', 'posts/source-download', '--quiet']);
      const results = expectConformant(r, ['only']);
      expect(results.find((x) => x.check === 'uploads/source-download')!.status).toBe('pass');
      expect(results.find((x) => x.check === 'posts/source-download')!.status).toBe('pass');
    } finally {
      await server.stop();
    }
  });
});
