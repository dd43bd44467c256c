// Conformance suite "readback": its check files are listed in src/check/registry.ts (SUITES.readback).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.readback.name, SUITES.readback.checks);
