/**
 * report.html, statically and in real headless Chromium loaded from file://: the verdict on top,
 * a failure that opens to expected vs actual, the exchange and a curl command, no network request,
 * no horizontal scrolling on a phone, hostile text shown as text. Each view is captured as a PNG; with
 * CONFORM_SCREENSHOTS=DIR set, the captures are written there to look at (nothing is written otherwise).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnchor, renderHtml } from '../../src/report/html.ts';
import { Browser, CHROMIUM, hasChromium } from './chromium.ts';
import { FAILURE, HOSTILE, makeReport } from './fixture.ts';
import { scaled } from '../support/time.ts';

const html = renderHtml(makeReport());
const dir = mkdtempSync(join(tmpdir(), 'conform-html-'));
const file = join(dir, 'report.html');
writeFileSync(file, html);
const url = pathToFileURL(file).href;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SHOTS = process.env.CONFORM_SCREENSHOTS;

/** A capture of the page: a PNG of the viewport's size, written to CONFORM_SCREENSHOTS when it is set. */
function keep(name: string, png: Buffer, viewport: { width: number }): void {
  expect(png.subarray(0, 8).toString('hex'), `${name} is not a PNG`).toBe('89504e470d0a1a0a');
  expect(png.readUInt32BE(16), `${name}: width`).toBe(viewport.width);
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(join(SHOTS, name), png);
}

