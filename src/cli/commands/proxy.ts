import { Option } from 'commander';
import { connect } from 'node:net';
import { resolve } from 'node:path';
import type { Variant } from '../../../specs/model/index.ts';
import { DEFAULTS } from '../../check/config.ts';
import type { RegisterCommand } from '../command.ts';
import { baseUrl, wholeNumber } from '../options.ts';
import { prepareReportDir } from '../report-dir.ts';
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
  accounts?: string;
  strict?: boolean;
  har?: string;
}

/**
 * `conform proxy`: validates live traffic. Until SIGINT, SIGTERM or --duration, every exchange between
 * a client and the upstream is passed through unchanged and judged; then the usual reports are written.
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
    .option('--accounts <file>', 'accounts whose credentials are also kept out of the reports (credentials seen in traffic always are)')
    .option('--strict', 'SHOULD-level failures fail the run (by default they are warnings)')
    .option('--har <file>', 'write every exchange that passes through to this file as HAR 1.2 (redacted as the reports are; bodies up to --max-body)')
    .action(async (opts: ProxyFlags) => {
      const upstream = baseUrl(opts.upstream, '--upstream', { protocols: ['http:', 'https:'] });
      const port = wholeNumber(opts.port, '--port', 0, 65535);
      const duration = opts.duration !== undefined ? wholeNumber(opts.duration, '--duration', 1) : undefined;
      const maxBodyBytes = wholeNumber(opts.maxBody, '--max-body', 0);
      const timeoutMs = wholeNumber(opts.timeout, '--timeout', 1);
      const [{ startProxy }, { Redactor }, { writeReport }, verdicts] = await Promise.all([
        import('../../proxy/proxy.ts'),
        import('../../check/redact.ts'),
        import('../../report/write.ts'),
        import('../../report/verdict.ts'),
      ]);
      const redactor = new Redactor();
      if (opts.accounts) {
        const { loadAccounts } = await import('../../check/accounts.ts');
        await loadAccounts(opts.accounts.startsWith('env:') ? opts.accounts : resolve(opts.accounts), opts.variant, redactor);
      }
      // An upstream where nothing listens is a usage error before the proxy listens, as for `conform check`.
      await reachable(upstream, timeoutMs);
      const reportDir = await prepareReportDir(opts.report);
      let proxy;
      try {
        proxy = await startProxy({ variant: opts.variant, upstream, port, host: opts.host, maxBodyBytes, timeoutMs, redactor, ...(opts.har ? { har: resolve(opts.har) } : {}) });
      } catch (err) {
        await reportDir.discard();
        const e = err as NodeJS.ErrnoException;
        if (opts.har && e.syscall === 'open') throw new UsageError(`--har: cannot write ${opts.har}: ${e.code ?? e.message}`);
        throw new UsageError(`cannot listen on ${opts.host}:${port}: ${e.message}`);
      }
      process.stdout.write(`conform proxy: listening on ${proxy.url} -> ${upstream} (variant ${opts.variant})\n`);
      const stopped = await new Promise<string>((done) => {
        const timer = duration !== undefined ? setTimeout(() => done(`--duration ${duration} s`), duration * 1000) : undefined;
        for (const signal of ['SIGINT', 'SIGTERM'] as const) {
          process.once(signal, () => {
            if (timer) clearTimeout(timer);
            done(signal);
          });
        }
      });
      process.stderr.write(`conform proxy: stopping (${stopped}); judging the last exchanges\n`);
      await proxy.close();
      const report = proxy.tally.report({ listen: proxy.url, upstream, maxBodyBytes, strict: opts.strict === true });
      const files = await writeReport(reportDir.path, report);
      const c = report.counts;
      const t = report.traffic;
      // Every request went unanswered and nothing was judged: the upstream was down, as for `conform check`.
      const upstreamDown = t.transportErrors > 0 && report.results.length === 0;
      process.stdout.write(
        [
          `variant ${report.variant}  upstream ${upstream}`,
          `${t.exchanges} exchanges: ${t.operations.exercised} of ${t.operations.total} operations exercised; ${t.unmatched} outside the description, ${t.throttled} throttled, ${t.unvalidated} over --max-body (not judged), ${t.transportErrors} without an upstream answer`,
          `${c.pass} pass, ${c.fail} fail, ${c.warn} warn of ${c.total} judgements`,
          verdicts.establishedLine(report.established!),
          ...report.errors.map((e) => `error: ${e}`),
          ...verdicts.closingLines(report, files, opts.har ? [`har: ${resolve(opts.har)}`] : []),
        ].join('\n'),
      );
      if (upstreamDown) process.stderr.write(`conform proxy: the upstream ${upstream} answered none of the ${t.transportErrors} requests\n`);
      setExit(upstreamDown ? EXIT.usage : verdicts.exitCodeOf(report.verdict));
    });
};
