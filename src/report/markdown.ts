/**
 * summary.md: a Markdown summary of report.json for a CI step summary (GitHub's $GITHUB_STEP_SUMMARY
 * and the like): verdict, counts, coverage, the failures with their requirement ids, warnings and
 * skips collapsed. Text from the target is escaped: it must not turn into markup or links.
 */
import { oneLine, splitReproduction } from './curl.ts';
import type { BaselineEntry, Report, ReportedResult } from './model.ts';
import { rootCauseLine, rootCauses } from './status.ts';
import { establishedLine, verdictLine, verdictWord } from './verdict.ts';

/** Escapes text for a table cell: no markup, no HTML, no line breaks, no column breaks. */
export function cell(text: string, max = 300): string {
  // A reproduction command keeps running when pasted: its continuations become spaces (see oneLine).
  const flat = oneLine(text).replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut
    .replace(/[\\`*_[\]|~<>&@]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`))
    .replace(/:\/\//g, ':\\/\\/'); // no autolinks
}

/** An id in code style (ids come from conform, but are escaped all the same). */
const code = (text: string) => `\`${text.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;

const MAX_ROWS = 200;

function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** A fenced code block that no backtick run inside it can close. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}sh\n${text}\n${fence}`;
}

function resultRows(results: readonly ReportedResult[], withReason = false): string {
  const shown = results.slice(0, MAX_ROWS);
  const split = shown.map((r) => splitReproduction(r.message ?? ''));
  const rows = shown.map((r, i) => [
    code(r.check),
    code(r.failedRequirement ?? r.requirements.join(' ')),
    cell(r.resource),
    cell([split[i]!.text, r.expected !== undefined ? `(expected ${r.expected}; actual ${r.actual ?? '?'})` : ''].filter(Boolean).join(' ')),
    ...(withReason ? [cell(r.baselined?.reason ?? '')] : []),
  ]);
  const head = ['Check', 'Requirement', 'Resource', 'Message', ...(withReason ? ['Accepted because'] : [])];
  // Reproduction commands whole, below the table: a table cell would cut them.
  const commands = shown.flatMap((r, i) => (split[i]!.command ? [`Reproduce ${code(r.check)}:`, '', fenced(split[i]!.command!), ''] : []));
  return `${table(head, rows)}${results.length > MAX_ROWS ? `\n\n…and ${results.length - MAX_ROWS} more: see report.html.` : ''}${commands.length ? `\n\n${commands.join('\n').trimEnd()}` : ''}`;
}

function entryName(e: BaselineEntry): string {
  return e.check !== undefined ? `check ${code(e.check)}` : `requirement ${code(e.requirement ?? '?')}`;
}

