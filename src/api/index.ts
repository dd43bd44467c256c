/**
 * `imageboard-conform`: the checker as a library. `check()` certifies a target (a URL, an application in
 * this process, a container image, or the embedded reference server) and resolves to the report that
 * report.json records (specs/report.schema.json); `startReferenceServer()` runs the reference server;
 * `audit()` and `compare()` are `conform audit` and `conform compare`. Test runners:
 * `imageboard-conform/vitest` and `imageboard-conform/node-test`.
 */
export { check } from './check.ts';
export type { AccountsFile, CheckOptions, ProgressEvent } from './check.ts';
export type { Account } from '../check/accounts.ts';
export type { InProcessApp, Listens, WithServer } from './app-target.ts';
export { startReferenceServer } from './server.ts';
export type { ReferenceServer, ReferenceServerOptions } from './server.ts';
export { audit, compare } from './traffic.ts';
export type { AuditOptions } from './traffic.ts';
export type { Change, Comparison } from '../report/compare.ts';
export type {
  AccountsCheck,
  BaselineEntry,
  BaselineOutcome,
  Counts,
  Coverage,
  Established,
  Interrupted,
  LevelEstablished,
  NotEstablishedGroup,
  NotEstablishedKind,
  Report,
  ReportedResult,
  RequirementBasis,
  Rerun,
  Source,
  Verdict,
} from '../report/model.ts';
export type { ProxyReport, Traffic } from '../traffic/tally.ts';
export type { CheckResult } from '../check/result.ts';
export type { CheckStatus } from '../check/check.ts';
export { UsageError } from '../errors.ts';