describe('report.html (static)', () => {
  it('is self-contained: nothing to fetch, and a policy that forbids fetching', () => {
    expect(html).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-[^"]+&#39;; script-src &#39;sha256-/);
    // Links only within the page; no src attributes, no url() in CSS, no @import.
    for (const m of html.matchAll(/\b(href|src)="([^"]*)"/g)) expect(m[2], m[0]).toMatch(/^#/);
    expect(html).not.toMatch(/url\(|@import|<link\b|<img\b|<iframe\b/i);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('escapes everything taken from the target', () => {
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
  });

  it('holds the verdict, the counts and each failure with its reproduction', () => {
    expect(html).toContain('<span class="verdict" id="verdict">NON-CONFORMANT</span>');
    expect(html).toMatch(/<li class="fail"><b>1<\/b> fail<\/li>/);
    expect(html).toMatch(/<li class="known"><b>1<\/b> known \(baseline\)<\/li>/);
    expect(html).toContain(`<details class="result fail" id="${checkAnchor(FAILURE.check)}">`);
    expect(html).toContain('curl -sS -i');
    expect(html).not.toMatch(/curl[^<]*&#60;redacted&#62;/); // the curl command holds placeholders only
  });

  it('INCOMPLETE: the verdict, why, what was not established, an interruption and missing accounts', () => {
    const page = renderHtml(
      makeReport([FAILURE].map((r) => ({ ...r, status: 'pass' as const })), {
        verdict: 'incomplete',
        baseline: undefined,
        interrupted: { signal: 'SIGINT', notRun: ['a', 'b'] },
        accounts: { roles: [{ role: 'Member', needed: 2, present: 1 }, { role: 'Gold', needed: 1, present: 1 }] },
        established: {
          scope: 'variant',
          must: { established: 20, accepted: 0, broken: 0, total: 211 },
          should: { established: 3, accepted: 0, broken: 0, total: 34 },
          notEstablished: [{ kind: 'interrupted', why: 'not run: the run was interrupted (SIGINT)', requirements: ['IB-2-format-xml'], checks: ['a', 'b'] }],
        },
      }),
    );
    expect(page).toContain('<header class="partial">');
    expect(page).toContain('<span class="verdict" id="verdict">INCOMPLETE</span>');
    expect(page).toMatch(/<p class="why" id="verdict-why">INCOMPLETE: interrupted by SIGINT, 2 checks not run; 1 of 211 MUST requirements not established: 1 not run: the run was interrupted \(SIGINT\)</);
    expect(page).toMatch(/<li class="established"><b>20\/211<\/b> MUST requirements established<\/li>/);
    expect(page).toContain('Requirements established by this run: MUST 20/211, SHOULD 3/34.');
    expect(page).toMatch(/id="interrupted"><p><b>Interrupted by SIGINT<\/b>: 2 checks did not run/);
    expect(page).toMatch(/id="accounts"><p><b>The accounts file lacks<\/b> 1 Member:/);
    expect(page).toMatch(/id="not-established">[\s\S]*<b>1<\/b> not run: the run was interrupted \(SIGINT\)/);
    expect(page).not.toMatch(/% of \d+ run checks pass/);
  });
});

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, mobile: true },
  { name: 'wide', width: 1440, height: 900, mobile: false },
] as const;

describe.skipIf(!hasChromium())('report.html in headless Chromium', { timeout: scaled(60_000) }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await Browser.launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const vp of VIEWPORTS) {
    it(`shows the verdict and opens a failure to its details (${vp.name}, ${vp.width}x${vp.height})`, async () => {
      browser.requests.length = 0;
      await browser.open(url, vp.width, vp.height, vp.mobile);
      const top = await browser.evaluate<{ text: string; top: number; bottom: number; scrollWidth: number; innerWidth: number }>(`(() => {
        const v = document.getElementById('verdict').getBoundingClientRect();
        return { text: document.getElementById('verdict').textContent, top: v.top, bottom: v.bottom,
                 scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
      })()`);
      expect(top.text).toBe('NON-CONFORMANT');
      expect(top.top).toBeGreaterThanOrEqual(0);
      expect(top.bottom).toBeLessThan(vp.height / 3); // at the top
      expect(top.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(top.innerWidth);
      keep(`report-html-${vp.name}-top.png`, await browser.screenshot(), vp);

      const id = checkAnchor(FAILURE.check);
      const sel = `[id="${id}"]`;
      expect(await browser.evaluate<boolean>(`document.querySelector('${sel}').open`)).toBe(false);
      await browser.click(`${sel} > summary`);
      const opened = await browser.evaluate<{ open: boolean; visible: Record<string, boolean>; texts: Record<string, string>; scrollWidth: number; imgs: number; scripts: number }>(`(() => {
        const d = document.querySelector('${sel}');
        const shown = (q) => { const el = d.querySelector(q); if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
        const text = (q) => (d.querySelector(q) || {}).textContent || '';
        return {
          open: d.open,
          visible: { expected: shown('.ea'), request: shown('.exchange .pair'), curl: shown('pre.curl'), copy: shown('button.copy') },
          texts: { ea: text('.ea'), exchange: text('.exchange .pair'), curl: text('pre.curl') },
          scrollWidth: document.documentElement.scrollWidth - window.innerWidth,
          imgs: document.querySelectorAll('img').length,
          scripts: document.querySelectorAll('script').length,
        };
      })()`);
      expect(opened.open).toBe(true);
      expect(opened.visible).toEqual({ expected: true, request: true, curl: true, copy: true });
      expect(opened.texts.ea).toContain('{"success": boolean, "reason": string}');
      expect(opened.texts.ea).toContain(HOSTILE); // shown as text, not markup
      expect(opened.texts.exchange).toContain('POST http://127.0.0.1:3000/comments.json?login=conform_member&api_key=<redacted>');
      expect(opened.texts.exchange).toContain('HTTP 200');
      expect(opened.texts.curl).toMatch(/^curl -sS -i .*"\$CONFORM_API_KEY"/s);
      expect(opened.scrollWidth, 'an open failure makes the page scroll sideways').toBeLessThanOrEqual(0);
      expect(opened.imgs).toBe(0);
      expect(opened.scripts).toBe(1);
      await browser.evaluate(`document.querySelector('${sel} .ea').scrollIntoView({ block: 'start' })`);
      keep(`report-html-${vp.name}-failure.png`, await browser.screenshot(), vp);

      await browser.evaluate(`document.getElementById('matrix').scrollIntoView()`);
      keep(`report-html-${vp.name}-matrix.png`, await browser.screenshot(), vp);
      expect(browser.requests, 'the page made a network request').toEqual([url]);
    });
  }

  it('opens the failure a link points to (report.html#check-...)', async () => {
    const id = checkAnchor(FAILURE.check);
    await browser.open('about:blank', 390, 844, true); // else only the fragment changes: no load event
    await browser.open(`${url}#${encodeURIComponent(id)}`, 390, 844, true);
    expect(await browser.evaluate<boolean>(`document.getElementById(${JSON.stringify(id)}).open`)).toBe(true);
  });
});

if (!hasChromium()) {
  // Printed so that a skipped browser test is never silent. CI installs chromium (.ci/run).
  console.warn(`report.html browser tests skipped: ${CHROMIUM} is missing (apt-get install chromium)`);
}
