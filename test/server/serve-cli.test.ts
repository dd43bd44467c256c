/** `conform serve` as a user runs it: ready line with the URL, real requests, clean stop on SIGTERM; flags. */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allFaults } from '../../src/server/index.ts';

const BIN = fileURLToPath(new URL('../../bin/conform.js', import.meta.url));

describe('conform serve', () => {
  it('prints the base URL when ready, serves requests and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--variant', 'B', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${out} ${err}`)), 45_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d;
        const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[0]);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    const anonymous = await fetch(`${url}/posts.json`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ success: false });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
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
});
