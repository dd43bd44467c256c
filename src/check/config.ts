/**
 * One run's settings. The CLI builds them from its flags and hands them to the vitest suites through
 * environment variables (CONFORM_*), so the suites also run under plain vitest.
 */
import { join } from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import { REPO_ROOT } from '../paths.ts';

export interface RunConfig {
  /** Base URL of the target; empty: the suites start the embedded reference server themselves. */
  readonly target: string;
  readonly variant: Variant;
  readonly accountsPath: string;
  /** Globs over check ids, requirement ids, resources and operation ids. */
  readonly only: readonly string[];
  readonly strict: boolean;
  readonly readOnly: boolean;
  readonly includeQuota: boolean;
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  readonly seed: number;
  /** Prefix of every name the run creates on the target. */
  readonly prefix: string;
  /** Which checks this pass runs: the quota tier and the generative phase run alone, after the others. */
  readonly phase: 'main' | 'quota' | 'fuzz' | 'all';
  /** Generated requests per operation in the generative phase (--fuzz N); 0 or absent: no such phase. */
  readonly fuzz?: number;
  /** Seed of a shuffled order of suites and checks (--shuffle); absent: the registry's order. */
  readonly shuffle?: number;
  /**
   * Checks in flight at once (--concurrency); absent or 1: one at a time. A check that declares
   * `exclusive` runs alone, one that declares `late` after the others (./schedule.ts).
   */
  readonly concurrency?: number;
  /** Epoch milliseconds after which no check starts (0: none); the rest are reported as not run. */
  readonly deadline?: number;
  /** Address the checker's file server for source downloads listens on (default 127.0.0.1). */
  readonly sourceHost?: string;
  /** Base URL of that file server as the target must use it (another network namespace, a container). */
  readonly sourceUrlBase?: string;
  /** Append every exchange to this started HAR file (--har). */
  readonly har?: string;
  /** Run only these checks, by id (--rerun-failed: the failures of an earlier report). */
  readonly checks?: readonly string[];
  /**
   * The target was started for this run (the embedded server, --image, or --fresh-target): no one
   * else spent its hourly quotas, so what this run sent is all it served (INT-quota-lower-side).
   */
  readonly freshTarget?: boolean;
  /** Requests earlier passes of this run sent, by caller (account name, or `anonymous`). */
  readonly spent?: Readonly<Record<string, number>>;
}

export const DEFAULT_ACCOUNTS = join(REPO_ROOT, 'fixtures', 'accounts.json');

export const DEFAULTS = {
  timeoutMs: 10_000,
  /** The largest documented answer (100 posts) is well under 1 MiB. */
  maxBodyBytes: 4 * 1024 * 1024,
  /** A full certification takes seconds; fifteen minutes bounds a run against a target that crawls. */
  deadlineSeconds: 900,
  /**
   * Checks in flight at once against a --target: a distant target's round trips overlap, so a run
   * takes little more than its direct time. bench/distant.ts, a full A through a relay that holds every
   * answer back 20 ms (2-core machine, client and server sharing the cores; the direct sequential run
   * 3.8-4.5 s): 12 at a time 5.6-5.7 s, 16 4.8-5.1 s, 20 4.7 s, 24 4.5-4.7 s; directly, 12, 16 and 24 alike
   * (3.1-3.5 s). The client's peak memory grows with it (12: 184-192 MiB, 16: 190-198, 24: 193-197):
   * sixteen takes most of the gain and keeps a small server's load modest.
   */
  concurrencyTarget: 16,
  /**
   * Against the embedded reference server, which shares this machine: measured faster than one at a
   * time (bench/check-full.ts), as the checks' and the server's work overlap.
   */
  concurrencyEmbedded: 2,
} as const;

export function runPrefix(seed: number): string {
  return `cf${seed.toString(36)}${Date.now().toString(36).slice(-4)}`;
}

