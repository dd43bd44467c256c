/**
 * examples/github-actions.yml, the CI example of the README: the summary and the report are published
 * after a failure and after a cancel, and the cancel's signal reaches `conform` itself.
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
const check = steps.findIndex((s) => /conform\.js check /.test(s.run ?? ''));

describe('the CI example', () => {
  it('runs conform as the step\'s own process, so a cancel\'s SIGINT reaches it and it writes its reports', () => {
    expect(check).toBeGreaterThan(0);
    const script = steps[check]!.run!.trim().split('\n');
    expect(script.find((l) => l.includes('conform.js check'))).toMatch(/^exec node bin\/conform\.js check /);
    expect(steps[check]!.run).toContain('--report "$RUNNER_TEMP/conform-report"');
  });

  it('publishes summary.md and keeps the report after the check step, whatever it ended with (always())', () => {
    const after = steps.slice(check + 1);
    const publish = after.find((s) => s.run?.includes('GITHUB_STEP_SUMMARY'))!;
    expect(publish.if).toBe('always()');
    expect(publish.run).toContain('"$RUNNER_TEMP/conform-report/summary.md"');
    // No summary (a usage error stops conform before the run): said so, not a failing `cat`.
    expect(publish.run).toMatch(/if \[ -f "\$RUNNER_TEMP\/conform-report\/summary\.md" \]/);
    const keep = after.find((s) => s.uses?.startsWith('actions/upload-artifact'))!;
    expect(keep.if).toBe('always()');
    expect(keep.with!.path).toBe('${{ runner.temp }}/conform-report');
  });
});
