import type { InterpretationId } from '../interpretations.ts';
import type { OperationId } from '../model/index.ts';
import type { Level, Variant } from '../model/types.ts';

/**
 * A testable statement of the HTTP document.
 *
 * Level: MUST where the document states it; SHOULD where it only implies it (or where the check
 * rests on a reading of the interpretations register).
 */
export interface Requirement<Id extends string = string> {
  /** Stable id: `IB-<section>-<slug>` (typed as RequirementId in the catalogue). */
  readonly id: Id;
  /** The document section it comes from. */
  readonly section: string;
  readonly level: Level;
  readonly variants: readonly Variant[];
  /** One line, in this project's words. */
  readonly statement: string;
  /** The document's words it rests on. */
  readonly quote?: string;
  /**
   * `text`: the document states it (its words are in `quote`; readings in `interpretations` only say
   * how a check observes it). `interpretation`: it rests on readings of the register alone.
   */
  readonly basis: 'text' | 'interpretation';
  readonly interpretations?: readonly InterpretationId[];
  /** Operations whose OpenAPI entry carries the id (empty when only a scenario can check it). */
  readonly operations: readonly OperationId[];
  /** The scenario that checks it, when a single request per operation cannot. */
  readonly scenario?: string;
  /**
   * The parameters whose effect it states, as `<operation id> <parameter name>`: a check proving it
   * observes their effect (`conform spec --coverage`). Value-set and REQUIRED requirements name none:
   * they show a parameter accepted or refused, not what it does.
   */
  readonly params?: readonly string[];
}

/** Where a hand-written requirement applies: explicit operations, or a rule over the operations. */
export type Carrier =
  | { readonly operations: readonly OperationId[] }
  | { readonly every: 'operation' | 'get' | 'state-changing' | 'with-id' | 'with-params' }
  | { readonly scenario: string; readonly operations?: readonly OperationId[] };
