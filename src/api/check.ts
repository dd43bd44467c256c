/**
 * One certification run, as a library call: options to a report. `conform check` is this call with its
 * flags parsed, its progress printed and its exit code taken from the verdict (src/cli/commands/check.ts);
 * a test runner's integration (./vitest.ts, ./node-test.ts) is this call with one test per check. It
 * prints nothing and never ends the process: what it has to say goes to `onProgress`, a bad option is a
 * UsageError, and the report is its value.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import type { Account } from '../check/accounts.ts';
import type { CheckResult } from '../check/result.ts';
import type { RunConfig } from '../check/config.ts';
import type { SuitesProcess } from '../check/runner.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS, runPrefix } from '../check/config.ts';
import type { ReportDir } from '../report/dir.ts';
import type { Report } from '../report/model.ts';
import { UsageError } from '../errors.ts';
import { baseUrl } from '../url.ts';
import { VERSION } from '../version.ts';
import type { InProcessApp } from './app-target.ts';

/** An accounts file's contents: one account per user level the variant has (fixtures/accounts.json). */
export interface AccountsFile {
  readonly accounts: readonly Account[];
}

export interface CheckOptions {
  readonly variant: Variant;
  /** Base URL of the server under test. Without `target`, `app` or `image`: the embedded reference server. */
  readonly target?: string;
  /** An application in this process, served on an ephemeral loopback port for the run (see InProcessApp). */
  readonly app?: InProcessApp;
  /** Start the candidate from this container image (testcontainers), check it and stop it. */
  readonly image?: string;
  /** The port the candidate listens on inside its container (default 3000). */
  readonly containerPort?: number;
  /** How long the candidate container may take to answer HTTP, in seconds (default 120). */
  readonly startupTimeoutSeconds?: number;
  /** Environment variables of the candidate container. */
  readonly env?: Readonly<Record<string, string>>;
  /** An accounts file's path (or `env:NAME`), or its contents. Default: the shipped fixtures/accounts.json. */
  readonly accounts?: string | AccountsFile;
  /** Globs over check ids, requirement ids, resources or operation ids. */
  readonly only?: readonly string[];
  /** SHOULD-level failures fail the run. */
  readonly strict?: boolean;
  /** Only checks that send no state-changing request. */
  readonly readOnly?: boolean;
  /** Also the slow quota tier. */
  readonly includeQuota?: boolean;
  /** Per-request timeout (default 10 s). */
  readonly timeoutMs?: number;
  /** Overall deadline in seconds: checks that would start later are reported as not run (default 900). */
  readonly deadlineSeconds?: number;
  /** Larger responses are cut off and fail their check (default 4 MiB). */
  readonly maxBodyBytes?: number;
  /** Seed of generated inputs, to reproduce a run (default: random). */
  readonly seed?: number;
  /** Run suites and checks in an order shuffled by this seed. */
  readonly shuffle?: number;
  /** Checks in flight at once (1-64; default 16 against a target or image, 2 against a server in this process). */
  readonly concurrency?: number;
  /** Generated requests per operation after the certification checks (0: none). */
  readonly fuzz?: number;
  /** One deliberate violation of the embedded reference server (`conform serve --list-faults`). */
  readonly fault?: string;
  /** Legal variations of the embedded reference server (`conform serve --list-variations`). */
  readonly variations?: readonly string[];
  /** Known failures (YAML or JSON file) that do not fail the run. */
  readonly baseline?: string;
  /** Rewrite the baseline file from this run's failures. */
  readonly updateBaseline?: boolean;
  /** Write every exchange of the run to this HAR 1.2 file. */
  readonly har?: string;
  /** Run only the failed and blocked checks of this report.json (or report directory). */
  readonly rerunFailed?: string;
  /**
   * The target was started for this run and has served no one else this hour, so a 421 before a
   * documented quota is the target's (INT-quota-lower-side). Implied for the embedded server and an image.
   */
  readonly freshTarget?: boolean;
  /** Address the file server for source-download checks listens on (default 127.0.0.1). */
  readonly sourceHost?: string;
  /** Base URL of that file server as the target reaches it. */
  readonly sourceUrlBase?: string;
  /** Write report.json, junit.xml, report.html, summary.md and badge.svg into this directory. */
  readonly report?: string;
  /** Stops the run: the checks without a result are reported as not run, and the report is still made. */
  readonly signal?: AbortSignal;
  /** What the run has to say as it goes; nothing is printed. */
  readonly onProgress?: (event: ProgressEvent) => void;
}

