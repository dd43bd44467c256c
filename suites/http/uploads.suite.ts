// Conformance suite "uploads": its check files are listed in src/check/registry.ts (SUITES.uploads).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.uploads.name, SUITES.uploads.checks);
