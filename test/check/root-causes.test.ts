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

/**
 * One defect of the answers breaks every set-up step alike (here every JSON answer is malformed): the
 * steps that failed on it are one root cause naming the shared reason, the requirement it breaks and
 * each step, not a root cause per step.
 */
describe('root causes grouped by their cause', () => {
  let grouped: Run;
  beforeAll(async () => {
    grouped = await scratch.conform(['check', '--variant', 'A', '--fault', 'json-malformed', '--only', 'comments', 'pools', 'forum_posts', '--seed', '5', '--quiet']);
  }, scaled(180_000));

  it('report.json: one root cause with the shared reason, listing the steps it broke and the checks they block', () => {
    expect(grouped.code).toBe(1);
    const report = grouped.report!;
    const roots = report.results.filter((r) => r.blocks !== undefined);
    expect(roots).toHaveLength(1);
    const root = roots[0]!;
    expect(root.requirements).toEqual(['IB-2-format-json']);
    expect(root.message).toMatch(/^answers to \.json paths are not well-formed JSON: \d+ set-up steps failed on it/);
    const steps = root.steps!;
    expect(steps.length).toBeGreaterThanOrEqual(2);
    expect(steps.map((s) => s.id)).toEqual(expect.arrayContaining(['setup/post', 'setup/forumTopic']));
    expect(root.check).toBe(`setup/${steps.map((s) => s.id.slice('setup/'.length)).join('+')}`);
    const blocked = report.results.filter((r) => r.status === 'blocked');
    expect(new Set(blocked.map((r) => r.blockedBy))).toEqual(new Set([root.check]));
    expect(steps.reduce((n, s) => n + s.blocks, 0)).toBe(blocked.length);
    // Messages read as English: what a step made is named with its article once.
    for (const s of steps) expect(s.message).not.toMatch(/\bthe an? /);
    expect(steps.find((s) => s.id === 'setup/forumTopic')!.message).toMatch(/^could not find the forum topic just created/);
  });

  it('the console, summary.md and report.html name the cause once and each step under it', () => {
    const root = grouped.report!.results.find((r) => r.blocks !== undefined)!;
    expect(grouped.stdout).toMatch(/^1 root cause blocks \d+ checks:$/m);
    for (const s of root.steps!) expect(grouped.stdout).toContain(`    ${s.id} blocks ${s.blocks}: ${s.message}`);
    const md = readFileSync(join(grouped.dir, 'summary.md'), 'utf8');
    expect(md).toContain(`### 1 root cause blocks ${root.blocks!.length} checks`);
    for (const s of root.steps!) expect(md).toContain(`| ↳ \`${s.id}\` | ${s.blocks} |`);
    const html = readFileSync(join(grouped.dir, 'report.html'), 'utf8');
    for (const s of root.steps!) expect(html).toContain(`<span class="cid">${s.id}</span> blocks ${s.blocks}`);
  });
});
