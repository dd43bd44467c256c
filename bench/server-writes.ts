/**
 * Write benchmark of the reference server (variant A, embedded PGlite, in process: no sockets): uploads
 * with a file and three tags (one with a category prefix), then post updates that change tags, rating
 * and source, then comments; each kind in sequence, as a certification run makes them. Prints the time
 * per request (median and p90) of each kind and the process's peak resident memory.
 *
 *   npx tsx bench/server-writes.ts [--count 200]
 *
 * With CONFORM_DB_PROFILE=1 the database also prints its statements and transactions at the end.
 */
import { readFileSync } from 'node:fs';
import { buildApp, loadAccounts } from '../src/server/index.ts';

const i = process.argv.indexOf('--count');
const COUNT = i >= 0 && Number(process.argv[i + 1]) > 0 ? Number(process.argv[i + 1]) : 200;
const PNG = readFileSync(new URL('../fixtures/images/red-4x4.png', import.meta.url));
const member = loadAccounts().accounts.find((a) => a.role === 'Member')!;

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }): { body: Buffer; type: string } {
  const boundary = `----bench${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="image.png"\r\ncontent-type: image/png\r\n\r\n`), file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The PNG with bytes after its end, distinct per upload: each upload is a new file (md5). */
function distinct(n: number): Buffer {
  return Buffer.concat([PNG, Buffer.from(`bench-${n}`)]);
}

const app = await buildApp({ variant: 'A', quotaScale: 1_000_000 });
await app.ready();
const times: Record<string, number[]> = { upload: [], update: [], comment: [] };
const timed = async (kind: string, run: () => Promise<{ statusCode: number; body: string }>) => {
  const started = performance.now();
  const res = await run();
  times[kind]!.push(performance.now() - started);
  if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body) as Record<string, unknown>;
};
const form = (fields: Record<string, string>) => new URLSearchParams({ login: member.name, api_key: member.api_key, ...fields }).toString();
const started = performance.now();
try {
  const posts: number[] = [];
  for (let n = 0; n < COUNT; n++) {
    const { body, type } = multipart(
      { login: member.name, api_key: member.api_key, 'upload[tag_string]': `bench tag_${n % 17} artist:maker_${n % 5}`, 'upload[rating]': 'safe' },
      { name: 'upload[file]', data: distinct(n) },
    );
    const r = await timed('upload', () => app.inject({ method: 'POST', url: '/uploads.json', payload: body, headers: { 'content-type': type } }));
    posts.push(r.post_id as number);
  }
  for (let n = 0; n < COUNT; n++) {
    const fields = form({ 'post[tag_string]': `bench tag_${(n + 3) % 17} general:extra_${n % 7}`, 'post[rating]': n % 2 ? 'q' : 'e', 'post[source]': `bench source ${n}` });
    await timed('update', () => app.inject({ method: 'PUT', url: `/posts/${posts[n]}.json`, payload: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
  }
  for (let n = 0; n < COUNT; n++) {
    const fields = form({ 'comment[post_id]': String(posts[n]), 'comment[body]': `bench comment ${n}` });
    await timed('comment', () => app.inject({ method: 'POST', url: '/comments.json', payload: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
  }
} finally {
  await app.close();
}
const f = (x: number) => x.toFixed(2);
for (const [kind, list] of Object.entries(times)) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${kind}: ${list.length} requests, ms per request: median ${f(sorted[Math.floor(sorted.length / 2)] ?? NaN)} p90 ${f(sorted[Math.floor(sorted.length * 0.9)] ?? NaN)} total ${f(list.reduce((a, b) => a + b, 0))}`);
}
console.log(`all: ${((performance.now() - started) / 1000).toFixed(1)} s; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
