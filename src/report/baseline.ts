/**
 * The baseline of known failures (`conform check --baseline FILE`): failures a team has accepted
 * for now, by check id or requirement id (globs allowed), each with a reason and an optional expiry.
 *
 * A listed failure does not fail the run (it stays `fail`, marked `baselined`), nor do the checks an
 * accepted root cause (`setup/<kind>`) blocks; a new failure does;
 * so does a stale file: an entry whose checks now pass, or an entry past its expiry date.
 * `--update-baseline` rewrites the file from the current failures. The file is YAML or JSON:
 *
 *   failures:
 *     - check: served/comments.*
 *       reason: comments are served by the legacy backend until the migration
 *       expires: 2026-12-31
 *     - requirement: IB-7-envelope-json
 *       reason: envelope lacks "reason" (ticket 123)
 */
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import YAML from 'yaml';
import type { BaselineEntry, BaselineOutcome, ReportedResult } from './model.ts';
import type { CheckResult } from '../check/result.ts';
import { UsageError } from '../errors.ts';
import { brokenRequirements } from './status.ts';

export interface Baseline {
  /** The file as given on the command line. */
  readonly file: string;
  readonly entries: readonly BaselineEntry[];
}

const KEYS = new Set(['check', 'requirement', 'reason', 'expires']);

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Parses and validates a baseline (YAML or JSON). `source` names it in error messages. */
export function parseBaseline(text: string, source: string): BaselineEntry[] {
  let data: unknown;
  try {
    data = YAML.parse(text);
  } catch (err) {
    throw new UsageError(`the baseline ${source} is neither YAML nor JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  if (data === null || data === undefined) return [];
  const bad = (where: string, what: string): never => {
    throw new UsageError(`the baseline ${source} is invalid: ${where}${what}. Expected:\n  failures:\n    - check: <check id or glob>   # or requirement: <requirement id or glob>\n      reason: <why it is accepted>\n      expires: YYYY-MM-DD          # optional`);
  };
  if (typeof data !== 'object' || Array.isArray(data)) bad('', 'it must be a mapping with a `failures` list');
  const top = data as Record<string, unknown>;
  for (const key of Object.keys(top)) if (key !== 'failures') bad('', `unknown key "${key}" (only \`failures\`)`);
  if (top.failures === null || top.failures === undefined) return [];
  if (!Array.isArray(top.failures)) bad('failures: ', 'must be a list');
  return (top.failures as unknown[]).map((item, i) => {
    const at = `failures[${i}]: `;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return bad(at, 'must be a mapping');
    const e = item as Record<string, unknown>;
    for (const key of Object.keys(e)) if (!KEYS.has(key)) bad(at, `unknown key "${key}" (check, requirement, reason, expires)`);
    if ((e.check === undefined) === (e.requirement === undefined)) bad(at, 'needs exactly one of `check` and `requirement`');
    for (const key of ['check', 'requirement'] as const) {
      if (e[key] !== undefined && (typeof e[key] !== 'string' || !(e[key] as string).trim())) bad(at, `\`${key}\` must be a non-empty string`);
    }
    if (typeof e.reason !== 'string' || !e.reason.trim()) bad(at, '`reason` must say why the failure is accepted');
    // A YAML 1.1 reader may have turned the date into a Date already.
    const expires = e.expires instanceof Date ? e.expires.toISOString().slice(0, 10) : e.expires;
    if (expires !== undefined && (typeof expires !== 'string' || !isDate(expires))) bad(at, '`expires` must be a date, YYYY-MM-DD');
    return {
      ...(e.check !== undefined ? { check: (e.check as string).trim() } : {}),
      ...(e.requirement !== undefined ? { requirement: (e.requirement as string).trim() } : {}),
      reason: (e.reason as string).trim(),
      ...(expires !== undefined ? { expires: expires as string } : {}),
    };
  });
}

/** Reads a baseline file. With `allowMissing` (--update-baseline), a missing file is an empty baseline. */
export async function loadBaseline(file: string, path: string, allowMissing = false): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && allowMissing) return { file, entries: [] };
    throw new UsageError(`cannot read the baseline ${file}: ${code === 'ENOENT' ? 'no such file (create it with --update-baseline)' : (code ?? (err as Error).message)}`);
  }
  return { file, entries: parseBaseline(text, file) };
}

function glob(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  return new RegExp(`^${escaped}$`, 'i');
}

/** Does the entry name this failure (by check id, or by the requirement it broke)? */
function namesFailure(e: BaselineEntry, r: CheckResult): boolean {
  if (e.check !== undefined) return glob(e.check).test(r.check);
  const re = glob(e.requirement ?? '');
  return brokenRequirements(r).some((id) => re.test(id));
}

