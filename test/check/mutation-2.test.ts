/** The mutation score, shard 2 (see ./mutation-shards.ts). */
import { mutationShard } from './mutation-shards.ts';

mutationShard(2);
