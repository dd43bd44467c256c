/**
 * Hourly request quotas of section 8 (INT-quota-window, INT-quota-builder): a fixed window per user (per
 * client address for anonymous callers). Counted in memory by a server that is alone on its database
 * (the embedded one), and in the database (table request_quota) by servers that share one PostgreSQL:
 * there every instance counts in the same row, so instances behind one load balancer grant a caller its
 * quota once between them. The window length and a scale of the limits are configurable, so tests need
 * not send thousands of requests.
 */
import { QUOTAS, USER_LEVELS } from '../../specs/model/index.ts';
import type { User } from './accounts.ts';
import type { Queryable } from './db/index.ts';

export interface QuotaOptions {
  readonly windowSeconds?: number;
  /** Multiplies every limit (at least 1 request per window remains). Default 1. */
  readonly scale?: number;
  /** Count in this database (shared with other instances) instead of in memory. */
  readonly shared?: Queryable;
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
  private readonly shared: Queryable | undefined;
  private window = -1;
  private counts = new Map<string, number>();
  /** A reset of the shared counts in flight: the next count waits for it. */
  private resetting: Promise<unknown> = Promise.resolve();

  constructor(options: QuotaOptions = {}) {
    this.windowMs = Math.max(1, (options.windowSeconds ?? 3600) * 1000);
    this.scale = options.scale ?? 1;
    this.shared = options.shared;
  }

  /** Forgets every count: a new window starts with the next request. */
  reset(): void {
    this.window = -1;
    this.counts = new Map();
    if (this.shared) this.resetting = this.shared.query('DELETE FROM request_quota').catch(() => undefined);
  }

  limitFor(user: User | null): number {
    return Math.max(1, Math.floor(hourlyLimit(user) * this.scale));
  }

  /** Whole seconds until the current window ends and every count starts afresh (at least 1). */
  secondsLeft(now = Date.now()): number {
    return Math.max(1, Math.ceil(((Math.floor(now / this.windowMs) + 1) * this.windowMs - now) / 1000));
  }

  /** Counts one request; false when the caller is over its quota (or `share` of it) in the current window. */
  async take(user: User | null, clientAddress: string, share = 1): Promise<boolean> {
    const w = Math.floor(Date.now() / this.windowMs);
    const key = user ? `u:${user.id}` : `a:${clientAddress}`;
    const limit = Math.max(1, Math.floor(this.limitFor(user) * share));
    if (this.shared) return (await this.takeShared(w, key)) <= limit;
    if (w !== this.window) {
      this.window = w;
      this.counts = new Map();
    }
    const n = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, n);
    return n <= limit;
  }

  /** The caller's count in window `w` after this request, counted in the shared table in one statement. */
  private async takeShared(w: number, key: string): Promise<number> {
    const db = this.shared!;
    await this.resetting;
    if (w !== this.window) {
      // The first request of a window this instance sees clears the rows of past windows.
      this.window = w;
      await db.query('DELETE FROM request_quota WHERE window_start < $1', [w]);
    }
    const rows = await db.query<{ requests: number }>(
      `INSERT INTO request_quota (window_start, caller, requests) VALUES ($1, $2, 1)
       ON CONFLICT (window_start, caller) DO UPDATE SET requests = request_quota.requests + 1
       RETURNING requests`,
      [w, key],
    );
    return Number(rows[0]!.requests);
  }
}
