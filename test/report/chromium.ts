/**
 * Headless Chromium (Debian's /usr/bin/chromium) driven over the DevTools protocol on a pipe
 * (--remote-debugging-pipe: commands on fd 3, answers on fd 4, NUL-separated JSON). Enough of the
 * protocol for the report tests: load a page at a viewport size, record every network request,
 * evaluate script, click, take a screenshot.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM } from '../support/tools.ts';
export { CHROMIUM };

export const hasChromium = (): boolean => existsSync(CHROMIUM);

type Message = { id?: number; method?: string; params?: Record<string, unknown>; result?: Record<string, unknown>; error?: { message: string }; sessionId?: string };

export class Browser {
  private nextId = 1;
  private buffer = '';
  private readonly pending = new Map<number, { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  private readonly listeners: ((m: Message) => void)[] = [];
  private session = '';
  /** Every URL the page requested. */
  readonly requests: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly userDataDir: string,
  ) {
    const out = child.stdio[4] as Readable;
    out.setEncoding('utf8');
    out.on('data', (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf('\0')) >= 0) {
        const msg = JSON.parse(this.buffer.slice(0, end)) as Message;
        this.buffer = this.buffer.slice(end + 1);
        if (msg.id !== undefined && this.pending.has(msg.id)) {
          const p = this.pending.get(msg.id)!;
          this.pending.delete(msg.id);
          if (msg.error) p.reject(new Error(msg.error.message));
          else p.resolve(msg.result ?? {});
        } else {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    this.listeners.push((m) => {
      if (m.method === 'Network.requestWillBeSent') this.requests.push((m.params as { request: { url: string } }).request.url);
    });
  }

  static async launch(): Promise<Browser> {
    const userDataDir = mkdtempSync(join(tmpdir(), 'conform-chromium-'));
    const child = spawn(
      CHROMIUM,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--hide-scrollbars',
        '--remote-debugging-pipe',
        `--user-data-dir=${userDataDir}`,
        'about:blank',
      ],
      { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
    );
    child.stderr!.resume();
    const browser = new Browser(child, userDataDir);
    const { targetInfos } = (await browser.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string }[] };
    let page = targetInfos.find((t) => t.type === 'page')?.targetId;
    if (!page) page = ((await browser.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string }).targetId;
    browser.session = ((await browser.send('Target.attachToTarget', { targetId: page, flatten: true })) as { sessionId: string }).sessionId;
    await browser.send('Page.enable');
    await browser.send('Network.enable');
    return browser;
  }

  /** Calls `listener` with every event the browser sends (Network.*, Page.*, ...). */
  on(listener: (event: { method?: string; params?: Record<string, unknown> }) => void): void {
    this.listeners.push(listener);
  }

  /** Sends a command: Target and Browser commands to the browser, the rest to the page. */
  send(method: string, params: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    const browserLevel = method.startsWith('Target.') || method.startsWith('Browser.');
    const msg: Message = { id, method, params, ...(!browserLevel && this.session ? { sessionId: this.session } : {}) };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      (this.child.stdio[3] as Writable).write(`${JSON.stringify(msg)}\0`);
    });
  }

  private once(method: string, timeoutMs = 15_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms`)), timeoutMs);
      const l = (m: Message) => {
        if (m.method !== method) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(l), 1);
        resolve(m);
      };
      this.listeners.push(l);
    });
  }

  /** Loads a URL at a viewport size (mobile: a touch phone's viewport) and waits for the load event. */
  async open(url: string, width: number, height: number, mobile = false): Promise<void> {
    await this.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile });
    const loaded = this.once('Page.loadEventFired');
    await this.send('Page.navigate', { url });
    await loaded;
  }

  async evaluate<T>(expression: string): Promise<T> {
    const r = (await this.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true })) as {
      result: { value: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    };
    if (r.exceptionDetails) throw new Error(`${r.exceptionDetails.text} ${r.exceptionDetails.exception?.description ?? ''}`);
    return r.result.value;
  }

  /** Clicks the centre of the first element matching `selector`, as a user would (mouse events). */
  async click(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number } | null>(`(() => {
      const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) return null;
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.left + Math.min(r.width / 2, 40), y: r.top + r.height / 2 };
    })()`);
    if (!box) throw new Error(`nothing matches ${selector}`);
    for (const type of ['mousePressed', 'mouseReleased']) {
      await this.send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
    }
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    const { data } = (await this.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    return Buffer.from(data, 'base64');
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => {});
    await new Promise<void>((resolve) => {
      if (this.child.exitCode !== null) resolve();
      else this.child.once('exit', () => resolve());
      setTimeout(() => {
        this.child.kill('SIGKILL');
        resolve();
      }, 5000).unref();
    });
    rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
