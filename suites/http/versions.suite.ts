// Conformance suite "versions": its check files are listed in src/check/registry.ts (SUITES.versions).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.versions.name, SUITES.versions.checks);
