import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';

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
});