export function renderMarkdown(report: Report): string {
  const c = report.counts;
  const fails = report.results.filter((r) => r.status === 'fail' && !r.baselined);
  const known = report.results.filter((r) => r.status === 'fail' && r.baselined);
  const warns = report.results.filter((r) => r.status === 'warn');
  const skips = report.results.filter((r) => r.status === 'skip');
  const blocked = report.results.filter((r) => r.status === 'blocked');
  const roots = rootCauses(report.results);
  const mark = report.verdict === 'conformant' ? '✅' : report.verdict === 'incomplete' || report.verdict === 'no-violations' ? '⚠️' : '❌';
  const out: string[] = [];
  out.push(`## ${mark} conform: variant ${report.variant} ${verdictWord(report.verdict)}${report.baseline?.outdated ? ' (baseline out of date)' : ''}${report.interrupted ? ` (interrupted by ${report.interrupted.signal})` : ''}`);
  out.push('');
  out.push(`Verdict: ${cell(verdictLine(report), 2000)}.`);
  out.push('');
  out.push(
    `Target ${code(report.target)}${report.embedded ? ` (embedded reference server${report.fault ? `, fault ${code(report.fault)}` : ''})` : ''}${report.image ? ` (image ${code(report.image.name)})` : ''}, seed ${code(String(report.seed))}, ` +
      `${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}` +
      `${report.only.length ? `, only ${report.only.map(code).join(' ')}` : ''}.`,
  );
  out.push('');
  if (report.interrupted) {
    out.push(`**Interrupted by ${cell(report.interrupted.signal)}**: ${report.interrupted.notRun.length} ${report.interrupted.notRun.length === 1 ? 'check' : 'checks'} did not run.`, '');
  }
  const lacking = (report.accounts?.roles ?? []).filter((r) => r.present < r.needed);
  if (lacking.length) {
    out.push(`**The accounts file lacks** ${lacking.map((r) => `${r.needed - r.present} ${cell(r.role)}`).join(', ')}: the checks that need them are not established.`, '');
  }
  if (roots.length) {
    // Root causes lead: one failed set-up step explains every check it blocked.
    out.push(`### ${rootCauseLine(report.results)!}`, '');
    out.push(table(['Root cause', 'Blocks', 'What failed'], roots.flatMap((r) => [[code(r.check), String(r.blocks!.length), cell(r.message ?? '')], ...(r.steps ?? []).map((s) => [`↳ ${code(s.id)}`, String(s.blocks), cell(s.message)])])));
    out.push('');
  }
  out.push(
    table(
      ['Pass', 'Fail', ...(c.baselined !== undefined ? ['Known (baseline)'] : []), 'Warn', 'Skip', ...(c.blocked ? ['Blocked'] : []), 'Total'],
      [[String(c.pass), String(c.fail - (c.baselined ?? 0)), ...(c.baselined !== undefined ? [String(c.baselined)] : []), String(c.warn), String(c.skip), ...(c.blocked ? [String(c.blocked)] : []), String(c.total)]],
    ),
  );
  out.push('');
  const e = report.established;
  if (e) {
    const line = establishedLine(e);
    out.push(`${line[0]!.toUpperCase()}${line.slice(1)}.`);
    if (e.notEstablished.length) {
      out.push('', 'Not established (MUST):', '');
      for (const g of e.notEstablished) out.push(`- ${g.requirements.length} ${g.requirements.length === 1 ? 'requirement' : 'requirements'}, ${cell(g.why)}${g.checks.length ? ` (${g.checks.slice(0, 8).map(code).join(', ')}${g.checks.length > 8 ? ` and ${g.checks.length - 8} more` : ''})` : ''}`);
    }
  }
  if (report.coverage.uncovered.length) out.push('', `No check of the catalogue proves: ${report.coverage.uncovered.map(code).join(', ')}.`);
  if (report.errors.length) {
    out.push('', '### Run errors', '', ...report.errors.map((e) => `- ${cell(e, 1000)}`));
  }
  const b = report.baseline;
  if (b) {
    out.push('', `Baseline ${code(b.file)}: ${b.accepted} known ${b.accepted === 1 ? 'failure' : 'failures'} (and the checks they block) accepted (${b.entries} ${b.entries === 1 ? 'entry' : 'entries'})${b.updated ? ', rewritten from this run' : ''}.`);
    if (b.outdated) out.push('', '**The baseline is out of date: the run fails until it is updated** (edit it, or run with `--update-baseline`).');
    for (const e of b.nowPassing) out.push(`- ${entryName(e.entry)} now passes (${e.checks.map(code).join(', ')}): remove it.`);
    for (const e of b.expired) out.push(`- ${entryName(e.entry)} expired on ${cell(e.entry.expires ?? '')}${e.checks.length ? `; no longer accepted: ${e.checks.map(code).join(', ')}` : ''}.`);
  }
  if (fails.length) out.push('', `### Failures (${fails.length})`, '', resultRows(fails));
  const collapsed = (title: string, body: string) => ['', '<details>', `<summary>${title}</summary>`, '', body, '', '</details>'];
  if (known.length) out.push(...collapsed(`Known failures, accepted by the baseline (${known.length})`, resultRows(known, true)));
  if (warns.length) out.push(...collapsed(`Warnings: SHOULD-level failures, and failures that rest only on a reading of the interpretations register (${warns.length})`, resultRows(warns)));
  if (blocked.length) {
    const rows = blocked.slice(0, MAX_ROWS).map((r) => [code(r.check), code(r.requirements.join(' ')), `${code(r.blockedBy ?? '')}${r.baselined ? ' (accepted by the baseline)' : ''}`]);
    out.push(...collapsed(`Blocked by a root cause (${blocked.length})`, table(['Check', 'Requirements', 'Root cause'], rows)));
  }
  if (skips.length) {
    const rows = skips.slice(0, MAX_ROWS).map((r) => [code(r.check), code(r.requirements.join(' ')), cell(r.message ?? '')]);
    out.push(...collapsed(`Skipped (${skips.length})`, table(['Check', 'Requirements', 'Reason'], rows)));
  }
  out.push('', 'Details (expected vs actual, requests and responses, `curl` reproductions): `report.html` next to this file.', '');
  return out.join('\n');
}
