/**
 * SIGINT and SIGTERM while a command runs (a CI cancel, Ctrl-C): the first one asks the run to stop
 * and to write its reports, marked interrupted with the signal's name; a second one ends the process
 * at once. Once the reports are written, `reraise` ends the process as the signal would have.
 */
const EXIT_OF: Readonly<Record<string, number>> = { SIGINT: 130, SIGTERM: 143 };

export class Interruption {
  private received?: NodeJS.Signals;
  private readonly controller = new AbortController();
  /** Aborted at the first signal. */
  readonly aborted: AbortSignal = this.controller.signal;

  private readonly handler = (signal: NodeJS.Signals): void => {
    if (this.received) process.exit(EXIT_OF[signal] ?? 1);
    this.received = signal;
    this.onSignal?.(signal);
    // The signal's name is the reason: a run reports it as what interrupted it.
    this.controller.abort(signal);
  };

  constructor(private readonly onSignal?: (signal: NodeJS.Signals) => void) {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
  }

  /** The signal that interrupted the run, if one did. */
  get signal(): NodeJS.Signals | undefined {
    return this.received;
  }

  /** The exit code a shell shows for a process ended by the signal (130, 143). */
  get exitCode(): number {
    return this.received ? (EXIT_OF[this.received] ?? 1) : 0;
  }

  dispose(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }

  /** Stops listening and, after a signal, ends the process by that signal (its default action). */
  reraise(): void {
    this.dispose();
    if (this.received && process.listenerCount(this.received) === 0) process.kill(process.pid, this.received);
  }
}
