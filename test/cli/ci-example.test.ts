/**
 * examples/github-actions.yml, the CI example of the README: the summary and the report are published
 * after a failure and after a cancel.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { REPO_ROOT } from '../../src/paths.ts';

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly run?: string;
  readonly with?: Record<string, string>;
}

const workflow = YAML.parse(readFileSync(join(REPO_ROOT, 'examples', 'github-actions.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
const steps = Object.values(workflow.jobs)[0]!.steps;
const check = steps.findIndex((s) => /\/conform@/.test(s.uses ?? ''));

describe('the CI example', () => {
  it('certifies with the action, into a report directory the later steps know', () => {
    expect(check).toBeGreaterThan(0);
    expect(steps[check]!.with!['report-dir']).toBe('conform-report');
  });

  it('publishes summary.md after a cancel (the action set no verdict) and keeps the report whatever the check ended with', () => {
    const after = steps.slice(check + 1);
    const publish = after.find((s) => s.run?.includes('GITHUB_STEP_SUMMARY'))!;
    // always(): also after a failure and a cancel; only when the action did not publish it itself.
    expect(publish.if).toMatch(/^always\(\) && steps\.conform\.outputs\.verdict == ''$/);
    expect(publish.run).toContain('conform-report/summary.md');
    // No summary (a usage error stops conform before the run): said so, not a failing `cat`.
    expect(publish.run).toMatch(/if \[ -f conform-report\/summary\.md \]/);
    const keep = after.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(keep.if).toBe('always()');
    expect(keep.with!.path).toBe('conform-report');
  });
});
