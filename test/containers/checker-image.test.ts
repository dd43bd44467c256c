/**
 * The checker image (containers/checker.Containerfile): conform itself in a container, built offline from
 * the packed package by containers/build-checker.sh. It certifies a reference server running on this
 * machine through the host's network and writes its reports into a mounted directory, by default and at a
 * relative --report path. The image is built once for this file and removed at the end.
 *
 * Runs wherever an engine answers (see ./engine.ts); skipped otherwise.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEngine, stageEnv } from './engine.ts';
import { scaled } from '../support/time.ts';

const exec = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'conform.js');
const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };

const engine = await findEngine();
const cli = 'cli' in engine ? engine.cli : '';
if (!cli) process.stdout.write(`test/containers: skipped: ${(engine as { reason: string }).reason}\n`);

const tag = `localhost/conform:test-${process.pid}`;

async function containersOf(image: string): Promise<string[]> {
  const { stdout } = await exec(cli, ['ps', '-a', '-q', '--filter', `ancestor=${image}`]);
  return stdout.split('\n').filter((l) => l.trim() !== '');
}

describe.skipIf(!cli)('the checker image', { timeout: scaled(300_000) }, () => {
  let reports = '';
  let server: ChildProcess | undefined;
  let target = '';

  /** `podman run` of the image on the host's network, as this user, with `reports` at /conform/reports. */
  async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const user = `${process.getuid!()}:${process.getgid!()}`;
    const argv = ['run', '--rm', '--network', 'host', '--user', user, '-v', `${reports}:/conform/reports`, tag, ...args];
    return exec(cli, argv, { timeout: scaled(240_000), maxBuffer: 64 * 1024 * 1024 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
    );
  }

  beforeAll(async () => {
    reports = await mkdtemp(join(tmpdir(), 'conform-checker-image-'));
    await chmod(reports, 0o777);
    const build = exec(join(ROOT, 'containers', 'build-checker.sh'), [tag], { cwd: ROOT, env: { ...process.env, CONTAINER_ENGINE: cli, ...(await stageEnv()) }, timeout: scaled(600_000) });
    // The target: the reference server on this machine, on loopback, which the container shares.
    // --allow-fetch: the checker's file server is on the shared loopback, so the source downloads are established too.
    server = spawn(process.execPath, [BIN, 'serve', '--variant', 'A', '--port', '0', '--allow-fetch', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'ignore'] });
    target = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      server!.on('exit', (code) => reject(new Error(`conform serve exited with ${code}`)));
    });
    await build;
  }, scaled(900_000));

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    const left = await containersOf(tag).catch(() => []);
    if (left.length > 0) await exec(cli, ['rm', '-f', ...left]).catch(() => undefined);
    await exec(cli, ['rmi', '-f', tag]).catch(() => undefined);
    if (reports) await rm(reports, { recursive: true, force: true });
  }, scaled(120_000));

  it('prints the version of the package', async () => {
    const r = await run(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(version);
  });

  // The image runs the package's bundle, with which test/package/install.test.ts certifies A in full: here,
  // every operation and the uploads (their source downloads reach the checker's file server in the
  // container, on the shared loopback) through the host's network.
  it('check --target over the host network writes its reports into the mounted directory by default', async () => {
    const r = await run(['check', '--variant', 'A', '--target', target, '--only', 'served/*', 'uploads/*', '--quiet']);
    expect(r.stdout, r.stderr).toMatch(/verdict: INCOMPLETE: \d+ of \d+ MUST requirements not established: \d+ left out by --only$/m);
    expect(r.code).toBe(3);
    // One directory, reports/<timestamp>/, named in the output by its path inside the container.
    const [dir, ...more] = await readdir(reports);
    expect(more).toEqual([]);
    expect(r.stdout).toContain(`/conform/reports/${dir}/report.json`);
    const report = JSON.parse(await readFile(join(reports, dir!, 'report.json'), 'utf8')) as { target: string; embedded: boolean; verdict: string; results: { check: string; status: string }[] };
    expect(report.target).toBe(target);
    expect(report.results.filter((x) => x.status !== 'pass').map((x) => `${x.check}: ${x.status}`)).toEqual([]);
    expect(report.results.filter((x) => x.check.startsWith('uploads/')).length).toBeGreaterThan(5);
    expect(report.embedded).toBe(false);
    for (const f of ['junit.xml', 'report.html', 'summary.md']) expect(existsSync(join(reports, dir!, f)), f).toBe(true);
  });

  it('proto writes to a relative --report path, inside the mounted directory', async () => {
    const r = await run(['proto', '--report', 'reports/proto']);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(reports, 'proto', 'proto-report.json'))).toBe(true);
  });

  it("names where each check is declared (spec --explain reads the bundle's source maps, which the image keeps)", async () => {
    const r = await run(['spec', '--explain', 'IB-7-envelope-json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/served\/posts\.update\/json\s+operation_is_served\s+src\/check\/checks\/served\.ts:\d+/);
  });

  it('writes reports as any user when nothing is mounted (the report directory is 1777)', async () => {
    const { stdout } = await exec(cli, ['run', '--rm', '--user', '4321:4321', '--entrypoint', 'node', tag, '-e', "const fs = require('fs'); fs.writeFileSync('/conform/reports/probe', 'x'); console.log((fs.statSync('/conform/reports').mode & 0o7777).toString(8))"]);
    expect(stdout.trim()).toBe('1777');
  });

  it('leaves no container behind', async () => {
    expect(await containersOf(tag)).toEqual([]);
  });
});
