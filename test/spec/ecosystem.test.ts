/**
 * The generated descriptions in the ecosystem's tools, as the README shows them:
 *  - Dredd 14 with examples/dredd/ (its hooks and fixes, the options of its dredd.yml) against a fresh
 *    reference server of each variant: no documented 2xx transaction fails, and every operation's
 *    success is tested (in JSON, and in XML too for a GET), but for the skips the hooks give reasons for;
 *  - Spectral with spectral:oas (.spectral.yaml): no error.
 */
import { execFile } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Variant } from '../../specs/model/index.ts';
import { VARIANTS } from '../../specs/model/index.ts';
import { startServer } from '../../src/server/index.ts';
import { openApiPath } from '../../src/spec/openapi.ts';
import { REPO_ROOT } from '../../src/paths.ts';
import { scaled } from '../support/time.ts';

const BIN = join(REPO_ROOT, 'node_modules', '.bin');
const DREDD_CONFIG = 'examples/dredd/dredd.yml';
const TIMEOUT_MS = scaled(120_000);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const children = new Set<ChildProcess>();

/** A Node CLI of node_modules/.bin, run from the repository root, to its end (killed after TIMEOUT_MS). */
function run(tool: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [join(BIN, tool), ...args],
      { cwd: REPO_ROOT, timeout: TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (err, stdout, stderr) => {
        children.delete(child);
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr });
      },
    );
    children.add(child);
  });
}

/**
 * The command line of examples/dredd/dredd.yml for a description and a server: its options but the
 * server it would start itself (the test starts one and waits for it to listen, not a fixed time).
 */
function dreddArgs(variant: Variant, url: string): string[] {
  const config = parse(readFileSync(join(REPO_ROOT, DREDD_CONFIG), 'utf8')) as Record<string, unknown>;
  const args = [openApiPath(variant), url];
  for (const [key, value] of Object.entries(config)) {
    if (['blueprint', 'endpoint', 'server', 'server-wait'].includes(key)) continue;
    if (value === true) args.push(`--${key}`);
    else if (value === false) args.push(`--no-${key}`);
    else for (const v of [value].flat()) args.push(`--${key}=${String(v)}`);
  }
  return args;
}

/** What a description asks Dredd to pass: each operation's 200 in JSON, and in XML for a GET; less what the hooks skip. */
function expectedPasses(variant: Variant): number {
  const doc = JSON.parse(readFileSync(join(REPO_ROOT, openApiPath(variant)), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
  let n = 0;
  for (const item of Object.values(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      // INT-forum-post-topic: skipped by the hooks, with the reason.
      if (op.operationId === 'forum_posts.create') continue;
      n += method === 'get' ? 2 : 1;
    }
  }
  return n;
}

const servers: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.close()));
});

// Dredd (two runs, one per variant) and Spectral are separate processes: side by side.
describe('the descriptions in the ecosystem tools', { concurrent: true }, () => {
  const urls = new Map<Variant, string>();

  beforeAll(async () => {
    for (const variant of VARIANTS) {
      const server = await startServer({ variant, port: 0 });
      servers.push(server);
      urls.set(variant, server.url);
    }
  });

  it('Dredd passes every documented success it runs, on both variants', async () => {
    const runs = await Promise.all(VARIANTS.map((v) => run('dredd', dreddArgs(v, urls.get(v)!))));
    for (const [i, variant] of VARIANTS.entries()) {
      const { code, stdout, stderr } = runs[i]!;
      const summary = /complete: (\d+) passing, (\d+) failing, (\d+) errors, (\d+) skipped, (\d+) total/.exec(stdout);
      const failures = stdout.split('\n').filter((l) => /^(fail|error):/.test(l));
      console.log(`Dredd, variant ${variant}: ${summary?.[0] ?? 'no summary'}\n${stdout.split('\n').filter((l) => l.startsWith('hook: skipped')).join('\n')}`);
      expect(summary, `${stdout}\n${stderr}`).not.toBeNull();
      const [passing, failing, errors] = [summary![1], summary![2], summary![3]].map(Number);
      expect(failures.slice(0, 20), stdout.slice(0, 20_000)).toEqual([]);
      expect({ failing, errors, code }).toEqual({ failing: 0, errors: 0, code: 0 });
      expect(passing).toBe(expectedPasses(variant));
    }
  }, TIMEOUT_MS + scaled(30_000));

  it('Spectral (spectral:oas) finds no error in either description', async () => {
    const files = VARIANTS.map((v) => openApiPath(v));
    const { stdout, stderr } = await run('spectral', ['lint', ...files, '--ruleset', '.spectral.yaml', '--format', 'json', '--quiet']);
    const results = JSON.parse(stdout || '[]') as { code: string; severity: number; source: string; message: string }[];
    for (const [i, variant] of VARIANTS.entries()) {
      const mine = results.filter((r) => r.source.endsWith(files[i]!));
      const errors = mine.filter((r) => r.severity === 0);
      const counts = new Map<string, number>();
      for (const r of mine.filter((x) => x.severity === 1)) counts.set(r.code, (counts.get(r.code) ?? 0) + 1);
      console.log(`Spectral, variant ${variant}: ${errors.length} errors, ${mine.length - errors.length} warnings and hints (${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')})`);
      expect(errors.map((e) => `${e.code}: ${e.message}`), stderr).toEqual([]);
    }
  }, TIMEOUT_MS + scaled(30_000));
});
