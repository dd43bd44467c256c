/**
 * Candidate servers in containers: `conform check --image NAME[:TAG]` starts the image with
 * testcontainers, waits until it answers HTTP, checks it and stops it. Where no container engine is
 * available, that is said plainly (exit 2), before anything else is attempted.
 */
import { UsageError } from '../cli/errors.ts';

export interface Candidate {
  readonly url: string;
  stop(): Promise<void>;
}

export interface CandidateOptions {
  readonly image: string;
  readonly port: number;
  readonly env: Readonly<Record<string, string>>;
  readonly startupTimeoutMs: number;
}

/** The container engine, or a UsageError saying there is none. */
export async function requireContainerEngine(): Promise<void> {
  const tc = await import('testcontainers');
  try {
    await tc.getContainerRuntimeClient();
  } catch (err) {
    throw new UsageError(
      `--image needs a container engine (Docker or Podman), and none is available here (${(err as Error).message}). ` +
        'Start the candidate yourself and pass --target URL instead.',
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

export async function startCandidate(options: CandidateOptions): Promise<Candidate> {
  await requireContainerEngine();
  const { GenericContainer, Wait } = await import('testcontainers');
  let container;
  try {
    container = await new GenericContainer(options.image)
      .withExposedPorts(options.port)
      .withEnvironment({ ...options.env })
      // Ready when it answers HTTP at all: B answers anonymous requests 403.
      .withWaitStrategy(Wait.forHttp('/posts.json', options.port).forStatusCodeMatching(() => true))
      .withStartupTimeout(options.startupTimeoutMs)
      .start();
  } catch (err) {
    throw new UsageError(`the candidate image ${options.image} did not start and answer HTTP on port ${options.port}: ${(err as Error).message}`);
  }
  const started = container;
  return {
    url: `http://${started.getHost()}:${started.getMappedPort(options.port)}`,
    stop: async () => {
      await started.stop();
    },
  };
}
