/**
 * report.html: one self-contained page rendered from report.json. It makes no network request at all
 * (inline CSS and script, no fonts or images; a Content-Security-Policy forbids anything else) and
 * works from file://. Everything taken from the target is hostile input: every string is escaped,
 * and the policy only runs the one script whose hash it names.
 */
import { createHash } from 'node:crypto';
import { hasRequirement, requirement } from '../../specs/requirements/index.ts';
import type { BaselineEntry, Report, ReportedResult } from './model.ts';
import type { CheckStatus } from '../check/check.ts';
import type { Exchange } from '../check/http.ts';
import { PLACEHOLDERS, curlCommand, oneLine } from './curl.ts';
import { byResource, requirementOutcomes, rootCauses } from './status.ts';
import { establishedLine, verdictLine, verdictWord } from './verdict.ts';

/** Escapes text for HTML element content and double-quoted attribute values. */
export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Escaped text with `code` spans of the catalogue's statements rendered as <code>. */
function prose(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

export const STATUS_LABEL: Record<CheckStatus, string> = { pass: 'pass', fail: 'fail', warn: 'warn', skip: 'skip', blocked: 'blocked' };

/** Anchor of a check's result: report.html#check-<id> opens and shows it. */
export function checkAnchor(check: string): string {
  return `check-${check.replace(/\s/g, '_')}`;
}

function statement(id: string): string {
  return hasRequirement(id) ? requirement(id).statement : '';
}

function pill(status: CheckStatus, baselined = false): string {
  return `<span class="pill ${status}${baselined ? ' known' : ''}">${baselined ? 'known fail' : STATUS_LABEL[status]}</span>`;
}

function entryName(e: BaselineEntry): string {
  return e.check !== undefined ? `check ${e.check}` : `requirement ${e.requirement ?? '?'}`;
}

function exchangeHtml(ex: Exchange, n: number, of: number, id: string): string {
  const req = ex.request;
  const reqText = [`${req.method} ${req.url}`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`), ...(req.body !== undefined ? ['', req.body] : [])].join('\n');
  const res = ex.response;
  const resText = res
    ? [`HTTP ${res.status}`, ...Object.entries(res.headers).map(([k, v]) => `${k}: ${v}`), '', res.body + (res.truncated ? '\n[… cut: the report keeps the first 2 KiB]' : '')].join('\n')
    : `no response: ${ex.error ?? 'unknown error'}`;
  const curl = curlCommand(ex);
  const curlId = `${id}-curl-${n}`;
  return `<div class="exchange">
<h4>${of > 1 ? `Exchange ${n + 1} of ${of}` : 'Exchange'} <span class="dim">${esc(Math.round(ex.durationMs))} ms</span></h4>
<div class="pair"><div><h5>Request</h5><pre>${esc(reqText)}</pre></div><div><h5>Response</h5><pre>${esc(resText)}</pre></div></div>
<h5>Reproduce <button type="button" class="copy" data-for="${esc(curlId)}">Copy</button></h5>
<pre class="curl" id="${esc(curlId)}">${esc(curl.command)}</pre>
${curl.variables.length ? `<p class="dim vars">Set first: ${curl.variables.map((v) => `<code>${esc(v)}</code> (${prose(PLACEHOLDERS[v] ?? 'a credential')})`).join(', ')}.</p>` : ''}
</div>`;
}

function resultDetails(r: ReportedResult): string {
  const id = checkAnchor(r.check);
  const broken = r.failedRequirement ?? r.requirements[0];
  const reqs = [...new Set([...(r.failedRequirement ? [r.failedRequirement] : []), ...r.requirements])];
  return `<details class="result ${r.status}" id="${esc(id)}">
<summary>${pill(r.status, r.baselined !== undefined)} <span class="cid">${esc(r.check)}</span> <span class="rid">${esc(broken ?? '')}</span><span class="msg">${esc(oneLine(r.message ?? ''))}</span></summary>
<div class="body">
<p>${esc(r.description)} <span class="dim">(<code>${esc(r.fn)}</code>, ${esc(r.level)}, resource ${esc(r.resource)}${r.operation ? `, operation <code>${esc(r.operation)}</code>` : ''})</span></p>
${r.baselined ? `<p class="known-note">Known failure, accepted by the baseline (${esc(entryName(r.baselined))}${r.baselined.expires ? `, until ${esc(r.baselined.expires)}` : ''}): ${esc(r.baselined.reason)}</p>` : ''}
${r.internalError ? '<p class="known-note">The check itself broke: this is a bug in conform, not in the target.</p>' : ''}
<ul class="reqs">${reqs.map((q) => `<li><code>${esc(q)}</code>${q === r.failedRequirement || (!r.failedRequirement && r.status !== 'pass') ? ' <b>broken</b>' : ''} ${prose(statement(q))}</li>`).join('')}</ul>
${r.expected !== undefined || r.actual !== undefined
    ? `<div class="pair ea"><div><h5>Expected</h5><pre>${esc(r.expected ?? '')}</pre></div><div><h5>Actual</h5><pre>${esc(r.actual ?? '')}</pre></div></div>`
    : ''}
${r.exchanges.map((ex, i) => exchangeHtml(ex, i, r.exchanges.length, id)).join('\n')}
</div>
</details>`;
}

function matrix(report: Report): string {
  const rows = [...byResource(report.results)].sort(([a], [b]) => a.localeCompare(b));
  const body = rows
    .map(([resource, results]) => {
      const outcomes = [...requirementOutcomes(results).values()];
      const count = (s: CheckStatus) => outcomes.filter((o) => o.status === s).length;
      const notPassing = outcomes.filter((o) => o.status !== 'pass').sort((a, b) => a.status.localeCompare(b.status) || a.id.localeCompare(b.id));
      const passing = outcomes.filter((o) => o.status === 'pass').sort((a, b) => a.id.localeCompare(b.id));
      const chip = (o: (typeof outcomes)[number]) => {
        const title = `${o.id}: ${o.status}${o.baselined ? ' (known, baselined)' : ''}; ${o.checks.length} check${o.checks.length === 1 ? '' : 's'}. ${statement(o.id)}`;
        const inner = `<code>${esc(o.id)}</code>`;
        return o.status === 'fail' || o.status === 'warn'
          ? `<a class="chip ${o.status}${o.baselined ? ' known' : ''}" href="#${esc(checkAnchor(o.checks[0]!))}" title="${esc(title)}">${inner}</a>`
          : `<span class="chip ${o.status}" title="${esc(title)}">${inner}</span>`;
      };
      const cell = (s: CheckStatus) => {
        const n = count(s);
        return `<td class="n ${n ? s : 'zero'}" data-label="${s}">${n}</td>`;
      };
      return `<tr><th scope="row">${esc(resource)}</th>${cell('pass')}${cell('fail')}${cell('warn')}${cell('skip')}<td class="chips">${notPassing.map(chip).join(' ')}${
        passing.length ? `<details class="passing"><summary>${passing.length} passing</summary>${passing.map(chip).join(' ')}</details>` : ''
      }</td></tr>`;
    })
    .join('\n');
  return `<table class="matrix"><thead><tr><th scope="col">Resource</th><th scope="col">pass</th><th scope="col">fail</th><th scope="col">warn</th><th scope="col">skip</th><th scope="col">Requirements</th></tr></thead><tbody>
${body}
</tbody></table>`;
}

function failedRequirements(fails: readonly ReportedResult[]): string {
  const by = new Map<string, ReportedResult[]>();
  for (const r of fails) {
    const id = r.failedRequirement ?? r.requirements.join(', ');
    (by.get(id) ?? by.set(id, []).get(id)!).push(r);
  }
  return `<ul class="byreq">${[...by]
    .sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]))
    .map(([id, list]) => `<li><a href="#${esc(checkAnchor(list[0]!.check))}"><code>${esc(id)}</code></a> <b>${list.length}</b> ${list.length === 1 ? 'check' : 'checks'} <span class="dim">${prose(statement(id))}</span></li>`)
    .join('')}</ul>`;
}

function baselineNotice(report: Report): string {
  const b = report.baseline;
  if (!b) return '';
  const items = [
    ...b.nowPassing.map((e) => `<li><b>${esc(entryName(e.entry))}</b> now passes (${esc(e.checks.join(', '))}): remove it from the baseline.</li>`),
    ...b.expired.map((e) => `<li><b>${esc(entryName(e.entry))}</b> expired on ${esc(e.entry.expires ?? '')}${e.checks.length ? `; no longer accepted: ${esc(e.checks.join(', '))}` : ''}.</li>`),
  ];
  return `<div class="baseline ${b.outdated ? 'bad' : ''}"><p>Baseline <code>${esc(b.file)}</code>: ${b.accepted} known ${b.accepted === 1 ? 'failure' : 'failures'} accepted, ${b.entries} ${b.entries === 1 ? 'entry' : 'entries'}${
    b.updated ? ', rewritten from this run (--update-baseline)' : ''
  }${b.unused.length ? `, ${b.unused.length} naming no check of this run` : ''}.${b.outdated ? ' <b>The baseline is out of date: the run fails until it is updated.</b>' : ''}</p>${items.length ? `<ul>${items.join('')}</ul>` : ''}</div>`;
}

/** The accounts file lacked roles the variant needs. */
function accountsNotice(report: Report): string {
  const lacking = (report.accounts?.roles ?? []).filter((r) => r.present < r.needed);
  if (lacking.length === 0) return '';
  return `<div class="baseline bad" id="accounts"><p><b>The accounts file lacks</b> ${lacking.map((r) => `${r.needed - r.present} ${esc(r.role)}`).join(', ')}: the checks that need them are not established.</p></div>`;
}

/** The MUST requirements this run did not establish, by reason. */
function notEstablishedNotice(report: Report): string {
  const groups = report.established?.notEstablished ?? [];
  if (groups.length === 0) return '';
  return `<div class="baseline" id="not-established"><p><b>Not established</b> (MUST requirements):</p><ul>${groups
    .map(
      (g) =>
        `<li><b>${g.requirements.length}</b> ${esc(g.why)}<details><summary>requirements${g.checks.length ? ' and checks' : ''}</summary>${g.requirements.map((id) => `<code>${esc(id)}</code>`).join(' ')}${
          g.checks.length ? `<br>${g.checks.map((id) => `<code>${esc(id)}</code>`).join(' ')}` : ''
        }</details></li>`,
    )
    .join('')}</ul></div>`;
}

const CSS = `
:root{--bg:#fff;--fg:#1b1f24;--dim:#5b636d;--line:#d5dae0;--panel:#f5f7f9;--pass:#1a7f37;--fail:#c4272f;--warn:#9a6700;--skip:#57606a;--known:#8250df;--pass-bg:#dafbe1;--fail-bg:#ffebe9;--warn-bg:#fff8c5;--skip-bg:#eaeef2;--known-bg:#fbefff}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--dim:#9198a1;--line:#30363d;--panel:#161b22;--pass:#3fb950;--fail:#f85149;--warn:#d29922;--skip:#9198a1;--known:#bc8cff;--pass-bg:#12261e;--fail-bg:#2d1214;--warn-bg:#2e2410;--skip-bg:#21262d;--known-bg:#231a33}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
main,header>div,nav>div,footer{max-width:1200px;margin:0 auto;padding:0 16px}
code,pre,.cid,.rid{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.86em}
pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:8px 10px;margin:4px 0 8px;max-height:24em;overflow-y:auto}
a{color:inherit}
[id]{scroll-margin-top:3em}
header{border-bottom:1px solid var(--line);padding:16px 0 8px}
header.ok{border-top:6px solid var(--pass)}header.bad{border-top:6px solid var(--fail)}header.partial{border-top:6px solid var(--warn)}
h1{margin:0 0 4px;font-size:1.6em;line-height:1.2}
h1 .verdict{display:inline-block;padding:2px 10px;border-radius:6px;color:#fff}
.ok h1 .verdict{background:var(--pass)}.bad h1 .verdict{background:var(--fail)}.partial h1 .verdict{background:var(--warn)}
.why{margin:4px 0;font-weight:600}
h1 .variant{font-weight:400;color:var(--dim);font-size:.7em;white-space:nowrap}
h2{font-size:1.25em;margin:24px 0 8px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h4{margin:12px 0 4px}h5{margin:8px 0 2px;font-size:.85em;color:var(--dim);text-transform:uppercase;letter-spacing:.04em}
.meta{color:var(--dim);margin:4px 0}
.counts{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:12px 0}
.counts li{overflow-wrap:normal;flex:1 1 80px;border:1px solid var(--line);border-radius:8px;padding:6px 10px;background:var(--panel)}
.counts b{display:block;font-size:1.5em;line-height:1.2}
.counts .pass b{color:var(--pass)}.counts .fail b{color:var(--fail)}.counts .warn b{color:var(--warn)}.counts .skip b{color:var(--skip)}.counts .known b{color:var(--known)}.counts .blocked b{color:var(--known)}
.errors,.baseline{border:1px solid var(--line);border-radius:8px;padding:4px 12px;margin:8px 0;background:var(--panel)}
.errors,.baseline.bad{border-color:var(--fail);background:var(--fail-bg)}
nav{background:var(--bg);border-bottom:1px solid var(--line)}
@media (min-width:721px){nav{position:sticky;top:0;z-index:1}}
nav>div{display:flex;flex-wrap:wrap;gap:4px 16px;padding:6px 16px}
nav a{text-decoration:none;color:var(--dim)}nav a:hover{color:var(--fg)}
.pill{display:inline-block;min-width:3.4em;text-align:center;border-radius:999px;padding:0 8px;font-size:.78em;font-weight:600;text-transform:uppercase;letter-spacing:.03em;white-space:nowrap}
.pill.pass{background:var(--pass-bg);color:var(--pass)}.pill.fail{background:var(--fail-bg);color:var(--fail)}.pill.warn{background:var(--warn-bg);color:var(--warn)}.pill.skip{background:var(--skip-bg);color:var(--skip)}.pill.known{background:var(--known-bg);color:var(--known)}.pill.blocked{background:var(--known-bg);color:var(--known)}
details.result{border:1px solid var(--line);border-left:4px solid var(--skip);border-radius:6px;margin:6px 0;background:var(--bg)}
details.result.fail{border-left-color:var(--fail)}details.result.warn{border-left-color:var(--warn)}
details.result>summary{cursor:pointer;padding:6px 10px 6px 28px;list-style:none;position:relative}
details.result>summary::-webkit-details-marker{display:none}
details.result>summary::before{content:"";position:absolute;left:10px;top:13px;border:5px solid transparent;border-left:7px solid var(--dim);border-right:0}
details.result[open]>summary::before{transform:rotate(90deg)}
details.result>summary .cid{font-weight:600}
details.result>summary .rid{color:var(--dim);margin-left:6px}
details.result>summary .msg{display:block;color:var(--dim)}
details.result[open]>summary{border-bottom:1px solid var(--line);background:var(--panel)}
details.result:target{outline:2px solid var(--warn)}
.body{padding:4px 12px 8px}
.pair{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:0 12px}
@media (max-width:720px){.pair{grid-template-columns:minmax(0,1fr)}}
.ea pre{border-left:3px solid var(--line)}
.reqs{padding-left:18px;margin:4px 0}
.dim{color:var(--dim)}
.known-note{border-left:3px solid var(--known);padding-left:8px}
.exchange{border-top:1px dashed var(--line);margin-top:8px}
.curl{border-left:3px solid var(--pass)}
button.copy{font:inherit;font-size:.9em;text-transform:none;letter-spacing:0;margin-left:8px;padding:1px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--fg);cursor:pointer}
.toolbar{margin:4px 0 8px}
.toolbar button{font:inherit;padding:2px 12px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--fg);cursor:pointer}
.byreq{padding-left:18px}
table.matrix{border-collapse:collapse;width:100%}
.matrix th,.matrix td{border-bottom:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
.matrix thead th{font-size:.85em;color:var(--dim)}
.matrix td.n{text-align:right;font-variant-numeric:tabular-nums;width:3.5em;font-weight:600}
.matrix td.pass{color:var(--pass)}.matrix td.fail{color:var(--fail)}.matrix td.warn{color:var(--warn)}.matrix td.skip{color:var(--skip)}.matrix td.zero{color:var(--line);font-weight:400}
.chip{display:inline-block;border-radius:4px;padding:0 6px;margin:2px 0;text-decoration:none;border:1px solid transparent}
.chip.pass{background:var(--pass-bg);color:var(--pass)}.chip.fail{background:var(--fail-bg);color:var(--fail);border-color:var(--fail)}.chip.warn{background:var(--warn-bg);color:var(--warn);border-color:var(--warn)}.chip.skip{background:var(--skip-bg);color:var(--skip)}.chip.known{background:var(--known-bg);color:var(--known);border-color:var(--known)}
details.passing{display:inline-block;vertical-align:top}
details.passing>summary{cursor:pointer;color:var(--pass);font-size:.9em}
details.passing[open]{display:block}
@media (max-width:640px){
 body{font-size:14px}
 .matrix thead{display:none}
 .matrix tr{display:grid;grid-template-columns:repeat(4,minmax(0,1fr));border-bottom:1px solid var(--line);padding:6px 0}
 .matrix th,.matrix td{border:0;padding:2px 4px}
 .matrix th[scope=row]{grid-column:1/-1;font-size:1.05em}
 .matrix td.n{width:auto;text-align:left}
 .matrix td.n::after{content:" " attr(data-label);font-weight:400;color:var(--dim)}
 .matrix td.chips{grid-column:1/-1}
}
ol.checks{list-style:none;padding:0;margin:0}
ol.checks li{padding:3px 0;border-bottom:1px solid var(--line)}
ol.checks .rid{color:var(--dim)}
footer{color:var(--dim);font-size:.85em;padding:24px 16px}
`;

const SCRIPT = `(function(){
function openHash(){var id;try{id=decodeURIComponent(location.hash.slice(1));}catch(e){return;}if(!id)return;var el=document.getElementById(id);if(el&&el.tagName==='DETAILS'){var p=el.parentElement;while(p){if(p.tagName==='DETAILS')p.open=true;p=p.parentElement;}el.open=true;el.scrollIntoView();}}
addEventListener('hashchange',openHash);openHash();
Array.prototype.forEach.call(document.querySelectorAll('button.copy'),function(b){b.addEventListener('click',function(){var pre=document.getElementById(b.getAttribute('data-for'));if(!pre)return;var text=pre.textContent;function select(){var r=document.createRange();r.selectNodeContents(pre);var s=getSelection();s.removeAllRanges();s.addRange(r);b.textContent='Selected: copy it';}
if(navigator.clipboard&&navigator.clipboard.writeText){navigator.clipboard.writeText(text).then(function(){b.textContent='Copied';},select);}else select();});});
Array.prototype.forEach.call(document.querySelectorAll('button[data-toggle]'),function(b){b.addEventListener('click',function(){var all=document.querySelectorAll('#'+b.getAttribute('data-toggle')+' details.result');var open=b.getAttribute('data-open')!=='1';Array.prototype.forEach.call(all,function(d){d.open=open;});b.setAttribute('data-open',open?'1':'0');b.textContent=open?'Collapse all':'Expand all';});});
})();`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function section(id: string, title: string, results: readonly ReportedResult[], intro = ''): string {
  if (results.length === 0) return '';
  return `<section id="${id}"><h2>${title} (${results.length})</h2>${intro}
${results.length > 1 ? `<div class="toolbar"><button type="button" data-toggle="${id}">Expand all</button></div>` : ''}
${results.map(resultDetails).join('\n')}
</section>`;
}

/** Root causes lead the page: one failed set-up step, and how many checks it blocked. */
function rootSection(roots: readonly ReportedResult[]): string {
  if (roots.length === 0) return '';
  const blocked = roots.reduce((n, r) => n + r.blocks!.length, 0);
  return `<section id="roots"><h2>Root causes (${roots.length})</h2>
<p><b>${roots.length} root ${roots.length === 1 ? 'cause blocks' : 'causes block'} ${blocked} ${blocked === 1 ? 'check' : 'checks'}.</b> A set-up step (making a post, a comment, ...) failed; the checks that need what it makes were not run, and are listed as blocked. Fix these first.</p>
<ol class="checks">${roots.map((r) => `<li>${pill(r.status)} <a href="#${esc(checkAnchor(r.check))}"><span class="cid">${esc(r.check)}</span></a> blocks <b>${r.blocks!.length}</b>: ${esc(r.message ?? '')}${r.steps ? `<ul>${r.steps.map((s) => `<li><span class="cid">${esc(s.id)}</span> blocks ${s.blocks}: ${esc(s.message)}</li>`).join('')}</ul>` : ''}</li>`).join('')}</ol>
</section>`;
}

export function renderHtml(report: Report): string {
  const c = report.counts;
  // NO VIOLATIONS is no certification: it is shown as an incomplete one is, never as a conformant one.
  const tone = report.verdict === 'conformant' ? 'ok' : report.verdict === 'incomplete' || report.verdict === 'no-violations' ? 'partial' : 'bad';
  const fails = report.results.filter((r) => r.status === 'fail' && !r.baselined);
  const known = report.results.filter((r) => r.status === 'fail' && r.baselined);
  const warns = report.results.filter((r) => r.status === 'warn');
  const skips = report.results.filter((r) => r.status === 'skip');
  const blocked = report.results.filter((r) => r.status === 'blocked');
  const roots = rootCauses(report.results);
  const verdict = verdictWord(report.verdict);
  const title = `conform: variant ${report.variant}: ${verdict}`;
  const target = `${report.target}${report.embedded ? ` (embedded reference server${report.fault ? `, fault ${report.fault}` : ''})` : ''}`;
  const policy = `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(SCRIPT)}; img-src data:; base-uri 'none'; form-action 'none'`;
  const nav = [
    ['roots', `Root causes (${roots.length})`, roots.length],
    ['failures', `Failures (${fails.length})`, fails.length],
    ['known', `Known failures (${known.length})`, known.length],
    ['matrix', 'Requirements by resource', 1],
    ['warnings', `Warnings (${warns.length})`, warns.length],
    ['skips', `Skipped (${skips.length})`, skips.length],
    ['blocked', `Blocked (${blocked.length})`, blocked.length],
    ['checks', `All checks (${c.total})`, 1],
  ] as const;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${esc(policy)}">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header class="${tone}"><div>
<h1><span class="verdict" id="verdict">${verdict}</span> <span class="variant">variant ${esc(report.variant)}${report.strict ? ', strict' : ''}${report.readOnly ? ', read-only' : ''}</span></h1>
<p class="meta">Target <code>${esc(target)}</code>${report.image ? ` (image <code>${esc(report.image.name)}</code>)` : ''}</p>
<p class="why" id="verdict-why">${esc(verdictLine(report))}</p>
<ul class="counts">
<li class="pass"><b>${c.pass}</b> pass</li>
<li class="fail"><b>${c.fail - (c.baselined ?? 0)}</b> fail</li>
${c.baselined ? `<li class="known"><b>${c.baselined}</b> known (baseline)</li>` : ''}
<li class="warn"><b>${c.warn}</b> warn</li>
<li class="skip"><b>${c.skip}</b> skip</li>
${c.blocked ? `<li class="blocked"><b>${c.blocked}</b> blocked</li>` : ''}
${report.established ? `<li class="established"><b>${report.established.must.established}/${report.established.must.total}</b> MUST requirements established</li>` : ''}
</ul>
<p class="meta">${report.established ? `${esc(establishedLine(report.established)).replace(/^r/, 'R')}.` : ''}${
    report.coverage.uncovered.length ? ` No check of the catalogue proves ${report.coverage.uncovered.map((u) => `<code>${esc(u)}</code>`).join(', ')}.` : ''
  } ${report.requests} requests in ${(report.durationMs / 1000).toFixed(1)} s. Started ${esc(report.startedAt)}, seed <code>${esc(report.seed)}</code>, prefix <code>${esc(report.prefix)}</code>${
    report.only.length ? `, only <code>${esc(report.only.join(' '))}</code>` : ''
  }.</p>
${report.interrupted ? `<div class="errors" id="interrupted"><p><b>Interrupted by ${esc(report.interrupted.signal)}</b>: ${report.interrupted.notRun.length} ${report.interrupted.notRun.length === 1 ? 'check' : 'checks'} did not run (listed as skipped, not run).</p></div>` : ''}
${accountsNotice(report)}
${notEstablishedNotice(report)}
${report.errors.length ? `<div class="errors"><p><b>Run errors</b> (outside any check; each makes the run non-conformant):</p><ul>${report.errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></div>` : ''}
${baselineNotice(report)}
</div></header>
<nav aria-label="Sections"><div>${nav.filter(([, , n]) => n > 0).map(([id, label]) => `<a href="#${id}">${esc(label)}</a>`).join('')}</div></nav>
<main>
${rootSection(roots)}
${section('failures', 'Failures', fails, fails.length ? `<p>By requirement broken:</p>${failedRequirements(fails)}<p class="dim">Open a failure for expected vs actual, the request and response, and a <code>curl</code> command that reproduces it.</p>` : '')}
${section('known', 'Known failures', known, '<p class="dim">Accepted by the baseline: they do not fail the run.</p>')}
<section id="matrix"><h2>Requirements by resource</h2>
<p class="dim">Each requirement counts once per resource: <b>fail</b>/<b>warn</b> when a check found it broken, <b>pass</b> when every check proving it passed, <b>skip</b> when it could not be established (a check was skipped, or failed on another requirement).</p>
${matrix(report)}
</section>
${section('warnings', 'Warnings', warns, '<p class="dim">SHOULD-level failures, and failures that rest only on a reading of the interpretations register (named on each): they fail the run only with <code>--strict</code>.</p>')}
${blocked.length ? `<section id="blocked"><h2>Blocked (${blocked.length})</h2><p class="dim">Checks that could not run because a set-up step they need failed; each names its root cause. A blocked MUST check is not a pass.</p><ol class="checks">${blocked.map((r) => `<li>${pill('blocked')} <span class="cid">${esc(r.check)}</span> <span class="dim">by <a href="#${esc(checkAnchor(r.blockedBy ?? ''))}">${esc(r.blockedBy ?? '')}</a>${r.baselined ? ', accepted by the baseline' : ''}</span></li>`).join('')}</ol></section>` : ''}
${skips.length ? `<section id="skips"><h2>Skipped (${skips.length})</h2><ol class="checks">${skips.map((r) => `<li>${pill('skip')} <span class="cid">${esc(r.check)}</span> <span class="dim">${esc(r.message ?? '')}</span></li>`).join('')}</ol></section>` : ''}
<section id="checks"><h2>All checks (${c.total})</h2>
<details><summary>Show every check with its requirements</summary>
<ol class="checks">${report.results
    .map((r) => {
      const label = `<span class="cid">${esc(r.check)}</span>`;
      const link = r.status === 'fail' || r.status === 'warn' ? `<a href="#${esc(checkAnchor(r.check))}">${label}</a>` : label;
      return `<li>${pill(r.status, r.baselined !== undefined)} ${link} <span class="rid">${esc(r.requirements.join(' '))}</span></li>`;
    })
    .join('\n')}</ol>
</details>
</section>
</main>
<footer>Rendered from report.json (<code>${esc(report.schema)}</code>) by ${esc(report.tool.name)} ${esc(report.tool.version)}. Credentials in excerpts are replaced by <code>&lt;redacted&gt;</code>; reproduction commands read them from <code>CONFORM_*</code> shell variables.</footer>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
