/**
 * A check is a small named function that proves one or more requirements of the catalogue, declared
 * in one place next to its code (like an h2spec test case): its id, the function's name, a one-line
 * description, the requirement ids, and whether it changes state. The report, `--only` and the
 * requirement coverage all come from this declaration.
 */
import { readFileSync } from 'node:fs';
import type { SourceMapPayload } from 'node:module';
import { SourceMap } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { InterpretationId } from '../../specs/interpretations.ts';
import type { Level, OperationId, Variant } from '../../specs/model/index.ts';
import type { RequirementId } from '../../specs/requirements/index.ts';
import { requirement } from '../../specs/requirements/index.ts';
import type { Accounts } from './accounts.ts';
import type { Exchange } from './http.ts';
import { CheckFailure, CheckSkip } from './outcome.ts';
import type { Reply, Target } from './target.ts';
import type { Stage } from './schedule.ts';

export interface CheckContext {
  readonly target: Target;
  readonly variant: Variant;
  readonly accounts: Accounts;
  /** Prefix of every name this run creates on the target, so its records can be found. */
  readonly prefix: string;
  /** Deterministic generator seeded by --seed. */
  readonly random: () => number;
  /** A unique name with the run prefix. */
  unique(label: string): string;
  /** Exchanges recorded for the report. */
  note(reply: Reply | Exchange): void;
  /** Shared, lazily built records (a post, a comment, ...) for checks that need something to act on. */
  readonly world: World;
  /** Where the checker's file server for source downloads listens, and the base URL the target is given. */
  readonly source: { readonly host: string; readonly urlBase?: string };
  /**
   * Requests a check may have in flight at once where it makes many records of one kind (the run's
   * --concurrency; 1: one at a time, as the rest of the run).
   */
  readonly concurrency: number;
  /** The run sends no POST, PUT or DELETE (--read-only): a check finds its records, or skips. */
  readonly readOnly: boolean;
  /** The target was started for this run: what the run sent is all it served this hour (INT-quota-lower-side). */
  readonly freshTarget: boolean;
}

/** Lazily created records shared by the checks of one suite file. */
export interface World {
  get<T>(key: string, make: () => Promise<T>): Promise<T>;
  /**
   * Runs a set-up step of kind `kind` (a post, a comment, ...). When it fails, the failure becomes
   * the root cause `setup/<kind>` and this and every later check that needs that kind is blocked by
   * it, without sending the set-up again.
   */
  setup<T>(kind: string, what: string, make: () => Promise<T>): Promise<T>;
}

export interface Check {
  /** Unique id, e.g. `served/posts.list/json`. */
  readonly id: string;
  /** The named check function (shown in reports), e.g. `operation_is_served`. */
  readonly fn: string;
  readonly description: string;
  readonly requirements: readonly RequirementId[];
  /** Resource id of the model, or `protocol` for checks across resources. */
  readonly resource: string;
  readonly operation?: OperationId;
  /** Sends no POST, PUT or DELETE: safe against a production server (--read-only). */
  readonly readOnly: boolean;
  /**
   * Opt-in tiers: `quota` sends thousands of requests and runs last (--include-quota); `fuzz` is the
   * generative phase, after every other check (--fuzz N).
   */
  readonly tier?: 'quota' | 'fuzz';
  /**
   * Why the check runs alone under --concurrency, when it must: it reads lists or state that other
   * checks' writes change (paging or sorting over all records, the newest records of a listing, the
   * accounts' quotas). Such checks run last, one at a time, once every other has ended.
   */
  readonly exclusive?: string;
  /**
   * Why the check starts once every check that may run beside others has ended (before those that run
   * alone): it needs more records than it judges (more than a page of posts), which the other checks'
   * records make up, so it makes only what is still missing. Its verdict does not depend on whose
   * records they are.
   */
  readonly late?: string;
  /** Where the check is declared (`src/check/checks/....ts:LINE`), set by defineCheck. */
  readonly source?: string;
  run(ctx: CheckContext): Promise<void>;
}

/**
 * pass / fail / warn (a SHOULD failure, or a failure that rests only on a reading of the
 * interpretations register, without --strict) / skip (not established, with the reason) / blocked
 * (a set-up step this check needs failed: see the root cause it names).
 */
export type CheckStatus = 'pass' | 'fail' | 'warn' | 'skip' | 'blocked';

export type { Cause, FailureDetail, RootCause } from './outcome.ts';
export { Blocked, CheckFailure, CheckSkip } from './outcome.ts';

/**
 * Fails the check. `requirement` names the one requirement of the check that the target broke,
 * when the check proves several; otherwise the failure cites all of the check's requirements.
 */
