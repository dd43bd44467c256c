/**
 * Load benchmark of the reference server (variant A, embedded PGlite): seeds 10,000 posts, then loads
 * GET /posts.json?limit=20 and GET /posts/{id}.json over keep-alive connections against 127.0.0.1 for a
 * bounded time each, and prints requests per second and latency percentiles.
 *
 *   npx tsx bench/server-load.ts [--seconds 10] [--connections 32] [--no-cache]
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

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function load(pool: Pool, label: string, pathFor: (i: number) => string): Promise<void> {
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
  });
  const ids = (await db.query<{ id: number }>('SELECT id FROM posts ORDER BY id')).map((r) => r.id);
  console.log(`seeded ${ids.length} posts in ${((performance.now() - t) / 1000).toFixed(1)} s; ${CONNECTIONS} connections, ${SECONDS} s per endpoint, read cache ${READ_CACHE ? 'on' : 'off'}`);
  const pool = new Pool(server.url, { connections: CONNECTIONS, pipelining: 1 });
  await load(pool, 'GET /posts.json?limit=20', () => '/posts.json?limit=20');
  await load(pool, 'GET /posts/{id}.json', (i) => `/posts/${ids[(i * 7919) % ids.length]}.json`);
  await pool.close();
} finally {
  await server.close();
  await db.close();
}
