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
  private readonly ids: ReadonlySet<string>;
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
