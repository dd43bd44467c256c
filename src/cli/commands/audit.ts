import { Option } from 'commander';
import { resolve } from 'node:path';
import type { Variant } from '../../../specs/model/index.ts';
import { DEFAULTS } from '../../check/config.ts';
import type { ReportedResult } from '../../report/model.ts';
import { UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';
import { baseUrl, wholeNumber } from '../options.ts';
import { prepareReportDir } from '../../report/dir.ts';

interface AuditFlags {
  variant: Variant;
  report?: string;
  strict?: boolean;
  origin?: string;
  maxBody: string;
  accounts?: string;
  requireCoverage?: boolean;
}

/** A failing judgement in one line: its id, the requirement it cites, what was wrong. */
export function failureLine(r: ReportedResult): string {
  return `${r.status} ${r.check} [${r.failedRequirement ?? r.requirements.join(', ')}]: ${r.message ?? ''}`;
}

/**
 * `conform audit`: certifies recorded traffic offline, with the validator of `conform proxy`. Sends
 * nothing. Exit 0 conformant or no violations (3 with --require-coverage unless every MUST requirement
 * was established), 1 a violation, 2 a file that cannot be read or is not HAR, 3 nothing judged. A file
 * cut short (a proxy killed while writing it) is read up to its last whole entry, and said.
 */
export const registerAudit: RegisterCommand = (program, setExit) => {
  program
    .command('audit')
    .description(
      'Certify recorded traffic offline: judge every exchange of HAR files (a browser\'s export, conform check --har, conform proxy --har) ' +
        'by the single-exchange requirements, with the validator of `conform proxy`. Several files are summed into one report.',
    )
    .argument('<files...>', 'HAR 1.2 files')
    .addOption(new Option('--variant <variant>', 'variant to judge against').choices(['A', 'B']).makeOptionMandatory())
    .option('--report <dir>', 'directory for report.json, junit.xml, report.html, summary.md and badge.svg (default: reports/<timestamp>)')
    .option('--strict', 'SHOULD-level failures fail the audit (by default they are warnings)')
    .option('--origin <url>', 'base URL of the API in the recording: exchanges with other origins are counted and skipped (default: any origin)')
    .option('--max-body <bytes>', 'response bodies larger than this are counted, not judged', String(DEFAULTS.maxBodyBytes))
    .option('--accounts <file>', 'accounts whose credentials are also kept out of the reports (credentials seen in the recording always are)')
    .option('--require-coverage', 'exit 3 unless the traffic established every MUST requirement of the variant (NO VIOLATIONS is not enough)')
    .action(async (files: string[], opts: AuditFlags) => {
      const maxBodyBytes = wholeNumber(opts.maxBody, '--max-body', 0);
      const origin = opts.origin ? baseUrl(opts.origin, '--origin', { protocols: ['http:', 'https:'] }) : undefined;
      const [{ Audit, HarError }, { Redactor }, { writeReport }, verdicts, { categoriesLine }] = await Promise.all([
        import('../../traffic/audit.ts'),
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
      const audit = new Audit({ variant: opts.variant, maxBodyBytes, strict: opts.strict === true, redactor, ...(origin ? { origin } : {}) });
      for (const file of files) {
        try {
          audit.addPath(resolve(file), file);
        } catch (err) {
          if (err instanceof HarError) throw new UsageError(err.message);
          throw err;
        }
      }
      const reportDir = await prepareReportDir(opts.report);
      const report = audit.report();
      const written = await writeReport(reportDir.path, report);
      const c = report.counts;
      const t = report.traffic;
      process.stdout.write(
        [
          `variant ${report.variant}  ${files.length === 1 ? 'file' : 'files'} ${files.join(', ')}`,
          `${categoriesLine(t)}; ${t.operations.exercised} of ${t.operations.total} operations exercised`,
          ...(report.sources ?? []).map((s) => `  ${s.name}: ${s.exchanges} exchanges${s.cutShort ? ` recovered (${s.cutShort})` : ''}`),
          `${c.pass} pass, ${c.fail} fail, ${c.warn} warn of ${c.total} judgements`,
          ...report.results.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => failureLine(r)),
          verdicts.establishedLine(report.established!),
          ...report.errors.map((e) => `error: ${e}`),
          ...verdicts.closingLines(report, written),
        ].join('\n'),
      );
      setExit(verdicts.exitCodeOf(report.verdict, opts.requireCoverage === true));
    });
};
