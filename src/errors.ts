/** Exit codes shared by every `conform` command. */
export const EXIT = {
  /** The run completed and found no failure at the enforced level. */
  ok: 0,
  /** The run completed and found at least one failure at the enforced level. */
  fail: 1,
  /** The run could not be made: bad usage, bad configuration, unreachable target. */
  usage: 2,
} as const;

/**
 * An error the user can fix: bad flag, unreadable file, invalid config.
 * The CLI prints its message (never a stack trace) and exits with code 2.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
