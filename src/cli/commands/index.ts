import type { Command } from 'commander';
import { registerCheck } from './check.ts';
import { registerCompare } from './compare.ts';
import { registerDetect } from './detect.ts';
import { registerProto } from './proto.ts';
import { registerServe } from './serve.ts';
import { registerSpec } from './spec.ts';

/**
 * A command module adds one subcommand to the program. It reports the process
 * exit code through `setExit` (see EXIT in ../errors.ts) and throws UsageError
 * for anything the user can fix.
 */
export type RegisterCommand = (program: Command, setExit: (code: number) => void) => void;

export const commands: RegisterCommand[] = [
  registerSpec,
  registerCheck,
  registerCompare,
  registerDetect,
  registerProto,
  registerServe,
];
