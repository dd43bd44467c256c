/**
 * The reference server image on a real container engine, through `conform check --image`: serving every
 * operation of A as A and of B as B, non-conformant with a fault, and every way a candidate can fail to
 * start ends the run with exit 2 in time and leaves no container behind. The images are built once for this file, offline
 * (containers/build.sh, --pull=never), and removed at the end.
 *
 * Runs wherever an engine answers (DOCKER_HOST; CI starts podman's API with containers/podman-service.sh)
 * and its command-line client (podman or docker, or $CONTAINER_ENGINE) is installed; skipped otherwise.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absentOperations } from '../../specs/model/index.ts';
import { findEngine, stageEnv } from './engine.ts';
import { scaled } from '../support/time.ts';

const exec = promisify(execFile);
const ROOT = join(__dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'conform.js');

const engine = await findEngine();
const cli = 'cli' in engine ? engine.cli : '';
if (!cli) process.stdout.write(`test/containers: skipped: ${(engine as { reason: string }).reason}\n`);

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

const children = new Set<number>();

/** Runs `conform ARGS` in its own process group; `onStderr` may signal it. */
function conform(args: string[], onStderr?: (text: string, pid: number) => void): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString('utf8');
      onStderr?.(stderr, child.pid!);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      killGroup(child.pid!);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** Ends whatever the run left in its process group (the suites' process, if still there). */
function killGroup(pid: number): void {
  children.delete(pid);
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // the group is gone already
  }
}

async function containersOf(image: string): Promise<string[]> {
  const { stdout } = await exec(cli, ['ps', '-a', '-q', '--filter', `ancestor=${image}`]);
  return stdout.split('\n').filter((l) => l.trim() !== '');
}

const tag = `localhost/conform-reference:test-${process.pid}`;
// Images that misbehave at start-up, built on the same base: one never answers, one crashes at once.
const silent = `localhost/conform-silent:test-${process.pid}`;
const crashing = `localhost/conform-crashing:test-${process.pid}`;
const SECRET = 'hunter2-s3cret-value';

