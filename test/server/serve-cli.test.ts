/** `conform serve` as a user runs it: ready line with the URL, real requests, clean stop on SIGTERM; flags. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { allFaults } from '../../src/server/index.ts';
import { Children } from '../support/children.ts';

const BIN = fileURLToPath(new URL('../../bin/conform.js', import.meta.url));

const children = new Children();
afterEach(() => children.stopAll());

describe('conform serve', () => {
  it('prints the base URL when ready, serves requests and stops cleanly on SIGTERM', async () => {
    const child = children.spawn(process.execPath, [BIN, 'serve', '--variant', 'B', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [url] = await children.waitFor(child, /http:\/\/127\.0\.0\.1:\d+(?=\s)/);
    const anonymous = await fetch(`${url}/posts.json`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ success: false });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('lists the faults with their requirement ids', () => {
    const res = spawnSync(process.execPath, [BIN, 'serve', '--list-faults'], { encoding: 'utf8' });
    expect(res.status).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines).toHaveLength(allFaults().length + 1);
    expect(res.stdout).toMatch(/^envelope-no-reason\tIB-7-envelope-json/m);
  });

  it('refuses a bad variant with exit code 2', () => {
    const res = spawnSync(process.execPath, [BIN, 'serve', '--variant', 'C', '--port', '0'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr).toMatch(/--variant must be A or B/);
  });

  it('refuses an unknown fault with exit code 2', () => {
    const fault = spawnSync(process.execPath, [BIN, 'serve', '--variant', 'A', '--port', '0', '--fault', 'nope'], { encoding: 'utf8' });
    expect(fault.status).toBe(2);
    expect(fault.stderr).toMatch(/unknown fault nope/);
  });

  it('refuses a --data directory it cannot make, with exit code 2 and one line naming it (not an internal error)', () => {
    // Under /proc nothing can be made, whoever runs the test.
    const res = spawnSync(process.execPath, [BIN, 'serve', '--variant', 'A', '--port', '0', '--data', '/proc/conform-no-such-dir'], { encoding: 'utf8' });
    expect(res.status).toBe(2);
    expect(res.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^conform: --data \/proc\/conform-no-such-dir: cannot be used as the database's directory: E[A-Z]+ /)]);
  });
});
