/**
 * The package as users install it: `npm pack` makes the tarball (from dist/, brought up to date by the
 * global set-up), `npm install --omit=dev --engine-strict` installs it alone into an empty directory (its
 * dependencies from the registry, or npm's cache; made once per test run, see sharedInstall), and the installed `conform` command certifies the
 * embedded server, property-tests the peer format, serves, checks and proxies a served target, prints a
 * description and compares schemas, all from there, with no TypeScript and no development dependency
 * installed.
 *
 * Needs npm on PATH and the npm registry (or a cache holding the dependencies).
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, PACKAGE, ROOT, sharedInstall } from './helpers.ts';
import { scaled } from '../support/time.ts';
import { KNOWN_DIVERGENCES } from '../proto/helpers.ts';

const exec = promisify(execFile);
const pkg = PACKAGE;

let work = '';
let app = '';
let bin = '';
let installSeconds = 0;
const children = new Set<ChildProcessWithoutNullStreams>();

/** Runs the installed command; resolves with its exit code and output (a non-zero exit is not an error). */
async function conform(args: string[], timeout = 300_000, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return exec(process.execPath, [bin, ...args], { cwd: app, env: cleanEnv(env), timeout, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof err.code === 'number' ? err.code : -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' }),
  );
}

/** Starts the installed command in the background; resolves once a line of its stdout matches `ready`. */
function start(args: string[], ready: RegExp): Promise<{ child: ChildProcessWithoutNullStreams; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [bin, ...args], { cwd: app, env: cleanEnv() });
  children.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = ready.exec(out);
      if (m) resolve({ child, match: m });
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`conform ${args.join(' ')} exited with ${code} before it was ready: ${err}`)));
  });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** The installed package's directory. */
