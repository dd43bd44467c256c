/**
 * Every fault of the reference server makes the checker fail, citing the faulted requirement
 * (mutation score 100%), and every requirement a check proves has at least one fault.
 *
 * The faults are dealt to this file (shard 1) and mutation-2.test.ts ... mutation-4.test.ts, which run
 * side by side (see ./mutation-shards.ts); this one also checks that every fault is dealt once and that
 * every requirement a check proves has a fault.
 */
import { mutationShard } from './mutation-shards.ts';

mutationShard(1);
