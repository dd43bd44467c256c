import { stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EXIT, UsageError } from '../../errors.ts';
import type { RegisterCommand } from '../command.ts';

interface CompareOptions {
  html?: string;
  markdown?: string;
}

/** A report directory (as `conform check --report` writes) stands for its report.json. */
async function reportPath(path: string): Promise<string> {
  const s = await stat(path).catch(() => undefined);
  return s?.isDirectory() ? join(path, 'report.json') : path;
}

export const registerCompare: RegisterCommand = (program, setExit) => {
  program
    .command('compare')
    .description(
      'Compare report.json files of `conform check`, requirement by requirement (Pass / Non-Strict / Fail / Info). ' +
        'For two runs of the same target and variant, list regressions and fixes; exit 1 on a regression.',
    )
    .argument('<reports...>', 'report.json files (or report directories), oldest first')
    .option('--html <file>', 'also write the comparison as one self-contained HTML file')
    .option('--markdown <file>', 'write the Markdown table to this file instead of stdout')
    .action(async (files: string[], opts: CompareOptions) => {
      if (files.length < 2) throw new UsageError('conform compare needs at least two reports');
      const [{ readReportFile }, { compareReports, renderCompareHtml, renderCompareMarkdown }] = await Promise.all([
        import('../../report/schema.ts'),
        import('../../report/compare.ts'),
      ]);
      const inputs = [];
      for (const file of files) inputs.push({ file, report: await readReportFile(await reportPath(file)) });
      const comparison = compareReports(inputs);
      const markdown = renderCompareMarkdown(comparison);
      if (opts.markdown) await writeFile(resolve(opts.markdown), markdown);
      else process.stdout.write(markdown);
      if (opts.html) await writeFile(resolve(opts.html), renderCompareHtml(comparison));
      const written = [opts.markdown, opts.html].filter((f): f is string => f !== undefined).map((f) => resolve(f));
      if (comparison.sameTarget) {
        process.stderr.write(`conform compare: ${comparison.regressions.length} regressions, ${comparison.fixes.length} fixes\n`);
      } else {
        process.stderr.write('conform compare: the reports are not two runs of one target and variant: no regressions are computed\n');
      }
      if (written.length) process.stderr.write(`conform compare: wrote ${written.join(', ')}\n`);
      setExit(comparison.regressions.length > 0 ? EXIT.fail : EXIT.ok);
    });
};
