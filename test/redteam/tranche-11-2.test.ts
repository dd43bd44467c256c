/**
 * The eleventh red-team tranche (docs/redteam.md): each fault of test/redteam/tranche-11/, on one variant
 * whose text it breaks (A and B by turns: see ./shards.ts), is caught by the checks of its family, unless ./known-misses.ts lists it under
 * tranche-11, and then it is missed. Its runs are dealt to tranche-11.test.ts and this file (see ./shards.ts).
 */
import { all } from './tranche-11/all.ts';
import { trancheShard } from './shards.ts';

trancheShard('tranche-11', all, 2);