describe.skipIf(!cli)('the reference server image through conform check --image', { timeout: scaled(300_000) }, () => {
  let context: string | undefined;
  let reports: string | undefined;

  beforeAll(async () => {
    reports = await mkdtemp(join(tmpdir(), 'conform-containers-'));
    context = await mkdtemp(join(tmpdir(), 'conform-test-images-'));
    await exec(join(ROOT, 'containers', 'build.sh'), [tag], { cwd: ROOT, env: { ...process.env, CONTAINER_ENGINE: cli, ...(await stageEnv()) }, timeout: scaled(600_000) });
    const base = `localhost/conform-node:${process.versions.node.split('.')[0]}`;
    await writeFile(join(context, 'silent'), `FROM ${base}\nCMD ["node", "-e", "setInterval(() => {}, 1 << 30)"]\n`);
    await writeFile(
      join(context, 'crashing'),
      `FROM ${base}\nCMD ["node", "-e", "console.log('starting with', process.env.DATABASE_URL, process.env.API_TOKEN); throw new Error('no database')"]\n`,
    );
    const pull = cli.endsWith('podman') ? '--pull=never' : '--pull=false';
    await exec(cli, ['build', pull, '-q', '-f', join(context, 'silent'), '-t', silent, context]);
    await exec(cli, ['build', pull, '-q', '-f', join(context, 'crashing'), '-t', crashing, context]);
  }, scaled(900_000));

  afterAll(async () => {
    for (const pid of [...children]) killGroup(pid);
    for (const image of [tag, silent, crashing]) {
      const left = await containersOf(image).catch(() => []);
      if (left.length > 0) await exec(cli, ['rm', '-f', ...left]).catch(() => undefined);
      await exec(cli, ['rmi', '-f', image]).catch(() => undefined);
    }
    if (context) await rm(context, { recursive: true, force: true });
    if (reports) await rm(reports, { recursive: true, force: true });
  }, scaled(120_000));

  // The image runs the package's install, of which test/package/install.test.ts makes a full run of A, and
  // the reference server is certified in full for both variants (test/check/concurrency.test.ts,
  // legal-variations.test.ts). What the image adds is the way in: for each variant, every operation answers
  // through the container's port and the engine's network as that variant (those of the other variant only
  // are absent), and source downloads reach the checker's file server from inside the container.
  const SELECTION = ['served/*', 'absent/*', 'uploads/*', 'posts/source-download'];
  for (const variant of ['A', 'B'] as const) {
    it(`serves every operation of variant ${variant} and none of the other's only (--only ${SELECTION.join(' ')}: INCOMPLETE for the selection and for source downloads it cannot make), and records the image in report.json`, async () => {
      const dir = join(reports!, variant);
      const r = await conform(['check', '--variant', variant, '--image', tag, '--only', ...SELECTION, '--quiet', '--report', dir]);
      const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
      // Nothing fails; the source downloads are established when the candidate reaches the file server.
      expect(report.counts.fail, r.stdout).toBe(0);
      expect(report.counts.blocked, r.stdout).toBe(0);
      const kinds = report.established.notEstablished.map((g: { kind: string }) => g.kind);
      expect(kinds.filter((k: string) => k !== 'source' && k !== 'only')).toEqual([]);
      expect(kinds).toContain('only');
      expect(r.stdout, r.stderr).toMatch(/verdict: INCOMPLETE/);
      expect(r.code).toBe(3);
      // Every operation of the variant answered, and those of the other variant only are absent: the
      // variant the container was told.
      const served = report.results.filter((x: { check: string }) => x.check.startsWith('served/'));
      const absent = report.results.filter((x: { check: string }) => x.check.startsWith('absent/'));
      expect(served.length).toBeGreaterThan(100);
      expect(absent.length).toBe(absentOperations(variant).length);
      for (const x of [...served, ...absent]) expect(x.status, x.check).toBe('pass');
      const { stdout: id } = await exec(cli, ['image', 'inspect', '--format', '{{.Id}}', tag]);
      expect(report.embedded).toBe(false);
      expect(report.image.name).toBe(tag);
      expect(report.image.digest).toBe(id.trim().startsWith('sha256:') ? id.trim() : `sha256:${id.trim()}`);
      expect(report.target).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // Source downloads reach the checker's file server from inside the container, or are a skip with the reason.
      const downloads = report.results.filter((x: { check: string }) => /source-download/.test(x.check));
      expect(downloads.length).toBeGreaterThan(0);
      for (const d of downloads) expect(['pass', 'skip']).toContain(d.status);
      expect(await containersOf(tag)).toEqual([]);
    });
  }

  it('finds the image NON-CONFORMANT with a fault switched on (CONFORM_FAULT)', async () => {
    const dir = join(reports!, 'fault');
    const r = await conform(['check', '--variant', 'A', '--image', tag, '--env', 'CONFORM_FAULT=envelope-no-reason', '--only', 'IB-7-*', '--quiet', '--report', dir]);
    expect(r.stdout, r.stderr).toMatch(/verdict: NON-CONFORMANT/);
    expect(r.code).toBe(1);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(report.results.some((x: { status: string; requirements: string[] }) => x.status === 'fail' && x.requirements.includes('IB-7-envelope-json'))).toBe(true);
  });

  it('an image that exits at once: exit 2 within seconds, with the tail of its log', async () => {
    // The reference server refuses an unknown variant and exits with code 2.
    const r = await conform(['check', '--variant', 'A', '--image', tag, '--env', 'CONFORM_VARIANT=Z']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exited with code 2 .* after it started, before answering HTTP on port 3000/);
    expect(r.stderr).toMatch(/\| conform: --variant must be A or B, got "Z"/);
    // Far below the default start-up timeout of 120 s: the exit was seen, not waited out.
    expect(r.ms).toBeLessThan(90_000);
  });

  it('an image that crashes: exit 2 with its log, secret values of --env hidden', async () => {
    const r = await conform([
      'check', '--variant', 'A', '--image', crashing,
      '--env', `DATABASE_URL=postgres://conform:${SECRET}@db.invalid/conform`, '--env', `API_TOKEN=${SECRET}`,
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exited with code 1 /);
    expect(r.stderr).toMatch(/\| .*Error: no database/);
    expect(r.stderr).toMatch(/starting with postgres:\/\/conform:<redacted>@db\.invalid\/conform <redacted>/);
    expect(r.stderr + r.stdout).not.toContain(SECRET);
  });

  it('an image that never answers: exit 2 at --startup-timeout, with its log', async () => {
    const r = await conform(['check', '--variant', 'A', '--image', silent, '--startup-timeout', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/did not answer HTTP on port 3000 within the start-up timeout of 3 s \(--startup-timeout\)/);
    expect(r.stderr).toMatch(/Its log is empty/);
    expect(r.ms).toBeGreaterThanOrEqual(3000);
    expect(r.ms).toBeLessThan(90_000);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} during a run removes the container`, async () => {
      let sent = false;
      const r = await conform(['check', '--variant', 'A', '--image', tag, '--quiet', '--report', join(reports!, signal)], (text, pid) => {
        if (!sent && /the candidate answers at/.test(text)) {
          sent = true;
          process.kill(pid, signal);
        }
      });
      expect(sent).toBe(true);
      expect(r.stderr).toMatch(new RegExp(`${signal}: removing the candidate container`));
      expect(r.code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(await containersOf(tag)).toEqual([]);
    });
  }

  it('leaves no container of its images behind', async () => {
    for (const image of [tag, silent, crashing]) expect(await containersOf(image)).toEqual([]);
  });
});
