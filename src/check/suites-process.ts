/**
 * The suites' process of `conform check`: runs the suites of the registry one after another in this
 * plain Node process and sends each check's result, the errors outside any check and the process's
 * peak memory to the parent over the IPC channel. The run's settings come from CONFORM_* variables
 * (./config.ts). The same suites run under vitest too (suites/http/*.suite.ts and ./suite.ts); this
 * process spares a run the test runner's start-up, which was most of the fixed cost of a run.
 */
import type { Check } from './check.ts';
import { levelOf } from './check.ts';
import { checks as fuzzChecks, fuzzOptionsOf } from './checks/fuzz.ts';
import type { RunConfig } from './config.ts';
import { configFromEnv } from './config.ts';
import { openSuite } from './context.ts';
import { SUITES } from './registry.ts';
import type { CheckResult } from './result.ts';
import { runCheck } from './run-check.ts';
import { selectChecks } from './select.ts';

export type SuiteMessage =
  | { readonly type: 'result'; readonly result: CheckResult }
  | { readonly type: 'error'; readonly message: string }
  | { readonly type: 'end'; readonly peakRssBytes: number };

/** A check that has not ended after this long is reported as broken and the suite goes on. */
export const CHECK_TIMEOUT_MS = 60_000;

function send(message: SuiteMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

/** The result of a check that could not run or did not end: a fault of the run, not of the target. */
function notRun(check: Check, message: string): CheckResult {
  return {
    check: check.id,
    fn: check.fn,
    description: check.description,
    requirements: check.requirements,
    level: levelOf(check),
    resource: check.resource,
    ...(check.operation ? { operation: check.operation } : {}),
    status: 'fail',
    message,
    exchanges: [],
    requests: 0,
    durationMs: 0,
    internalError: true,
  };
}

function checksOf(entry: (typeof SUITES)[keyof typeof SUITES], config: RunConfig): Check[] {
  if (entry === SUITES.fuzz) return fuzzChecks(config.variant, fuzzOptionsOf(config));
  return entry.checks(config.variant);
}

async function runWithTimeout(check: Check, run: () => Promise<CheckResult>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve(notRun(check, `the check did not end within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  const config = configFromEnv();
  for (const entry of Object.values(SUITES)) {
    let checks: Check[];
    try {
      checks = selectChecks(checksOf(entry, config), config, config.phase);
    } catch (err) {
      await send({ type: 'error', message: `suite ${entry.name}: ${firstLine(err)}` });
      continue;
    }
    if (checks.length === 0) continue;
    let opened: Awaited<ReturnType<typeof openSuite>>;
    try {
      opened = await openSuite(config, entry.name);
    } catch (err) {
      for (const check of checks) await send({ type: 'result', result: notRun(check, `the suite could not run this check: ${firstLine(err)}`) });
      continue;
    }
    try {
      for (const check of checks) {
        const result = await runWithTimeout(check, () => runCheck(check, opened.ctx, config.strict, config.deadline));
        await send({ type: 'result', result });
      }
    } finally {
      await opened.close().catch((err: unknown) => send({ type: 'error', message: `suite ${entry.name}: closing: ${firstLine(err)}` }));
    }
  }
}

process.on('unhandledRejection', (err) => void send({ type: 'error', message: `unhandled rejection: ${firstLine(err)}` }));
// The parent went away (killed, crashed): nobody reads the results any more.
process.on('disconnect', () => process.exit(0));
try {
  await main();
} catch (err) {
  await send({ type: 'error', message: firstLine(err) });
}
await send({ type: 'end', peakRssBytes: process.resourceUsage().maxRSS * 1024 });
// Open handles (a check that never ended, a hostile target's socket) must not keep the process alive.
process.disconnect?.();
process.exit(0);
