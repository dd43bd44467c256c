/**
 * Running red-team faults (docs/redteam.md) against the checker, in the test's own process: a reference
 * server of the variant, the fault's reverse proxy in front of it, and the checks of the fault's scope run
 * against the proxy as `conform check --target` runs them (suite by suite, each suite with a context and
 * shared records of its own, ../../src/check/suites-process.ts), without the command's processes. A run
 * catches the fault when its verdict would be NON-CONFORMANT: a check failed at MUST level, or a MUST
 * check was blocked by a failed set-up step (../../src/report/verdict.ts, failsRun).
 */
import type { Variant } from '../../specs/model/index.ts';
import { stageOf } from '../../src/check/check.ts';
import type { RunConfig } from '../../src/check/config.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { resetTargetHealth } from '../../src/check/http.ts';
import { SUITES } from '../../src/check/registry.ts';
import type { SuiteEntry } from '../../src/check/registry.ts';
import type { CheckResult } from '../../src/check/result.ts';
import { notRun, runWatchedCheck } from '../../src/check/run-check.ts';
import { schedule } from '../../src/check/schedule.ts';
import { selectChecks } from '../../src/check/select.ts';
import { withRootCauses } from '../../src/report/model.ts';
import { failsRun } from '../../src/report/verdict.ts';
import type { Fault } from './tranche-1/fault.ts';
import { startFaultProxy } from './tranche-1/proxy.ts';

/** `--only` patterns of the checks of resources `names`: by the check's resource, or the operation it exercises. */
function touches(...names: string[]): string[] {
  return names.flatMap((name) => [name, `${name}.*`]);
}

/** Every operation's protocol checks, and those of the protocol as a whole (the quota tier aside). */
const GENERAL = ['served/*', 'content-type/*', 'required/*', 'values/*', 'not-found/*', 'path-id/*', 'bad-input/*', 'absent/*', 'auth/*', 'lifecycle/*', 'searches/*'];

/**
 * The checks a fault's run selects, by the fault's `family`: `--only` patterns naming the resources whose
 * operations the family's faults change, and the checks that read what those operations wrote (the version
 * listings of a revert). A check is matched by its resource or its operation,
 * so the checks of a listing that are filed under its parent resource (the filters of post_versions.list
 * are `effects/post_versions.list/...` of `posts`) come with the listing. A family's faults change requests
 * and answers of those resources only, so the checks of other resources see the reference server's own
 * behaviour and pass: leaving them out saves their time and changes no run's verdict (measured against
 * the tranche's first score, a run of every check: docs/redteam.md). The cross-cutting family (`general`:
 * authentication, quotas, envelopes, status codes) changes answers of every resource; its scope is the
 * protocol checks of every operation rather than every check.
 */
export const FAMILY_SCOPE: Readonly<Record<string, readonly string[]>> = {
  posts: touches('posts', 'post_votes', 'post_flags', 'post_appeals', 'post_versions'),
  uploads: touches('uploads'),
  comments: touches('comments'),
  dmails: touches('dmails'),
  artists: touches('artists', 'artist_versions'),
  notes: touches('notes', 'note_versions'),
  users: touches('users'),
  pools: touches('pools', 'pool_versions'),
  tags: touches('tags', 'tag_aliases', 'tag_implications', 'related_tag'),
  wiki: touches('wiki_pages'),
  forum: touches('forum_topics', 'forum_posts'),
  commentary: touches('artist_commentaries', 'artist_commentary_versions'),
  'artist-commentary': touches('artist_commentaries', 'artist_commentary_versions'),
  'post-votes-flags-appeals': touches('posts', 'post_votes', 'post_flags', 'post_appeals'),
  'post-flags-appeals': touches('posts', 'post_flags', 'post_appeals'),
  'post-votes': touches('posts', 'post_votes'),
  // Tranche 7's names.
  votes: touches('posts', 'post_votes'),
  'flags-appeals': touches('posts', 'post_flags', 'post_appeals'),
  versions: [...touches('post_versions', 'pool_versions', 'artist_versions', 'note_versions', 'artist_commentary_versions'), 'versions/*'],
  // Tranche 8's names.
  'aliases-implications': touches('tag_aliases', 'tag_implications'),
  'related-tags': touches('related_tag', 'tags'),
  'forum-topics': touches('forum_topics', 'forum_posts'),
  'forum-posts': touches('forum_topics', 'forum_posts'),
  // Tranche 9's names.
  flags: touches('posts', 'post_flags', 'post_appeals'),
  aliases: touches('tag_aliases', 'tag_implications'),
  related: touches('related_tag', 'tags'),
  // Tranche 11's names.
  auth: GENERAL,
  envelope: GENERAL,
  'tag-relations': touches('tag_aliases', 'tag_implications', 'related_tag', 'tags'),
  commentaries: touches('artist_commentaries', 'artist_commentary_versions'),
  general: GENERAL,
  // Tranche 5 names the cross-cutting families one by one.
  authentication: GENERAL,
  envelopes: GENERAL,
  formats: GENERAL,
  'request-conventions': GENERAL,
  'status-codes': GENERAL,
  quotas: GENERAL,
  limits: [...GENERAL, ...touches('posts')],
};

