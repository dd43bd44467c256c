// Conformance suite "quota": its check files are listed in src/check/registry.ts (SUITES.quota).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.quota.name, SUITES.quota.checks);
