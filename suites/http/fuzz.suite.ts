// Conformance suite "fuzz": the generative phase of `conform check --fuzz N` (src/fuzz/fuzz.ts).
import { checks as fuzzChecks, fuzzOptionsOf } from '../../src/check/checks/fuzz.ts';
import { configFromEnv } from '../../src/check/config.ts';
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

const config = configFromEnv();
conformSuite(SUITES.fuzz.name, (variant) => fuzzChecks(variant, fuzzOptionsOf(config)));
