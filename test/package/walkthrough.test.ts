/**
 * The README's first hour, run as written: the block between its walkthrough markers is run by bash, in
 * order, in an empty project, on the packed tarball (the install line installs the tarball instead of the
 * registry's package; ports 3000 and 3001 become free ones). Then what each step left is read back.
 *
 * And the package installed globally into a prefix the user cannot write: its default reports go under the
 * working directory, and a --report it cannot write is a usage error before any request.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, ROOT, seedInstall, sharedInstall, type SharedInstall } from './helpers.ts';
import { freePort } from '../support/ports.ts';
import { scaled } from '../support/time.ts';

const exec = promisify(execFile);

/** The commands of the README's walkthrough, as written there. */
export function walkthrough(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): string {
  const m = /<!-- walkthrough:begin -->\n```sh\n([\s\S]*?)```\n<!-- walkthrough:end -->/.exec(readme);
  if (!m) throw new Error('README.md has no walkthrough block between <!-- walkthrough:begin --> and <!-- walkthrough:end -->');
  return m[1]!;
}

let work = '';
let install: SharedInstall;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'conform-walkthrough-'));
  install = await sharedInstall();
}, scaled(900_000));
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the README\'s first hour, on the packed tarball', { timeout: scaled(600_000) }, () => {
  it('runs in order and leaves what each step says', async () => {
    const project = join(work, 'first-hour');
    // The project as it is after its first `npm install` of this tarball (npm's cache, the same install).
    await seedInstall(install, project);
    const [server, proxy] = [await freePort(), await freePort()];
    const block = walkthrough();
    expect(block).toMatch(/^npm install --omit=dev imageboard-conform\b/m);
    const script = block
      .replace(/^npm install --omit=dev imageboard-conform\b/m, `npm install --omit=dev --prefer-offline --no-audit --no-fund ${install.tarball}`)
      .replaceAll(':3000', `:${server}`)
      .replaceAll('--port 3000', `--port ${server}`)
      .replaceAll(':3001', `:${proxy}`)
      .replaceAll('--port 3001', `--port ${proxy}`);
    // A step that fails ends the script (-e); whatever it started in the background is stopped with it.
    const run = await exec('bash', ['-e', '-c', `trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${script}`], {
      cwd: project,
      env: cleanEnv(),
      timeout: scaled(540_000),
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const report = (dir: string) => JSON.parse(readFileSync(join(project, 'reports', dir, 'report.json'), 'utf8')) as { verdict: string; embedded: boolean; target: string; counts: { fail: number; baselined?: number }; traffic?: unknown };

    // 1. The default report directory is under the working directory's reports/.
    const stamped = readdirSync(join(project, 'reports')).filter((d) => /^\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d/.test(d));
    expect(stamped).toHaveLength(1);
    expect(report(stamped[0]!)).toMatchObject({ verdict: 'conformant', embedded: true });
    expect(run.stdout).toMatch(/verdict: CONFORMANT/);
    // 2. The served server, checked as a target.
    expect(report('served')).toMatchObject({ verdict: 'conformant', embedded: false, target: `http://127.0.0.1:${server}` });
    // 3. The headline names the verdict.
    expect(run.stdout).toMatch(/^## .* conform: variant A CONFORMANT$/m);
    // 4. The defect is found, written down, then accepted.
    expect(run.stdout).toMatch(/^exit 1: the defect is found$/m);
    expect(report('faulty').verdict).toBe('non-conformant');
    expect(readFileSync(join(project, 'known-failures.yaml'), 'utf8')).toMatch(/IB-7-status-documented|status/);
    const accepted = report('accepted');
    expect(accepted.verdict).toBe('conformant');
    expect(accepted.counts.baselined).toBeGreaterThan(0);
    // 5. compare printed the runs side by side.
    expect(run.stdout).toMatch(/^\| `IB-7-status-documented` \| MUST \| Pass \| Fail \|$/m);
    // 6. The proxy passed the request through, and wrote its reports and a HAR when stopped.
    expect(run.stdout).toMatch(/^200$/m);
    expect(report('proxy').traffic).toBeDefined();
    const har = JSON.parse(readFileSync(join(project, 'traffic.har'), 'utf8')) as { log: { entries: unknown[] } };
    expect(har.log.entries).toHaveLength(1);
    // 7. The HAR, judged offline.
    expect(existsSync(join(project, 'reports', 'audit', 'report.json'))).toBe(true);
  });
});

/** Runs `argv` with `dir` read-only for it (a read-only bind mount in a mount namespace of its own), or undefined where that cannot be made. */
function readOnlyRunner(dir: string): ((argv: string[], cwd: string) => Promise<{ code: number; stdout: string; stderr: string }>) | undefined {
  const probe = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', `mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && ! touch "$0/.probe" 2>/dev/null`, dir], { stdio: 'ignore' });
  if (probe.status !== 0) return undefined;
  return (argv, cwd) =>
    exec('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', dir, ...argv], { cwd, env: cleanEnv(), timeout: scaled(300_000) }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );
}

describe('installed globally into a prefix the user cannot write', { timeout: scaled(600_000) }, () => {
  it('writes its default reports under the working directory; a --report it cannot write is exit 2 before any request', async (ctx) => {
    const prefix = join(work, 'prefix');
    await exec('npm', ['install', '-g', '--prefix', prefix, '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', install.tarball], { env: cleanEnv(), timeout: scaled(600_000) });
    const bin = join(prefix, 'bin', 'conform');
    expect(existsSync(bin)).toBe(true);
    // As root, permissions do not stop a write: the prefix is mounted read-only instead.
    const run = readOnlyRunner(prefix);
    if (!run) {
      ctx.skip(true, 'a read-only mount of the prefix cannot be made here (unshare --mount needs CAP_SYS_ADMIN)');
      return;
    }
    const cwd = join(work, 'elsewhere');
    mkdirSync(cwd);
    const r = await run([bin, 'check', '--variant', 'A', '--only', 'served/posts.list/json', '--quiet'], cwd);
    // One check of many: INCOMPLETE, exit 3, with its reports where the user is.
    expect(r.code, r.stderr).toBe(3);
    const dirs = readdirSync(join(cwd, 'reports'));
    expect(dirs).toHaveLength(1);
    expect(existsSync(join(cwd, 'reports', dirs[0]!, 'report.json'))).toBe(true);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'imageboard-conform', 'reports'))).toBe(false);

    const refused = await run([bin, 'check', '--variant', 'A', '--only', 'served/posts.list/json', '--report', join(prefix, 'reports')], cwd);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^conform: --report .*: cannot create the report directory .*: EROFS$/m);
    // Refused before the run: no server was started, no request sent.
    expect(refused.stdout).not.toMatch(/started the embedded reference server|checks against/);
  });
});
