// Conformance suite "posts": its check files are listed in src/check/registry.ts (SUITES.posts).
import { SUITES } from '../../src/check/registry.ts';
import { conformSuite } from '../../src/check/suite.ts';

conformSuite(SUITES.posts.name, SUITES.posts.checks);
