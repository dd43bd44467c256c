/**
 * Debian's gallery-dl, with a custom Danbooru instance pointed at the reference server of each variant:
 * it downloads every post of a tag (more than two pages: it pages with `page=b<id>`), logging in with
 * HTTP Basic, and each file is byte for byte the uploaded one. Skipped, with the reason, where gallery-dl
 * is not installed. The child reaches 127.0.0.1 only: proxies are cleared and its home is a temp dir.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VARIANTS } from '../../specs/model/index.ts';
import type { SeededServer } from './helpers.ts';
import { FEW_TAG, MANY, MANY_TAG, account, seededServer } from './helpers.ts';
import { scaled } from '../support/time.ts';
import { galleryDlVersion } from '../support/tools.ts';

const VERSION = galleryDlVersion();
const ABSENT = 'gallery-dl is not installed (Debian package gallery-dl; .ci/run installs it)';
/** The documented hard maximum of posts per request: gallery-dl asks for 200, so it must page on full pages of 100. */
const PAGE = 100;

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs gallery-dl with only `config` (no user configuration), killed if it outlives `timeoutMs`. */
function galleryDl(home: string, config: string, args: readonly string[], timeoutMs = 120_000): Promise<Run> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, XDG_CACHE_HOME: home, XDG_CONFIG_HOME: home, NO_PROXY: '*', no_proxy: '*', LANG: 'C.UTF-8' };
  return new Promise((resolve) => {
    execFile('gallery-dl', ['--config-ignore', '-c', config, ...args], { env, cwd: home, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

describe.each(VARIANTS)(`gallery-dl ${VERSION ?? '(absent)'} against the reference server, variant %s`, (variant) => {
  let s: SeededServer | undefined;
  let home: string | undefined;
  let config: string;
  let downloads: string;
  beforeAll(async () => {
    if (!VERSION) return;
    home = await mkdtemp(path.join(tmpdir(), 'conform-gallery-dl-'));
    s = await seededServer(variant);
    downloads = path.join(home, 'downloads');
    config = path.join(home, 'config.json');
    const member = account('member');
    const port = new URL(s.url).port;
    await writeFile(
      config,
      JSON.stringify({
        extractor: {
          'base-directory': downloads,
          Danbooru: { conform: { root: s.url, pattern: `127\\.0\\.0\\.1:${port}` } },
          conform: { username: member.login, password: member.api_key, threshold: PAGE, 'sleep-request': 0 },
        },
        cache: { file: null },
        output: { mode: 'null' },
      }),
    );
  }, scaled(120_000));
  afterAll(async () => {
    await s?.close();
    if (home) await rm(home, { recursive: true, force: true });
  });

  it('downloads every post of a tag across three pages, byte-identical to the uploads', async (ctx) => {
    if (!VERSION || !s || !home) return ctx.skip(ABSENT);
    const run = await galleryDl(home, config, ['--no-mtime', '-v', `${s.url}/posts?tags=${MANY_TAG}`]);
    expect(run.code, run.stderr.slice(-4000)).toBe(0);
    // It logged in with HTTP Basic and paged with b<id>: three requests of the posts list (100, 100, 30 posts).
    expect(run.stderr).toContain(`Using HTTP Basic Auth for user '${account('member').login}'`);
    const lists = run.stderr.split('\n').filter((l) => l.includes('"GET /posts.json?'));
    expect(lists, run.stderr.slice(-4000)).toHaveLength(3);
    expect(lists[0]).not.toMatch(/page=/);
    expect(lists[1]).toMatch(new RegExp(`page=b${s.ids[MANY_TAG]![PAGE - 1]}\\b`));
    expect(lists[2]).toMatch(new RegExp(`page=b${s.ids[MANY_TAG]![2 * PAGE - 1]}\\b`));
    const files = await filesUnder(downloads);
    expect(files).toHaveLength(MANY);
    const seen = new Set<string>();
    for (const file of files) {
      const m = /conform_(\d+)_([0-9a-f]{32})\.png$/.exec(file);
      expect(m, file).not.toBeNull();
      expect(s.ids[MANY_TAG]).toContain(Number(m![1]));
      const expected = s.files.get(m![2]!);
      expect(expected, `no upload with md5 ${m![2]}`).toBeDefined();
      expect((await readFile(file)).equals(expected!), file).toBe(true);
      seen.add(m![1]!);
    }
    expect(seen.size).toBe(MANY);
  });

  it('downloads one post by its URL, and only the posts of a tag', async (ctx) => {
    if (!VERSION || !s || !home) return ctx.skip(ABSENT);
    const only = path.join(home, 'few');
    const run = await galleryDl(home, config, ['--no-mtime', '-D', only, `${s.url}/posts?tags=${FEW_TAG}`, `${s.url}/posts/${s.ids[MANY_TAG]![0]}`]);
    expect(run.code, run.stderr.slice(-4000)).toBe(0);
    const ids = (await filesUnder(only)).map((f) => Number(/conform_(\d+)_/.exec(f)![1])).sort((a, b) => a - b);
    expect(ids).toEqual([...s.ids[FEW_TAG]!, s.ids[MANY_TAG]![0]!].sort((a, b) => a - b));
  });

  it('is refused with a wrong API key', async (ctx) => {
    if (!VERSION || !s || !home) return ctx.skip(ABSENT);
    const wrong = path.join(home, 'wrong.json');
    const base = JSON.parse(await readFile(config, 'utf8')) as { extractor: { conform: Record<string, unknown> } };
    base.extractor.conform.password = 'not-the-key';
    await writeFile(wrong, JSON.stringify(base));
    const out = path.join(home, 'wrong');
    const run = await galleryDl(home, wrong, ['-D', out, `${s.url}/posts?tags=${FEW_TAG}`]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/403/);
    await expect(readdir(out)).rejects.toThrow();
  });
});
