/**
 * Hourly request quotas of section 8 (INT-quota-window, INT-quota-builder): a fixed window per user (per
 * client address for anonymous callers), in memory. The window length and a scale of the limits are
 * configurable, so tests need not send thousands of requests.
 */
import { QUOTAS, USER_LEVELS } from '../../specs/model/index.ts';
import type { User } from './accounts.ts';

export interface QuotaOptions {
  readonly windowSeconds?: number;
  /** Multiplies every limit (at least 1 request per window remains). Default 1. */
  readonly scale?: number;
}

function perHour(who: (typeof QUOTAS)[number]['who']): number {
  return QUOTAS.find((q) => q.who === who)!.perHour;
}

const PLATINUM_LEVEL = USER_LEVELS.find((l) => l.role === 'Platinum')!.level;

/** The documented hourly limit for a caller: the role's own quota, or Platinum's from Builder up. */
export function hourlyLimit(user: User | null): number {
  if (user === null) return perHour('anonymous');
  if (user.level >= PLATINUM_LEVEL) return perHour('Platinum');
  const role = USER_LEVELS.find((l) => l.level === user.level)?.role;
  const q = QUOTAS.find((x) => x.who === role);
  return q ? q.perHour : perHour('Member');
}

export class QuotaTracker {
  private readonly windowMs: number;
  private readonly scale: number;
  private window = -1;
  private counts = new Map<string, number>();

  constructor(options: QuotaOptions = {}) {
    this.windowMs = Math.max(1, (options.windowSeconds ?? 3600) * 1000);
    this.scale = options.scale ?? 1;
  }

  /** Forgets every count: a new window starts with the next request. */
  reset(): void {
    this.window = -1;
    this.counts = new Map();
  }

  limitFor(user: User | null): number {
    return Math.max(1, Math.floor(hourlyLimit(user) * this.scale));
  }

  /** Whole seconds until the current window ends and every count starts afresh (at least 1). */
  secondsLeft(now = Date.now()): number {
    return Math.max(1, Math.ceil(((Math.floor(now / this.windowMs) + 1) * this.windowMs - now) / 1000));
  }

  /** Counts one request; false when the caller is over its quota in the current window. */
  take(user: User | null, clientAddress: string): boolean {
    const w = Math.floor(Date.now() / this.windowMs);
    if (w !== this.window) {
      this.window = w;
      this.counts = new Map();
    }
    const key = user ? `u:${user.id}` : `a:${clientAddress}`;
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= this.limitFor(user);
  }
}
