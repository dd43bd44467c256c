import { Option } from 'commander';
import type { Variant } from '../../../specs/model/index.ts';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../../check/config.ts';
import type { SuitesProcess } from '../../check/runner.ts';
import type { RegisterCommand } from '../command.ts';
import { Interruption } from '../interruption.ts';
import { wholeNumber } from '../options.ts';
import { prepareReportDir } from '../../report/dir.ts';

/** The flags of `conform check`, as commander gives them. */
interface CheckFlags {
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
    .option('--fresh-target', 'the --target was started for this run and has served no one else this hour: a lasting 421 before a documented quota breaks its row (otherwise the quota check is not established); implied for the embedded server and --image')
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
    .action(async (flags: CheckFlags) => {
      // The suites' process loads its modules while this one loads its own and starts the target.
      const { SuitesProcess } = await import('../../check/runner.ts');
      const suitesProcess = new SuitesProcess();
      try {
        await check(flags, suitesProcess, setExit);
      } finally {
        suitesProcess.dispose();
      }
    });
};

/** One `conform check`: flags to the library's run (src/api/check.ts), its progress and summary printed. */
async function check(flags: CheckFlags, suitesProcess: SuitesProcess, setExit: (code: number) => void): Promise<void> {
  const [{ runCheck }, verdicts, { Progress, summaryTable, useColor }, { rootCauseLine, rootCauses }] = await Promise.all([
    import('../../api/check.ts'),
    import('../../report/verdict.ts'),
    import('../../report/progress.ts'),
    import('../../report/status.ts'),
  ]);
  const optional = (value: string | undefined, flag: string, min: number, max?: number) => (value !== undefined ? wholeNumber(value, flag, min, max) : undefined);
  const options = {
    variant: flags.variant,
    ...(flags.target !== undefined ? { target: flags.target } : {}),
    ...(flags.image !== undefined
      ? {
          image: flags.image,
          containerPort: wholeNumber(flags.containerPort, '--container-port', 1, 65535),
          startupTimeoutSeconds: wholeNumber(flags.startupTimeout, '--startup-timeout', 1),
          env: (await import('../../check/container.ts')).parseEnv(flags.env ?? []),
        }
      : {}),
    accounts: flags.accounts ?? DEFAULT_ACCOUNTS,
    only: flags.only ?? [],
    strict: flags.strict === true,
    readOnly: flags.readOnly === true,
    includeQuota: flags.includeQuota === true,
    timeoutMs: wholeNumber(flags.timeout, '--timeout', 1),
    maxBodyBytes: wholeNumber(flags.maxBody, '--max-body', 1024),
    deadlineSeconds: wholeNumber(flags.deadline, '--deadline', 1),
    seed: optional(flags.seed, '--seed', 0),
    shuffle: optional(flags.shuffle, '--shuffle', 1),
    concurrency: optional(flags.concurrency, '--concurrency', 1, 64),
    fuzz: optional(flags.fuzz, '--fuzz', 1),
    ...(flags.fault !== undefined ? { fault: flags.fault } : {}),
    ...(flags.variation?.length ? { variations: flags.variation } : {}),
    ...(flags.baseline !== undefined ? { baseline: flags.baseline } : {}),
    updateBaseline: flags.updateBaseline === true,
    ...(flags.har !== undefined ? { har: flags.har } : {}),
    ...(flags.rerunFailed !== undefined ? { rerunFailed: flags.rerunFailed } : {}),
    ...(flags.freshTarget ? { freshTarget: true } : {}),
    ...(flags.sourceHost ? { sourceHost: flags.sourceHost } : {}),
    ...(flags.sourceUrlBase ? { sourceUrlBase: flags.sourceUrlBase } : {}),
  };
  const interruption = new Interruption((signal) => process.stderr.write(`\nconform: ${signal}: stopping the run and writing the reports\n`));
  let progress: InstanceType<typeof Progress> | undefined;
  let run: Awaited<ReturnType<typeof runCheck>>;
  try {
    run = await runCheck(
      {
        ...options,
        signal: interruption.aborted,
        onProgress: (event) => {
          if (event.type === 'message') process.stderr.write(`conform: ${event.text}\n`);
          else if (event.type === 'start') progress = new Progress({ total: event.total, stream: process.stderr, quiet: flags.quiet === true });
          else if (event.type === 'result') progress?.onResult(event.result);
          else if (event.type === 'notice') progress?.notice(event.message);
          else progress?.finish();
        },
      },
      { suitesProcess, reportDir: () => prepareReportDir(flags.report) },
    );
  } finally {
    interruption.dispose();
  }
  const { report, files, har, missing } = run;
  const c = report.counts;
  const b = report.baseline;
  const image = report.image && 'digest' in report.image ? report.image : undefined;
  const deadlined = report.results.filter((r) => r.notRun === 'deadline').length;
  const entry = (e: { check?: string; requirement?: string }) => (e.check !== undefined ? `check ${e.check}` : `requirement ${e.requirement}`);
  const established = report.established!;
  process.stdout.write(
    [
      ...(flags.quiet ? [] : [summaryTable(report.results, useColor(process.stdout))]),
      `variant ${report.variant}  target ${report.target}${report.embedded ? ' (embedded)' : ''}${image?.digest ? ` (image ${image.name}, ${image.digest.slice(0, 19)})` : ''}  seed ${report.seed}  concurrency ${report.concurrency}`,
      ...(missing.length ? [`accounts: the accounts file lacks ${missing.join(', ')}`] : []),
      ...(rootCauseLine(report.results)
        ? [`${rootCauseLine(report.results)!}:`, ...rootCauses(report.results).flatMap((r) => [`  ${r.check} blocks ${r.blocks!.length}: ${r.message ?? ''}`, ...(r.steps ?? []).map((s) => `    ${s.id} blocks ${s.blocks}: ${s.message}`)])]
        : []),
      `${c.pass} pass, ${c.fail} fail${c.baselined ? ` (${c.baselined} known, accepted by the baseline)` : ''}, ${c.warn} warn, ${c.skip} skip${c.blocked ? `, ${c.blocked} blocked` : ''} of ${c.total} checks; ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s`,
      ...(report.rerun ? [`reran the ${report.rerun.checks.length} failed checks of ${report.rerun.from} (run of ${report.rerun.fromStartedAt})`] : []),
      ...(har ? [`har: ${har}`] : []),
      ...(deadlined ? [`${deadlined} checks not run: the run reached its --deadline (${flags.deadline} s)`] : []),
      ...(report.interrupted ? [`interrupted by ${report.interrupted.signal}: ${report.interrupted.notRun.length} checks not run`] : []),
      verdicts.establishedLine(established),
      ...established.notEstablished.map((g) => `  not established: ${g.requirements.length} MUST ${g.requirements.length === 1 ? 'requirement' : 'requirements'}, ${g.why}`),
      ...report.errors.map((e) => `error: ${e}`),
      ...(b
        ? [
            `baseline ${b.file}: ${b.accepted} known failures accepted, ${b.entries} entries${b.updated ? ' (rewritten from this run)' : ''}`,
            ...b.nowPassing.map((e) => `baseline: ${entry(e.entry)} now passes (${e.checks.join(', ')}): remove it from ${b.file}`),
            ...b.expired.map((e) => `baseline: ${entry(e.entry)} expired on ${e.entry.expires}: fix the failure or extend the date in ${b.file}`),
            ...(b.outdated ? [`baseline out of date: update ${b.file} (or run with --update-baseline)`] : []),
          ]
        : []),
      ...(run.baselineKept ? [`baseline ${b?.file ?? flags.baseline}: not rewritten, the run was interrupted`] : []),
      ...verdicts.closingLines(report, files),
    ].join('\n'),
  );
  setExit(verdicts.exitCodeOf(report.verdict));
  if (interruption.signal) {
    // The reports are written: end as the signal would have (a shell shows 130 or 143).
    setExit(interruption.exitCode);
    interruption.reraise();
  }
}
