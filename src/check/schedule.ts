/**
 * The order in which a run starts its checks under --concurrency N: in the run's order (the registry's,
 * or --shuffle's), at most N in flight, and an item that must run alone (a check declaring `exclusive`)
 * starts only when nothing else is in flight, with nothing started beside it. So every check that
 * runs alone sees exactly the checks before it done, as in a run of one check at a time.
 */

/** Runs `run` over `items` in order, `concurrency` at most at once; `alone(item)` items by themselves. `run` must not reject. */
export async function schedule<T>(items: readonly T[], concurrency: number, alone: (item: T) => boolean, run: (item: T) => Promise<void>): Promise<void> {
  const limit = Math.max(1, Math.floor(concurrency));
  const inFlight = new Set<Promise<void>>();
  for (const item of items) {
    if (alone(item)) {
      await Promise.all(inFlight);
      await run(item);
      continue;
    }
    while (inFlight.size >= limit) await Promise.race(inFlight);
    const running: Promise<void> = run(item).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
  await Promise.all(inFlight);
}
