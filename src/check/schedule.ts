/**
 * The order in which a run starts its checks under --concurrency N: in the run's order (the registry's,
 * or --shuffle's), at most N in flight, except the items that must run alone (a check declaring
 * `exclusive`: it reads a list that every other check's records move). Those come last, one after
 * another, once everything else has ended: a run drains its last checks anyway, where one met in the
 * middle of a run leaves the cores and the connections idle while the checks before it drain (through
 * 20 ms of latency, two such checks held a full A run at one check in flight for over a second). The
 * same order one at a time: in a sequential run and a concurrent one, every check that runs alone sees
 * the records of every other check of the pass, and nothing moving. A check declaring `late` runs there
 * too: it needs many records of a kind the other checks make anyway, and makes only the rest.
 */

/** Runs `run` over `items` in order, `concurrency` at most at once, then the `alone(item)` ones, one at a time. `run` must not reject. */
export async function schedule<T>(items: readonly T[], concurrency: number, alone: (item: T) => boolean, run: (item: T) => Promise<void>): Promise<void> {
  const limit = Math.max(1, Math.floor(concurrency));
  const inFlight = new Set<Promise<void>>();
  for (const item of items) {
    if (alone(item)) continue;
    while (inFlight.size >= limit) await Promise.race(inFlight);
    const running: Promise<void> = run(item).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
  await Promise.all(inFlight);
  for (const item of items) if (alone(item)) await run(item);
}
