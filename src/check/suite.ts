/**
 * Glue between checks and vitest: a suite file calls `conformSuite(name, checks)` and each selected
 * check becomes a vitest test carrying its result in `task.meta.conform`. A failing MUST check (or
 * SHOULD check with --strict) fails its test, so plain `vitest --project suites` tells the same story
 * as `conform check`, which runs the same suites without a test runner (./suites-process.ts).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import type { Check } from './check.ts';
import { configFromEnv } from './config.ts';
import { openSuite } from './context.ts';
import type { CheckResult } from './result.ts';
import { runWatchedCheck } from './run-check.ts';
import { selectChecks } from './select.ts';

declare module 'vitest' {
  interface TaskMeta {
    conform?: CheckResult;
  }
}

export function formatFailure(r: CheckResult): string {
  return [
    `${r.check} (${r.fn}) ${r.status.toUpperCase()} [${r.failedRequirement ?? r.requirements.join(', ')}]`,
    r.message,
    r.expected !== undefined ? `expected: ${r.expected}` : undefined,
    r.actual !== undefined ? `actual:   ${r.actual}` : undefined,
    ...r.exchanges.slice(-1).map((e) => `request:  ${e.request.method} ${e.request.url}${e.response ? `\nresponse: ${e.response.status} ${e.response.body.slice(0, 300)}` : ''}`),
  ]
    .filter(Boolean)
    .join('\n');
}

export function conformSuite(name: string, checksFor: (variant: Variant) => Check[]): void {
  const config = configFromEnv();
  const checks = selectChecks(checksFor(config.variant), config, config.phase);
  let opened: Awaited<ReturnType<typeof openSuite>> | undefined;

  beforeAll(async () => {
    opened = await openSuite(config, name);
  });

  afterAll(async () => {
    await opened?.close();
  });

  describe(name, () => {
    if (checks.length === 0) {
      it.skip('no check of this suite is selected for this run', () => {});
      return;
    }
    for (const check of checks) {
      // No vitest time limit (0): a check of many requests (the quota tier) takes as long as they
      // do, and one that stops making progress is cut off by the watch of runWatchedCheck.
      it(check.id, { timeout: 0 }, async ({ task, skip }) => {
        const result = await runWatchedCheck(check, opened!.ctx, config.strict, config.deadline);
        task.meta.conform = result;
        if (result.status === 'skip') skip(result.message);
        if (result.status === 'blocked') {
          // A blocked MUST check is not a pass (nor, with --strict, a blocked SHOULD check).
          if (result.level === 'MUST' || config.strict) throw new Error(formatFailure(result));
          skip(result.message);
        }
        if (result.status === 'fail') throw new Error(formatFailure(result));
      });
    }
  });
}
