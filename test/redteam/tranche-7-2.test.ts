/**
 * The seventh red-team tranche (docs/redteam.md): each fault of test/redteam/tranche-7/, on one variant
 * whose text it breaks (A and B by turns: see ./shards.ts), is caught by the checks of its family, unless ./known-misses.ts lists it under
 * tranche-7, and then it is missed. Its runs are dealt to tranche-7.test.ts and this file (see ./shards.ts).
 */
import { all } from './tranche-7/all.ts';
import { trancheShard } from './shards.ts';

trancheShard('tranche-7', all, 2);
