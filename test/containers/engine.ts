/**
 * The container engine the tests in test/containers/ use: its command-line client (podman or docker, or
 * $CONTAINER_ENGINE) and an API that answers (DOCKER_HOST; CI starts podman's with
 * containers/podman-service.sh). Without either, the files skip, with the reason.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export async function findEngine(): Promise<{ cli: string } | { reason: string }> {
  const candidates = process.env.CONTAINER_ENGINE ? [process.env.CONTAINER_ENGINE] : ['podman', 'docker'];
  let cli: string | undefined;
  for (const c of candidates) {
    if (await exec(c, ['--version']).then(() => true, () => false)) {
      cli = c;
      break;
    }
  }
  if (!cli) return { reason: `no container engine client (${candidates.join(' or ')}) is installed` };
  process.env.TESTCONTAINERS_HOST_OVERRIDE ??= 'localhost';
  const { getContainerRuntimeClient } = await import('testcontainers');
  const answer = await getContainerRuntimeClient().then(
    () => '',
    (err: Error) => err.message,
  );
  if (answer) return { reason: `no container engine answers (${answer}); set DOCKER_HOST, e.g. eval "$(containers/podman-service.sh)"` };
  return { cli };
}

/**
 * Where the images' builds stage the package (containers/stage.sh, CONFORM_STAGE_DIR): one directory in
 * the run's temporary root, so that the second image's build reuses the first's staging (npm pack and the
 * production install) and the engine the layer of it both images copy. Removed with the root.
 */
export function stageDir(): string {
  return join(tmpdir(), 'conform-image-stage');
}
