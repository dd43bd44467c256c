// Conformance suite "operations": its check files are listed in src/check/registry.ts (SUITES.operations).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.operations.name, SUITES.operations.checks);
