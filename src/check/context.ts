/** Builds the shared context of a suite file: client, accounts, target, world, seeded randomness. */
import type { CheckContext, World } from './check.ts';
import type { RunConfig } from './config.ts';
import { loadAccounts } from './accounts.ts';
import { HttpClient } from './http.ts';
import { Redactor } from './redact.ts';
import { Target } from './target.ts';

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

export function createWorld(): World {
  const cache = new Map<string, Promise<unknown>>();
  return {
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

export async function createContext(config: RunConfig, targetUrl: string, label: string): Promise<{ ctx: Omit<CheckContext, 'note'>; close(): Promise<void> }> {
  const redactor = new Redactor();
  const accounts = await loadAccounts(config.accountsPath, config.variant, redactor);
  const http = new HttpClient({ timeoutMs: config.timeoutMs, maxBodyBytes: config.maxBodyBytes, redactor, readOnly: config.readOnly });
  const target = new Target(targetUrl, config.variant, accounts, http);
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
  };
  return { ctx, close: () => http.close() };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}
