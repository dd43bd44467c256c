/** The mutation score, shard 4 (see ./mutation-shards.ts). */
import { mutationShard } from './mutation-shards.ts';

mutationShard(4);
