/**
 * Load benchmark of the reference server (variant A, embedded PGlite): seeds 10,000 posts and 10,000
 * comments, then loads GET /posts.json?limit=20, GET /posts/{id}.json and list endpoints with paging
 * (numbered pages, `page=b<id>` sequential pages, a tag search, the tags and comments lists) over
 * keep-alive connections against 127.0.0.1 for a bounded time each, and prints requests per second and
 * latency percentiles. `--only TEXT` loads only the endpoints whose label contains TEXT.
 *
 *   npx tsx bench/server-load.ts [--seconds 10] [--connections 32] [--no-cache] [--only TEXT]
 *
 * The quotas are scaled up for the run (anonymous callers have 500 requests per hour otherwise). The
 * server's read cache (on by default for the embedded database) is switched off by --no-cache.
 */
import { Pool } from 'undici';
import { openDb } from '../src/server/db/index.ts';
import { startServer } from '../src/server/index.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 32);
const POSTS = 10_000;
const READ_CACHE = !process.argv.includes('--no-cache');
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(pool: Pool, label: string, pathFor: (i: number) => string): Promise<void> {
  if (ONLY !== undefined && !label.includes(ONLY)) return;
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  // Warm up (JIT, statement caches) before measuring.
  for (let i = 0; i < 200; i++) await (await pool.request({ method: 'GET', path: pathFor(i) })).body.dump();
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < end) {
      const i = n++;
      const t = performance.now();
      const res = await pool.request({ method: 'GET', path: pathFor(i) });
      await res.body.dump();
      latencies.push(performance.now() - t);
      if (res.statusCode !== 200) errors++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const f = (x: number) => x.toFixed(2);
  console.log(
    `${label}: ${latencies.length} requests in ${elapsed.toFixed(1)} s = ${(latencies.length / elapsed).toFixed(0)} req/s; ` +
      `latency ms p50 ${f(percentile(sorted, 50))} p90 ${f(percentile(sorted, 90))} p99 ${f(percentile(sorted, 99))} max ${f(sorted[sorted.length - 1] ?? NaN)}; non-200: ${errors}`,
  );
}

const db = await openDb();
const server = await startServer({ variant: 'A', host: '127.0.0.1', port: 0, db, quotaScale: 1_000_000, readCache: READ_CACHE });
try {
  const t = performance.now();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO posts (uploader_id, tag_string, tag_array, rating, source, md5, file_ext, file_size)
       SELECT (SELECT min(id) FROM users), 'bench tag_' || (i % 97) || ' group_' || (i % 13), ARRAY['bench', 'tag_' || (i % 97), 'group_' || (i % 13)],
              (ARRAY['s', 'q', 'e'])[1 + i % 3], 'https://example.com/' || i, md5(i::text), 'png', 1000 + i
       FROM generate_series(1, $1) AS i`,
      [POSTS],
    );
    await tx.query(
      `INSERT INTO tags (name, post_count) SELECT t, count(*) FROM posts, unnest(tag_array) AS t GROUP BY t
       ON CONFLICT (name) DO UPDATE SET post_count = EXCLUDED.post_count`,
    );
    await tx.query(
      `INSERT INTO comments (post_id, creator_id, updater_id, body)
       SELECT p.id, p.uploader_id, p.uploader_id, 'bench comment ' || p.id FROM posts p`,
    );
  });
  const ids = (await db.query<{ id: number }>('SELECT id FROM posts ORDER BY id')).map((r) => r.id);
  const commentIds = (await db.query<{ id: number }>('SELECT id FROM comments ORDER BY id')).map((r) => r.id);
  console.log(`seeded ${ids.length} posts in ${((performance.now() - t) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per endpoint, read cache ${READ_CACHE ? 'on' : 'off'}`);
  const pool = new Pool(server.url, { connections: CONNECTIONS, pipelining: 1 });
  await load(pool, 'GET /posts.json?limit=20', () => '/posts.json?limit=20');
  await load(pool, 'GET /posts/{id}.json', (i) => `/posts/${ids[(i * 7919) % ids.length]}.json`);
  // Paging: numbered pages deep into the list, sequential pages before an id, a tag search, other lists.
  await load(pool, 'GET /posts.json?limit=20&page=1..100', (i) => `/posts.json?limit=20&page=${1 + (i % 100)}`);
  await load(pool, 'GET /posts.json?limit=100&page=b<id>', (i) => `/posts.json?limit=100&page=b${ids[(i * 7919) % ids.length]}`);
  await load(pool, 'GET /posts.json?tags=tag_5&limit=20&page=1..5', (i) => `/posts.json?tags=tag_5&limit=20&page=${1 + (i % 5)}`);
  await load(pool, 'GET /tags.json?limit=20&page=1..6', (i) => `/tags.json?limit=20&page=${1 + (i % 6)}`);
  await load(pool, 'GET /comments.json?limit=20&page=1..100', (i) => `/comments.json?limit=20&page=${1 + (i % 100)}`);
  await load(pool, 'GET /comments.json?limit=100&page=b<id>', (i) => `/comments.json?limit=100&page=b${commentIds[(i * 7919) % commentIds.length]}`);
  await pool.close();
} finally {
  await server.close();
  await db.close();
}
