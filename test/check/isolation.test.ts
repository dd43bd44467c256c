/**
 * Checks are independent: each reads and changes only records it made, so the order they run in changes
 * no result, and a fault is caught by the checks of the requirement it breaks, not by a neighbour that
 * trips over a record the faulty server changed. Shown on a fault that changes state where it must not
 * (another user's dmail can be deleted): the run in the registry's order and a shuffled run agree check by
 * check, and only the check owning the faulted requirement fails.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { ReportedResult } from '../../src/report/model.ts';
import { findFault } from '../../src/server/faults.ts';
import { Scratch } from './helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const FAULT = 'dmails-others-deletable';

function statuses(results: readonly ReportedResult[]): Record<string, string> {
  return Object.fromEntries(results.map((r) => [r.check, r.status]));
}

describe('the order of checks changes no result', { timeout: scaled(300_000) }, () => {
  it(`with ${FAULT}: the registry's order and a shuffled order give the same result for every check`, async () => {
    const args = ['check', '--variant', 'A', '--fault', FAULT, '--seed', '21', '--quiet'];
    // Two runs, each on its own embedded server: side by side.
    const [plain, shuffled] = await Promise.all([scratch.conform(args), scratch.conform([...args, '--shuffle', '7'])]);
    expect(plain.code, plain.stderr).toBe(1);
    expect(shuffled.code, shuffled.stderr).toBe(1);
    const a = statuses(plain.report!.results);
    const b = statuses(shuffled.report!.results);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(b).toEqual(a);
    // Caught by its own requirement's checks only.
    const broken = new Set<string>(findFault(FAULT)!.requirements);
    const failing = plain.report!.results.filter((r) => r.status === 'fail' || r.status === 'blocked');
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.filter((r) => !r.requirements.some((id) => broken.has(id))).map((r) => `${r.check}: ${r.message}`)).toEqual([]);
  });
});
