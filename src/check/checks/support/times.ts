/**
 * Times of records compared as instants (INT-time-format): a target may write them in any zone with its
 * offset (the service family writes US Eastern time, `2013-03-02T10:11:12-05:00`) and to the second or
 * finer. Two times of which one is written to the second are compared to the second: the finer one's
 * fraction says nothing the other could disagree with.
 */
import type { CheckContext } from '../../check.ts';

export interface Instant {
  /** Milliseconds since the epoch. */
  readonly ms: number;
  /** Written to the second only (no fraction of a second). */
  readonly toTheSecond: boolean;
}

/** An ISO 8601 date and time with an offset (or `Z`, or Rails' ` UTC`); undefined for anything else. */
const ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|UTC|[+-]\d{2}:?\d{2})$/i;

/** Reads a time as an instant; undefined when it is not a time with a zone. */
export function instant(text: string): Instant | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const zone = /^(z|utc)$/i.test(m[4]!) ? 'Z' : m[4]!.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(`${m[1]}T${m[2]}${m[3] ? m[3].slice(0, 4).padEnd(4, '0') : ''}${zone}`);
  return Number.isNaN(ms) ? undefined : { ms, toTheSecond: m[3] === undefined };
}

/** a - b, at the resolution both are written to: whole seconds when either is written to the second. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.toTheSecond || b.toTheSecond) return Math.floor(a.ms / 1000) - Math.floor(b.ms / 1000);
  return a.ms - b.ms;
}

/**
 * Two written times compared as instants: negative, zero or positive as `a` is before, at or after `b`;
 * times that are not read as instants compare as their text (equal or not: NaN when they differ).
 */
export function compareTimes(a: string, b: string): number {
  const [x, y] = [instant(a), instant(b)];
  if (x && y) return compareInstants(x, y);
  return a === b ? 0 : NaN;
}

/**
 * Where a check is to see a change of a time written to the second, waits a second, so that a change made
 * next falls in a later second than the time read before it; a time written finer needs no wait.
 */
export async function nextSecondWhenCoarse(ctx: CheckContext, ...times: readonly (string | undefined)[]): Promise<void> {
  if (times.some((t) => t !== undefined && instant(t)?.toTheSecond === true)) await ctx.target.http.pause(1000);
}
