import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';
import { prepareReportDir } from '../../report/dir.ts';
import { failureLine } from './audit.ts';

interface MergeFlags {
  report?: string;
  strict?: boolean;
  requireCoverage?: boolean;
}

/**
 * `conform merge`: reports of traffic (several proxies behind one load balancer, audits of several
 * captures) summed into one, each source named. Exit codes as the merged verdict's (NO VIOLATIONS: 0,
 * or 3 with --require-coverage); 2 for a file that is not such a report.
 */
export const registerMerge: RegisterCommand = (program, setExit) => {
  program
    .command('merge')
    .description('Sum reports of traffic (conform proxy, conform audit) into one report: judgements, counts and the traffic section are the sums, each source named.')
    .argument('<reports...>', 'report.json files (or report directories) of conform proxy or conform audit')
    .option('--report <dir>', 'directory for the merged report.json, junit.xml, report.html, summary.md and badge.svg (default: reports/<timestamp>)')
    .option('--strict', 'the merged verdict counts SHOULD-level failures (statuses are those the sources gave)')
    .option('--require-coverage', 'exit 3 unless the merged traffic established every MUST requirement of the variant (NO VIOLATIONS is not enough)')
    .action(async (files: string[], opts: MergeFlags) => {
      if (files.length < 1) throw new UsageError('conform merge needs at least one report');
      const [{ readReportFile }, { mergeProblem, mergeReports }, { writeReport }, verdicts, { categoriesLine }] = await Promise.all([
        import('../../report/schema.ts'),
        import('../../traffic/merge.ts'),
        import('../../report/write.ts'),
        import('../../report/verdict.ts'),
        import('../../traffic/tally.ts'),
      ]);
      const inputs = [];
      for (const file of files) {
        const path = (await stat(file).catch(() => undefined))?.isDirectory() ? join(file, 'report.json') : file;
        inputs.push({ name: file, report: await readReportFile(path) });
      }
      const problem = mergeProblem(inputs);
      if (problem) throw new UsageError(problem);
      const merged = mergeReports(inputs as unknown as Parameters<typeof mergeReports>[0], opts.strict === true);
      const reportDir = await prepareReportDir(opts.report);
      const written = await writeReport(reportDir.path, merged);
      const c = merged.counts;
      process.stdout.write(
        [
          `variant ${merged.variant}: ${files.length} reports merged`,
          categoriesLine(merged.traffic),
          ...(merged.sources ?? []).map((s) => `  ${s.name}: ${s.exchanges} exchanges, ${s.verdict ?? ''}`),
          `${c.pass} pass, ${c.fail} fail, ${c.warn} warn of ${c.total} judgements`,
          ...merged.results.filter((r) => r.status === 'fail' || r.status === 'warn').map((r) => failureLine(r)),
          verdicts.establishedLine(merged.established!),
          ...verdicts.closingLines(merged, written),
        ].join('\n'),
      );
      setExit(verdicts.exitCodeOf(merged.verdict, opts.requireCoverage === true));
    });
};