/** What a run says as it goes. */
export type ProgressEvent =
  /** A line about the run (the target started, accounts missing). */
  | { readonly type: 'message'; readonly text: string }
  /** The checks start: how many, against what. */
  | { readonly type: 'start'; readonly total: number; readonly target: string }
  /** One check's result, as it comes (before root causes are folded into rows of their own). */
  | { readonly type: 'result'; readonly result: CheckResult }
  /** What the run waits on (a throttling target). */
  | { readonly type: 'notice'; readonly message: string }
  /** The checks ended (also when the run failed or was stopped). */
  | { readonly type: 'end' };

/** A run as the command needs it: the report and what became of its files. */
export interface CheckRun {
  readonly report: Report;
  /** The report files written (empty without a report directory). */
  readonly files: readonly string[];
  /** The HAR file written, if one was asked for. */
  readonly har?: string;
  /** The accounts the variant needs that the accounts file lacks, in words. */
  readonly missing: readonly string[];
  /** A baseline that was to be rewritten and was not, because the run was interrupted. */
  readonly baselineKept: boolean;
}

/** How the command steers a run beyond its options. */
export interface RunHooks {
  /** A suites' process started ahead of the run, while the command loaded (it is taken or disposed of). */
  readonly suitesProcess?: SuitesProcess;
  /** The report directory, made once the options are found good (the command's default one, or --report's). */
  readonly reportDir?: () => Promise<ReportDir>;
}

/** Runs the checks and resolves to the report. Never prints and never ends the process. */
export async function check(options: CheckOptions): Promise<Report> {
  return checkWith(options);
}

/** `check()` with a suites' process started ahead of it (a test runner's integration starts it when the tests are registered). */
export async function checkWith(options: CheckOptions, suitesProcess?: SuitesProcess): Promise<Report> {
  const dir = options.report;
  const hooks: RunHooks = {
    ...(dir !== undefined ? { reportDir: async () => (await import('../report/dir.ts')).prepareReportDir(dir) } : {}),
    ...(suitesProcess ? { suitesProcess } : {}),
  };
  return (await runCheck(options, hooks)).report;
}

