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

/**
 * Properties a shipped testee is known to break, with the reason: divergences of the library
 * itself that the suite finds. The matrix tests expect these and nothing else.
 */
export const KNOWN_DIVERGENCES: Record<string, Record<string, string>> = {
  bufbuild: {
    'truncated-rejected': '@bufbuild/protobuf reads an embedded message past its length: a record cut short inside it takes bytes of the records after it',
    'malformed-rejected': '@bufbuild/protobuf reads an end group of a documented field number, without its start group, as a value of the field instead of refusing the input',
    'wire-type-mismatch': '@bufbuild/protobuf reads a documented field in another wire type as a value of the field (Recommended: a warning)',
  },
  python: {
    'malformed-rejected': 'Python protobuf skips a record of field number 0 as an unknown field instead of refusing the input (Recommended: a warning)',
  },
};
