/**
 * `conform compare`, and the files `conform check` writes, from real runs: the embedded reference
 * server with and without a deliberate fault, narrowed to the comment operations to stay quick.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/model.ts';
import { REPORT_FILES } from '../../src/report/write.ts';
import { compareReports, renderCompareHtml, renderCompareMarkdown, targetIdentity } from '../../src/report/compare.ts';
import { parseBaseline } from '../../src/report/baseline.ts';
import { reportErrors } from '../../src/report/schema.ts';
import { makeReport, result } from './fixture.ts';
import { scaled } from '../support/time.ts';

const BIN = join(__dirname, '..', '..', 'bin', 'conform.js');
const ONLY = ['--only', 'served/comments.*'];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  dir: string;
}

/** Runs conform; `check` runs write their report into a fresh directory. */
const scratch: string[] = [];
afterAll(() => {
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

function tempDir(label: string): string {
  const d = mkdtempSync(join(tmpdir(), `conform-${label}-`));
  scratch.push(d);
  return d;
}

async function conform(args: string[]): Promise<Run> {
  const out = tempDir('run');
  const all = args[0] === 'check' ? [...args, '--report', out] : args;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...all], { timeout: scaled(120_000), env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stdout, stderr, dir: out };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, dir: out };
  }
}

const readReport = (run: Run): Report => JSON.parse(readFileSync(join(run.dir, 'report.json'), 'utf8')) as Report;

describe('conform compare (unit)', () => {
  const before = makeReport([result('a', 'pass', { requirements: ['IB-2-format-json'] }), result('b', 'fail', { requirements: ['IB-2-format-xml'] }), result('c', 'pass', { requirements: ['IB-4-posts-random'] })]);
  const after = makeReport([result('a', 'fail', { requirements: ['IB-2-format-json'] }), result('b', 'pass', { requirements: ['IB-2-format-xml'] }), result('c', 'warn', { level: 'SHOULD', requirements: ['IB-4-posts-random'] })]);

  it('puts runs side by side, requirement by requirement, and finds regressions and fixes', () => {
    const c = compareReports([
      { file: 'before.json', report: before },
      { file: 'after.json', report: after },
    ]);
    expect(c.sameTarget).toBe(true);
    expect(c.regressions.map((x) => [x.requirement, x.before, x.after])).toEqual([
      ['IB-2-format-json', 'pass', 'fail'],
      ['IB-4-posts-random', 'pass', 'warn'],
    ]);
    expect(c.fixes.map((x) => x.requirement)).toEqual(['IB-2-format-xml']);
    const md = renderCompareMarkdown(c);
    expect(md).toContain('| `IB-2-format-json` | MUST | Pass | Fail |');
    expect(md).toContain('| `IB-4-posts-random` | ');
    expect(md).toMatch(/\| Pass \| Non-Strict \|/);
    expect(md).toContain('### Regressions (2)');
    const html = renderCompareHtml(c);
    expect(html).toContain('default-src &#39;none&#39;');
    expect(html).toContain('<td class="fail" title="a">Fail</td>');
  });

  it('identifies a target by what it is: two runs of one image at different ports are one target', () => {
    const image = { name: 'registry.example/candidate:1.4', digest: `sha256:${'a'.repeat(64)}` };
    const c = compareReports([
      { file: 'monday.json', report: { ...before, image, target: 'http://127.0.0.1:40001' } },
      { file: 'tuesday.json', report: { ...after, image: { ...image, digest: `sha256:${'b'.repeat(64)}` }, target: 'http://127.0.0.1:40777' } },
    ]);
    expect(c.sameTarget).toBe(true);
    expect(c.regressions.map((x) => x.requirement)).toEqual(['IB-2-format-json', 'IB-4-posts-random']);
    expect(c.columns[0]!.label).toBe('image registry.example/candidate:1.4, variant A [monday.json #1]');
    expect(targetIdentity({ embedded: true, target: 'http://127.0.0.1:1' })).toBe(targetIdentity({ embedded: true, target: 'http://127.0.0.1:2' }));
    // Two different images, or an image and a URL, are not.
    expect(compareReports([{ file: 'a', report: { ...before, image } }, { file: 'b', report: { ...after, image: { ...image, name: 'other:1' } } }]).sameTarget).toBe(false);
    expect(compareReports([{ file: 'a', report: { ...before, image } }, { file: 'b', report: after }]).sameTarget).toBe(false);
  });

  it('shows an INCOMPLETE run as such, with the MUST requirements it established', () => {
    const incomplete = {
      ...before,
      verdict: 'incomplete' as const,
      established: { scope: 'variant' as const, must: { established: 20, accepted: 0, broken: 0, total: 211 }, should: { established: 0, accepted: 0, broken: 0, total: 34 }, notEstablished: [] },
    };
    const md = renderCompareMarkdown(compareReports([{ file: 'x.json', report: incomplete }, { file: 'y.json', report: after }]));
    expect(md).toMatch(/^1\. .*: incomplete, MUST 20\/211 established, 2\/3 checks pass/m);
  });

  it('compares different targets without computing regressions', () => {
    const c = compareReports([
      { file: 'x.json', report: before },
      { file: 'y.json', report: { ...after, target: 'http://other:1' } },
      { file: 'z.json', report: { ...after, variant: 'B' } },
    ]);
    expect(c.sameTarget).toBe(false);
    expect(c.regressions).toEqual([]);
    expect(c.columns.map((col) => col.label)).toEqual(['http://127.0.0.1:3000, variant A', 'http://other:1, variant A', 'http://127.0.0.1:3000, variant B']);
    expect(renderCompareMarkdown(c)).not.toContain('Regressions');
  });
});