function whole(value: number | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${name} takes a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}, not ${String(value)}`);
  }
  return value;
}

/**
 * The embedded reference server's fault and variations, checked against the variant: an unknown one, or
 * one that has no effect in the variant, is a usage error.
 */
async function embeddedServerOptions(variant: Variant, fault: string | undefined, variations: readonly string[]): Promise<void> {
  const [{ faultAppliesTo, findFault }, { findVariation, variationAppliesTo }] = await Promise.all([import('../server/faults.ts'), import('../server/variations.ts')]);
  if (fault !== undefined) {
    const spec = findFault(fault);
    if (!spec) throw new UsageError(`unknown fault "${fault}"; list them with: conform serve --list-faults`);
    if (!faultAppliesTo(spec, variant)) throw new UsageError(`the fault ${fault} applies to variant ${spec.variants!.join(' and ')} only, not ${variant}`);
  }
  for (const id of variations) {
    const spec = findVariation(id);
    if (!spec) throw new UsageError(`unknown variation "${id}"; list them with: conform serve --list-variations`);
    if (!variationAppliesTo(spec, variant)) throw new UsageError(`the variation ${id} applies to variant ${spec.variants!.join(' and ')} only, not ${variant}`);
  }
}

/**
 * The checks to rerun from an earlier report (--rerun-failed): its failed and blocked checks that this
 * catalogue has. Not a report, a traffic report, another variant, or nothing failed: a usage error.
 */
async function failedChecksOf(file: string, variant: Variant, declared: readonly { id: string }[]): Promise<{ checks: string[]; startedAt: string; path: string }> {
  const [{ readReportFile }, { stat }] = await Promise.all([import('../report/schema.ts'), import('node:fs/promises')]);
  const isDir = (await stat(file).catch(() => undefined))?.isDirectory() === true;
  const path = isDir ? join(file, 'report.json') : file;
  const report = await readReportFile(path);
  if ('traffic' in report) throw new UsageError(`--rerun-failed: ${file} is a report of recorded traffic (conform proxy, audit or merge), not of a conform check run: it names no check to rerun`);
  if (report.variant !== variant) throw new UsageError(`--rerun-failed: ${file} is a run of variant ${report.variant}, not ${variant}`);
  const failed = report.results.filter((r) => (r.status === 'fail' || r.status === 'blocked') && !r.blocks).map((r) => r.check);
  if (failed.length === 0) throw new UsageError(`--rerun-failed: ${file} has no failed check to rerun (verdict ${report.verdict})`);
  const known = new Set(declared.map((c) => c.id));
  const checks = failed.filter((id) => known.has(id));
  if (checks.length === 0) throw new UsageError(`--rerun-failed: none of the ${failed.length} failed checks of ${file} is a check of this version (${failed.slice(0, 3).join(', ')}${failed.length > 3 ? ', ...' : ''})`);
  return { checks, startedAt: report.startedAt, path };
}

interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts the embedded reference server (the checker's file server for source downloads may be reached). */
async function startEmbedded(options: CheckOptions): Promise<Served> {
  const { startServer } = await import('../server/index.ts');
  const hostOf = (url: string | undefined) => {
    try {
      return url ? [new URL(url).hostname] : [];
    } catch {
      return []; // refused as a usage error where the options are checked
    }
  };
  const allowFetch = ['127.0.0.1', ...(options.sourceHost ? [options.sourceHost] : []), ...hostOf(options.sourceUrlBase)];
  return startServer({ variant: options.variant, port: 0, allowFetch, ...(options.fault ? { fault: options.fault } : {}), ...(options.variations?.length ? { variations: options.variations } : {}) });
}

/** What stopped a run: the reason its signal was aborted with (a signal's name), or `abort`. */
function stoppedBy(signal: AbortSignal | undefined): string | undefined {
  if (!signal?.aborted) return undefined;
  return typeof signal.reason === 'string' ? signal.reason : 'abort';
}

/** Resolves with the promise's value, or with undefined as soon as `signal` is aborted. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** The run behind `check()` and `conform check`. */
export async function runCheck(options: CheckOptions, hooks: RunHooks = {}): Promise<CheckRun> {
  const started = Date.now();
  // The suites' process loads its modules while this one loads its own and starts the target.
  const suitesProcess = hooks.suitesProcess ?? new (await import('../check/runner.ts')).SuitesProcess();
  let accountsDir: string | undefined;
  try {
    return await run(options, hooks, started, suitesProcess, (dir) => (accountsDir = dir));
  } finally {
    suitesProcess.dispose();
    if (accountsDir) await rm(accountsDir, { recursive: true, force: true });
  }
}

async function run(options: CheckOptions, hooks: RunHooks, started: number, suitesProcess: SuitesProcess, madeAccountsDir: (dir: string) => void): Promise<CheckRun> {
  const say = (event: ProgressEvent) => options.onProgress?.(event);
  // The engine loads only when a run starts.
  const [
    { createContext },
    { TransportError },
    { countResults, coverage, requirementBasis, withRootCauses },
    verdicts,
    { writeReport },
    { allChecks },
    { runSuites },
    { certificationPlan, selectChecks },
    baselines,
    { accountsSource, loadAccounts, missingAccounts, roleCounts },
    { Redactor },
    { notStarted },
    { peakRssBytes },
  ] = await Promise.all([
    import('../check/context.ts'),
    import('../check/http.ts'),
    import('../report/model.ts'),
    import('../report/verdict.ts'),
    import('../report/write.ts'),
    import('../check/registry.ts'),
    import('../check/runner.ts'),
    import('../check/select.ts'),
    import('../report/baseline.ts'),
    import('../check/accounts.ts'),
    import('../check/redact.ts'),
    import('../check/run-check.ts'),
    import('../check/memory.ts'),
  ]);

  // Every usage error is found here, before the report directory is made and before any request.
  if (options.variant !== 'A' && options.variant !== 'B') throw new UsageError(`the variant is A or B, not ${String(options.variant)}`);
  const targets = [options.target && '--target', options.app && 'app', options.image && '--image'].filter(Boolean);
  if (targets.length > 1) throw new UsageError(`${targets.join(', ')}: one target at a time`);
  const embedded = !options.target && !options.app && !options.image;
  if (options.updateBaseline && !options.baseline) throw new UsageError('--update-baseline rewrites the file given by --baseline FILE; give one');
  if (options.fault && !embedded) throw new UsageError('--fault applies to the embedded reference server; it cannot be combined with --target, app or --image');
  if (options.variations?.length && !embedded) throw new UsageError('--variation applies to the embedded reference server; it cannot be combined with --target, app or --image');
  const baseline = options.baseline ? await baselines.loadBaseline(options.baseline, resolve(options.baseline), options.updateBaseline === true) : undefined;
  if (baseline && options.updateBaseline) await baselines.assertWritable(resolve(baseline.file));
  const seed = whole(options.seed, 'seed', 0) ?? Math.floor(Math.random() * 2 ** 31);
  let accountsPath: string;
  if (typeof options.accounts === 'object' && options.accounts !== null) {
    // Contents: a file of this run's own for the suites' process, readable by this user only, removed after.
    const dir = await mkdtemp(join(tmpdir(), 'conform-accounts-'));
    madeAccountsDir(dir);
    accountsPath = join(dir, 'accounts.json');
    await writeFile(accountsPath, JSON.stringify(options.accounts), { mode: 0o600 });
  } else {
    // `env:NAME` names an environment variable holding the accounts JSON, not a path.
    accountsPath = accountsSource(options.accounts ?? DEFAULT_ACCOUNTS);
  }
  let config: RunConfig = {
    target: options.target ? baseUrl(options.target, '--target', { protocols: ['http:', 'https:'], credentials: '--target must not carry credentials; put accounts in the accounts file' }) : '',
    variant: options.variant,
    accountsPath,
    only: [...(options.only ?? [])],
    strict: options.strict === true,
    readOnly: options.readOnly === true,
    includeQuota: options.includeQuota === true,
    timeoutMs: whole(options.timeoutMs, 'timeout', 1) ?? DEFAULTS.timeoutMs,
    maxBodyBytes: whole(options.maxBodyBytes, 'max-body', 1024) ?? DEFAULTS.maxBodyBytes,
    seed,
    prefix: runPrefix(seed),
    phase: 'all',
    fuzz: whole(options.fuzz, 'fuzz', 0) ?? 0,
    ...(options.shuffle !== undefined ? { shuffle: whole(options.shuffle, 'shuffle', 1)! } : {}),
    concurrency: whole(options.concurrency, 'concurrency', 1, 64) ?? (options.target || options.image ? DEFAULTS.concurrencyTarget : DEFAULTS.concurrencyEmbedded),
    deadline: started + (whole(options.deadlineSeconds, 'deadline', 1) ?? DEFAULTS.deadlineSeconds) * 1000,
    ...(options.freshTarget || (!options.target && !options.app) ? { freshTarget: true } : {}),
    ...(options.sourceHost ? { sourceHost: options.sourceHost } : {}),
    ...(options.sourceUrlBase ? { sourceUrlBase: baseUrl(options.sourceUrlBase, '--source-url-base', { protocols: ['http:'], why: 'the checker serves plain HTTP' }) } : {}),
  };
  const containerPort = whole(options.containerPort, 'container-port', 1, 65535) ?? 3000;
  const startupTimeoutMs = (whole(options.startupTimeoutSeconds, 'startup-timeout', 1) ?? 120) * 1000;
  if (embedded) await embeddedServerOptions(config.variant, options.fault, options.variations ?? []);
  const declared = allChecks(config.variant);
  const rerun = options.rerunFailed ? await failedChecksOf(options.rerunFailed, config.variant, declared) : undefined;
  if (rerun) config = { ...config, checks: rerun.checks };
  const selected = selectChecks(declared, config);
  if (selected.length === 0) throw new UsageError(`no check matches --only ${config.only.join(' ')} for variant ${config.variant}`);
  // The accounts, checked against the roles the variant needs: a missing one is named before the run.
  const accounts = await loadAccounts(config.accountsPath, config.variant, new Redactor());
  const roles = roleCounts(accounts);
  const missing = missingAccounts(roles);
  const actor = accounts.actor;
  const reportDir = await hooks.reportDir?.();
  const har = options.har ? resolve(options.har) : undefined;
  if (har) {
    const { startHar } = await import('../check/har.ts');
    try {
      startHar(har, { name: 'conform', version: VERSION }, `conform check --variant ${config.variant}, run prefix ${config.prefix}, seed ${seed}`);
    } catch (err) {
      await reportDir?.discard();
      throw new UsageError(`--har: cannot write ${har}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    config = { ...config, har };
  }
  const signal = options.signal;
  // Every option is good: the target starts while the run sets up (the suites' process is loading).
  let served: Promise<Served> | undefined;
  if (embedded) served = startEmbedded(options);
  else if (options.app) served = import('./app-target.ts').then((m) => m.serveApp(options.app!));
  // Started even if the run ends before it needs it: closed then too.
  served?.catch(() => undefined);

  let stop: (() => Promise<void>) | undefined;
  let image: { name: string; digest: string; repoDigests?: readonly string[] } | undefined;
  let written = false;
  let url = config.target;
  try {
    if (options.image) {
      const { startCandidate } = await import('../check/container.ts');
      say({ type: 'message', text: `starting the candidate image ${options.image} ...` });
      const starting = startCandidate({
        image: options.image,
        port: containerPort,
        // The variant under certification, for a candidate image that serves either (the reference server does).
        env: { CONFORM_VARIANT: config.variant, ...(options.env ?? {}) },
        startupTimeoutMs,
      });
      const candidate = await unlessAborted(starting, signal);
      // Stopped while the candidate starts: it is removed, whenever its start ends.
      if (!candidate) starting.then((c) => c.stop(), () => undefined).catch(() => undefined);
      else {
        stop = () => candidate.stop();
        url = candidate.url;
        image = candidate.image;
        say({ type: 'message', text: `the candidate answers at ${url} (${(candidate.readyMs / 1000).toFixed(1)} s after it started)` });
        // Source downloads: the candidate reaches this machine at its network's gateway, so the file server
        // listens there (unless told otherwise). Without one, a refused or unreachable source URL is a skip.
        if (!config.sourceHost && !config.sourceUrlBase && candidate.hostAddress) {
          config = { ...config, sourceHost: candidate.hostAddress, sourceUrlBase: `http://${candidate.hostAddress.includes(':') ? `[${candidate.hostAddress}]` : candidate.hostAddress}` };
        }
      }
    } else if (served) {
      const server = await served;
      stop = () => server.close();
      url = server.url;
      say({ type: 'message', text: embedded ? `started the embedded reference server (variant ${config.variant}${options.fault ? `, fault ${options.fault}` : ''}) at ${url}` : `serving the application at ${url}` });
    }
    if (!signal?.aborted) {
      // Preflight: one read request. A target that is down (nothing listens, no such host) is one clear
      // error, not a hundred failures. One that accepts and then misbehaves gets its run and its report.
      const probe = await createContext({ ...config, target: url }, url, 'preflight');
      try {
        await probe.ctx.target.call('posts.list', { fields: { limit: 1 } });
      } catch (err) {
        const down = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL'];
        if (err instanceof TransportError && down.includes(err.code ?? '')) throw new UsageError(`the target ${url} cannot be reached: ${err.message}`);
        if (!(err instanceof TransportError)) throw err;
      } finally {
        await probe.close();
      }
    }

    if (missing.length > 0 && !signal?.aborted) {
      say({ type: 'message', text: `the accounts file lacks ${missing.join(', ')} (variant ${config.variant} needs ${roles.map((r) => `${r.needed > 1 ? `${r.needed} ` : ''}${r.role}`).join(', ')}): the checks that need them will not be established` });
    }
    if (!signal?.aborted) {
      say({ type: 'message', text: `${selected.length} checks against ${url} (variant ${config.variant}, seed ${seed}, ${config.concurrency ?? 1} at a time; actions the document gives no level for are made as ${actor.name}, ${actor.role})` });
    }
    say({ type: 'start', total: selected.length, target: url });
    let outcome: Awaited<ReturnType<typeof runSuites>> = { results: [], errors: [], peakRssBytes: 0 };
    try {
      if (!signal?.aborted) {
        outcome = await runSuites(
          { ...config, target: url },
          { onResult: (result) => say({ type: 'result', result }), onNotice: (message) => say({ type: 'notice', message }), ...(signal ? { signal } : {}), started: suitesProcess },
        );
      }
    } finally {
      say({ type: 'end' });
      if (har) (await import('../check/har.ts')).finishHar(har);
    }
    // Stopped: every selected check without a result did not run.
    const stoppedWith = stoppedBy(signal);
    const ran = new Set(outcome.results.map((r) => r.check));
    const notRun = stoppedWith ? selected.filter((c) => !ran.has(c.id)) : [];
    const all = [...outcome.results, ...notRun.map((c) => notStarted(c, 'interrupted', stoppedWith))];
    const interrupted = stoppedWith ? { signal: stoppedWith, notRun: notRun.map((c) => c.id) } : undefined;
    const sorted = withRootCauses(all, config.strict).sort((a, b) => a.check.localeCompare(b.check));
    let applied = baseline ? baselines.applyBaseline(sorted, baseline) : undefined;
    // A stopped run's failures are not the whole picture: the baseline file is left as it is.
    if (baseline && options.updateBaseline && !interrupted) {
      const entries = baselines.updateEntries(sorted, baseline.entries);
      await baselines.writeBaseline(resolve(baseline.file), entries);
      applied = baselines.applyBaseline(sorted, { file: baseline.file, entries }, baselines.today(), true);
    }
    const results = applied?.results ?? sorted;
    const established = verdicts.establish(config.variant, results, certificationPlan(declared, config), interrupted);
    const report: Report = {
      schema: 'conform-report/1',
      tool: { name: 'conform', version: VERSION },
      variant: config.variant,
      target: config.target || url,
      embedded,
      ...(image ? { image } : options.image ? { image: { name: options.image } } : {}),
      ...(options.fault ? { fault: options.fault } : {}),
      ...(options.variations?.length ? { variations: [...options.variations] } : {}),
      seed,
      concurrency: config.concurrency ?? 1,
      prefix: config.prefix,
      strict: config.strict,
      readOnly: config.readOnly,
      only: config.only,
      actor: { name: actor.name, role: actor.role, level: actor.level },
      accounts: { roles },
      ...(config.sourceUrlBase ? { sourceUrlBase: config.sourceUrlBase } : {}),
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      requests: results.reduce((s, r) => s + r.requests, 0),
      // This process and the suites' process: the sum of the two peaks, an upper bound of the run's.
      peakRssBytes: peakRssBytes() + outcome.peakRssBytes,
      verdict: verdicts.verdictOf({ results, errors: outcome.errors, strict: config.strict, established, ...(applied ? { baseline: applied.outcome } : {}), ...(interrupted ? { interrupted } : {}) }),
      established,
      ...(interrupted ? { interrupted } : {}),
      counts: countResults(results, applied !== undefined),
      coverage: coverage(config.variant, declared),
      errors: outcome.errors,
      ...(applied ? { baseline: applied.outcome } : {}),
      ...(rerun ? { rerun: { from: rerun.path, fromStartedAt: rerun.startedAt, checks: rerun.checks } } : {}),
      requirements: requirementBasis(results, (await import('../server/faults.ts')).faultsByRequirement(config.variant)),
      results,
    };
    const files = reportDir ? await writeReport(reportDir.path, report) : [];
    written = true;
    return { report, files, ...(har ? { har } : {}), missing, baselineKept: baseline !== undefined && options.updateBaseline === true && interrupted !== undefined };
  } catch (err) {
    if (!written) await reportDir?.discard();
    // A run that ends in an error before its report leaves no HAR file either.
    if (!written && har) await rm(har, { force: true });
    throw err;
  } finally {
    if (stop) await stop();
    else await served?.then((s) => s.close(), () => undefined);
  }
}
