/**
 * Runs the conformance suites (vitest project `suites`) in process and collects one result per
 * check from the tests' metadata. The suites read the run's settings from CONFORM_* variables.
 */
import type { Reporter, TestCase } from 'vitest/node';
import { startVitest } from 'vitest/node';
import { join } from 'node:path';
import { REPO_ROOT } from '../spec/generated.ts';
import type { RunConfig } from './config.ts';
import { configToEnv } from './config.ts';
import type { CheckResult } from './result.ts';

export interface RunOutcome {
  readonly results: CheckResult[];
  /** Errors outside any check (a suite that could not start, an unhandled rejection). */
  readonly errors: string[];
}

function resultWithoutMeta(tc: TestCase): CheckResult | undefined {
  const r = tc.result();
  if (r.state !== 'failed') return undefined;
  const message = r.errors?.[0]?.message ?? 'the test failed before the check ran';
  return {
    check: tc.name,
    fn: 'suite_setup',
    description: `set-up of ${tc.module.moduleId.replace(REPO_ROOT, '')}`,
    requirements: [],
    level: 'MUST',
    resource: 'protocol',
    status: 'fail',
    message: `the suite could not run this check: ${message.split('\n')[0]}`,
    exchanges: [],
    requests: 0,
    durationMs: 0,
    internalError: true,
  };
}

/** Runs every selected check: the main pass, then (with --include-quota) the quota tier alone. */
export async function runSuites(config: RunConfig, onResult: (r: CheckResult) => void = () => {}): Promise<RunOutcome> {
  const main = await runPass({ ...config, phase: 'main' }, [], onResult);
  if (!config.includeQuota) return main;
  const quota = await runPass({ ...config, phase: 'quota' }, ['suites/http/quota.suite.ts'], onResult);
  return { results: [...main.results, ...quota.results], errors: [...main.errors, ...quota.errors] };
}

async function runPass(config: RunConfig, files: string[], onResult: (r: CheckResult) => void): Promise<RunOutcome> {
  const results: CheckResult[] = [];
  const errors: string[] = [];
  const saved = { ...process.env };
  Object.assign(process.env, configToEnv(config));
  const reporter: Reporter = {
    onTestCaseResult(tc) {
      const r = tc.meta().conform ?? resultWithoutMeta(tc);
      if (r) {
        results.push(r);
        onResult(r);
      }
    },
    onTestRunEnd(_modules, unhandled) {
      for (const e of unhandled) errors.push(e.message ?? String(e));
    },
  };
  const exitCode = process.exitCode;
  try {
    const vitest = await startVitest('test', files, {
      root: REPO_ROOT,
      config: join(REPO_ROOT, 'vitest.config.ts'),
      project: ['suites'],
      watch: false,
      reporters: [reporter],
    } as Parameters<typeof startVitest>[2]);
    for (const module of vitest.state.getTestModules()) {
      for (const e of module.errors()) errors.push(`${module.moduleId.replace(REPO_ROOT, '')}: ${e.message}`);
    }
    await vitest.close();
  } finally {
    process.exitCode = exitCode; // vitest sets it on failing tests; the verdict decides ours
    for (const key of Object.keys(configToEnv(config))) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
  return { results, errors };
}
