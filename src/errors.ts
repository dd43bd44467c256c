/** Exit codes shared by every `conform` command. */
export const EXIT = {
  /** The run completed and found no failure at the enforced level. */
  ok: 0,
  /** The run completed and found at least one failure at the enforced level. */
  fail: 1,
  /** The run could not be made: bad usage, bad configuration, unreachable target. */
  usage: 2,
  /**
   * The run completed and found no failure, but did not establish every MUST requirement (checks
   * skipped, left out by --only or --read-only, not run before the deadline, or an interrupted run).
   */
  incomplete: 3,
} as const;

/**
 * An error the user can fix: bad flag, unreadable file, invalid config.
 * The CLI prints its message (never a stack trace) and exits with code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
