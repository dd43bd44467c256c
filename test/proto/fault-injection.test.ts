import { describe, expect, it } from 'vitest';
import { requirement } from '../../specs/peer/requirements.ts';
import { DEFECTS, LEGAL } from './faulty-testee.ts';
import { faultyCommand } from './helpers.ts';
import { runCli } from '../support/cli.ts';

/** The lines of the failure details that name a property and its requirement: [status, property, requirement]. */
function verdicts(stdout: string): [string, string, string][] {
  return [...stdout.matchAll(/^(FAIL|WARN) (\S+) \[([^,\]]+), \w+\]/gm)].map((m) => [m[1]!, m[2]!, m[3]!]);
}

describe('fault injection: each defect makes conform proto fail on the right requirement', () => {
  for (const [defect, id] of Object.entries(DEFECTS)) {
    const level = requirement(id).level;
    it(`${defect} -> exit 1 naming ${id} (${level})`, async () => {
      // A defect against a Recommended requirement fails when Recommended is enforced, and only warns otherwise.
      const enforce = level === 'Recommended' ? ['--enforce-recommended'] : [];
      const r = await runCli('proto', '--testee', await faultyCommand(defect), '--runs', '50', '--seed', '11', ...enforce);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(new RegExp(`^FAIL \\S+ \\[${id}, ${level}\\]`, 'm'));
      // A failure names its counterexample as JSON and hex, and the seed to reproduce it.
      expect(r.stdout).toMatch(/counterexample: \{/);
      expect(r.stdout).toMatch(/seed: 11/);
      if (level === 'Recommended') {
        const lax = await runCli('proto', '--testee', await faultyCommand(defect), '--runs', '50', '--seed', '11');
        expect(lax.code).toBe(0);
        expect(lax.stdout).toMatch(new RegExp(`^WARN \\S+ \\[${id}, Recommended\\]`, 'm'));
      }
    });
  }

  it('an encoder that writes invalid bytes is blamed for them in every property, with the offset, never the decoder', async () => {
    const r = await runCli('proto', '--testee', await faultyCommand('invalid-embedded-bytes'), '--runs', '50', '--seed', '11');
    expect(r.code).toBe(1);
    const named = verdicts(r.stdout);
    // roundtrip encodes and then decodes the encoder's own bytes: it too names the encoder.
    expect(named.map(([, p]) => p)).toEqual(expect.arrayContaining(['roundtrip', 'field-numbers', 'wire-types', 'canonical-bytes', 'golden-bytes']));
    expect(named.filter(([, , req]) => req !== 'PB-2-encoding-valid')).toEqual([]);
    expect(r.stdout).toMatch(/^ {2}the encoder wrote invalid bytes at offset \d+ of \d+: Common_Message\.\w+: truncated varint$/m);
    expect(r.stdout).not.toMatch(/rejected valid input/);
  });

  it('canonical-bytes files a difference under the requirement it breaks, not always under field order', async () => {
    const filed = async (defect: string): Promise<string | undefined> => {
      const r = await runCli('proto', '--testee', await faultyCommand(defect), '--runs', '50', '--seed', '11', '--property', 'canonical-bytes');
      return verdicts(r.stdout).find(([, p]) => p === 'canonical-bytes')?.[2];
    };
    expect(await filed('drops-last-field')).toBe('PB-2-roundtrip');
    expect(await filed('two-oneof-members')).toBe('PB-2-oneof-single');
    expect(await filed('reorder-fields')).toBe('PB-2-field-order');
  });

  for (const [variation, warning] of Object.entries(LEGAL)) {
    it(`a legal variation (${variation}) does not fail${warning ? `, it warns under ${warning.requirement}` : ''}`, async () => {
      const r = await runCli('proto', '--testee', await faultyCommand(variation), '--runs', '50', '--seed', '11');
      expect(r.stdout).not.toMatch(/^FAIL /m);
      expect(r.code).toBe(0);
      if (!warning) {
        expect(r.stdout).not.toMatch(/^WARN /m);
        return;
      }
      expect(r.stdout).toMatch(new RegExp(`^WARN ${warning.property} \\[${warning.requirement}, Recommended\\]`, 'm'));
      if (warning.kind) expect(r.stdout).toMatch(new RegExp(`^WARN ${warning.property} \\[[^\\]]+\\]\\n.*\\n {2}${warning.kind}: `, 'm'));
    });
  }

  it('a warning of a legal variation fails when Recommended is enforced', async () => {
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

  it('a seed reproduces the adversarial bytes of a decoder property, and --path replays them', async () => {
    const args = ['proto', '--testee', await faultyCommand('first-wins'), '--runs', '50', '--seed', '5', '--property', 'last-wins'];
    const a = await runCli(...args);
    const b = await runCli(...args);
    const bytes = (s: string): string => /bytes \(hex\): .*/.exec(s)?.[0] ?? 'none';
    expect(bytes(a.stdout)).not.toBe('none');
    expect(bytes(b.stdout)).toBe(bytes(a.stdout));
    const replay = await runCli(...args, '--path', /path: (\S+)/.exec(a.stdout)![1]!);
    expect(bytes(replay.stdout)).toBe(bytes(a.stdout));
  });
});
