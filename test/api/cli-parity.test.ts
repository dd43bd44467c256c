/**
 * `conform check` and `check()` are one run: for the same options and seed, the command's report.json
 * and the library's report are the same, but for what differs between any two runs (times, durations,
 * memory, ports, the run prefix's time part, paths). The library's report is also a valid report.json
 * (specs/report.schema.json).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/api/index.ts';
import { check } from '../../src/api/index.ts';
import { reportErrors } from '../../src/report/schema.ts';
import { REPO_ROOT } from '../../src/paths.ts';

const exec = promisify(execFile);
const BIN = join(REPO_ROOT, 'bin', 'conform.js');
const OPTIONS = { variant: 'A', only: ['artists', 'pools'], seed: 4242 } as const;

/** A report without what differs between two runs of the same seed. */
function comparable(report: Report): unknown {
  const prefix = report.prefix;
  const text = JSON.stringify(report, (key, value: unknown) => {
    if (['startedAt', 'durationMs', 'peakRssBytes', 'target', 'prefix'].includes(key)) return undefined;
    // Response headers carry the server's clock.
    if (key === 'headers' && value && typeof value === 'object') return Object.fromEntries(Object.entries(value).filter(([k]) => !/^(date|etag|last-modified)$/i.test(k)));
    return value;
  });
  return JSON.parse(
    text
      .replaceAll(prefix, '<prefix>')
      .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?/g, '<time>')
      .replaceAll(REPO_ROOT, '<root>'),
  );
}

describe('conform check and check()', () => {
  let dir = '';
  let fromCommand: Report;
  let fromLibrary: Report;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'conform-parity-'));
    const [, library] = await Promise.all([
      exec(process.execPath, [BIN, 'check', '--variant', OPTIONS.variant, '--only', ...OPTIONS.only, '--seed', String(OPTIONS.seed), '--quiet', '--report', join(dir, 'report')]).catch((err: { code?: number }) => {
        // A run that is not conformant ends with 1 or 3 and still writes its report.
        if (err.code !== 1 && err.code !== 3) throw err;
      }),
      check(OPTIONS),
    ]);
    fromLibrary = library;
    fromCommand = JSON.parse(await readFile(join(dir, 'report', 'report.json'), 'utf8')) as Report;
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('give the same report for the same seed (times, ports, prefixes and paths aside)', () => {
    expect(fromLibrary.results.length).toBeGreaterThan(50);
    expect(fromLibrary.seed).toBe(OPTIONS.seed);
    expect(comparable(fromLibrary)).toEqual(comparable(fromCommand));
  });

  it("the library's report is a valid report.json", () => {
    expect(reportErrors(fromLibrary)).toEqual([]);
  });
});
