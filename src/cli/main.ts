import { Command, CommanderError } from 'commander';
import { EXIT, UsageError } from '../errors.ts';
import { VERSION } from '../version.ts';
import { tierForShortRuns } from '../tiering.ts';
import { commands } from './commands/index.ts';

let guarded = false;

/**
 * A closed pipe (`conform spec | head`) ends the output, not the program with a stack trace. Once per
 * process: main() runs many times in one process where it is called in process (a listener per call
 * would pile up on stdout).
 */
function guardClosedPipe(): void {
  if (guarded) return;
  guarded = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  });
}

/** Runs the CLI on `argv` (as in process.argv) and resolves to the process exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  // Before any WebAssembly (the database engine, undici's parser) is compiled and before most code
  // runs: see ../tiering.ts.
  tierForShortRuns();
  guardClosedPipe();
  let exitCode: number = EXIT.ok;
  const program = new Command()
    .name('conform')
    .description('Conformance checker for the image-board HTTP API (variants A and B) and the peer message format.')
    .version(VERSION, '-V, --version', 'print the version of conform')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();
  for (const register of commands) {
    register(program, (code) => {
      exitCode = code;
    });
  }
  try {
    await program.parseAsync([...argv]);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end with exit code 0; everything else commander rejects is a usage error.
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UsageError) {
      process.stderr.write(`conform: ${err.message}\n`);
      return EXIT.usage;
    }
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`conform: internal error: ${message}\n`);
    if (process.env.CONFORM_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ''}\n`);
    return EXIT.usage;
  }
  return exitCode;
}
