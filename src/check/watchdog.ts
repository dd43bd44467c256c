/**
 * The watch over one running check. A check is cut off only when it shows no progress: no exchange
 * started or ended, and no wait a target asked for, for CHECK_QUIET_MS (beyond --timeout while an
 * exchange is in flight). It judges each step, not the whole check, so a check that sends twenty
 * thousand requests (the quota tier) to a target answering each in a few milliseconds runs to its
 * end, while a check stuck on something that never settles is reported and the suite goes on.
 */
import type { Sender } from './http.ts';

/** How long a check may go without progress of its own before it counts as stuck. */
export const CHECK_QUIET_MS = 60_000;

/**
 * Settles as `run` does, or with `stuck(quietMs)` once `http` has shown no progress for `quietMs`.
 * `http` is the check's own scope of the client (Target.scoped), so that other checks in flight beside
 * it never count as its progress.
 */
export function watchCheck<T>(http: Pick<Sender, 'progressDue'>, run: () => Promise<T>, stuck: (quietMs: number) => T, quietMs = CHECK_QUIET_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = (): void => {
      timer = setTimeout(look, Math.max(1, http.progressDue(quietMs) - performance.now()));
    };
    const look = (): void => {
      if (performance.now() < http.progressDue(quietMs)) return arm();
      resolve(stuck(quietMs));
    };
    arm();
    run().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
