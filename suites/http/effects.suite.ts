// Conformance suite "effects": its check files are listed in src/check/registry.ts (SUITES.effects).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.effects.name, SUITES.effects.checks);
