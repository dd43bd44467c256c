/**
 * badge.svg: a self-contained badge (no fonts, images or links to fetch) with the variant, the
 * verdict and how many of the variant's MUST requirements the run established.
 */
import type { Report } from './model.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Approximate advance widths of Verdana 11px (the usual badge face), per character class. */
function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) {
    if ('ijl.,:;!|\''.includes(ch)) w += 3.5;
    else if ('frt() -'.includes(ch)) w += 4.8;
    else if ('mwMW%'.includes(ch)) w += 10.5;
    else if (ch >= 'A' && ch <= 'Z') w += 7.6;
    else w += 6.8;
  }
  return Math.ceil(w);
}

export function renderBadge(report: Pick<Report, 'variant' | 'verdict' | 'counts' | 'established'>): string {
  const label = `conform ${report.variant}`;
  const must = report.established?.must;
  // The verdict and the MUST requirements this run established (never a share of the checks that ran:
  // skipped and unselected checks would not lower it).
  // Traffic that did not establish every MUST requirement shows what it exercised, never a conformant badge.
  const traffic = report.established?.scope === 'traffic';
  const value = `${report.verdict === 'no-violations' ? 'no violations' : report.verdict}${must ? ` ${must.established}/${must.total} MUST` : ''}`;
  const color =
    report.verdict === 'non-conformant'
      ? '#c4272f'
      : report.verdict === 'incomplete' || report.verdict === 'no-violations'
        ? '#6e7781'
        : report.counts.warn > 0 || (report.counts.baselined ?? 0) > 0
          ? '#9a6700'
          : '#1a7f37';
  const lw = textWidth(label) + 12;
  const vw = textWidth(value) + 12;
  const w = lw + vw;
  const by = traffic ? (report.verdict === 'no-violations' ? 'exercised by the traffic, none broken' : 'established by the traffic') : 'established by this run';
  const title = `${label}: ${report.verdict === 'no-violations' ? 'no violations' : report.verdict}${must ? `, ${must.established} of ${must.total} MUST requirements ${by}` : ''} (${report.counts.pass} of ${report.counts.total} ${traffic ? 'judgements' : 'checks'} pass)`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${esc(title)}">
<title>${esc(title)}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${vw}" height="20" fill="${color}"/><rect width="${w}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="15" fill="#010101" fill-opacity=".3">${esc(label)}</text><text x="${lw / 2}" y="14">${esc(label)}</text>
<text x="${lw + vw / 2}" y="15" fill="#010101" fill-opacity=".3">${esc(value)}</text><text x="${lw + vw / 2}" y="14">${esc(value)}</text>
</g>
</svg>
`;
}
