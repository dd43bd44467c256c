// Conformance suite "people": its check files are listed in src/check/registry.ts (SUITES.people).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.people.name, SUITES.people.checks);
