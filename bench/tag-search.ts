/**
 * Search of posts by one tag in the embedded database as posts accumulate (a long-lived `conform serve`):
 * posts are inserted one at a time, with a tag of their own and one of seven shared ones, and at each
 * size the post search's statement (`tag_array @> ARRAY[tag]`, newest first, 100 at most) is timed for
 * tags of single posts. Prints the insert and search times and the plan the engine chose.
 *
 *   npx tsx bench/tag-search.ts [--sizes 700,3000,10000]
 */
import { openDb } from '../src/server/db/index.ts';

const i = process.argv.indexOf('--sizes');
const SIZES = (i >= 0 ? process.argv[i + 1]! : '700,3000,10000').split(',').map(Number);
const SEARCH = 'SELECT p.id FROM posts p WHERE p.tag_array @> ARRAY[$1]::text[] ORDER BY p.id DESC LIMIT 100';

const db = await openDb({});
try {
  await db.query(`INSERT INTO users (name, level, api_key_sha256) VALUES ('bench', 20, 'x')`);
  let n = 0;
  for (const size of SIZES) {
    const from = n;
    const started = performance.now();
    for (; n < size; n++) await db.query(`INSERT INTO posts (uploader_id, tag_string, tag_array, rating) VALUES (1, $1, $2::text[], 's')`, [`t${n} x${n % 7}`, [`t${n}`, `x${n % 7}`]]);
    const insertMs = (performance.now() - started) / Math.max(1, size - from);
    const searchStarted = performance.now();
    for (let k = 0; k < 20; k++) await db.query(SEARCH, [`t${(k * 37) % size}`]);
    const searchMs = (performance.now() - searchStarted) / 20;
    const plan = (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${SEARCH.replace('$1', "'t1'")}`)).map((r) => r['QUERY PLAN']).find((l) => /Scan/.test(l))?.trim();
    console.log(`${size} posts: insert ${insertMs.toFixed(3)} ms, search by one tag ${searchMs.toFixed(2)} ms (${plan})`);
  }
} finally {
  await db.close();
}
