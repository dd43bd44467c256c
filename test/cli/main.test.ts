import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'conform.js');

describe('conform CLI entry', () => {
  it('exits 0 for --help', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'conform', '--help'])).toBe(0);
      expect(out.mock.calls.map((c) => String(c[0])).join('')).toContain('Usage: conform');
    } finally {
      out.mockRestore();
    }
  });

  it('prints the version of package.json for --version and -V, and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      try {
        expect(await main(['node', 'conform', flag])).toBe(0);
        expect(out.mock.calls.map((c) => String(c[0])).join('')).toBe(`${version}\n`);
      } finally {
        out.mockRestore();
      }
    }
  });

  it('exits 2 with a message for an unknown command', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['node', 'conform', 'no-such-command'])).toBe(2);
      expect(err.mock.calls.map((c) => String(c[0])).join('')).toMatch(/unknown command|too many arguments/);
    } finally {
      err.mockRestore();
    }
  });

  it('guards stdout against a closed pipe once per process, however often it runs in process', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      await main(['node', 'conform', '--version']);
      const listeners = process.stdout.listenerCount('error');
      for (let i = 0; i < 12; i++) await main(['node', 'conform', '--version']);
      expect(process.stdout.listenerCount('error')).toBe(listeners);
    } finally {
      out.mockRestore();
    }
  });

  it('ends quietly when its reader closes the pipe (conform spec | head -c 1)', () => {
    const text = execFileSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${BIN}" spec --variant A --format json 2>&1 | head -c 1; echo " exit \${PIPESTATUS[0]}"`], { encoding: 'utf8' });
    expect(text).toBe('{ exit 0\n');
  });
});
