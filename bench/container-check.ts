/**
 * The reference server in a container vs on this machine: image build time, start-to-ready time, and a
 * full certification through `conform check --image` vs the same check against `conform serve`.
 * Needs an engine (DOCKER_HOST; eval "$(containers/podman-service.sh)") and its client on PATH.
 *
 *   npx tsx bench/container-check.ts [A|B] [runs]
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startCandidate } from '../src/check/container.ts';

const exec = promisify(execFile);
const variant = process.argv[2] ?? 'A';
const runs = Number(process.argv[3] ?? 3);
const root = join(import.meta.dirname, '..');
const bin = join(root, 'bin', 'conform.js');
const engine = process.env.CONTAINER_ENGINE ?? 'podman';
const base = `localhost/conform-node-bench:${process.pid}`;
const tag = `localhost/conform-reference-bench:${process.pid}`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

async function check(args: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'conform-bench-'));
  try {
    await exec(process.execPath, [bin, 'check', '--variant', variant, '--quiet', '--report', dir, ...args], { timeout: 600_000 }).catch((err: { code: number }) => {
      // 1: non-conformant, 3: incomplete (a source download the candidate could not make): both write a report.
      if (err.code !== 1 && err.code !== 3) throw err;
    });
    const r = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { verdict: string; counts: { total: number }; durationMs: number };
    return `${r.verdict}, ${r.counts.total} checks, checks ${s(r.durationMs)}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `conform serve` on this machine: resolves with its URL, the time to it, and a stop function. */
function serve(): Promise<{ url: string; ms: number; stop: () => void }> {
  const t = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', '--variant', variant, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ url: m[1]!, ms: performance.now() - t, stop: () => child.kill('SIGTERM') });
    });
  });
}

try {
  const [, baseMs] = await timed(() => exec(join(root, 'containers', 'build-base.sh'), [base]));
  console.log(`base image from this machine's Node: ${s(baseMs)}`);
  const [, buildMs] = await timed(() =>
    exec(engine, ['build', engine === 'podman' ? '--pull=never' : '--pull=false', '-q', '--build-arg', `BASE=${base}`, '-f', 'containers/Containerfile', '-t', tag, '.'], { cwd: root }),
  );
  console.log(`reference server image (no layer cached): ${s(buildMs)}`);
  const [, rebuildMs] = await timed(() => exec(join(root, 'containers', 'build.sh'), [`${tag}-again`], { cwd: root }));
  console.log(`containers/build.sh (base image present, as in CI after its first build): ${s(rebuildMs)}`);
  await exec(engine, ['rmi', `${tag}-again`]).catch(() => undefined);

  for (let i = 1; i <= runs; i++) {
    const c = await startCandidate({ image: tag, port: 3000, env: { CONFORM_VARIANT: variant }, startupTimeoutMs: 120_000 });
    await c.stop();
    const h = await serve();
    h.stop();
    console.log(`start to ready ${i}: container ${s(c.readyMs)}, conform serve ${s(h.ms)}`);
  }
  for (let i = 1; i <= runs; i++) {
    const [viaImage, imageMs] = await timed(() => check(['--image', tag]));
    const h = await serve();
    const [viaServe, serveMs] = await timed(() => check(['--target', h.url]).finally(() => h.stop()));
    console.log(`full check ${i}, variant ${variant}: --image ${s(imageMs)} wall (${viaImage}); --target conform serve ${s(serveMs)} wall, serve already up (${viaServe})`);
  }
} finally {
  await exec(engine, ['rmi', '-f', tag, base]).catch(() => undefined);
}
