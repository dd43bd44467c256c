/** The first red-team tranche, shard 2 (see ./shards.ts). */
import { allFaults } from './tranche-1/all.ts';
import { trancheShard } from './shards.ts';

trancheShard('tranche-1', allFaults, 2);
