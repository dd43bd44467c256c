import { describe, expect, it } from 'vitest';
import { DEFECTS } from './faulty-testee.ts';
import { faultyCommand } from './helpers.ts';
import { runCli } from '../support/cli.ts';

describe('fault injection: each defect makes conform proto fail on the right requirement', () => {
  for (const [defect, requirement] of Object.entries(DEFECTS)) {
    if (requirement === null) continue;
    it(`${defect} -> exit 1 naming ${requirement}`, async () => {
      const r = await runCli('proto', '--testee', await faultyCommand(defect), '--runs', '50', '--seed', '11');
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(new RegExp(`^FAIL \\S+ \\[${requirement}, Required\\]`, 'm'));
      // A failure names its counterexample as JSON and hex, and the seed to reproduce it.
      expect(r.stdout).toMatch(/counterexample: \{/);
      expect(r.stdout).toMatch(/seed: 11/);
    });
  }

  it('a legal variation (fields emitted in another order) does not fail', async () => {
    const r = await runCli('proto', '--testee', await faultyCommand('reorder-fields'), '--runs', '50', '--seed', '11');
    expect(r.stdout).not.toMatch(/^FAIL /m);
    expect(r.code).toBe(0);
    // ... but it is visible as a Recommended warning, and fails when Recommended is enforced.
    expect(r.stdout).toMatch(/^WARN field-order \[PB-2-field-order, Recommended\]/m);
    const enforced = await runCli('proto', '--testee', await faultyCommand('reorder-fields'), '--runs', '20', '--seed', '11', '--property', 'field-order', '--enforce-recommended');
    expect(enforced.code).toBe(1);
  });

  it('a seed reproduces the same shrunk counterexample, and --path replays it', async () => {
    const args = ['proto', '--testee', await faultyCommand('uint64-truncated'), '--runs', '40', '--seed', '99', '--property', 'uint64-range'];
    const a = await runCli(...args);
    const b = await runCli(...args);
    const counter = (s: string): string => /counterexample: .*/.exec(s)?.[0] ?? 'none';
    expect(counter(a.stdout)).not.toBe('none');
    expect(counter(b.stdout)).toBe(counter(a.stdout));
    const path = /path: (\S+)/.exec(a.stdout)?.[1];
    expect(path).toBeDefined();
    const replay = await runCli(...args, '--path', path!);
    expect(replay.code).toBe(1);
    expect(counter(replay.stdout)).toBe(counter(a.stdout));
  });
});
