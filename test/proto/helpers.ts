import { vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import type { ShippedTestee } from '../../src/proto/testees/index.ts';
import { commandLine } from '../../src/proto/testees/index.ts';
import { testProgram } from '../support/programs.ts';

export const FAULTY = new URL('./faulty-testee.ts', import.meta.url).pathname;

/** Command line that runs the faulty testee with one defect. */
export async function faultyCommand(defect: string): Promise<string> {
  return commandLine(await testProgram(FAULTY, defect));
}

/**
 * argv of a shipped testee as the tests start it: the TypeScript testee program (src/proto/testees/run.ts,
 * which the package runs compiled) bundled once for the run (../support/programs.ts) rather than started
 * through tsx; any other (Python) as shipped.
 */
export async function shippedCommand(testee: ShippedTestee): Promise<string[]> {
  const argv = testee.command();
  const program = argv.findIndex((a) => a.endsWith('.ts'));
  return program < 0 ? argv : testProgram(argv[program]!, ...argv.slice(program + 1));
}

/** Runs the CLI in process and captures its output. */
export async function runCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await main(['node', 'conform', ...args]);
    return {
      code,
      stdout: out.mock.calls.map((c) => String(c[0])).join(''),
      stderr: err.mock.calls.map((c) => String(c[0])).join(''),
    };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