/**
 * Faults that break a row of the quota table (section 8), and the check of the quota tier
 * (`--include-quota`) for that row: only it sends enough requests to reach the quota, so their runs
 * include it. The tier's other checks (each of thousands of requests, over 30,000 in all for A) judge
 * rows the fault leaves as they are.
 */
export const QUOTA_TIER: Readonly<Record<string, readonly string[]>> = {
  'anon-quota-too-low': ['quota/anonymous'],
  // Its run is that check alone: the fault throttles every anonymous caller after 20 requests, and the
  // family's other checks would wait its 421s out.
  'general-anonymous-quota-throttles-early': ['quota/anonymous'],
};

/**
 * Faults whose run needs a scope other than their family's: a cross-cutting fault that acts on one
 * resource only, or one whose family's checks would wait out its throttling.
 */
export const FAULT_SCOPE: Readonly<Record<string, readonly string[]>> = {
  // A `general` fault that acts on the XML comment list only: the comment checks read it.
  'xml-non-ascii-sent-as-latin1': [...GENERAL, ...touches('comments')],
  'general-xml-comment-body-unescaped': [...GENERAL, ...touches('comments')],
  // A `general` fault of the post list's limit: the post checks ask it.
  'general-post-limit-above-100-honoured': [...GENERAL, ...touches('posts')],
  // Every caller by login and api_key is throttled after 500 requests: only the quota tier's Platinum row
  // judges that (SHOULD), with 20,001 requests, too long a run for the tests (the first score's full run
  // waited the 421s out for 903 s and ended INCOMPLETE). The authentication checks, which send a handful
  // by each method, are its run.
  'quota-param-callers-get-anonymous-quota': ['auth/*'],
};

/**
 * Faults whose hooks throw on some requests the checks send (the proxy then forwards the request as it
 * came): the fault acts on the others. By fault id, the requests it throws on.
 */
export const HOOK_ERRORS: Readonly<Record<string, string>> = {
  'uploads-rating-defaults-to-safe': 'an upload without upload[rating] sent as a form rather than multipart (the hook reads a multipart boundary)',
  'posts-copy-notes-first-only': 'a copy_notes whose post has no note list to read (the hook maps the answer of a note search as a list); it raised the same error when the tranche was scored',
};

/** QUOTA_TIER faults whose runs make the tier's check only. */
const QUOTA_ALONE: ReadonlySet<string> = new Set(['general-anonymous-quota-throttles-early']);

/**
 * Faults whose hooks pair a request with its answer through one slot of shared state (the request's search
 * term, kept by onRequest and taken by the next onResponse of that listing): with two checks' requests in
 * flight, the slot holds the other's term, and the fault acts on the wrong answer or on none. Their runs
 * make one check at a time, as the faults assume (tranche 5; the first score's full runs caught each).
 */
export const ONE_AT_A_TIME: ReadonlySet<string> = new Set([
  'artists-url-search-first-url-only',
  'comments-creator-name-substring',
  'forum-topic-title-exact-as-substring',
  'uploads-source-search-prefix-match',
  'aliases-antecedent-name-prefix-match',
  'aliases-name-matches-antecedent-only',
  'users-min-level-exclusive',
]);

export interface FaultRun {
  readonly fault: Fault;
  readonly variant: Variant;
  readonly caught: boolean;
  /** The results that make the verdict NON-CONFORMANT (failures, blocked MUST checks), by check id. */
  readonly failing: readonly string[];
  readonly checks: number;
  readonly requests: number;
  readonly hookErrors: number;
  readonly ms: number;
}

