/** Builds the shared context of a suite file: client, accounts, target, world, seeded randomness. */
import { hasRequirement, requirementIds } from '../../specs/requirements/index.ts';
import type { CheckContext, RootCause, World } from './check.ts';
import { Blocked, CheckFailure } from './check.ts';
import type { RunConfig } from './config.ts';
import { loadAccounts } from './accounts.ts';
import type { HarSink } from './http.ts';
import { HttpClient } from './http.ts';
import { Redactor } from './redact.ts';
import { ledgerOf } from './spend.ts';
import { DEFAULT_THROTTLING, Target } from './target.ts';

/** mulberry32: a small, fast, seedable generator; the same seed gives the same inputs. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The root cause a failed set-up step of `kind` becomes. */
export function rootCauseOf(kind: string, what: string, err: CheckFailure): RootCause {
  const d = err.detail;
  const served = d.operation ? requirementIds.served(d.operation) : undefined;
  const requirement = d.cause?.requirement ?? d.requirement ?? (served && hasRequirement(served) ? served : undefined);
  return {
    id: `setup/${kind}`,
    fn: `set_up_${kind.replace(/[^a-z0-9]+/gi, '_')}`,
    description: `set-up: ${what}, for the checks that need one`,
    ...(requirement ? { requirement } : {}),
    ...(d.operation ? { operation: d.operation } : {}),
    message: err.message,
    ...(d.expected !== undefined ? { expected: d.expected } : {}),
    ...(d.actual !== undefined ? { actual: d.actual } : {}),
    exchanges: d.exchange ? [d.exchange] : [],
    ...(d.interpretation ? { interpretation: d.interpretation } : {}),
    ...(d.cause ? { cause: d.cause } : {}),
  };
}

export function createWorld(): World {
  const cache = new Map<string, Promise<unknown>>();
  const failed = new Map<string, RootCause>();
  return {
    async setup<T>(kind: string, what: string, make: () => Promise<T>): Promise<T> {
      const known = failed.get(kind);
      if (known) throw new Blocked(known);
      try {
        return await make();
      } catch (err) {
        if (!(err instanceof CheckFailure)) throw err;
        const root = rootCauseOf(kind, what, err);
        failed.set(kind, root);
        throw new Blocked(root);
      }
    },
    get<T>(key: string, make: () => Promise<T>): Promise<T> {
      let p = cache.get(key) as Promise<T> | undefined;
      if (!p) {
        p = make();
        cache.set(key, p);
        // A failed set-up is retried by the next check that needs it, rather than poisoning them all.
        p.catch(() => cache.delete(key));
      }
      return p;
    },
  };
}

export async function createContext(config: RunConfig, targetUrl: string, label: string, har?: HarSink, onWait?: (what: string) => void): Promise<{ ctx: Omit<CheckContext, 'note'>; close(): Promise<void> }> {
  const redactor = new Redactor();
  const accounts = await loadAccounts(config.accountsPath, config.variant, redactor);
  const http = new HttpClient({ timeoutMs: config.timeoutMs, maxBodyBytes: config.maxBodyBytes, redactor, readOnly: config.readOnly, ...(har ? { har } : {}) });
  const target = new Target(targetUrl, config.variant, accounts, http, { ...DEFAULT_THROTTLING, deadline: config.deadline ?? 0, ...(onWait ? { onWait } : {}) }, undefined, ledgerOf(config));
  const random = seededRandom(config.seed ^ hash(label));
  let counter = 0;
  const prefix = `${config.prefix}${label.slice(0, 2)}`;
  const ctx: Omit<CheckContext, 'note'> = {
    target,
    variant: config.variant,
    accounts,
    prefix,
    random,
    unique: (what: string) => `${prefix}_${what.replace(/\s+/g, '_')}_${(++counter).toString(36)}`,
    world: createWorld(),
    source: { host: config.sourceHost ?? '127.0.0.1', ...(config.sourceUrlBase ? { urlBase: config.sourceUrlBase } : {}) },
    concurrency: Math.max(1, config.concurrency ?? 1),
    readOnly: config.readOnly,
    freshTarget: config.freshTarget === true,
  };
  return { ctx, close: () => http.close() };
}

/**
 * Opens a suite: its context against the run's target or, without one (plain `vitest --project
 * suites`), against an embedded reference server of the variant started for it. `close` stops both.
 */
export async function openSuite(config: RunConfig, name: string, har?: HarSink, onWait?: (what: string) => void): Promise<{ ctx: Omit<CheckContext, 'note'>; close(): Promise<void> }> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    let url = config.target;
    if (!url) {
      const { startServer } = await import('../server/index.ts');
      const server = await startServer({ variant: config.variant, port: 0, allowFetch: ['127.0.0.1'] });
      cleanups.push(() => server.close());
      url = server.url;
    }
    const created = await createContext(config, url, name, har, onWait);
    cleanups.push(created.close);
    return { ctx: created.ctx, close };
  } catch (err) {
    await close();
    throw err;
  }
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
