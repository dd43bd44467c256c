/**
 * Every check of a variant, by suite. Each suite file under suites/http/ runs one entry of this
 * list; the CLI uses the whole list for requirement coverage and to tell a user when --only matches
 * nothing. A newcomer looking for "the check of requirement X" greps its id under src/check/checks/.
 */
import type { Variant } from '../../specs/model/index.ts';
import type { Check } from './check.ts';
import { fuzzChecks } from '../fuzz/checks.ts';
import { operationChecks } from './checks/operations.ts';
import { catalogScenarios } from './checks/scenarios/catalog.ts';
import { peopleScenarios } from './checks/scenarios/people.ts';
import { postScenarios } from './checks/scenarios/posts.ts';
import { readBackScenarios } from './checks/scenarios/readback.ts';
import { uploadScenarios } from './checks/scenarios/uploads.ts';
import { lifecycleScenarios, quotaScenarios, versionScenarios } from './checks/scenarios/versions.ts';

export interface SuiteEntry {
  readonly name: string;
  readonly checks: (variant: Variant) => Check[];
}

export const SUITES = {
  operations: { name: 'operations', checks: operationChecks },
  posts: { name: 'posts', checks: () => postScenarios() },
  uploads: { name: 'uploads', checks: () => uploadScenarios() },
  people: { name: 'people', checks: peopleScenarios },
  versions: { name: 'versions', checks: (v: Variant) => [...versionScenarios(), ...lifecycleScenarios(v)] },
  catalog: { name: 'catalog', checks: catalogScenarios },
  readback: { name: 'readback', checks: readBackScenarios },
  quota: { name: 'quota', checks: quotaScenarios },
  /** The generative phase (--fuzz N); the suite file passes the run's N and seed. */
  fuzz: { name: 'fuzz', checks: (v: Variant) => fuzzChecks(v) },
} as const satisfies Record<string, SuiteEntry>;

export function allChecks(variant: Variant): Check[] {
  return Object.values(SUITES).flatMap((s) => s.checks(variant));
}
