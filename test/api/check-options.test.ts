/**
 * check()'s own options: an AbortSignal stops the run and the report says so (the checks without a
 * result not run); accounts given as an object reach the run and leave no file behind; progress comes
 * through onProgress, never printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { AccountsFile, ProgressEvent } from '../../src/api/index.ts';
import { check } from '../../src/api/index.ts';
import { REPO_ROOT } from '../../src/paths.ts';

const accountFiles = () => readdirSync(tmpdir()).filter((f) => f.startsWith('conform-accounts-'));

describe('check() options', () => {
  it('stops at an aborted signal: the report is made, interrupted, its checks without a result not run', async () => {
    const controller = new AbortController();
    const events: ProgressEvent['type'][] = [];
    const write = vi.spyOn(process.stdout, 'write');
    try {
      const report = await check({
        variant: 'A',
        only: ['artists'],
        concurrency: 1,
        signal: controller.signal,
        onProgress: (e) => {
          events.push(e.type);
          if (e.type === 'result') controller.abort('stopped by the test');
        },
      });
      expect(report.interrupted?.signal).toBe('stopped by the test');
      expect(report.interrupted!.notRun.length).toBeGreaterThan(0);
      expect(report.verdict).toBe('incomplete');
      expect(events).toContain('start');
      expect(events.at(-1)).toBe('end');
      expect(write).not.toHaveBeenCalled();
    } finally {
      write.mockRestore();
    }
  });

  it('takes the accounts as an object, and removes the file it hands the run', async () => {
    const before = accountFiles();
    const all = JSON.parse(readFileSync(join(REPO_ROOT, 'fixtures', 'accounts.json'), 'utf8')) as AccountsFile;
    const accounts: AccountsFile = { accounts: all.accounts.filter((a) => a.role !== 'Gold') };
    const report = await check({ variant: 'A', only: ['users/level-search'], accounts });
    expect(report.accounts!.roles.find((r) => r.role === 'Gold')!.present).toBe(0);
    expect(report.results.find((r) => r.check === 'users/level-search')!.status).toBe('skip');
    expect(accountFiles()).toEqual(before);
  });
});
