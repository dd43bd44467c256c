/**
 * What a fault is, and the set of active ones: the leaf types of fault injection. The catalogue of
 * faults is ./faults.ts; resource modules list their own faults with these types.
 */
import type { Variant } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';

export interface FaultSpec {
  readonly id: string;
  /** Requirement ids of specs/requirements that the fault violates. */
  readonly requirements: readonly RequirementId[];
  /** One line: what the server does wrong. */
  readonly summary: string;
  /** The variants where the fault has an effect; both when absent. */
  readonly variants?: readonly Variant[];
  /**
   * The check (id, `*` globs allowed) that owns the faulted requirement and must be the one to catch it,
   * not a neighbour that happens to trip over it.
   */
  readonly caughtBy?: string;
}

/** The set of active faults (at most one from the command line; tests may switch on one at a time). */
export class Faults {
  protected ids: ReadonlySet<string>;
  constructor(ids: readonly string[] = []) {
    this.ids = new Set(ids);
  }
  active(id: string): boolean {
    return this.ids.size > 0 && this.ids.has(id);
  }
  get list(): readonly string[] {
    return [...this.ids];
  }
}

/**
 * Faults switched on one at a time while a server runs (the mutation test: one server per variant and
 * a fault at a time, rather than a server built for each fault). What the server asks while it is built
 * (routes left unserved, the stages' settings) is fixed from then on: a fault it asked about, or any
 * fault when it asked for the whole list, cannot be switched on later (`switchable`), and needs a server
 * built with it. Listeners (the server's quota and throttle counters) start afresh at each switch.
 */
export class FaultSwitch extends Faults {
  private building = true;
  private askedAll = false;
  private readonly asked = new Set<string>();
  private readonly listeners: (() => void)[] = [];

  override active(id: string): boolean {
    if (this.building) this.asked.add(id);
    return super.active(id);
  }
  override get list(): readonly string[] {
    if (this.building) this.askedAll = true;
    return super.list;
  }
  /** The server is built: from now on a fault it did not ask about may be switched on. */
  built(): void {
    this.building = false;
  }
  switchable(id: string): boolean {
    return !this.building && !this.askedAll && !this.asked.has(id);
  }
  /** Runs `fn` at each switch. */
  onSwitch(fn: () => void): void {
    this.listeners.push(fn);
  }
  /** Switches `id` on (and any other off), or every fault off. */
  switchTo(id: string | undefined): void {
    if (id !== undefined && !this.switchable(id)) throw new Error(`fault ${id} shapes the server as it is built: start a server with it`);
    this.ids = new Set(id === undefined ? [] : [id]);
    for (const fn of this.listeners) fn();
  }
}
