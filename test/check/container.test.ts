/**
 * `conform check --image`: without a container engine it is one clear error (exit 2); with one, a
 * missing image is too. Runs of real images are in test/containers/.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/check/container.ts';
import { scaled } from '../support/time.ts';

const run = promisify(execFile);
const BIN = join(__dirname, '..', '..', 'bin', 'conform.js');

async function conform(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { timeout: scaled(170_000) });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function engineAvailable(): Promise<boolean> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  return getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
}

const hasEngine = await engineAvailable();
if (!hasEngine) process.stdout.write('container.test: no container engine on this machine; the container path is not exercised here\n');

describe('conform check --image', { timeout: scaled(180_000) }, () => {
  it.skipIf(hasEngine)('without a container engine: exit 2 with one clear message', async () => {
    const r = await conform(['check', '--variant', 'A', '--image', 'nginx:alpine']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--image needs a container engine \(Docker or Podman\), and none is available here/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it.skipIf(!hasEngine)('with an engine: an image that is not there and cannot be pulled is exit 2, said plainly', async () => {
    // Candidates started from real images are tested in test/containers/.
    const r = await conform(['check', '--variant', 'A', '--image', 'localhost/conform-no-such-image:none']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/the image localhost\/conform-no-such-image:none is not on this machine and cannot be pulled/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('refuses --image with --target or --fault, and malformed --env', async () => {
    expect((await conform(['check', '--variant', 'A', '--image', 'x', '--target', 'http://127.0.0.1:1'])).code).toBe(2);
    expect(() => parseEnv(['NOEQUALS'])).toThrow(/KEY=VALUE/);
    expect(parseEnv(['A=1', 'B=x=y'])).toEqual({ A: '1', B: 'x=y' });
  });
});
