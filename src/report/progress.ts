/**
 * Progress of `conform check` on stderr: on a terminal, one line rewritten in place (count, current
 * resource, failures so far) with failures printed above it; otherwise plain lines (every 50 checks,
 * and one per failure or warning) that read well in a CI log. Colours only on a terminal, and never
 * with NO_COLOR. Also the final per-resource summary table.
 */
import type { CheckStatus } from '../check/check.ts';
import { oneLine } from './curl.ts';
import type { ReportedResult } from './model.ts';
import { byResource } from './status.ts';

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/** Colours on when writing to a terminal, unless NO_COLOR is set (https://no-color.org) or TERM=dumb. */
export function useColor(stream: ProgressStream, env: NodeJS.ProcessEnv = process.env): boolean {
  return stream.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
}

const CODES: Record<CheckStatus | 'dim' | 'bold', string> = { pass: '32', fail: '31', warn: '33', skip: '90', blocked: '35', dim: '2', bold: '1' };

export function paint(color: boolean): (kind: keyof typeof CODES, text: string) => string {
  return (kind, text) => (color ? `\x1b[${CODES[kind]}m${text}\x1b[0m` : text);
}

/**
 * Text from the target never reaches the terminal as control sequences: they are shown escaped. The
 * text goes on one line; a reproduction command in it stays one that runs when pasted (see oneLine).
 */
// eslint-disable-next-line no-control-regex
export const printable = (text: string): string => oneLine(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

const LABEL: Record<CheckStatus, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP', blocked: 'BLOCKED' };

export interface ProgressOptions {
  readonly total: number;
  readonly stream: ProgressStream;
  readonly quiet?: boolean;
  readonly env?: NodeJS.ProcessEnv;
  /** Plain mode: a count line every this many checks. */
  readonly every?: number;
}

export class Progress {
  private done = 0;
  private readonly counts: Record<CheckStatus, number> = { pass: 0, fail: 0, warn: 0, skip: 0, blocked: 0 };
  private readonly roots = new Set<string>();
  private resource = '';
  private lastDraw = 0;
  private drawn = false;
  private readonly tty: boolean;
  private readonly c: ReturnType<typeof paint>;

  constructor(private readonly options: ProgressOptions) {
    this.tty = options.stream.isTTY === true && (options.env ?? process.env).TERM !== 'dumb';
    this.c = paint(useColor(options.stream, options.env));
  }

  onResult(r: ReportedResult): void {
    this.done++;
    this.counts[r.status]++;
    this.resource = r.resource;
    if (this.options.quiet) return;
    const { stream } = this.options;
    if (r.status === 'fail' || r.status === 'warn') {
      this.clear();
      stream.write(`  ${this.c(r.status, LABEL[r.status])} ${r.check} [${r.failedRequirement ?? r.requirements.join(', ')}] ${printable(r.message ?? '')}\n`);
    }
    // A failed set-up step is printed once, when the first check it blocks reports.
    if (r.status === 'blocked' && r.root && !this.roots.has(r.root.id)) {
      this.roots.add(r.root.id);
      this.clear();
      stream.write(`  ${this.c('fail', 'ROOT')} ${r.root.id} ${printable(r.root.message)} (the checks that need it are blocked)\n`);
    }
    if (this.tty) {
      const now = Date.now();
      if (now - this.lastDraw >= 80 || this.done === this.options.total || !this.drawn) this.draw(now);
    } else if (this.done % (this.options.every ?? 50) === 0) {
      stream.write(`  ... ${this.done}/${this.options.total} checks (${this.counts.fail} fail, ${this.counts.warn} warn${this.counts.blocked ? `, ${this.counts.blocked} blocked` : ''}; at ${this.resource})\n`);
    }
  }

  private line(): string {
    const { total } = this.options;
    const n = this.counts;
    const text = `  ${String(this.done).padStart(String(total).length)}/${total} checks  ${this.c('pass', `${n.pass} pass`)}  ${n.fail ? this.c('fail', `${n.fail} fail`) : '0 fail'}  ${n.warn ? this.c('warn', `${n.warn} warn`) : '0 warn'}  ${n.skip} skip${n.blocked ? `  ${this.c('blocked', `${n.blocked} blocked`)}` : ''}  ${this.c('dim', this.resource)}`;
    return text;
  }

  private draw(now: number): void {
    const columns = this.options.stream.columns;
    const width = columns && columns > 20 ? columns : 80; // a pseudo-terminal may say 0
    let text = this.line();
    // Never wrap: a wrapped line cannot be rewritten in place. Cut the plain form when too wide.
    // eslint-disable-next-line no-control-regex
    const plain = text.replace(/\x1b\[[0-9;]*m/g, '');
    if (plain.length >= width) text = plain.slice(0, width - 1);
    this.options.stream.write(`\r\x1b[K${text}`);
    this.drawn = true;
    this.lastDraw = now;
  }

  private clear(): void {
    if (this.tty && this.drawn) {
      this.options.stream.write('\r\x1b[K');
      this.drawn = false;
    }
  }

  /** A line on what the run is doing when it is not ending checks (waiting out a throttling target). */
  notice(text: string): void {
    if (this.options.quiet) return;
    this.clear();
    this.options.stream.write(`  ${this.c('dim', 'WAIT')} ${printable(text)}\n`);
  }

  /** Ends the progress display (the rewriting line is removed). */
  finish(): void {
    if (this.options.quiet) return;
    this.clear();
  }
}

/** The final table: per resource, checks by status, and the total. */
export function summaryTable(results: readonly ReportedResult[], color = false): string {
  const c = paint(color);
  const rows = [...byResource(results)].sort(([a], [b]) => a.localeCompare(b));
  const count = (list: readonly ReportedResult[], s: CheckStatus) => list.filter((r) => r.status === s).length;
  const known = (list: readonly ReportedResult[]) => list.filter((r) => r.status === 'fail' && r.baselined).length;
  const anyKnown = known(results) > 0;
  const anyBlocked = count(results, 'blocked') > 0;
  const statuses: CheckStatus[] = ['pass', 'fail', 'warn', 'skip', ...(anyBlocked ? (['blocked'] as const) : [])];
  const line = (name: string, list: readonly ReportedResult[]) => [
    name,
    ...statuses.map((s) => String(count(list, s))),
    ...(anyKnown ? [String(known(list))] : []),
  ];
  const head = ['resource', ...statuses, ...(anyKnown ? ['known'] : [])];
  const kinds: readonly ('' | CheckStatus)[] = ['', ...statuses, ...(anyKnown ? (['skip'] as const) : [])];
  const body = [...rows.map(([resource, list]) => line(resource, list)), line('total', results)];
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
  const fmt = (row: readonly string[], paintRow: boolean) =>
    row
      .map((v, i) => {
        const padded = i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!);
        const kind = kinds[i];
        return paintRow && kind && v !== '0' ? c(kind, padded) : padded;
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [fmt(head, false), rule, ...body.slice(0, -1).map((r) => fmt(r, true)), rule, fmt(body.at(-1)!, true), ''].join('\n');
}