const installed = () => join(app, 'node_modules', pkg.name);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('the package installed from its tarball with --omit=dev', { timeout: scaled(300_000) }, () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'conform-package-'));
    const install = await sharedInstall();
    app = install.app;
    installSeconds = install.installSeconds;
    bin = join(app, 'node_modules', pkg.name, 'bin', 'conform.js');
  }, scaled(900_000));

  afterAll(async () => {
    await Promise.all([...children].map(stop));
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('installs no TypeScript and nothing the bundle carries: no tsx, TypeScript, test runner or bundled package, and no .ts file in the package', () => {
    process.stdout.write(`test/package: npm install took ${installSeconds.toFixed(0)} s\n`);
    const modules = join(app, 'node_modules');
    for (const dev of ['tsx', 'typescript', 'vitest', 'esbuild', 'eslint', 'dredd']) expect(existsSync(join(modules, dev)), dev).toBe(false);
    const shipped = files(join(modules, pkg.name)).map((f) => f.slice(join(modules, pkg.name).length + 1));
    // No TypeScript source: the library's declarations only (dist/types/).
    expect(shipped.filter((f) => /\.[cm]?ts$/.test(f) && !(f.startsWith('dist/types/') && f.endsWith('.d.ts')))).toEqual([]);
    expect(shipped).toContain('dist/types/src/api/index.d.ts');
    expect(shipped).toContain('bin/conform.js');
    // The bundled engine is the JavaScript it runs; of dist/src/ only the files modules read beside themselves.
    expect(shipped).toContain('dist/bundle/main.js');
    expect(shipped.filter((f) => f.startsWith('dist/') && !f.startsWith('dist/bundle/') && /\.js(\.map)?$/.test(f))).toEqual([]);
    expect(shipped).toContain('dist/src/server/db/migrations/001_core.sql');
    expect(shipped).toContain('dist/src/proto/testees/python_testee.py');
    // Only the packages the bundle leaves outside are installed with it: none it carries inside.
    for (const bundled of ['fastify', 'ajv', 'commander', 'fast-check', 'fast-xml-parser']) expect(existsSync(join(modules, bundled)), bundled).toBe(false);
    // The licence package.json names travels with the code.
    expect(shipped).toContain('LICENSE');
    // The command is on the install's PATH under its name.
    expect(existsSync(join(modules, '.bin', 'conform'))).toBe(true);
  });

  it('conform --version prints the version of the package', async () => {
    const r = await conform(['--version']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('check --variant A certifies the embedded server and writes the reports; a first run unpacks the database template the package ships', async () => {
    const dir = join(work, 'check-A');
    // A machine's first run: an empty temporary directory.
    const temp = join(work, 'tmp-first-run');
    await mkdir(temp);
    const r = await conform(['check', '--variant', 'A', '--quiet', '--report', dir], 300_000, { TMPDIR: temp });
    expect(r.stdout, r.stderr).toMatch(/verdict: CONFORMANT/);
    expect(r.code).toBe(0);
    for (const f of ['report.json', 'report.html', 'junit.xml', 'summary.md']) expect(existsSync(join(dir, f)), f).toBe(true);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { verdict: string; embedded: boolean; counts: { total: number; pass: number } };
    expect(report.embedded).toBe(true);
    expect(report.counts.total).toBeGreaterThan(100);
    expect(report.counts.pass).toBeGreaterThan(0);
    // The template in the temporary directory is the shipped one, unpacked (one made here would differ in
    // its bytes: initdb and the migrations write times and ids of their own).
    const shipped = readdirSync(join(installed(), 'dist', 'db'));
    expect(shipped).toEqual([expect.stringMatching(/^conform-pglite-[0-9a-f]{16}\.tar\.gz$/)]);
    const made = readdirSync(temp).filter((f) => f.startsWith('conform-pglite-'));
    expect(made).toEqual([shipped[0]!.replace(/\.gz$/, '')]);
    expect(readFileSync(join(temp, made[0]!)).equals(gunzipSync(readFileSync(join(installed(), 'dist', 'db', shipped[0]!))))).toBe(true);
  });

  it('proto property-tests the peer format with every shipped testee this machine can run, run from the package, and writes its reports', async () => {
    const dir = join(work, 'proto');
    // Few cases: protoc refuses each invalid input in a process of its own (the suites are proven in test/proto/).
    const r = await conform(['proto', '--matrix', '--runs', '10', '--report', dir]);
    // A failure is one of the shipped libraries' own known divergences (test/proto/helpers.ts), which a
    // run finds or not by its seed; it exits 1 then, and only then.
    const failing = ['protobufjs', 'bufbuild', 'protoc', 'python'].flatMap((testee) => {
      const file = join(dir, testee, 'proto-report.json');
      if (!existsSync(file)) return [];
      const report = JSON.parse(readFileSync(file, 'utf8')) as { properties: { id: string; status: string }[] };
      return report.properties.filter((p) => p.status === 'fail').map((p) => ({ testee, id: p.id }));
    });
    for (const f of failing) expect(KNOWN_DIVERGENCES[f.testee] ?? {}, `${f.testee} ${f.id}: ${r.stdout}`).toHaveProperty([f.id]);
    expect(r.code, r.stderr).toBe(failing.length ? 1 : 0);
    // The matrix's own list: a testee whose runtime this machine lacks (protoc, Python's protobuf) is
    // named with the reason and the package that brings it, and has no report; every other one has one.
    const skipped = new Map([...r.stdout.matchAll(/^(\w+): skip: (.+)$/gm)].map((m) => [m[1]!, m[2]!]));
    for (const [testee, why] of skipped) {
      expect(why, testee).toMatch(/Debian package [\w-]+/);
      process.stdout.write(`test/package: the ${testee} testee skipped: ${why}\n`);
    }
    // The JavaScript testees need nothing but the package.
    expect([...skipped.keys()]).not.toContain('protobufjs');
    expect([...skipped.keys()]).not.toContain('bufbuild');
    for (const testee of ['protobufjs', 'bufbuild', 'protoc', 'python']) {
      if (skipped.has(testee)) {
        expect(existsSync(join(dir, testee, 'proto-report.json')), testee).toBe(false);
        continue;
      }
      const report = JSON.parse(readFileSync(join(dir, testee, 'proto-report.json'), 'utf8')) as object;
      expect(Object.keys(report).length, testee).toBeGreaterThan(0);
    }
    expect(existsSync(join(dir, 'junit.xml'))).toBe(true);
    // Each names the version of the runtime it ran: the bundled @bufbuild/protobuf is not installed, its
    // version is the one the bundle was built with.
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
    expect(r.stdout).toContain(`bufbuild: @bufbuild/protobuf ${lock.packages['node_modules/@bufbuild/protobuf']!.version}`);
    expect(r.stdout).toMatch(/^protobufjs: protobufjs \d+\.\d+\.\d+/m);
  });

  it('proto schema compares a candidate .proto with the shipped one', async () => {
    const r = await conform(['proto', 'schema', join(ROOT, 'fixtures', 'proto', 'fork-wire-type.proto')]);
    expect(r.stdout + r.stderr).toMatch(/BREAKING/);
    expect(r.code).not.toBe(0);
    expect(r.code).not.toBe(2);
  });

  it('spec prints the OpenAPI description of a variant', async () => {
    const r = await conform(['spec', '--variant', 'B', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { openapi: string }).openapi).toMatch(/^3\.1/);
  });

  it('serve, then check --target and proxy against it', async () => {
    const { child: server, match } = await start(['serve', '--variant', 'B', '--port', '0'], /listening on (http:\/\/\S+)/);
    const target = match[1]!;
    try {
      const dir = join(work, 'check-target');
      const r = await conform(['check', '--variant', 'B', '--target', target, '--read-only', '--only', 'served/*', '--quiet', '--report', dir]);
      // Every selected check passes; the requirements left out make it INCOMPLETE (exit 3), never failed.
      expect(r.stdout, r.stderr).toMatch(/verdict: INCOMPLETE: \d+ of \d+ MUST requirements not established/);
      expect(r.code).toBe(3);
      expect((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { counts: { fail: number } }).counts.fail).toBe(0);
      expect((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { target: string }).target).toBe(target);

      const proxyReport = join(work, 'proxy');
      const { child: proxy, match: listening } = await start(
        ['proxy', '--variant', 'B', '--upstream', target, '--port', '0', '--report', proxyReport],
        /listening on (http:\/\/\S+)/,
      );
      // Passed through unchanged: the same answer as from the server itself (B refuses anonymous reads).
      const direct = await fetch(`${target}/posts.json?limit=1`);
      const proxied = await fetch(`${listening[1]}/posts.json?limit=1`);
      expect(proxied.status).toBe(direct.status);
      expect(await proxied.text()).toBe(await direct.text());
      expect(await stop(proxy)).toBe(0);
      const traffic = JSON.parse(readFileSync(join(proxyReport, 'report.json'), 'utf8')) as { results: { check: string }[] };
      expect(traffic.results.some((x) => x.check.startsWith('proxy/posts.list/'))).toBe(true);
    } finally {
      await stop(server);
    }
  });
});
