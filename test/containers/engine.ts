/**
 * The container engine the tests in test/containers/ use: its command-line client (podman or docker, or
 * $CONTAINER_ENGINE) and an API that answers (DOCKER_HOST; CI starts podman's with
 * containers/podman-service.sh). Without either, the files skip, with the reason.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sharedInstall } from '../package/helpers.ts';

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
 * the run's temporary root, so that the second image's build reuses the first's staging and the engine
 * the layer of it both images copy. Removed with the root.
 */
export function stageDir(): string {
  return join(tmpdir(), 'conform-image-stage');
}

/**
 * The environment of an image's build (containers/build.sh, build-checker.sh): the shared staging
 * directory, and the run's one packed and installed package (../package/helpers.ts, sharedInstall) as
 * what is staged (CONFORM_STAGE_TARBALL, CONFORM_STAGE_INSTALL), so that a test run packs the package
 * once and installs it once for the package's tests and both images.
 */
export async function stageEnv(): Promise<NodeJS.ProcessEnv> {
  const { tarball, app } = await sharedInstall();
  return { CONFORM_STAGE_DIR: stageDir(), CONFORM_STAGE_TARBALL: tarball, CONFORM_STAGE_INSTALL: app };
}
