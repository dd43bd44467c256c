import { Option } from 'commander';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import type { Variant } from '../../../specs/model/index.ts';
import { DEFAULTS } from '../../check/config.ts';
import type { RegisterCommand } from '../command.ts';
import { baseUrl, wholeNumber } from '../options.ts';
import { prepareReportDir } from '../../report/dir.ts';
import { EXIT, UsageError } from '../../errors.ts';

const DOWN = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL']);

/** Opens (and closes) a TCP connection to the upstream: nothing listening there is a usage error. */
async function reachable(upstream: string, timeoutMs: number): Promise<void> {
  const url = new URL(upstream);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const problem = await new Promise<string | undefined>((done) => {
    const socket = connect({ host, port, timeout: timeoutMs });
    socket.once('connect', () => {
      socket.destroy();
      done(undefined);
    });
    // A slow connect is not a dead upstream: the traffic decides.
    socket.once('timeout', () => {
      socket.destroy();
      done(undefined);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => done(DOWN.has(err.code ?? '') ? (err.code ?? err.message) : undefined));
  });
  if (problem) throw new UsageError(`the upstream ${upstream} cannot be reached: ${problem}`);
}

interface ProxyFlags {
  variant: Variant;
  upstream: string;
  port: string;
  host: string;
  report?: string;
  duration?: string;
  maxBody: string;
  timeout: string;
  clientTimeout: string;
  accounts?: string;
  strict?: boolean;
  har?: string;
  drain: string;
  reportEvery?: string;
  requireCoverage?: boolean;
}

/**
 * `conform proxy`: validates live traffic. Until SIGINT, SIGTERM or --duration, every exchange between
 * a client and the upstream is passed through unchanged and judged; then it stops accepting, lets the
 * exchanges in flight end (at most --drain seconds; a second signal ends them at once), counts every
 * one, and writes the usual reports and the end of the HAR. --report-every rewrites report.json (and
 * the other reports) while it runs. An internal error writes what it can, says so, and exits 1.
 */
export const registerProxy: RegisterCommand = (program, setExit) => {
  program
    .command('proxy')
    .description('Run a transparent reverse proxy that validates every exchange passing through against variant A or B; reports on SIGINT, SIGTERM or --duration.')
    .addOption(new Option('--variant <variant>', 'variant to validate against').choices(['A', 'B']).makeOptionMandatory())
    .requiredOption('--upstream <url>', 'base URL of the server the traffic goes to')
    .option('--port <n>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--report <dir>', 'directory for report.json, junit.xml, report.html, summary.md and badge.svg (default: reports/<timestamp>)')
    .option('--duration <seconds>', 'stop by itself after this long and write the reports')
    .option('--max-body <bytes>', 'responses larger than this are streamed through unvalidated, and counted', String(DEFAULTS.maxBodyBytes))
    .option('--timeout <ms>', 'upstream timeout for headers and body, in milliseconds', String(DEFAULTS.timeoutMs))
    .option('--client-timeout <ms>', 'how long a client gets to send its request, head and body, in milliseconds (then 408 and the connection closed)', '30000')
    .option('--accounts <file>', 'accounts whose credentials are also kept out of the reports (credentials seen in traffic always are)')
    .option('--strict', 'SHOULD-level failures fail the run (by default they are warnings)')
    .option('--har <file>', 'write every exchange that passes through to this file as HAR 1.2 (redacted as the reports are; bodies up to --max-body)')
    .option('--drain <seconds>', 'on stopping, how long the exchanges in flight get to end before they are cut (and counted)', '10')
    .option('--report-every <seconds>', 'also rewrite the reports every this many seconds while running (each file replaced whole)')
    .option('--require-coverage', 'exit 3 unless the traffic established every MUST requirement of the variant (NO VIOLATIONS is not enough)')
    .action(async (opts: ProxyFlags) => {
      const upstream = baseUrl(opts.upstream, '--upstream', { protocols: ['http:', 'https:'] });
      const port = wholeNumber(opts.port, '--port', 0, 65535);
      const duration = opts.duration !== undefined ? wholeNumber(opts.duration, '--duration', 1) : undefined;
      const maxBodyBytes = wholeNumber(opts.maxBody, '--max-body', 0);
      const timeoutMs = wholeNumber(opts.timeout, '--timeout', 1);
      const clientTimeoutMs = wholeNumber(opts.clientTimeout, '--client-timeout', 1);
      const drainSeconds = wholeNumber(opts.drain, '--drain', 0);
      const reportEvery = opts.reportEvery !== undefined ? wholeNumber(opts.reportEvery, '--report-every', 1) : undefined;
      const [{ startProxy }, { Redactor }, { writeReport }, verdicts, { categoriesLine }] = await Promise.all([
        import('../../proxy/proxy.ts'),
        import('../../check/redact.ts'),
        import('../../report/write.ts'),
        import('../../report/verdict.ts'),
        import('../../traffic/tally.ts'),
      ]);
      const redactor = new Redactor();
      if (opts.accounts) {
        const { loadAccounts } = await import('../../check/accounts.ts');
        await loadAccounts(opts.accounts.startsWith('env:') ? opts.accounts : resolve(opts.accounts), opts.variant, redactor);
      }
      // An upstream where nothing listens is a usage error before the proxy listens, as for `conform check`.
      await reachable(upstream, timeoutMs);
      const reportDir = await prepareReportDir(opts.report);
      const say = (line: string) => process.stderr.write(`conform proxy: ${line}\n`);
      let proxy;
      try {
        proxy = await startProxy({ variant: opts.variant, upstream, port, host: opts.host, maxBodyBytes, timeoutMs, clientTimeoutMs, redactor, onProblem: say, ...(opts.har ? { har: resolve(opts.har) } : {}) });
      } catch (err) {
        await reportDir.discard();
        const e = err as NodeJS.ErrnoException;
        if (opts.har && e.syscall === 'open') throw new UsageError(`--har: cannot write ${opts.har}: ${e.code ?? e.message}`);
        throw new UsageError(`cannot listen on ${opts.host}:${port}: ${e.message}`);
      }
      const running = proxy;
      const reportNow = () => running.tally.report({ listen: running.url, upstream, maxBodyBytes, strict: opts.strict === true });
      // Report writes one after another: a periodic one never races the last.
      let writing: Promise<unknown> = Promise.resolve();
      const periodic = reportEvery !== undefined
        ? setInterval(() => {
            writing = writing.then(() => writeReport(reportDir.path, reportNow())).catch((err: unknown) => say(`cannot write the periodic report: ${(err as Error).message}`));
          }, reportEvery * 1000)
        : undefined;

      let crashed = false;
      let listening: () => void = () => undefined;
      // The handlers are in place before the line that says it listens: a signal right after it is a stop.
      const stopped = new Promise<string>((done) => {
        let signals = 0;
        const timer = duration !== undefined ? setTimeout(() => done(`--duration ${duration} s`), duration * 1000) : undefined;
        const onSignal = (signal: NodeJS.Signals) => {
          signals++;
          if (timer) clearTimeout(timer);
          if (signals === 1) return done(signal);
          if (signals === 2) {
            say(`${signal} again: ending the exchanges in flight now`);
            return running.stopNow();
          }
          // A third: the reports could not be written in time; end at once.
          process.exit(EXIT.fail);
        };
        // An error outside every exchange's own handling: say it, and stop as a signal would, with the reports.
        const onCrash = (err: unknown) => {
          crashed = true;
          const message = redactor.text(`internal error: ${(err as Error)?.stack ?? String(err)}`);
          running.tally.error(message);
          say(`${message}\nconform proxy: writing the reports of what it saw`);
          running.stopNow();
          if (timer) clearTimeout(timer);
          done('an internal error');
        };
        process.on('SIGINT', onSignal);
        process.on('SIGTERM', onSignal);
        process.on('uncaughtException', onCrash);
        process.on('unhandledRejection', onCrash);
        listening = () => {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
          process.off('uncaughtException', onCrash);
          process.off('unhandledRejection', onCrash);
        };
      });
      process.stdout.write(`conform proxy: listening on ${proxy.url} -> ${upstream} (variant ${opts.variant})\n`);
      const why = await stopped;
      if (periodic) clearInterval(periodic);
      say(`stopping (${why}); ${running.inFlight} exchanges in flight get up to ${drainSeconds} s (--drain) to end`);
      await proxy.close(drainSeconds * 1000);
      await writing;
      const report = reportNow();
      let files: string[] = [];
      try {
        files = await writeReport(reportDir.path, report);
      } catch (err) {
        listening();
        say(`cannot write the reports in ${reportDir.path}: ${(err as Error).message}`);
        process.stdout.write(`${JSON.stringify(report.traffic)}\n`);
        setExit(EXIT.fail);
        return;
      }
      listening();
      const c = report.counts;
      const t = report.traffic;
      // Every request went unanswered and nothing was judged: the upstream was down, as for `conform check`.
      const failures = t.transportErrors - t.noAnswer.stopped;
      const upstreamDown = failures > 0 && report.results.length === 0;
      process.stdout.write(
        [
          `variant ${report.variant}  upstream ${upstream}`,
          `${categoriesLine(t)}; ${t.operations.exercised} of ${t.operations.total} operations exercised`,
          `${c.pass} pass, ${c.fail} fail, ${c.warn} warn of ${c.total} judgements`,
          verdicts.establishedLine(report.established!),
          ...report.errors.map((e) => `error: ${e}`),
          ...verdicts.closingLines(report, files, opts.har ? [`har: ${resolve(opts.har)}`] : []),
        ].join('\n'),
      );
      if (upstreamDown) say(`the upstream ${upstream} answered none of the ${failures} requests`);
      setExit(crashed ? EXIT.fail : upstreamDown ? EXIT.usage : verdicts.exitCodeOf(report.verdict, opts.requireCoverage === true));
    });
};
