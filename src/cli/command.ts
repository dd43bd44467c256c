import type { Command } from 'commander';

/**
 * A command module adds one subcommand to the program. It reports the process
 * exit code through `setExit` (see EXIT in ../errors.ts) and throws UsageError
 * for anything the user can fix.
 */
export type RegisterCommand = (program: Command, setExit: (code: number) => void) => void;
