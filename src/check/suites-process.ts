/**
 * The suites' process of `conform check`: runs the suites of the registry (with --concurrency, several checks at once: ./schedule.ts) in this
 * plain Node process and sends each check's result, the errors outside any check and the process's
 * peak memory to the parent over the IPC channel. The run's settings come from CONFORM_* variables
 * (./config.ts). The same suites run under vitest too (suites/http/*.suite.ts and ./suite.ts); this
 * process spares a run the test runner's start-up, which was most of the fixed cost of a run.
 */
import type { Check } from './check.ts';
import { stageOf } from './check.ts';
import { checks as fuzzChecks, fuzzOptionsOf } from './checks/fuzz.ts';
import type { RunConfig } from './config.ts';
import { configFromEnv } from './config.ts';
import { peakRssBytes } from './memory.ts';
import { openSuite } from './context.ts';
import { HarAppender } from './har.ts';
import type { HarSink } from './http.ts';
import type { SuiteEntry } from './registry.ts';
import { SUITES } from './registry.ts';
import type { CheckResult } from './result.ts';
import { notRun, runWatchedCheck } from './run-check.ts';
import { schedule } from './schedule.ts';
import { selectChecks } from './select.ts';
import { ledgerOf } from './spend.ts';

/** From this process to its parent. */
export type SuiteMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly result: CheckResult }
  | { readonly type: 'error'; readonly message: string }
  /** The run waits: a throttling answer holds back every check (at most one such message every few seconds). */
  | { readonly type: 'notice'; readonly message: string }
  | { readonly type: 'end'; readonly peakRssBytes: number; readonly spent?: Readonly<Record<string, number>> }
  /** Messages of a few milliseconds sent as one (each write to the channel costs a system call and a wake-up). */
  | { readonly type: 'batch'; readonly messages: readonly SuiteMessage[] };

/** From the parent, once this process has loaded its modules: the run's settings, as CONFORM_* variables. */
export interface SuitesStart {
  readonly type: 'start';
  readonly env: Record<string, string>;
}

/** How long results wait to be sent with the next ones. */
const BATCH_MS = 10;
let queued: SuiteMessage[] = [];
let batchTimer: NodeJS.Timeout | undefined;

/** One message for the channel: `messages` as they are when alone, else as a batch. */
function framed(messages: readonly SuiteMessage[]): SuiteMessage {
  return messages.length === 1 ? messages[0]! : { type: 'batch', messages };
}

/** Sends `message` now, after the queued ones, and resolves once it is written. */
function send(message: SuiteMessage): Promise<void> {
  const messages = [...queued, message];
  queued = [];
  clearTimeout(batchTimer);
  batchTimer = undefined;
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(framed(messages), undefined, {}, () => resolve());
  });
}

/** Queues `message` (a result, an error) to be sent within BATCH_MS with the others of that time. */
function post(message: SuiteMessage): void {
  queued.push(message);
  batchTimer ??= setTimeout(() => {
    batchTimer = undefined;
    const messages = queued;
    queued = [];
    if (messages.length > 0) process.send?.(framed(messages));
  }, BATCH_MS);
}

/** How often the run says it waits on throttling: once, then again while waits go on. */
const NOTICE_EVERY_MS = 5_000;
let lastNotice = -Infinity;

function notice(message: string): void {
  const now = performance.now();
  if (now - lastNotice < NOTICE_EVERY_MS) return;
  lastNotice = now;
  post({ type: 'notice', message });
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0]!;
}

function checksOf(entry: (typeof SUITES)[keyof typeof SUITES], config: RunConfig): Check[] {
  if (entry === SUITES.fuzz) return fuzzChecks(config.variant, fuzzOptionsOf(config));
  return entry.checks(config.variant);
}

