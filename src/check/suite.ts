/**
 * Glue between checks and vitest: a suite file calls `conformSuite(name, checks)` and each selected
 * check becomes a vitest test whose result travels to the CLI in `task.meta.conform`. A failing
 * MUST check (or SHOULD check with --strict) fails its test, so plain `vitest --project suites` tells
 * the same story as `conform check`.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Variant } from '../../specs/model/index.ts';
import type { Check, CheckContext } from './check.ts';
import { configFromEnv } from './config.ts';
import { createContext } from './context.ts';
import type { CheckResult } from './result.ts';
import { runCheck } from './run-check.ts';
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
  let ctx: Omit<CheckContext, 'note'> | undefined;
  const cleanups: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    let url = config.target;
    if (!url) {
      // Plain vitest without a target: check the embedded reference server of the variant.
      const { startServer } = await import('../server/index.ts');
      const server = await startServer({ variant: config.variant, port: 0, allowFetch: ['127.0.0.1'] });
      cleanups.push(() => server.close());
      url = server.url;
    }
    const created = await createContext(config, url, name);
    ctx = created.ctx;
    cleanups.push(created.close);
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  describe(name, () => {
    if (checks.length === 0) {
      it.skip('no check of this suite is selected for this run', () => {});
      return;
    }
    for (const check of checks) {
      it(check.id, async ({ task, skip }) => {
        const result = await runCheck(check, ctx!, config.strict, config.deadline);
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