describe('conform check and conform compare, end to end', { timeout: scaled(120_000) }, () => {
  let clean: Run;
  let faulty: Run;
  let baselined: Run;
  let baselineFile: string;

  beforeAll(async () => {
    baselineFile = join(tempDir('bl'), 'known.yaml');
    [clean, faulty, baselined] = await Promise.all([
      conform(['check', '--variant', 'A', ...ONLY, '--seed', '11']),
      conform(['check', '--variant', 'A', ...ONLY, '--seed', '11', '--fault', 'envelope-no-reason']),
      conform(['check', '--variant', 'A', ...ONLY, '--seed', '11', '--fault', 'envelope-no-reason', '--baseline', baselineFile, '--update-baseline']),
    ]);
  }, scaled(120_000));

  it('writes report.json (valid against the schema), junit.xml, report.html, summary.md and badge.svg, and prints their paths', () => {
    // --only leaves MUST requirements unestablished: INCOMPLETE, exit 3, whatever the selection passed.
    expect(clean.code, clean.stderr).toBe(3);
    expect(readReport(clean).verdict).toBe('incomplete');
    expect(faulty.code, faulty.stderr).toBe(1);
    for (const run of [clean, faulty, baselined]) {
      expect(readdirSync(run.dir).sort()).toEqual([...REPORT_FILES].sort());
      for (const f of REPORT_FILES) expect(run.stdout).toContain(join(run.dir, f));
      expect(reportErrors(readReport(run))).toEqual([]);
      expect(XMLValidator.validate(readFileSync(join(run.dir, 'junit.xml'), 'utf8'))).toBe(true);
      expect(XMLValidator.validate(readFileSync(join(run.dir, 'badge.svg'), 'utf8'))).toBe(true);
    }
    const report = readReport(faulty);
    expect(report.fault).toBe('envelope-no-reason');
    expect(report.counts.fail).toBeGreaterThan(0);
    // The terminal summary table (no TTY: no colour) and plain progress lines.
    expect(faulty.stdout).toMatch(/^resource\s+pass\s+fail\s+warn\s+skip\n/m);
    expect(faulty.stdout).toMatch(/^comments\s+\d+\s+[1-9]\d*\s+0\s+0$/m);
    expect(faulty.stderr).toMatch(/^ {2}FAIL served\/comments\.create\/json \[IB-7-envelope-json\]/m);
    expect(faulty.stderr + faulty.stdout).not.toContain('\x1b[');
    expect(readFileSync(join(faulty.dir, 'summary.md'), 'utf8')).toMatch(/\| `served\/comments\.create\/json` \| `IB-7-envelope-json` \|/);
    expect(readFileSync(join(faulty.dir, 'report.html'), 'utf8')).toContain('NON-CONFORMANT');
  });

  it('--update-baseline writes the current failures to the file; they are then accepted', () => {
    expect(baselined.code, baselined.stderr).toBe(3);
    const entries = parseBaseline(readFileSync(baselineFile, 'utf8'), baselineFile);
    const report = readReport(baselined);
    expect(entries.map((e) => e.check).sort()).toEqual(report.results.filter((r) => r.status === 'fail').map((r) => r.check).sort());
    expect(report.baseline).toMatchObject({ updated: true, outdated: false, accepted: report.counts.fail });
    expect(report.counts.baselined).toBe(report.counts.fail);
    expect(report.verdict).toBe('incomplete');
    expect(report.established!.notEstablished.map((g) => g.kind)).toEqual(['only']);
    expect(baselined.stdout).toContain(`known failures accepted, ${entries.length} entries (rewritten from this run)`);
  });

  it('no API key, password or password hash of the accounts file appears in any output', () => {
    const accounts = JSON.parse(readFileSync(join(__dirname, '..', '..', 'fixtures', 'accounts.json'), 'utf8')) as { accounts: Record<string, string>[] };
    const secrets = accounts.accounts.flatMap((a) => [a.api_key, a.password, a.password_hash]).filter((s): s is string => typeof s === 'string' && s.length > 0);
    expect(secrets.length).toBeGreaterThan(20);
    for (const run of [faulty, baselined]) {
      const outputs = [run.stdout, run.stderr, ...readdirSync(run.dir).map((f) => readFileSync(join(run.dir, f), 'utf8')), readFileSync(baselineFile, 'utf8')].join('\n');
      expect(outputs).toContain('<redacted>'); // credentials were there to leak
      for (const secret of secrets) expect(outputs.includes(secret), 'a secret appears in the output').toBe(false);
    }
  });

  it('detects the regression between the two runs (exit 1), and the fix the other way round (exit 0)', async () => {
    const out = tempDir('compare');
    const html = join(out, 'compare.html');
    const md = join(out, 'compare.md');
    const [regress, fixed] = await Promise.all([
      conform(['compare', join(clean.dir, 'report.json'), join(faulty.dir, 'report.json'), '--html', html, '--markdown', md]),
      conform(['compare', faulty.dir, clean.dir]),
    ]);
    expect(regress.code, regress.stderr).toBe(1);
    expect(regress.stderr).toMatch(/conform compare: [1-9]\d* regressions, 0 fixes/);
    const text = readFileSync(md, 'utf8');
    expect(text).toMatch(/### Regressions \([1-9]\d*\)\n\n- `IB-7-envelope-json`: Pass → Fail \(`served\/comments\.create\/json`/);
    expect(text).toContain('reference server (fault envelope-no-reason), variant A');
    expect(existsSync(html)).toBe(true);
    expect(readFileSync(html, 'utf8')).toContain('<h2 class="regress">Regressions');
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(fixed.stdout).toMatch(/### Fixes \([1-9]\d*\)\n\n- `IB-7-envelope-json`: Fail → Pass/);
  });

  it('exits 2 for an unreadable or invalid report', async () => {
    const dir = tempDir('compare');
    const invalid = join(dir, 'invalid.json');
    writeFileSync(invalid, JSON.stringify({ ...readReport(clean), verdict: 'maybe' }));
    const bad = await conform(['compare', join(clean.dir, 'report.json'), invalid]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/invalid\.json is not a valid conform report .*\n\s+\/verdict must be equal to one of the allowed values/);
    const missing = await conform(['compare', join(clean.dir, 'report.json'), join(dir, 'missing.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read the report/);
  });
});