/** A deterministic shuffle (mulberry32 on `seed`), so a shuffled run can be repeated. */
function shuffled<T>(items: readonly T[], seed: number | undefined): T[] {
  const out = [...items];
  if (seed === undefined) return out;
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

type Opened = Awaited<ReturnType<typeof openSuite>>;

/** One suite of the run: its checks, its context while any of them is yet to end, and how many are left. */
interface SuiteRun {
  readonly entry: SuiteEntry;
  readonly checks: readonly Check[];
  opened?: Promise<Opened | Error>;
  left: number;
}

/** The settings of this pass, once read: their spend ledger goes back to the parent at the end. */
let passConfig: RunConfig | undefined;

async function main(): Promise<void> {
  const config = (passConfig = configFromEnv());
  // The quota tier and the generative phase stay last: they send many requests and run alone.
  const ordered = Object.values(SUITES);
  const last = [SUITES.quota, SUITES.fuzz] as readonly SuiteEntry[];
  const suites = [...shuffled(ordered.filter((e) => !last.includes(e)), config.shuffle), ...last];
  // --har: every suite's client appends to the run's HAR file (started and ended by the CLI).
  const appender = config.har ? new HarAppender(config.har) : undefined;
  const har: HarSink | undefined = appender ? { append: (e) => appender.append(e), prefix: config.prefix } : undefined;
  try {
    await runSuites(suites, config, har);
  } finally {
    appender?.close();
  }
}

async function runSuites(suites: readonly SuiteEntry[], config: RunConfig, har: HarSink | undefined): Promise<void> {
  const runs: SuiteRun[] = [];
  for (const entry of suites) {
    try {
      const checks = shuffled(selectChecks(checksOf(entry, config), config, config.phase), config.shuffle);
      if (checks.length > 0) runs.push({ entry, checks, left: checks.length });
    } catch (err) {
      post({ type: 'error', message: `suite ${entry.name}: ${firstLine(err)}` });
    }
  }
  // Each suite's context is opened when its first check starts and closed when its last one ends: one
  // at a time, suites follow each other as before; with --concurrency, the next suite's checks start
  // while the last of the previous one are still in flight.
  const open = (run: SuiteRun): Promise<Opened | Error> =>
    (run.opened ??= openSuite(config, run.entry.name, har, notice).catch((err: unknown) => new Error(firstLine(err))));
  const items = runs.flatMap((run) => run.checks.map((check) => ({ run, check })));
  await schedule(
    items,
    config.concurrency ?? 1,
    (item) => stageOf(item.check),
    async ({ run, check }) => {
      const opened = await open(run);
      try {
        const result =
          opened instanceof Error
            ? notRun(check, `the suite could not run this check: ${opened.message}`)
            : await runWatchedCheck(check, opened.ctx, config.strict, config.deadline).catch((err: unknown) => notRun(check, `the check could not run: ${firstLine(err)}`));
        post({ type: 'result', result });
      } finally {
        if (--run.left === 0 && !(opened instanceof Error)) {
          await opened.close().catch((err: unknown) => post({ type: 'error', message: `suite ${run.entry.name}: closing: ${firstLine(err)}` }));
        }
      }
    },
  );
}

process.on('unhandledRejection', (err) => post({ type: 'error', message: `unhandled rejection: ${firstLine(err)}` }));
// The parent went away (killed, crashed): nobody reads the results any more.
process.on('disconnect', () => process.exit(0));
// Loaded: wait for the run's settings (the parent may start this process before its target is up).
if (process.send) {
  const start = await new Promise<SuitesStart>((resolve) => {
    const onMessage = (m: SuitesStart) => {
      if (m.type !== 'start') return;
      process.off('message', onMessage);
      resolve(m);
    };
    process.on('message', onMessage);
    void send({ type: 'ready' });
  });
  Object.assign(process.env, start.env);
}
try {
  await main();
} catch (err) {
  await send({ type: 'error', message: firstLine(err) });
}
await send({ type: 'end', peakRssBytes: peakRssBytes(), ...(passConfig ? { spent: ledgerOf(passConfig).toJSON() } : {}) });
// Open handles (a check that never ended, a hostile target's socket) must not keep the process alive.
process.disconnect?.();
process.exit(0);
