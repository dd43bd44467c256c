/**
 * The vitest reporter of the suites' process: sends each check's result, the errors outside any
 * check, and the process's peak memory to the parent `conform` process over the IPC channel.
 */
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from 'vitest';
import { REPO_ROOT } from '../paths.ts';
import type { CheckResult } from './result.ts';

export type SuiteMessage =
  | { readonly type: 'result'; readonly result: CheckResult }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'end'; readonly peakRssBytes: number };

function send(message: SuiteMessage): void {
  process.send?.(message);
}

/** A failed test that carries no check result: its suite could not run it. */
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

export default class IpcReporter implements Reporter {
  onTestCaseResult(tc: TestCase): void {
    const result = tc.meta().conform ?? resultWithoutMeta(tc);
    if (result) send({ type: 'result', result });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>): void {
    for (const m of modules) for (const e of m.errors()) send({ type: 'error', message: `${m.moduleId.replace(REPO_ROOT, '')}: ${e.message}` });
    for (const e of unhandled) send({ type: 'error', message: e.message ?? String(e) });
    send({ type: 'end', peakRssBytes: process.resourceUsage().maxRSS * 1024 });
  }
}
