/**
 * The optional tools of the tests, in one place: each with the Debian package that brings it, how the
 * tests find it, and what is skipped without it. `npm test` needs only Node.js and `npm ci`; a test that
 * needs one of these skips, naming the tool and its package (the README's table says the same). The
 * global set-up prints this machine's answer for each before the first test, so a run's log says what
 * it could not prove and why.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { protocVersion } from '../../src/proto/testees/protoc.ts';
import { shippedTestee } from '../../src/proto/testees/index.ts';

export interface OptionalTool {
  readonly name: string;
  /** The Debian package(s) that bring it (`.ci/run` installs them). */
  readonly packages: string;
  /** The tests that skip without it. */
  readonly skips: string;
  /** Undefined when the tool is here; otherwise why not. */
  readonly missing: () => string | undefined;
}

export const CHROMIUM = '/usr/bin/chromium';

/** The directory of the newest PostgreSQL server's programs (initdb, postgres), if one is installed. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort().at(-1);
  const bin = version ? join(root, version, 'bin') : undefined;
  return bin && existsSync(join(bin, 'initdb')) ? bin : undefined;
}

/** gallery-dl's version, or undefined where it cannot be run. */
export function galleryDlVersion(): string | undefined {
  try {
    return execFileSync('gallery-dl', ['--version'], { encoding: 'utf8', timeout: 60_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/** A container engine's client on PATH (the API answering is asked by test/containers/engine.ts). */
function engineClient(): string | undefined {
  for (const c of process.env.CONTAINER_ENGINE ? [process.env.CONTAINER_ENGINE] : ['podman', 'docker']) {
    try {
      execFileSync(c, ['--version'], { stdio: 'ignore', timeout: 60_000 });
      return c;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export const OPTIONAL_TOOLS: readonly OptionalTool[] = [
  {
    name: 'Chromium',
    packages: 'chromium',
    skips: 'test/report/html.test.ts and test/har/chromium.test.ts (report.html and a HAR in a headless browser)',
    missing: () => (existsSync(CHROMIUM) ? undefined : `${CHROMIUM} is missing`),
  },
  {
    name: 'protoc',
    packages: 'protobuf-compiler',
    skips: 'the protoc testee, descriptor sets and golden-vector freshness (test/proto/)',
    missing: () => (protocVersion() ? undefined : 'protoc is not on PATH'),
  },
  {
    name: 'Python protobuf',
    packages: 'python3-protobuf',
    skips: 'the python testee of the matrix, golden vectors and forks (test/proto/)',
    missing: () => shippedTestee('python')!.unavailable() ?? undefined,
  },
  {
    name: 'gallery-dl',
    packages: 'gallery-dl',
    skips: 'test/clients/gallery-dl.test.ts (a real client of the reference server)',
    missing: () => (galleryDlVersion() ? undefined : 'gallery-dl is not on PATH'),
  },
  {
    name: 'PostgreSQL',
    packages: 'postgresql',
    skips: 'test/server/postgres.test.ts (the reference server on DATABASE_URL)',
    missing: () => (postgresBin() ? undefined : 'no initdb under /usr/lib/postgresql/*/bin'),
  },
  {
    name: 'a container engine',
    packages: 'podman and runc (or Docker)',
    skips: 'test/containers/ and one case of test/check/container.test.ts, where no engine answers (DOCKER_HOST)',
    missing: () => {
      const cli = engineClient();
      if (!cli) return 'neither podman nor docker is on PATH';
      return process.env.DOCKER_HOST ? undefined : `${cli} is installed; its API is asked for when the tests start (DOCKER_HOST is not set)`;
    },
  },
];

/** One line per optional tool: here, or missing with why, its package and what skips. */
export function toolLines(): string[] {
  return OPTIONAL_TOOLS.map((t) => {
    const why = t.missing();
    return why === undefined ? `optional tool ${t.name}: present` : `optional tool ${t.name}: missing (${why}; Debian: ${t.packages}): skipped: ${t.skips}`;
  });
}
