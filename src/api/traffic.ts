/** `conform audit` and `conform compare` as library calls: recorded traffic judged, reports compared. */
import { resolve } from 'node:path';
import type { Variant } from '../../specs/model/index.ts';
import { DEFAULTS } from '../check/config.ts';
import type { Comparison } from '../report/compare.ts';
import type { Report } from '../report/model.ts';
import type { ProxyReport } from '../traffic/tally.ts';
import { UsageError } from '../errors.ts';
import { baseUrl } from '../url.ts';

export interface AuditOptions {
  readonly variant: Variant;
  /** HAR 1.2 files, summed into one report. */
  readonly files: readonly string[];
  readonly strict?: boolean;
  /** Base URL of the API in the recording: exchanges with other origins are counted and skipped. */
  readonly origin?: string;
  /** Response bodies larger than this are counted, not judged (default 4 MiB). */
  readonly maxBodyBytes?: number;
  /** Accounts whose credentials are also kept out of the report. */
  readonly accounts?: string;
}

/** Judges recorded traffic offline by the single-exchange requirements; sends nothing. */
export async function audit(options: AuditOptions): Promise<ProxyReport> {
  const [{ Audit, HarError }, { Redactor }] = await Promise.all([import('../traffic/audit.ts'), import('../check/redact.ts')]);
  const redactor = new Redactor();
  if (options.accounts) {
    const { accountsSource, loadAccounts } = await import('../check/accounts.ts');
    await loadAccounts(accountsSource(options.accounts), options.variant, redactor);
  }
  const origin = options.origin ? baseUrl(options.origin, 'origin', { protocols: ['http:', 'https:'] }) : undefined;
  const run = new Audit({ variant: options.variant, maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes, strict: options.strict === true, redactor, ...(origin ? { origin } : {}) });
  for (const file of options.files) {
    try {
      run.addPath(resolve(file), file);
    } catch (err) {
      if (err instanceof HarError) throw new UsageError(err.message);
      throw err;
    }
  }
  return run.report();
}

/** Compares reports (oldest first), requirement by requirement: regressions and fixes of one target. */
export async function compare(reports: readonly (Report | { readonly file: string; readonly report: Report } | string)[]): Promise<Comparison> {
  if (reports.length < 2) throw new UsageError('a comparison needs at least two reports');
  const [{ readReportFile }, { compareReports }] = await Promise.all([import('../report/schema.ts'), import('../report/compare.ts')]);
  const inputs = [];
  for (const [i, r] of reports.entries()) {
    if (typeof r === 'string') inputs.push({ file: r, report: await readReportFile(r) });
    else if ('report' in r && 'file' in r) inputs.push(r);
    else inputs.push({ file: `report ${i + 1}`, report: r as Report });
  }
  return compareReports(inputs);
}
