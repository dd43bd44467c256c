/**
 * A HAR exported by a real browser: headless Chromium (Debian's package, driven over the DevTools
 * protocol on a pipe, test/report/chromium.ts) visits the reference server's JSON and XML endpoints,
 * the HAR is built from its Network.* events as browsers export it (headers as lists, bodies from
 * Network.getResponseBody, base64 where the browser says so), and `conform audit` reads and judges it.
 * Skipped, with the reason, where Chromium is absent; the browser and its profile are removed in every case.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/index.ts';
import type { ProxyReport } from '../../src/traffic/tally.ts';
import { Scratch } from '../check/helpers.ts';
import { Browser, CHROMIUM, hasChromium } from '../report/chromium.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
let browser: Browser | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await scratch.cleanup();
});

interface Seen {
  request?: { url: string; method: string; headers: Record<string, string>; postData?: string };
  response?: { status: number; statusText: string; headers: Record<string, string>; mimeType: string; protocol?: string; encodedDataLength?: number };
  wallTime?: number;
  started?: number;
  ended?: number;
  done?: boolean;
  failed?: string;
  body?: { body: string; base64Encoded: boolean };
}

const list = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

describe.skipIf(!hasChromium())(`a HAR recorded by headless Chromium${hasChromium() ? '' : ` (skipped: ${CHROMIUM} is not installed)`}`, { timeout: scaled(120_000) }, () => {
  it('is read by conform audit: the API exchanges judged and conformant, the browser\'s own requests counted and skipped', async () => {
    server = await startServer({ variant: 'A', port: 0 });
    browser = await Browser.launch();
    const seen = new Map<string, Seen>();
    const waiting = new Set<() => void>();
    browser.on((event) => {
      const p = event.params as Record<string, unknown> & { requestId?: string };
      if (!p?.requestId || !event.method?.startsWith('Network.')) return;
      const s = seen.get(p.requestId) ?? seen.set(p.requestId, {}).get(p.requestId)!;
      if (event.method === 'Network.requestWillBeSent') {
        s.request = p.request as Seen['request'];
        s.wallTime = p.wallTime as number;
        s.started = p.timestamp as number;
      } else if (event.method === 'Network.responseReceived') s.response = p.response as Seen['response'];
      else if (event.method === 'Network.loadingFinished' || event.method === 'Network.loadingFailed') {
        s.done = true;
        s.ended = p.timestamp as number;
        if (event.method === 'Network.loadingFailed') s.failed = String(p.errorText);
        for (const w of waiting) w();
      }
    });
    // The visited document has finished loading (its body is then available). The browser's own requests
    // (a favicon) are recorded as far as they got: under load one may still be loading when the next
    // visit begins, and Chromium does not always say when it gives one up.
    const settled = (url: string) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${url} did not finish loading`)), scaled(15_000));
        const check = () => {
          const document = [...seen.values()].filter((s) => s.request?.url === url);
          if (document.length > 0 && document.every((s) => s.done)) {
            clearTimeout(timer);
            waiting.delete(check);
            resolve();
          }
        };
        waiting.add(check);
        check();
      });
    const visits = ['/posts.json?limit=5', '/posts.xml?limit=5', '/tags.json', '/pools.xml', '/pools/999999.json'];
    for (const path of visits) {
      await browser.open(`${server.url}${path}`, 800, 600);
      await settled(`${server.url}${path}`);
      // Bodies are asked for while their document is still the page's (a navigation discards them).
      for (const [id, s] of seen) {
        if (s.response && s.done && !s.failed && !s.body) s.body = (await browser.send('Network.getResponseBody', { requestId: id }).catch(() => undefined)) as Seen['body'];
      }
    }
    const entries = [];
    for (const s of seen.values()) {
      if (!s.request || !s.response) continue;
      const body = s.body;
      const time = s.ended !== undefined && s.started !== undefined ? Math.max(0, (s.ended - s.started) * 1000) : 0;
      entries.push({
        startedDateTime: new Date((s.wallTime ?? 0) * 1000).toISOString(),
        time,
        request: { method: s.request.method, url: s.request.url, httpVersion: s.response.protocol ?? 'http/1.1', cookies: [], headers: list(s.request.headers), queryString: [...new URL(s.request.url).searchParams].map(([name, value]) => ({ name, value })), headersSize: -1, bodySize: 0 },
        response: {
          status: s.response.status,
          statusText: s.response.statusText,
          httpVersion: s.response.protocol ?? 'http/1.1',
          cookies: [],
          headers: list(s.response.headers),
          content: { size: body ? Buffer.byteLength(body.body, body.base64Encoded ? 'base64' : 'utf8') : 0, mimeType: s.response.mimeType, ...(body ? { text: body.body, ...(body.base64Encoded ? { encoding: 'base64' } : {}) } : {}) },
          redirectURL: '',
          headersSize: -1,
          bodySize: s.response.encodedDataLength ?? -1,
          _transferSize: s.response.encodedDataLength ?? -1,
        },
        cache: {},
        timings: { blocked: -1, dns: -1, ssl: -1, connect: -1, send: 0, wait: time, receive: 0 },
      });
    }
    const version = (await browser.send('Browser.getVersion')) as { product: string };
    const file = join(scratch.dir('chromium'), 'chromium.har');
    writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'test/har/chromium.test.ts', version: '1' }, browser: { name: 'Chromium', version: version.product }, pages: [], entries } }));
    expect(entries.filter((e) => visits.some((v) => e.request.url.endsWith(v)))).toHaveLength(visits.length);

    const run = await scratch.conform(['audit', file, '--variant', 'A', '--origin', server.url]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = run.report as unknown as ProxyReport;
    expect(report.traffic.exchanges).toBe(entries.length);
    expect(report.traffic.byOperation).toMatchObject({ 'posts.list': 2, 'tags.list': 1, 'pools.list': 1, 'pools.show': 1 });
    expect(report.traffic.unmatched).toBe(entries.length - visits.length);
    expect(report.results.filter((r) => r.check.startsWith('audit/posts.list/')).map((r) => r.check.split('/')[2])).toEqual(expect.arrayContaining(['content-type', 'format', 'status']));
    expect(report.traffic.unvalidated).toBe(0);
    expect(report.verdict).toBe('no-violations');
  });
});