/** A short tag of a fault id (FNV-1a, base 36), for run prefixes. */
function tagOf(id: string): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}

/**
 * The settings of a fault's run: its scope and the quota tier where it needs it (or, with `only` 'all', every
 * check but the opt-in tiers, as the tranche was scored), a fixed seed and a prefix of its own.
 */
export function runConfig(fault: Fault, variant: Variant, seed: number, only: readonly string[] | 'all' = FAULT_SCOPE[fault.id] ?? FAMILY_SCOPE[fault.family] ?? 'all'): RunConfig {
  return {
    target: '',
    variant,
    accountsPath: DEFAULT_ACCOUNTS,
    only: only === 'all' ? [] : QUOTA_ALONE.has(fault.id) ? [...QUOTA_TIER[fault.id]!] : [...only, ...(QUOTA_TIER[fault.id] ?? [])],
    strict: false,
    readOnly: false,
    includeQuota: only !== 'all' && fault.id in QUOTA_TIER,
    timeoutMs: DEFAULTS.timeoutMs,
    maxBodyBytes: DEFAULTS.maxBodyBytes,
    seed,
    // Runs share a server: each run's names must not meet another's.
    prefix: `rt${seed.toString(36)}${tagOf(fault.id)}${variant.toLowerCase()}`,
    phase: 'all',
    concurrency: ONE_AT_A_TIME.has(fault.id) ? 1 : DEFAULTS.concurrencyTarget,
    // The server's counters are reset before each run, as if it were started for it (INT-quota-lower-side).
    freshTarget: true,
  };
}

/** The selected checks of every suite against `url`, as the suites' process of `conform check` runs them; their results. */
export async function runChecks(config: RunConfig, url: string): Promise<CheckResult[]> {
  const order: SuiteEntry[] = Object.values(SUITES).filter((s) => s !== SUITES.fuzz);
  const runs = order
    .map((entry) => ({ entry, checks: selectChecks(entry.checks(config.variant), config, config.phase), left: 0, opened: undefined as ReturnType<typeof createContext> | undefined }))
    .filter((r) => r.checks.length > 0);
  for (const r of runs) r.left = r.checks.length;
  const results: CheckResult[] = [];
  const items = runs.flatMap((run) => run.checks.map((check) => ({ run, check })));
  try {
    await schedule(items, config.concurrency ?? 1, (item) => stageOf(item.check), async ({ run, check }) => {
      const opened = await (run.opened ??= createContext(config, url, run.entry.name));
      try {
        results.push(await runWatchedCheck(check, opened.ctx, config.strict, config.deadline).catch((err: unknown) => notRun(check, `the check could not run: ${String(err)}`)));
      } finally {
        if (--run.left === 0) await opened.close();
      }
    });
  } finally {
    // A run cut short (a rejected context) still closes every context it opened.
    for (const r of runs) if (r.left > 0 && r.opened) await (await r.opened).close().catch(() => undefined);
  }
  return results;
}

/**
 * One fault on one variant: its proxy in front of `upstream` (a reference server of `variant`, its
 * counters reset by the caller), the checks of `config`, and whether the verdict would be NON-CONFORMANT.
 * The proxy is closed when the run ends, pass or fail.
 */
export async function runFault(fault: Fault, variant: Variant, upstream: string, config: RunConfig): Promise<FaultRun> {
  const started = Date.now();
  // A new proxy may reuse an earlier one's port, and so its origin: start from a clean slate.
  resetTargetHealth();
  const proxy = await startFaultProxy(upstream, fault);
  try {
    const results = withRootCauses(await runChecks(config, proxy.url), config.strict);
    const rootStatus = new Map(results.filter((r) => r.blocks).map((r) => [r.check, r.status]));
    const failing = results.filter((r) => failsRun(r, rootStatus, config.strict)).map((r) => r.check).sort();
    return {
      fault,
      variant,
      caught: failing.length > 0,
      failing,
      checks: results.filter((r) => !r.blocks).length,
      requests: results.reduce((n, r) => n + r.requests, 0),
      hookErrors: proxy.stats.hookErrors,
      ms: Date.now() - started,
    };
  } finally {
    await proxy.close();
  }
}
