/**
 * `conform compare`: implementations (or runs) side by side, requirement by requirement, in the
 * manner of the Autobahn test suite's reports: Pass / Non-Strict (a SHOULD failure) / Fail / Info
 * (not established: skipped, or stopped by another failure). For two runs of the same target (the
 * same image, the embedded reference server, or the same URL) and variant it also lists regressions
 * (pass to fail or warn) and fixes (fail or warn to pass).
 */
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { hasRequirement, REQUIREMENTS, requirement } from '../../specs/requirements/index.ts';
import type { Report } from './model.ts';
import type { CheckStatus } from '../check/check.ts';
import { esc } from './html.ts';
import { cell as mdCell } from './markdown.ts';
import type { RequirementOutcome } from './status.ts';
import { requirementOutcomes } from './status.ts';

export const COMPARE_LABEL: Record<CheckStatus, string> = { pass: 'Pass', warn: 'Non-Strict', fail: 'Fail', skip: 'Info', blocked: 'Info' };

export interface Compared {
  readonly file: string;
  readonly report: Report;
}

export interface Change {
  readonly requirement: string;
  readonly before: CheckStatus;
  readonly after: CheckStatus;
  /** The checks that show the new status. */
  readonly checks: readonly string[];
}

export interface Comparison {
  readonly columns: readonly { readonly file: string; readonly label: string; readonly report: Report }[];
  readonly rows: readonly { readonly id: string; readonly level: string; readonly cells: readonly (RequirementOutcome | undefined)[] }[];
  /** Two runs of the same target and variant: regressions and fixes are meaningful. */
  readonly sameTarget: boolean;
  readonly regressions: readonly Change[];
  readonly fixes: readonly Change[];
}

/**
 * What a report's target is, whatever address it ran at: the image it ran from (a new random port
 * each run), the embedded reference server, or the URL it was given.
 */
export function targetIdentity(r: Pick<Report, 'image' | 'embedded' | 'target'>): string {
  if (r.image) return `image ${r.image.name}`;
  if (r.embedded) return 'reference server';
  return r.target;
}

function label(r: Report): string {
  const where = r.image ? `image ${r.image.name}` : r.embedded ? `reference server${r.fault ? ` (fault ${r.fault})` : ''}` : r.target;
  return `${where}, variant ${r.variant}`;
}

const ORDER: ReadonlyMap<string, number> = new Map(REQUIREMENTS.map((r, i) => [r.id, i]));

export function compareReports(inputs: readonly Compared[]): Comparison {
  const outcomes = inputs.map((i) => requirementOutcomes(i.report.results));
  const ids = [...new Set(outcomes.flatMap((o) => [...o.keys()]))].sort(
    (a, b) => (ORDER.get(a) ?? Infinity) - (ORDER.get(b) ?? Infinity) || a.localeCompare(b),
  );
  const rows = ids.map((id) => ({
    id,
    level: hasRequirement(id) ? requirement(id).level : inputs.map((i) => i.report.results.find((r) => r.requirements.includes(id))?.level).find(Boolean) ?? '',
    cells: outcomes.map((o) => o.get(id)),
  }));
  const first = inputs[0]?.report;
  const sameTarget = inputs.length === 2 && inputs.every((i) => i.report.variant === first!.variant && targetIdentity(i.report) === targetIdentity(first!));
  const regressions: Change[] = [];
  const fixes: Change[] = [];
  if (sameTarget) {
    for (const row of rows) {
      const [before, after] = row.cells;
      if (!before || !after) continue;
      const bad = (s: CheckStatus) => s === 'fail' || s === 'warn';
      if (before.status === 'pass' && bad(after.status)) regressions.push({ requirement: row.id, before: before.status, after: after.status, checks: after.checks });
      if (bad(before.status) && after.status === 'pass') fixes.push({ requirement: row.id, before: before.status, after: after.status, checks: before.checks });
    }
  }
  const labels = inputs.map((i) => label(i.report));
  return {
    columns: inputs.map((i, n) => ({
      file: i.file,
      // Two columns with the same label are told apart by their file.
      label: labels.filter((l) => l === labels[n]).length > 1 ? `${labels[n]} [${basename(i.file)} #${n + 1}]` : labels[n]!,
      report: i.report,
    })),
    rows,
    sameTarget,
    regressions,
    fixes,
  };
}

function cellText(o: RequirementOutcome | undefined): string {
  if (!o) return '—';
  return `${COMPARE_LABEL[o.status]}${o.baselined ? ' (known)' : ''}`;
}

/** The first few checks of a change, and how many more there are. */
function some(checks: readonly string[], fmt: (c: string) => string, max = 8): string {
  const shown = checks.slice(0, max).map(fmt).join(', ');
  return checks.length > max ? `${shown} and ${checks.length - max} more` : shown;
}

const summaryLine = (r: Report) =>
  `${r.verdict}, ${r.established ? `MUST ${r.established.must.established}/${r.established.must.total} established, ` : ''}${r.counts.pass}/${r.counts.total} checks pass`;

