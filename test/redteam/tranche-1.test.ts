/**
 * The first red-team tranche (docs/redteam.md): each fault of test/redteam/tranche-1/, on one variant
 * whose text it breaks (A and B by turns: see ./shards.ts), is caught by the checks of its family, unless ./known-misses.ts lists it, and
 * then it is missed. The runs are dealt to this file (shard 1) and tranche-1-2.test.ts, which run side
 * by side (see ./shards.ts); this one also checks that every run is dealt once.
 */
import { allFaults } from './tranche-1/all.ts';
import { trancheShard } from './shards.ts';

trancheShard('tranche-1', allFaults, 1);