export function configToEnv(c: RunConfig): Record<string, string> {
  return {
    CONFORM_TARGET: c.target,
    CONFORM_VARIANT: c.variant,
    CONFORM_ACCOUNTS: c.accountsPath,
    CONFORM_ONLY: c.only.join(','),
    CONFORM_STRICT: c.strict ? '1' : '',
    CONFORM_READ_ONLY: c.readOnly ? '1' : '',
    CONFORM_INCLUDE_QUOTA: c.includeQuota ? '1' : '',
    CONFORM_TIMEOUT: String(c.timeoutMs),
    CONFORM_MAX_BODY: String(c.maxBodyBytes),
    CONFORM_SEED: String(c.seed),
    CONFORM_PREFIX: c.prefix,
    CONFORM_PHASE: c.phase,
    CONFORM_FUZZ: String(c.fuzz ?? 0),
    CONFORM_DEADLINE: String(c.deadline ?? 0),
    CONFORM_SHUFFLE: String(c.shuffle ?? ''),
    CONFORM_CONCURRENCY: String(c.concurrency ?? 1),
    CONFORM_SOURCE_HOST: c.sourceHost ?? '',
    CONFORM_SOURCE_URL_BASE: c.sourceUrlBase ?? '',
    CONFORM_HAR: c.har ?? '',
    CONFORM_CHECKS: c.checks ? JSON.stringify(c.checks) : '',
    CONFORM_FRESH_TARGET: c.freshTarget ? '1' : '',
    CONFORM_SPENT: c.spent ? JSON.stringify(c.spent) : '',
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RunConfig {
  const variant = (env.CONFORM_VARIANT ?? 'A').toUpperCase();
  if (variant !== 'A' && variant !== 'B') throw new Error(`CONFORM_VARIANT must be A or B, not ${variant}`);
  const seed = env.CONFORM_SEED ? Number(env.CONFORM_SEED) : Math.floor(Math.random() * 2 ** 31);
  return {
    target: env.CONFORM_TARGET ?? '',
    variant,
    accountsPath: env.CONFORM_ACCOUNTS || DEFAULT_ACCOUNTS,
    only: (env.CONFORM_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    strict: env.CONFORM_STRICT === '1',
    readOnly: env.CONFORM_READ_ONLY === '1',
    includeQuota: env.CONFORM_INCLUDE_QUOTA === '1',
    timeoutMs: Number(env.CONFORM_TIMEOUT) || DEFAULTS.timeoutMs,
    maxBodyBytes: Number(env.CONFORM_MAX_BODY) || DEFAULTS.maxBodyBytes,
    seed,
    prefix: env.CONFORM_PREFIX || runPrefix(seed),
    phase: env.CONFORM_PHASE === 'main' || env.CONFORM_PHASE === 'quota' || env.CONFORM_PHASE === 'fuzz' ? env.CONFORM_PHASE : 'all',
    fuzz: Number(env.CONFORM_FUZZ) || 0,
    deadline: Number(env.CONFORM_DEADLINE) || 0,
    ...(Number(env.CONFORM_CONCURRENCY) > 1 ? { concurrency: Math.floor(Number(env.CONFORM_CONCURRENCY)) } : {}),
    ...(Number(env.CONFORM_SHUFFLE) > 0 ? { shuffle: Number(env.CONFORM_SHUFFLE) } : {}),
    ...(env.CONFORM_SOURCE_HOST ? { sourceHost: env.CONFORM_SOURCE_HOST } : {}),
    ...(env.CONFORM_SOURCE_URL_BASE ? { sourceUrlBase: env.CONFORM_SOURCE_URL_BASE } : {}),
    ...(env.CONFORM_HAR ? { har: env.CONFORM_HAR } : {}),
    ...(env.CONFORM_CHECKS ? { checks: JSON.parse(env.CONFORM_CHECKS) as string[] } : {}),
    ...(env.CONFORM_FRESH_TARGET === '1' ? { freshTarget: true } : {}),
    ...(env.CONFORM_SPENT ? { spent: JSON.parse(env.CONFORM_SPENT) as Record<string, number> } : {}),
  };
}
