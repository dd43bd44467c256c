/** The files test/support/sequencer.ts starts first on a fresh clone exist, each named once. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LONGEST } from '../support/sequencer.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the order test files start in', () => {
  it('names only test files that exist, each once', () => {
    for (const file of LONGEST) expect(existsSync(join(ROOT, file)), file).toBe(true);
    for (const file of LONGEST) expect(file, file).toMatch(/^test\/.+\.test\.ts$/);
    expect(new Set(LONGEST).size).toBe(LONGEST.length);
  });
});
