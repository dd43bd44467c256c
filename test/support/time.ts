/**
 * Time limits of the tests, scaled to the machine. A limit is a ceiling, never a wait: tests wait on
 * readiness (a ready line, an exit, an answer), and a limit only ends a test that would otherwise hang.
 * On a slow or busy machine the same work takes longer, so every limit is multiplied by one factor:
 *
 * - CONFORM_TEST_TIME_FACTOR, when set (a number >= 1), e.g. on a CI machine known to be slow;
 * - otherwise measured once per `npm test` (vitest.config.ts) and handed to the workers in that variable:
 *   how much longer a fixed piece of work took than on an idle machine, and how many runnable processes
 *   there are per core (the load average), whichever is larger.
 */
import { createHash } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';

export const TIME_FACTOR_VARIABLE = 'CONFORM_TEST_TIME_FACTOR';

/** Milliseconds the probe's work takes on an idle core of an ordinary machine. */
const PROBE_REFERENCE_MS = 40;

/** Hashing a fixed buffer a fixed number of times: pure CPU, no I/O. */
function probeMs(): number {
  const data = Buffer.alloc(64 * 1024, 7);
  const started = performance.now();
  for (let i = 0; i < 400; i++) createHash('sha256').update(data).digest();
  return performance.now() - started;
}

/** The factor of this machine now (see above), between 1 and 10, rounded to a tenth. */
export function measureTimeFactor(): number {
  // The best of three: a single probe can be unlucky; a machine that is slow is slow in all three.
  const probe = Math.min(probeMs(), probeMs(), probeMs()) / PROBE_REFERENCE_MS;
  const load = loadavg()[0]! / availableParallelism();
  return Math.round(10 * Math.min(10, Math.max(1, probe, load))) / 10;
}

/** The factor the tests use: the variable's, or measured now (and kept in the variable for children). */
export function timeFactor(): number {
  const given = Number(process.env[TIME_FACTOR_VARIABLE]);
  if (Number.isFinite(given) && given >= 1) return given;
  const measured = measureTimeFactor();
  process.env[TIME_FACTOR_VARIABLE] = String(measured);
  return measured;
}

/** `ms`, a time limit on an idle machine, scaled to this one. */
export function scaled(ms: number): number {
  return Math.round(ms * timeFactor());
}
