/** The mutation score, shard 3 (see ./mutation-shards.ts). */
import { mutationShard } from './mutation-shards.ts';

mutationShard(3);
