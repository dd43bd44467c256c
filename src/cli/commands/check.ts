import { Option } from 'commander';
import { resolve } from 'node:path';
import type { Variant } from '../../../specs/model/index.ts';
import type { RunConfig } from '../../check/config.ts';
import type { SuitesProcess } from '../../check/runner.ts';
import type { startServer } from '../../server/index.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS, runPrefix } from '../../check/config.ts';
import type { Report } from '../../report/model.ts';
import { UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';
import { Interruption, unlessAborted } from '../interruption.ts';
import { baseUrl, wholeNumber } from '../options.ts';
import { prepareReportDir } from '../report-dir.ts';
import { VERSION } from '../../version.ts';

/**
 * The embedded reference server's --fault and --variation, checked against the variant: an unknown
 * one, or one that has no effect in the variant, is a usage error.
 */
async function embeddedServerOptions(variant: Variant, fault: string | undefined, variations: readonly string[]): Promise<void> {
  const [{ faultAppliesTo, findFault }, { findVariation, variationAppliesTo }] = await Promise.all([import('../../server/faults.ts'), import('../../server/variations.ts')]);
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

interface CheckOptions {
  target?: string;
  variant: Variant;
  accounts?: string;
  report?: string;
  only?: string[];
  strict?: boolean;
  readOnly?: boolean;
  includeQuota?: boolean;
  timeout: string;
  deadline: string;
  maxBody: string;
  seed?: string;
  shuffle?: string;
  concurrency?: string;
  quiet?: boolean;
  fault?: string;
  image?: string;
  containerPort: string;
  startupTimeout: string;
  env?: string[];
  baseline?: string;
  updateBaseline?: boolean;
  sourceHost?: string;
  sourceUrlBase?: string;
  freshTarget?: boolean;
  variation?: string[];
  fuzz?: string;
  har?: string;
  rerunFailed?: string;
}

/**
 * The checks to rerun from an earlier report (--rerun-failed): its failed and blocked checks that this
 * catalogue has. Not a report, a traffic report, another variant, or nothing failed: a usage error.
 */
async function failedChecksOf(file: string, variant: Variant, declared: readonly { id: string }[]): Promise<{ checks: string[]; startedAt: string; path: string }> {
  const [{ readReportFile }, { stat }, { join }] = await Promise.all([import('../../report/schema.ts'), import('node:fs/promises'), import('node:path')]);
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

export const registerCheck: RegisterCommand = (program, setExit) => {
  program
    .command('check')
    .description('Certify a target server for variant A or B. Without --target, checks the embedded reference server.')
    .addOption(new Option('--variant <variant>', 'variant to certify against').choices(['A', 'B']).makeOptionMandatory())
    .option('--target <url>', 'base URL of the server under test (default: start the embedded reference server)')
    .option('--accounts <file>', 'accounts file (JSON) with one account per user level', DEFAULT_ACCOUNTS)
    .option('--report <dir>', 'directory for report.json, junit.xml, report.html, summary.md and badge.svg (default: reports/<timestamp>)')
    .option('--only <pattern...>', 'run only checks matching a glob over check ids, requirement ids, resources or operation ids')
    .option('--strict', 'SHOULD-level failures fail the run (default: they are warnings)')
    .option('--read-only', 'run only checks that send no POST, PUT or DELETE')
    .option('--include-quota', 'also run the slow quota tier (sends thousands of requests)')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', String(DEFAULTS.timeoutMs))
    .option('--deadline <seconds>', 'overall deadline: checks that would start later are reported as not run', String(DEFAULTS.deadlineSeconds))
    .option('--max-body <bytes>', 'responses larger than this are cut off and fail their check', String(DEFAULTS.maxBodyBytes))
    .option('--seed <n>', 'seed for generated inputs, to reproduce a run')
    .option('--shuffle <n>', 'run the suites and the checks within each in an order shuffled by this seed (checks are independent: the results are the same)')
    .option('--concurrency <n>', `checks in flight at once; a check that reads shared lists or state runs alone, and the results are those of one at a time (default: ${DEFAULTS.concurrencyTarget} with --target or --image, ${DEFAULTS.concurrencyEmbedded} against the embedded server)`)
    .option('--fuzz <n>', 'after the certification checks, send N generated requests per operation (fast-check) and shrink each failure to a minimal request')
    .option('--fresh-target', 'the --target was started for this run and has served no one else this hour: a 421 before a documented quota fails the quota tier (otherwise it warns); implied without --target')
    .option('--image <name>', 'start the candidate server from this container image (testcontainers), check it and stop it')
    .option('--container-port <n>', 'the port the candidate listens on inside its container', '3000')
    .option('--startup-timeout <seconds>', 'how long the candidate container may take to answer HTTP (an exit during start-up ends the wait at once)', '120')
    .option('--env <pair...>', 'KEY=VALUE environment variables for the candidate container')
    .option('--source-host <address>', 'address the file server for source-download checks listens on (default 127.0.0.1)')
    .option('--source-url-base <url>', 'base URL of that file server as the target reaches it (a target in another network namespace or container)')
    .option('--variation <id...>', 'switch on legal variations in the embedded server: behaviour the document allows (see `conform serve --list-variations`)')
    .option('--fault <id>', 'switch on one deliberate violation in the embedded server (see `conform serve --list-faults`)')
    .option('--baseline <file>', 'known failures (YAML or JSON) that do not fail the run; a listed failure that now passes, or an expired entry, does')
    .option('--update-baseline', 'rewrite the --baseline file from this run\'s failures (keeping the reasons of entries that remain)')
    .option('--har <file>', 'write every exchange of the run to this file as HAR 1.2 (redacted as the reports are; bodies up to --max-body), each entry naming its checks')
    .option('--rerun-failed <report>', 'run only the checks that failed (or were blocked) in this report.json (or report directory), with the set-up they need')
    .option('--quiet', 'print only the summary')
    .action(async (opts: CheckOptions) => {
      const started = Date.now();
      // The suites' process loads its modules while this one loads its own and starts the target.
      const { SuitesProcess } = await import('../../check/runner.ts');
      const suitesProcess = new SuitesProcess();
      // The embedded server is started once the options are found good: a usage error is reported at
      // once, not after its database engine has started (about a second of CPU).
      let embedded: Promise<EmbeddedServer | Error> | undefined;
      const startEmbeddedServer = !opts.target && !opts.image ? () => (embedded ??= startEmbedded(opts)) : undefined;
      try {
        await check(opts, started, suitesProcess, startEmbeddedServer, setExit);
      } finally {
        suitesProcess.dispose();
        await embedded?.then((server) => (server instanceof Error ? undefined : server.close()));
      }
    });
};

type EmbeddedServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The embedded reference server of a run without --target or --image, started once the options are
 * checked; an error is kept for the moment the run needs the server.
 */
function startEmbedded(opts: CheckOptions): Promise<EmbeddedServer | Error> {
  return (async () => {
    await embeddedServerOptions(opts.variant, opts.fault, opts.variation ?? []);
    const { startServer } = await import('../../server/index.ts');
    // The checker's file server for source downloads runs on loopback: let the embedded server reach it.
    const hostOf = (url: string | undefined) => {
      try {
        return url ? [new URL(url).hostname] : [];
      } catch {
        return []; // refused as a usage error where the options are checked
      }
    };
    const allowFetch = ['127.0.0.1', ...(opts.sourceHost ? [opts.sourceHost] : []), ...hostOf(opts.sourceUrlBase)];
    return startServer({ variant: opts.variant, port: 0, allowFetch, ...(opts.fault ? { fault: opts.fault } : {}), ...(opts.variation?.length ? { variations: opts.variation } : {}) });
  })().catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
}

/** One `conform check`: options to reports. */
async function check(opts: CheckOptions, started: number, suitesProcess: SuitesProcess, startEmbeddedServer: (() => Promise<EmbeddedServer | Error>) | undefined, setExit: (code: number) => void): Promise<void> {
  // The engine loads only when the command runs, so `conform --help` and other commands stay quick.
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
    { Progress, summaryTable, useColor },
    { rootCauseLine, rootCauses },
    { accountsSource, loadAccounts, missingAccounts, roleCounts },
    { Redactor },
    { notStarted },
    { peakRssBytes },
  ] = await Promise.all([
    import('../../check/context.ts'),
    import('../../check/http.ts'),
    import('../../report/model.ts'),
    import('../../report/verdict.ts'),
    import('../../report/write.ts'),
    import('../../check/registry.ts'),
    import('../../check/runner.ts'),
    import('../../check/select.ts'),
    import('../../report/baseline.ts'),
    import('../../report/progress.ts'),
    import('../../report/status.ts'),
    import('../../check/accounts.ts'),
    import('../../check/redact.ts'),
    import('../../check/run-check.ts'),
    import('../../check/memory.ts'),
  ]);

  // Every usage error is found here, before the report directory is made and before any request.
  if (opts.updateBaseline && !opts.baseline) throw new UsageError('--update-baseline rewrites the file given by --baseline FILE; give one');
  if (opts.fault && opts.target) throw new UsageError('--fault applies to the embedded reference server; it cannot be combined with --target');
  if (opts.variation?.length && (opts.target || opts.image)) throw new UsageError('--variation applies to the embedded reference server; it cannot be combined with --target or --image');
  if (opts.image && (opts.target || opts.fault)) throw new UsageError('--image starts the candidate itself; it cannot be combined with --target or --fault');
  const baseline = opts.baseline ? await baselines.loadBaseline(opts.baseline, resolve(opts.baseline), opts.updateBaseline === true) : undefined;
  if (baseline && opts.updateBaseline) await baselines.assertWritable(resolve(baseline.file));
  const seed = opts.seed !== undefined ? wholeNumber(opts.seed, '--seed', 0) : Math.floor(Math.random() * 2 ** 31);
  let config: RunConfig = {
    target: opts.target ? baseUrl(opts.target, '--target', { protocols: ['http:', 'https:'], credentials: '--target must not carry credentials; put accounts in the accounts file' }) : '',
    variant: opts.variant,
    // `env:NAME` names an environment variable holding the accounts JSON, not a path.
    accountsPath: accountsSource(opts.accounts ?? DEFAULT_ACCOUNTS),
    only: opts.only ?? [],
    strict: opts.strict === true,
    readOnly: opts.readOnly === true,
    includeQuota: opts.includeQuota === true,
    timeoutMs: wholeNumber(opts.timeout, '--timeout', 1),
    maxBodyBytes: wholeNumber(opts.maxBody, '--max-body', 1024),
    seed,
    prefix: runPrefix(seed),
    phase: 'all',
    fuzz: opts.fuzz !== undefined ? wholeNumber(opts.fuzz, '--fuzz', 1) : 0,
    ...(opts.shuffle !== undefined ? { shuffle: wholeNumber(opts.shuffle, '--shuffle', 1) } : {}),
    concurrency: opts.concurrency !== undefined ? wholeNumber(opts.concurrency, '--concurrency', 1, 64) : opts.target || opts.image ? DEFAULTS.concurrencyTarget : DEFAULTS.concurrencyEmbedded,
    deadline: started + wholeNumber(opts.deadline, '--deadline', 1) * 1000,
    ...(opts.freshTarget || !opts.target ? { freshTarget: true } : {}),
    ...(opts.sourceHost ? { sourceHost: opts.sourceHost } : {}),
    ...(opts.sourceUrlBase ? { sourceUrlBase: baseUrl(opts.sourceUrlBase, '--source-url-base', { protocols: ['http:'], why: 'the checker serves plain HTTP' }) } : {}),
  };
  const containerPort = opts.image ? wholeNumber(opts.containerPort, '--container-port', 1, 65535) : 0;
  const startupTimeoutMs = opts.image ? wholeNumber(opts.startupTimeout, '--startup-timeout', 1) * 1000 : 0;
  if (!config.target && !opts.image) await embeddedServerOptions(config.variant, opts.fault, opts.variation ?? []);
  const declared = allChecks(config.variant);
  const rerun = opts.rerunFailed ? await failedChecksOf(opts.rerunFailed, config.variant, declared) : undefined;
  if (rerun) config = { ...config, checks: rerun.checks };
  const selected = selectChecks(declared, config);
  if (selected.length === 0) throw new UsageError(`no check matches --only ${config.only.join(' ')} for variant ${config.variant}`);
  // The accounts, checked against the roles the variant needs: a missing one is named before the run.
  const accounts = await loadAccounts(config.accountsPath, config.variant, new Redactor());
  const roles = roleCounts(accounts);
  const missing = missingAccounts(roles);
  const actor = accounts.actor;
  const reportDir = await prepareReportDir(opts.report);
  const har = opts.har ? resolve(opts.har) : undefined;
  if (har) {
    const { startHar } = await import('../../check/har.ts');
    try {
      startHar(har, { name: 'conform', version: VERSION }, `conform check --variant ${config.variant}, run prefix ${config.prefix}, seed ${seed}`);
    } catch (err) {
      await reportDir.discard();
      throw new UsageError(`--har: cannot write ${har}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    config = { ...config, har };
  }
  // Every option is good: the embedded server starts while the run sets up (the suites' process is loading).
  const embedded = startEmbeddedServer?.();

  const interruption = new Interruption((signal) => process.stderr.write(`\nconform: ${signal}: stopping the run and writing the reports\n`));
  let stop: (() => Promise<void>) | undefined;
  let image: { name: string; digest: string; repoDigests?: readonly string[] } | undefined;
  let written = false;
  let url = config.target;
  try {
    if (opts.image) {
      const { parseEnv, startCandidate } = await import('../../check/container.ts');
      process.stderr.write(`conform: starting the candidate image ${opts.image} ...\n`);
      const starting = startCandidate({
        image: opts.image,
        port: containerPort,
        // The variant under certification, for a candidate image that serves either (the reference server does).
        env: { CONFORM_VARIANT: config.variant, ...parseEnv(opts.env ?? []) },
        startupTimeoutMs,
      });
      const candidate = await unlessAborted(starting, interruption.aborted);
      // Interrupted while the candidate starts: it is removed, whenever its start ends.
      if (!candidate) starting.then((c) => c.stop(), () => undefined).catch(() => undefined);
      else {
        stop = () => candidate.stop();
        url = candidate.url;
        image = candidate.image;
        process.stderr.write(`conform: the candidate answers at ${url} (${(candidate.readyMs / 1000).toFixed(1)} s after it started)\n`);
        // Source downloads: the candidate reaches this machine at its network's gateway, so the file server
        // listens there (unless told otherwise). Without one, a refused or unreachable source URL is a skip.
        if (!config.sourceHost && !config.sourceUrlBase && candidate.hostAddress) {
          config = { ...config, sourceHost: candidate.hostAddress, sourceUrlBase: `http://${candidate.hostAddress.includes(':') ? `[${candidate.hostAddress}]` : candidate.hostAddress}` };
        }
      }
    } else if (!url && embedded) {
      // Started with the command (closed when it ends).
      const server = await embedded;
      if (server instanceof Error) throw server;
      url = server.url;
      process.stderr.write(`conform: started the embedded reference server (variant ${config.variant}${opts.fault ? `, fault ${opts.fault}` : ''}) at ${url}\n`);
    }
    if (!interruption.signal) {
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

    if (missing.length > 0 && !interruption.signal) {
      process.stderr.write(`conform: the accounts file lacks ${missing.join(', ')} (variant ${config.variant} needs ${roles.map((r) => `${r.needed > 1 ? `${r.needed} ` : ''}${r.role}`).join(', ')}): the checks that need them will not be established\n`);
    }
    if (!interruption.signal) {
      process.stderr.write(`conform: ${selected.length} checks against ${url} (variant ${config.variant}, seed ${seed}, ${config.concurrency ?? 1} at a time; actions the document gives no level for are made as ${actor.name}, ${actor.role})\n`);
    }
    const progress = new Progress({ total: selected.length, stream: process.stderr, quiet: opts.quiet === true });
    let outcome: Awaited<ReturnType<typeof runSuites>> = { results: [], errors: [], peakRssBytes: 0 };
    try {
      if (!interruption.signal) outcome = await runSuites({ ...config, target: url }, { onResult: (r) => progress.onResult(r), onNotice: (n) => progress.notice(n), signal: interruption.aborted, started: suitesProcess });
    } finally {
      progress.finish();
      if (har) (await import('../../check/har.ts')).finishHar(har);
    }
    // Interrupted: every selected check without a result did not run.
    const signal = interruption.signal;
    const ran = new Set(outcome.results.map((r) => r.check));
    const notRun = signal ? selected.filter((c) => !ran.has(c.id)) : [];
    const all = [...outcome.results, ...notRun.map((c) => notStarted(c, 'interrupted', signal))];
    const interrupted = signal ? { signal, notRun: notRun.map((c) => c.id) } : undefined;
    const sorted = withRootCauses(all, config.strict).sort((a, b) => a.check.localeCompare(b.check));
    let applied = baseline ? baselines.applyBaseline(sorted, baseline) : undefined;
    // An interrupted run's failures are not the whole picture: the baseline file is left as it is.
    if (baseline && opts.updateBaseline && !interrupted) {
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
      embedded: !config.target && !opts.image,
      ...(image ? { image } : opts.image ? { image: { name: opts.image } } : {}),
      ...(opts.fault ? { fault: opts.fault } : {}),
      ...(opts.variation?.length ? { variations: opts.variation } : {}),
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
      requirements: requirementBasis(results, (await import('../../server/faults.ts')).faultsByRequirement(config.variant)),
      results,
    };
    const files = await writeReport(reportDir.path, report);
    written = true;
    const c = report.counts;
    const b = report.baseline;
    const deadlined = results.filter((r) => r.notRun === 'deadline').length;
    const entry = (e: { check?: string; requirement?: string }) => (e.check !== undefined ? `check ${e.check}` : `requirement ${e.requirement}`);
    process.stdout.write(
      [
        ...(opts.quiet ? [] : [summaryTable(report.results, useColor(process.stdout))]),
        `variant ${report.variant}  target ${report.target}${report.embedded ? ' (embedded)' : ''}${image ? ` (image ${image.name}, ${image.digest.slice(0, 19)})` : ''}  seed ${seed}  concurrency ${report.concurrency}`,
        ...(missing.length ? [`accounts: the accounts file lacks ${missing.join(', ')}`] : []),
        ...(rootCauseLine(report.results)
          ? [`${rootCauseLine(report.results)!}:`, ...rootCauses(report.results).flatMap((r) => [`  ${r.check} blocks ${r.blocks!.length}: ${r.message ?? ''}`, ...(r.steps ?? []).map((s) => `    ${s.id} blocks ${s.blocks}: ${s.message}`)])]
          : []),
        `${c.pass} pass, ${c.fail} fail${c.baselined ? ` (${c.baselined} known, accepted by the baseline)` : ''}, ${c.warn} warn, ${c.skip} skip${c.blocked ? `, ${c.blocked} blocked` : ''} of ${c.total} checks; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
        ...(rerun ? [`reran the ${rerun.checks.length} failed checks of ${rerun.path} (run of ${rerun.startedAt})`] : []),
        ...(har ? [`har: ${har}`] : []),
        ...(deadlined ? [`${deadlined} checks not run: the run reached its --deadline (${opts.deadline} s)`] : []),
        ...(interrupted ? [`interrupted by ${interrupted.signal}: ${interrupted.notRun.length} checks not run`] : []),
        verdicts.establishedLine(established),
        ...established.notEstablished.map((g) => `  not established: ${g.requirements.length} MUST ${g.requirements.length === 1 ? 'requirement' : 'requirements'}, ${g.why}`),
        ...outcome.errors.map((e) => `error: ${e}`),
        ...(b
          ? [
              `baseline ${b.file}: ${b.accepted} known failures accepted, ${b.entries} entries${b.updated ? ' (rewritten from this run)' : ''}`,
              ...b.nowPassing.map((e) => `baseline: ${entry(e.entry)} now passes (${e.checks.join(', ')}): remove it from ${b.file}`),
              ...b.expired.map((e) => `baseline: ${entry(e.entry)} expired on ${e.entry.expires}: fix the failure or extend the date in ${b.file}`),
              ...(b.outdated ? [`baseline out of date: update ${b.file} (or run with --update-baseline)`] : []),
            ]
          : []),
        ...(baseline && opts.updateBaseline && interrupted ? [`baseline ${baseline.file}: not rewritten, the run was interrupted`] : []),
        ...verdicts.closingLines(report, files),
      ].join('\n'),
    );
    setExit(verdicts.exitCodeOf(report.verdict));
  } catch (err) {
    if (!written) await reportDir.discard();
    // A run that ends in an error before its report leaves no HAR file either.
    if (!written && har) await (await import('node:fs/promises')).rm(har, { force: true });
    throw err;
  } finally {
    await stop?.();
    interruption.dispose();
  }
  if (interruption.signal) {
    // The reports are written: end as the signal would have (a shell shows 130 or 143).
    setExit(interruption.exitCode);
    interruption.reraise();
  }
}
