/**
 * Requests a run sent, by caller (an account's name, or `anonymous`): what a quota check needs to know
 * of the hour before it (INT-quota-lower-side). One ledger per run's settings, carried from pass to pass.
 */
import type { RunConfig } from './config.ts';

export const ANONYMOUS = 'anonymous';

export class SpendLedger {
  readonly #counts = new Map<string, number>();

  constructor(earlier: Readonly<Record<string, number>> = {}) {
    for (const [who, n] of Object.entries(earlier)) this.#counts.set(who, n);
  }

  count(who: string): void {
    this.#counts.set(who, (this.#counts.get(who) ?? 0) + 1);
  }

  /** Requests sent as `who` so far, earlier passes included. */
  of(who: string): number {
    return this.#counts.get(who) ?? 0;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries(this.#counts);
  }
}

const ledgers = new WeakMap<RunConfig, SpendLedger>();

/** The ledger of a run's settings: every suite of a pass opened with them shares it. */
export function ledgerOf(config: RunConfig): SpendLedger {
  let ledger = ledgers.get(config);
  if (!ledger) ledgers.set(config, (ledger = new SpendLedger(config.spent)));
  return ledger;
}
