/**
 * The order in which a run starts its checks under --concurrency N: in the run's order (the registry's,
 * or --shuffle's), at most N in flight, in three stages, each begun once the one before has ended:
 *
 * - `main`: every check that may run beside others;
 * - `late`: the checks that need many records of a kind the other checks make anyway (more than a page
 *   of posts): they count those and make only the rest, still N at once;
 * - `alone`: the checks that must run alone (a check declaring `exclusive`: it reads a list that every
 *   other check's records move), one after another. A run drains its last checks anyway, where one met
 *   in the middle of a run leaves the cores and the connections idle while the checks before it drain
 *   (through 20 ms of latency, two such checks held a full A run at one check in flight for over a
 *   second).
 *
 * The same order one at a time: in a sequential run and a concurrent one, a late check sees the records
 * of every check of the main stage, and every check that runs alone those of every other, nothing moving.
 */

export type Stage = 'main' | 'late' | 'alone';

/** Runs `run` over `items` stage by stage (see above), in order within each. `run` must not reject. */
export async function schedule<T>(items: readonly T[], concurrency: number, stageOf: (item: T) => Stage, run: (item: T) => Promise<void>): Promise<void> {
  const limit = Math.max(1, Math.floor(concurrency));
  await inFlight(items.filter((item) => stageOf(item) === 'main'), limit, run);
  await inFlight(items.filter((item) => stageOf(item) === 'late'), limit, run);
  for (const item of items) if (stageOf(item) === 'alone') await run(item);
}

/** Runs `run` over `items` in order, at most `limit` at once, and resolves when every one has ended. */
async function inFlight<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  for (const item of items) {
    while (running.size >= limit) await Promise.race(running);
    const started: Promise<void> = run(item).finally(() => running.delete(started));
    running.add(started);
  }
  await Promise.all(running);
}
