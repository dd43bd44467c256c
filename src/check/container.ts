/**
 * Candidate servers in containers: `conform check --image NAME[:TAG]` starts the image on the container
 * engine testcontainers finds (Docker, or Podman through its Docker-compatible API: DOCKER_HOST), waits
 * until it answers HTTP, checks it and removes it.
 *
 * - The candidate's port is published on 127.0.0.1 only, and the checker reaches it only there.
 * - A candidate that exits during start-up is reported at once, with the tail of its log; one that never
 *   answers is reported at the start-up timeout. Either way the run ends with exit 2.
 * - The container is removed in every case: after the run, after a failed start, and on SIGINT/SIGTERM.
 * - Values of secret-looking --env variables (and passwords in URLs) never reach a message.
 */
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import type Dockerode from 'dockerode';
import { UsageError } from '../errors.ts';
import { Redactor } from './redact.ts';

export interface CandidateImage {
  /** The image as named on the command line. */
  readonly name: string;
  /** The image id (sha256 of its configuration): the exact image that ran. */
  readonly digest: string;
  /** Registry digests of the image (`name@sha256:...`), when it came from a registry. */
  readonly repoDigests?: readonly string[];
}

export interface Candidate {
  /** Base URL of the candidate: its published port on 127.0.0.1. */
  readonly url: string;
  readonly image: CandidateImage;
  /**
   * This machine's address as the container sees it (the gateway of the container's network), when it is
   * one of this machine's own addresses: where the candidate can reach a server the checker runs.
   */
  readonly hostAddress?: string;
  /** Milliseconds from starting the container to its first HTTP answer. */
  readonly readyMs: number;
  /** Stops and removes the container; safe to call more than once. */
  stop(): Promise<void>;
}

export interface CandidateOptions {
  readonly image: string;
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  readonly startupTimeoutMs: number;
  /** Path the readiness probe requests: any HTTP answer means ready. */
  readonly readyPath?: string;
}

/** Label on every container `conform` starts; its value names the run. */
export const CONTAINER_LABEL = 'io.conform.run';

const LOG_TAIL_LINES = 30;
const POLL_MS = 250;
const STOP_GRACE_SECONDS = 5;

/** The container engine, or a UsageError saying there is none. */
export async function requireContainerEngine(): Promise<Dockerode> {
  // The checker reaches candidates through 127.0.0.1 only, so it needs no guess of the engine's host
  // (which, inside a container, testcontainers would make by starting a helper image from a registry).
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= 'localhost';
  // A CommonJS package: the bundle's import of it names its exports `default`; loaded by Node or tsx, the
  // namespace holds each of them itself.
  const loaded = await import('testcontainers');
  const tc = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  try {
    const client = await tc.getContainerRuntimeClient();
    return client.container.dockerode;
  } catch (err) {
    throw new UsageError(
      `--image needs a container engine (Docker or Podman), and none is available here (${(err as Error).message}). ` +
        'Start the candidate yourself and pass --target URL instead, or point DOCKER_HOST at the engine (for Podman: unix:///run/podman/podman.sock).',
    );
  }
}

export function parseEnv(pairs: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const pair of pairs) {
    const i = pair.indexOf('=');
    if (i <= 0) throw new UsageError(`--env takes KEY=VALUE, not "${pair}"`);
    env[pair.slice(0, i)] = pair.slice(i + 1);
  }
  return env;
}

const SECRET_NAME = /PASS|SECRET|TOKEN|KEY|CREDENTIAL|AUTH/i;

/**
 * Hides the values of secret-looking variables, and passwords inside values (`scheme://user:PASSWORD@`,
 * `password=PASSWORD`), so that a URL such as DATABASE_URL still shows where it points.
 */
