/**
 * One broken precondition is one finding: when the checks cannot make what they need (here: a server
 * whose uploads are not served, so no post can be made), the set-up step fails once, as the root
 * cause `setup/post`, and every check that needed a post is `blocked` by it, in every report format.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run } from './helpers.ts';
import { Scratch } from './helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
let run: Run;

beforeAll(async () => {
  run = await scratch.conform(['check', '--variant', 'A', '--fault', 'unserved:uploads.create', '--only', 'comments', 'post_votes', 'notes', '--seed', '5', '--quiet']);
}, scaled(180_000));
afterAll(() => scratch.cleanup());

describe('root causes', () => {
  it('report.json: exactly one root failure, and every other casualty blocked by it', () => {
    expect(run.code).toBe(1);
    const report = run.report!;
    expect(report.verdict).toBe('non-conformant');
    const roots = report.results.filter((r) => r.blocks !== undefined);
    expect(roots.map((r) => r.check)).toEqual(['setup/post']);
    const root = roots[0]!;
    expect(root.status).toBe('fail');
    expect(root.requirements).toEqual(['IB-4-uploads-create-served']);
    expect(root.message).toMatch(/could not create an upload: status 404/);
    const blocked = report.results.filter((r) => r.status === 'blocked');
    expect(blocked.length).toBeGreaterThan(20);
    expect(report.counts.blocked).toBe(blocked.length);
    expect(new Set(blocked.map((r) => r.blockedBy))).toEqual(new Set(['setup/post']));
    expect([...root.blocks!].sort()).toEqual(blocked.map((r) => r.check).sort());
    // No other failure: the fault shows once, not once per check.
    expect(report.results.filter((r) => r.status === 'fail').map((r) => r.check)).toEqual(['setup/post']);
    // Blocked results carry the id of their root, not a copy of it.
    for (const b of blocked) expect('root' in b).toBe(false);
  });

  it('junit.xml: blocked checks are errors (never skipped), naming their root cause once', () => {
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(readFileSync(join(run.dir, 'junit.xml'), 'utf8'));
    const suites = [doc.testsuites.testsuite].flat() as { testcase: unknown }[];
    const cases = suites.flatMap((s) => [s.testcase].flat()) as { name: string; skipped?: { message: string }; failure?: { message: string }; error?: { message: string; type: string } }[];
    const root = run.report!.results.find((r) => r.check === 'setup/post')!;
    const blocked = cases.filter((c) => c.error);
    expect(blocked.length).toBe(run.report!.counts.blocked);
    for (const c of blocked) {
      expect(c.error).toEqual({ message: `blocked by root cause setup/post: ${root.message}`, type: 'setup/post' });
      expect(c.error!.message.match(/blocked by/g)).toHaveLength(1);
      expect(c.skipped).toBeUndefined();
    }
    expect(Number(doc.testsuites.errors)).toBe(run.report!.counts.blocked);
    expect(cases.filter((c) => c.failure).map((c) => c.name)).toEqual([expect.stringMatching(/^setup\/post /)]);
  });

  it('summary.md and report.html lead with the root cause', () => {
    const n = run.report!.counts.blocked;
    const md = readFileSync(join(run.dir, 'summary.md'), 'utf8');
    expect(md).toContain(`### 1 root cause blocks ${n} checks`);
    expect(md.indexOf('root cause blocks')).toBeLessThan(md.indexOf('| Pass'));
    expect(md).toMatch(new RegExp(`\\| \`setup/post\` \\| ${n} \\|`));
    const html = readFileSync(join(run.dir, 'report.html'), 'utf8');
    expect(html).toContain(`1 root cause blocks ${n} checks.`);
    expect(html.indexOf('id="roots"')).toBeLessThan(html.indexOf('id="failures"'));
    expect(html).toContain('<section id="blocked">');
  });

  it('the console says it too', () => {
    expect(run.stdout).toMatch(/1 root cause blocks \d+ checks:\n {2}setup\/post blocks \d+: could not create an upload/);
    expect(run.stdout).toMatch(/\d+ blocked of \d+ checks/);
  });
});
