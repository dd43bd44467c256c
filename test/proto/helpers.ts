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
