// Conformance suite "catalog": its check files are listed in src/check/registry.ts (SUITES.catalog).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.catalog.name, SUITES.catalog.checks);