export function envRedactor(env: Readonly<Record<string, string>>): Redactor {
  const redactor = new Redactor();
  for (const [key, value] of Object.entries(env)) {
    if (SECRET_NAME.test(key)) redactor.add(value);
    const passwords = [...value.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^/:@\s]*:([^@\s]+)@/gi), ...value.matchAll(/password=([^\s&;]+)/gi)];
    for (const m of passwords) {
      redactor.add(m[1]);
      try {
        redactor.add(decodeURIComponent(m[1]!));
      } catch {
        // not percent-encoded
      }
    }
  }
  return redactor;
}

/** Docker's log stream, without its 8-byte frame headers (absent when the container has a TTY). */
export function demuxLog(raw: Buffer): string {
  const parts: Buffer[] = [];
  let i = 0;
  while (i + 8 <= raw.length && raw[i]! <= 2 && raw[i + 1] === 0 && raw[i + 2] === 0 && raw[i + 3] === 0) {
    const size = raw.readUInt32BE(i + 4);
    parts.push(raw.subarray(i + 8, i + 8 + size));
    i += 8 + size;
  }
  if (i < raw.length) parts.push(raw.subarray(i));
  return Buffer.concat(parts).toString('utf8');
}

async function logTail(container: Dockerode.Container, redactor: Redactor): Promise<string> {
  try {
    const raw = (await container.logs({ stdout: true, stderr: true, follow: false, tail: LOG_TAIL_LINES })) as unknown as Buffer;
    const text = demuxLog(Buffer.isBuffer(raw) ? raw : Buffer.from(String(raw))).trimEnd();
    if (text === '') return ' Its log is empty.';
    const lines = text.split('\n').slice(-LOG_TAIL_LINES);
    return ` The last lines of its log:\n${lines.map((l) => `  | ${redactor.text(l)}`).join('\n')}`;
  } catch (err) {
    return ` Its log could not be read (${(err as Error).message}).`;
  }
}

/** Resolves true when something answers HTTP at `url` (any status), false otherwise. */
function answersHttp(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs, headers: { connection: 'close' } }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

function ownAddresses(): Set<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(a.address);
  return out;
}

/** Containers being started or running, removed on SIGINT/SIGTERM. */
const live = new Map<string, () => Promise<void>>();
let signalsInstalled = false;

function installSignalHandlers(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    process.once(signal, () => {
      process.stderr.write(`conform: ${signal}: removing the candidate container\n`);
      const removals = [...live.values()].map((remove) => remove().catch(() => undefined));
      // A command that handles the signal itself (it writes its reports first) ends the process; otherwise this does.
      const handled = process.listenerCount(signal) > 0;
      void Promise.all(removals).finally(() => {
        if (!handled) process.exit(code);
      });
    });
  }
}

async function imageInfo(docker: Dockerode, name: string): Promise<CandidateImage | undefined> {
  try {
    const info = await docker.getImage(name).inspect();
    const id = info.Id.startsWith('sha256:') ? info.Id : `sha256:${info.Id}`;
    return { name, digest: id, ...(info.RepoDigests?.length ? { repoDigests: info.RepoDigests } : {}) };
  } catch {
    return undefined;
  }
}

async function pull(docker: Dockerode, name: string): Promise<void> {
  const stream = await docker.pull(name);
  await new Promise<void>((resolve, reject) => {
    // Engines report a failed pull inside the stream, as an event with an `error`.
    docker.modem.followProgress(stream, (err: Error | null, events: { error?: string; errorDetail?: { message?: string } }[] = []) => {
      const failed = events.find((e) => e.error || e.errorDetail?.message);
      if (err) reject(err);
      else if (failed) reject(new Error(failed.errorDetail?.message ?? failed.error));
      else resolve();
    });
  });
}