export function fail(
  message: string,
  detail: { expected?: string; actual?: string; reply?: Reply; requirement?: RequirementId; interpretation?: InterpretationId } = {},
): never {
  const cause = detail.reply?.defect();
  throw new CheckFailure(message, {
    ...(detail.expected !== undefined ? { expected: detail.expected } : {}),
    ...(detail.actual !== undefined ? { actual: detail.actual } : {}),
    ...(detail.reply ? { exchange: detail.reply.exchange } : {}),
    ...(detail.reply?.op ? { operation: detail.reply.op.id } : {}),
    ...(detail.requirement ? { requirement: detail.requirement } : {}),
    ...(detail.interpretation ? { interpretation: detail.interpretation } : {}),
    ...(cause ? { cause } : {}),
  });
}

export function skip(reason: string): never {
  throw new CheckSkip(reason);
}

/** The level of a check: that of its requirements (all of one level, enforced by defineCheck). */
export function levelOf(check: Check): Level {
  return requirement(check.requirements[0]!).level;
}

/** Why a check must run alone under --concurrency, or undefined when it may run beside others. */
export function exclusiveReason(check: Check): string | undefined {
  if (check.exclusive) return check.exclusive;
  if (check.tier === 'quota') return 'the quota tier spends the accounts\' hourly quotas, which every other check spends too';
  return undefined;
}

/** The stage of a run a check starts in (./schedule.ts): alone, late, or beside the others. */
export function stageOf(check: Check): Stage {
  if (exclusiveReason(check) !== undefined) return 'alone';
  return check.late !== undefined ? 'late' : 'main';
}

/** The variants a check applies to: those of its requirements. */
export function appliesTo(check: Check, variant: Variant): boolean {
  return check.requirements.every((id) => requirement(id).variants.includes(variant));
}

/** The source maps of the bundled engine's files, read when a declaration site is first asked for. */
const sourceMaps = new Map<string, SourceMap | undefined>();

/** Where `file` (a module of the bundled engine) at `line`:`column` (1-based) was written: its source and line, if its map says. */
function original(file: string, line: number, column: number): { file: string; line: number } | undefined {
  if (!sourceMaps.has(file)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
    } catch {
      map = undefined; // no map beside it: the frame stays as it is
    }
    sourceMaps.set(file, map);
  }
  const entry = sourceMaps.get(file)?.findEntry(line - 1, column - 1);
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return undefined;
  return { file: new URL(entry.originalSource, pathToFileURL(file)).pathname, line: entry.originalLine + 1 };
}

/**
 * The file and line a captured stack names first outside this module, relative to the repository. A frame
 * in the bundled engine (dist/bundle/, which runs without Node's source maps: with them on, the command's
 * process peaked ~15 MiB higher) is mapped to its TypeScript source through the bundle's own map.
 */
function declaredAt(stack: string | undefined): string | undefined {
  for (const frame of (stack ?? '').split('\n').slice(1)) {
    const m = /\(?((?:file:\/\/)?[^()\s]+):(\d+):(\d+)\)?$/.exec(frame.trim());
    if (!m) continue;
    const at = { file: m[1]!.replace(/^file:\/\//, ''), line: Number(m[2]) };
    const { file, line } = (at.file.includes('/dist/bundle/') ? original(at.file, at.line, Number(m[3])) : undefined) ?? at;
    if (/\/check\.[jt]s$/.test(file)) continue;
    const src = file.lastIndexOf('/src/');
    return `${src >= 0 ? file.slice(src + 1) : file}:${line}`;
  }
  return undefined;
}

/** Declares a check, verifying its requirement ids against the catalogue at load time. */
export function defineCheck(check: Check): Check {
  if (check.requirements.length === 0) throw new Error(`check ${check.id} proves no requirement`);
  const levels = new Set(check.requirements.map((id) => requirement(id).level));
  if (levels.size > 1) throw new Error(`check ${check.id} mixes MUST and SHOULD requirements; split it`);
  if (check.source !== undefined) return check;
  // Where the check is declared (\`conform spec --explain\`, the requirements document): the stack is
  // captured here and formatted only when asked for. Formatting maps every frame through the source maps,
  // which cost more than the rest of declaring the ~1,000 checks of a run together.
  const site: { stack?: string } = {};
  Error.captureStackTrace(site, defineCheck);
  let source: string | undefined | null = null;
  return Object.defineProperty({ ...check }, 'source', { enumerable: true, get: () => (source === null ? (source = declaredAt(site.stack)) : source) });
}