/** Does the entry name this check at all (by check id, or a requirement it proves or broke)? */
function namesCheck(e: BaselineEntry, r: CheckResult): boolean {
  if (e.check !== undefined) return glob(e.check).test(r.check);
  const re = glob(e.requirement ?? '');
  return [...r.requirements, ...(r.failedRequirement ? [r.failedRequirement] : [])].some((id) => re.test(id));
}

/** Today as YYYY-MM-DD (UTC): an entry accepts failures through its expiry day. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

const expired = (e: BaselineEntry, day: string) => e.expires !== undefined && e.expires < day;

/** Marks the failures the baseline accepts, and says whether the file is out of date. */
export function applyBaseline(
  results: readonly CheckResult[],
  baseline: Baseline,
  day = today(),
  updated = false,
): { results: ReportedResult[]; outcome: BaselineOutcome } {
  const live = baseline.entries.filter((e) => !expired(e, day));
  const failures: ReportedResult[] = results.map((r) => {
    if (r.status !== 'fail' || r.internalError) return r;
    const entry = live.find((e) => namesFailure(e, r));
    return entry ? { ...r, baselined: entry } : r;
  });
  // An accepted root cause accepts the checks it blocks: they wait on the same known failure.
  const acceptedRoots = new Map(failures.filter((r) => r.blocks !== undefined && r.baselined).map((r) => [r.check, r.baselined!]));
  const marked: ReportedResult[] = failures.map((r) => {
    if (r.status !== 'blocked') return r;
    const entry = acceptedRoots.get(r.blockedBy ?? '') ?? live.find((e) => namesFailure(e, r));
    return entry ? { ...r, baselined: entry } : r;
  });
  const nowPassing: BaselineOutcome['nowPassing'][number][] = [];
  const expiredEntries: BaselineOutcome['expired'][number][] = [];
  const unused: BaselineEntry[] = [];
  for (const e of baseline.entries) {
    const failing = results.filter((r) => r.status === 'fail' && namesFailure(e, r)).map((r) => r.check);
    const named = results.filter((r) => namesCheck(e, r));
    if (expired(e, day)) expiredEntries.push({ entry: e, checks: failing });
    else if (failing.length === 0 && named.some((r) => r.status === 'pass')) {
      nowPassing.push({ entry: e, checks: named.filter((r) => r.status === 'pass').map((r) => r.check) });
    } else if (named.length === 0) unused.push(e);
  }
  return {
    results: marked,
    outcome: {
      file: baseline.file,
      entries: baseline.entries.length,
      accepted: marked.filter((r) => r.baselined).length,
      outdated: nowPassing.length > 0 || expiredEntries.length > 0,
      nowPassing,
      expired: expiredEntries,
      unused,
      updated,
    },
  };
}

/**
 * The entries of a rewritten baseline: every entry that still names a failure (or names no check of
 * this run, so --only does not wipe the rest of the file) keeps its reason and expiry; entries whose
 * checks now pass are dropped; each failure no entry names gets an entry of its own.
 */
export function updateEntries(results: readonly CheckResult[], entries: readonly BaselineEntry[], day = today()): BaselineEntry[] {
  const failures = results.filter((r) => r.status === 'fail' && !r.internalError);
  const kept = entries.filter((e) => failures.some((r) => namesFailure(e, r)) || !results.some((r) => namesCheck(e, r)));
  const added = failures
    .filter((r) => !kept.some((e) => namesFailure(e, r)))
    .map((r) => {
      const why = `${r.failedRequirement ?? r.requirements.join(', ')}: ${r.message ?? 'failed'}`.replace(/\s+/g, ' ');
      return { check: r.check, reason: `known failure since ${day} (${why.length > 160 ? `${why.slice(0, 159)}…` : why})` };
    });
  return [...kept, ...added];
}

/** The file's text: JSON for a .json file, YAML otherwise. */
export function renderBaseline(entries: readonly BaselineEntry[], path: string): string {
  const data = { failures: entries.map((e) => ({ ...e })) };
  if (/\.json$/i.test(path)) return `${JSON.stringify(data, null, 2)}\n`;
  return `# Known failures accepted by \`conform check --baseline\`: a check id or requirement id (globs allowed),\n# why it is accepted, and optionally the last day it is (expires: YYYY-MM-DD).\n${YAML.stringify(data, { lineWidth: 0 })}`;
}

/** --update-baseline: the file (or, before it exists, its directory) must be writable before the run. */
export async function assertWritable(path: string): Promise<void> {
  try {
    await access(path, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new UsageError(`--update-baseline cannot write the baseline ${path}: ${code ?? (err as Error).message}`);
    try {
      await access(dirname(path), constants.W_OK);
    } catch (e) {
      throw new UsageError(`--update-baseline cannot create the baseline ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
}

export async function writeBaseline(path: string, entries: readonly BaselineEntry[]): Promise<void> {
  await writeFile(path, renderBaseline(entries, path));
}