export function renderCompareMarkdown(c: Comparison): string {
  const out: string[] = ['## conform compare', ''];
  c.columns.forEach((col, i) => out.push(`${i + 1}. ${mdCell(col.label)}: ${summaryLine(col.report)}, started ${mdCell(col.report.startedAt)} (\`${col.file.replace(/`/g, "'")}\`)`));
  out.push('');
  if (c.sameTarget) {
    out.push(`### Regressions (${c.regressions.length})`, '');
    if (c.regressions.length === 0) out.push('None.');
    for (const x of c.regressions) out.push(`- \`${x.requirement}\`: ${COMPARE_LABEL[x.before]} → ${COMPARE_LABEL[x.after]} (${some(x.checks, (k) => `\`${k}\``)})`);
    out.push('', `### Fixes (${c.fixes.length})`, '');
    if (c.fixes.length === 0) out.push('None.');
    for (const x of c.fixes) out.push(`- \`${x.requirement}\`: ${COMPARE_LABEL[x.before]} → ${COMPARE_LABEL[x.after]} (${some(x.checks, (k) => `\`${k}\``)})`);
    out.push('');
  }
  out.push('### Requirements', '');
  out.push(`| Requirement | Level | ${c.columns.map((_, i) => `${i + 1}`).join(' | ')} |`);
  out.push(`|---|---|${c.columns.map(() => '---').join('|')}|`);
  for (const row of c.rows) out.push(`| \`${row.id}\` | ${row.level} | ${row.cells.map(cellText).join(' | ')} |`);
  out.push('', 'Pass: every check proving it passed. Non-Strict: a SHOULD-level failure. Fail: a check found it broken. Info: not established (skipped, or stopped by another failure). —: not run.', '');
  return out.join('\n');
}

const CSS = `
:root{--bg:#fff;--fg:#1b1f24;--dim:#5b636d;--line:#d5dae0;--panel:#f5f7f9;--pass:#1a7f37;--fail:#c4272f;--warn:#9a6700;--skip:#57606a;--pass-bg:#dafbe1;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--skip-bg:#eaeef2}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--dim:#9198a1;--line:#30363d;--panel:#161b22;--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#9198a1;--pass-bg:#12261e;--fail-bg:#2d1214;--warn-bg:#2e2410;--skip-bg:#21262d}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1400px;padding:0 16px 24px;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em}
h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid var(--line);padding-bottom:4px}
.regress{color:var(--fail)}.fix{color:var(--pass)}
.scroll{overflow-x:auto;max-width:100%;border:1px solid var(--line);border-radius:6px}
table{border-collapse:collapse;min-width:100%}
th,td{padding:4px 8px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
thead th{position:sticky;top:0;background:var(--panel);white-space:normal;min-width:9em;vertical-align:bottom}
tbody th{position:sticky;left:0;background:var(--bg);font-weight:400;white-space:normal;min-width:12em;max-width:22em}
td.pass{background:var(--pass-bg);color:var(--pass)}td.fail{background:var(--fail-bg);color:var(--fail);font-weight:600}td.warn{background:var(--warn-bg);color:var(--warn)}td.skip{background:var(--skip-bg);color:var(--skip)}
tr.changed th{font-weight:700}
.dim{color:var(--dim)}
`;

export function renderCompareHtml(c: Comparison): string {
  const policy = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'; base-uri 'none'; form-action 'none'`;
  const changed = new Set([...c.regressions, ...c.fixes].map((x) => x.requirement));
  const changes = (title: string, cls: string, list: readonly Change[]) =>
    `<h2 class="${cls}">${title} (${list.length})</h2>${list.length === 0 ? '<p>None.</p>' : `<ul>${list
      .map((x) => `<li><code>${esc(x.requirement)}</code>: ${COMPARE_LABEL[x.before]} → ${COMPARE_LABEL[x.after]} <span class="dim">(${some(x.checks, (k) => `<code>${esc(k)}</code>`)})</span></li>`)
      .join('')}</ul>`}`;
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(policy)}"><meta name="referrer" content="no-referrer">
<title>conform compare</title><style>${CSS}</style></head>
<body>
<h1>conform compare</h1>
<ol>${c.columns.map((col) => `<li><b>${esc(col.label)}</b>: ${esc(summaryLine(col.report))}, started ${esc(col.report.startedAt)} <span class="dim">(<code>${esc(col.file)}</code>)</span></li>`).join('')}</ol>
${c.sameTarget ? changes('Regressions', 'regress', c.regressions) + changes('Fixes', 'fix', c.fixes) : ''}
<h2>Requirements</h2>
<p class="dim">Pass: every check proving it passed. Non-Strict: a SHOULD-level failure. Fail: a check found it broken. Info: not established (skipped, or stopped by another failure). —: not run.</p>
<div class="scroll"><table>
<thead><tr><th scope="col">Requirement</th>${c.columns.map((col, i) => `<th scope="col">${i + 1}. ${esc(col.label)}</th>`).join('')}</tr></thead>
<tbody>
${c.rows
  .map(
    (row) =>
      `<tr${changed.has(row.id) ? ' class="changed"' : ''}><th scope="row" title="${esc(hasRequirement(row.id) ? requirement(row.id).statement : '')}"><code>${esc(row.id)}</code> <span class="dim">${esc(row.level)}</span></th>${row.cells
        .map((o) => `<td class="${o ? o.status : ''}" title="${esc(o ? o.checks.join(', ') : 'not run')}">${esc(cellText(o))}</td>`)
        .join('')}</tr>`,
  )
  .join('\n')}
</tbody></table></div>
</body></html>
`;
}
