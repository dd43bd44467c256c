/** The outcome of one check, as it goes into report.json. */
import type { Level } from '../../specs/model/index.ts';
import type { InterpretationId } from '../../specs/interpretations.ts';
import type { CheckStatus, RootCause } from './check.ts';
import type { Exchange } from './http.ts';

export interface CheckResult {
  readonly check: string;
  readonly fn: string;
  readonly description: string;
  readonly requirements: readonly string[];
  /** The requirement the target broke, when the check proves several. */
  readonly failedRequirement?: string;
  readonly level: Level;
  readonly resource: string;
  readonly operation?: string;
  readonly status: CheckStatus;
  /** Expected vs actual, in words. */
  readonly message?: string;
  readonly expected?: string;
  readonly actual?: string;
  /** The request/response excerpts that show it (redacted). */
  readonly exchanges: readonly Exchange[];
  readonly requests: number;
  /** Traffic reports (proxy, audit, merge): how many of the judged exchanges (`requests`) broke it. */
  readonly failures?: number;
  /** Throttled answers (421/429) the check waited out before sending the request again (INT-throttling). */
  readonly throttled?: number;
  readonly durationMs: number;
  /** The check itself broke (a bug in conform, not in the target). */
  readonly internalError?: true;
  /** A warning (or, with --strict, a failure) that rests only on this reading of the register. */
  readonly interpretation?: InterpretationId;
  /** status `blocked`: the id of the root cause (a failed set-up step, `setup/<kind>`). */
  readonly blockedBy?: string;
  /** status `blocked`: the root cause itself, as the suites report it (folded into its own row in report.json). */
  readonly root?: RootCause;
  /**
   * status `skip`: the check never started, because the run reached its --deadline or was
   * interrupted (SIGINT, SIGTERM). Not established, never a failure of the target.
   */
  readonly notRun?: 'deadline' | 'interrupted';
  /** A root-cause row (a failed set-up step): the checks it blocked. */
  readonly blocks?: readonly string[];
  /** A root-cause row that stands for several set-up steps failing on one cause: each step, and how many checks it blocked. */
  readonly steps?: readonly { readonly id: string; readonly description: string; readonly message: string; readonly blocks: number }[];
}