export async function startCandidate(options: CandidateOptions): Promise<Candidate> {
  const docker = await requireContainerEngine();
  const redactor = envRedactor(options.env);
  const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

  let image = await imageInfo(docker, options.image);
  if (!image) {
    try {
      await pull(docker, options.image);
    } catch (err) {
      throw new UsageError(`the image ${options.image} is not on this machine and cannot be pulled: ${redactor.text((err as Error).message)}`);
    }
    image = await imageInfo(docker, options.image);
    if (!image) throw new UsageError(`the image ${options.image} was pulled but cannot be inspected`);
  }

  const runId = randomUUID();
  const portKey = `${options.port}/tcp`;
  let container: Dockerode.Container | undefined;
  let removed: Promise<void> | undefined;
  // After a run, the candidate gets a few seconds to stop; after a failed start or a signal, it is killed.
  const remove = (graceful = false): Promise<void> => {
    removed ??= (async () => {
      live.delete(runId);
      // A creation still in flight when a signal arrived is found by its label.
      const ids = new Set<string>(container ? [container.id] : []);
      if (!container) {
        const found = await docker.listContainers({ all: true, filters: { label: [`${CONTAINER_LABEL}=${runId}`] } }).catch(() => []);
        for (const c of found) ids.add(c.Id);
      }
      for (const id of ids) {
        const c = docker.getContainer(id);
        if (graceful) await c.stop({ t: STOP_GRACE_SECONDS }).catch(() => undefined);
        await c.remove({ force: true, v: true }).catch((err: { statusCode?: number }) => {
          if (err.statusCode !== 404) throw err;
        });
      }
    })();
    return removed;
  };
  installSignalHandlers();
  live.set(runId, () => remove());

  const fail = async (message: string): Promise<never> => {
    await remove().catch(() => undefined);
    throw new UsageError(message);
  };

  const started = Date.now();
  try {
    container = await docker.createContainer({
      Image: image.digest,
      Env: Object.entries(options.env).map(([k, v]) => `${k}=${v}`),
      ExposedPorts: { [portKey]: {} },
      Labels: { [CONTAINER_LABEL]: runId, 'io.conform.image': options.image },
      HostConfig: { PortBindings: { [portKey]: [{ HostIp: '127.0.0.1', HostPort: '' }] } },
    });
    await container.start();
  } catch (err) {
    return fail(`the candidate image ${options.image} could not be started: ${redactor.text((err as Error).message)}`);
  }

  const deadline = started + options.startupTimeoutMs;
  let url: string | undefined;
  let hostAddress: string | undefined;
  for (;;) {
    let info: Dockerode.ContainerInspectInfo;
    try {
      info = await container.inspect();
    } catch (err) {
      return fail(`the candidate container of ${options.image} disappeared during start-up: ${(err as Error).message}`);
    }
    if (!info.State.Running) {
      const how = info.State.OOMKilled ? 'was killed for lack of memory' : `exited with code ${info.State.ExitCode}`;
      const tail = await logTail(container, redactor);
      return fail(`the candidate image ${options.image} ${how} ${seconds(Date.now() - started)} after it started, before answering HTTP on port ${options.port}.${tail}`);
    }
    if (!url) {
      const binding = info.NetworkSettings.Ports?.[portKey]?.[0];
      if (binding?.HostPort) url = `http://127.0.0.1:${binding.HostPort}`;
      const own = ownAddresses();
      hostAddress = Object.values(info.NetworkSettings.Networks ?? {})
        .map((n) => n.Gateway)
        .find((g) => g && own.has(g));
    }
    if (url && (await answersHttp(`${url}${options.readyPath ?? '/posts.json'}`, 1000))) break;
    if (Date.now() >= deadline) {
      const tail = await logTail(container, redactor);
      return fail(
        `the candidate image ${options.image} did not answer HTTP on port ${options.port} within the start-up timeout of ` +
          `${seconds(options.startupTimeoutMs)} (--startup-timeout); is --container-port right?${tail}`,
      );
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }

  return {
    url,
    image,
    ...(hostAddress ? { hostAddress } : {}),
    readyMs: Date.now() - started,
    stop: () => remove(true),
  };
}
