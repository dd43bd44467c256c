/**
 * `conform audit`: recorded traffic (HAR files: a browser's export, Playwright's, `conform check
 * --har`, `conform proxy --har`) judged offline by the single-exchange requirements, with the very
 * validator `conform proxy` uses (./validate.ts) and its tally (./tally.ts). Nothing is sent anywhere.
 *
 * What real tools write is read as it is: bodies in base64 (`content.encoding`), compressed sizes,
 * optional fields missing (no body recorded: the exchange is counted, its body not judged). Entries
 * outside the API (a browser's assets, other origins with --origin) are counted and skipped. A file
 * that is not HAR, or an entry without what every exchange has (method, URL, status), is a HarError
 * naming the file, the place and the reason.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';
import type { Variant } from '../../specs/model/index.ts';
import type { Redactor } from '../check/redact.ts';
import type { Source } from '../report/model.ts';
import type { HarLayout } from './har-file.ts';
import { RangeReader, scanHar } from './har-file.ts';
import { exchangeRecord, learnSecrets } from './secrets.ts';
import type { ProxyReport } from './tally.ts';
import { NO_ANSWER_WHYS, Tally, noAnswerWhy } from './tally.ts';
import type { Seen } from './validate.ts';
import { Router, judgeExchange } from './validate.ts';

/** A file that is not HAR, or is damaged: where, and why. */
export class HarError extends Error {
  override readonly name = 'HarError';
}

export interface AuditOptions {
  readonly variant: Variant;
  /** Only exchanges with this origin (and base path) are the API's; without it, any origin is. */
  readonly origin?: string;
  /** Bodies larger than this are counted, not judged. */
  readonly maxBodyBytes: number;
  readonly strict: boolean;
  readonly redactor: Redactor;
}

/** line:column of a character offset. */
function place(text: string, offset: number): string {
  let line = 1;
  let last = -1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    last = i;
  }
  return `line ${line}, column ${offset - last}`;
}

/** Where JSON.parse stopped: from the position its message gives, or the excerpt it quotes. */
function parseErrorPlace(text: string, message: string): string | undefined {
  const at = /position (\d+)/.exec(message);
  if (at) return place(text, Number(at[1]));
  const quoted = /^Unexpected token '(.)', (?:\.\.\.)?"(.*?)"(?:\.\.\.)? is not valid JSON/s.exec(message);
  if (quoted) {
    const excerpt = quoted[2]!.replace(/\.\.\.$/, '');
    const start = text.indexOf(excerpt);
    if (start >= 0) return `near ${place(text, start + Math.max(0, excerpt.indexOf(quoted[1]!)))}`;
  }
  return undefined;
}

/** The entries of a HAR document (text), or a HarError saying what is wrong and where. */
export function harEntries(text: string, name: string): unknown[] {
  return harLog(text, name).entries;
}

/** The log of a HAR document (text) with its list of entries, or a HarError saying what is wrong and where. */
function harLog(text: string, name: string): { entries: unknown[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const where = text.trim() === '' ? 'the file is empty' : (parseErrorPlace(text, message) ?? 'at the end of the file');
    throw new HarError(`${name}: not JSON (${where}): ${message.replace(/ in JSON at position \d+.*$/, '').replace(/, (\.\.\.)?".*$/s, '')}`);
  }
  const log = (data as { log?: unknown } | null)?.log;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new HarError(`${name}: not HAR: the document is not an object with a "log"`);
  if (typeof log !== 'object' || log === null) throw new HarError(`${name}: not HAR: no "log" object`);
  const entries = (log as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) throw new HarError(`${name}: not HAR: log.entries is ${entries === undefined ? 'missing' : 'not a list'}`);
  return { entries };
}

type Obj = Record<string, unknown>;

function objectAt(parent: Obj, key: string, where: string): Obj {
  const v = parent[key];
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new HarError(`${where}.${key}: ${v === undefined ? 'missing' : 'not an object'}`);
  return v as Obj;
}

function stringAt(parent: Obj, key: string, where: string): string {
  const v = parent[key];
  if (typeof v !== 'string') throw new HarError(`${where}.${key}: ${v === undefined ? 'missing' : 'not a string'}`);
  return v;
}

/** name/value pairs (headers) as one lower-case map; absent or damaged optional lists are empty. */
function headerMap(list: unknown, where: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (list === undefined) return out;
  if (!Array.isArray(list)) throw new HarError(`${where}: not a list`);
  for (const [i, h] of list.entries()) {
    const { name, value } = (h ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || typeof value !== 'string') throw new HarError(`${where}[${i}]: not a {name, value} pair of strings`);
    const k = name.toLowerCase();
    // HTTP/2 pseudo-headers (":status") are not headers of the message.
    if (k.startsWith(':')) continue;
    out[k] = out[k] === undefined ? value : `${out[k]}, ${value}`;
  }
  return out;
}

/**
 * A response body as recorded, decoded once: its bytes, and its text when the recording has it as text
 * (read as it is, not decoded again); undefined when it was not recorded (no text, or cut by the recorder).
 */
function bodyOf(content: Obj, where: string): { bytes: Buffer; text?: string } | undefined {
  if (content._truncated === true) return undefined;
  const text = content.text;
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw new HarError(`${where}.text: not a string`);
  if (content.encoding === undefined || content.encoding === '') return { bytes: Buffer.from(text, 'utf8'), text };
  if (content.encoding === 'base64') return { bytes: Buffer.from(text, 'base64') };
  throw new HarError(`${where}.encoding: "${String(content.encoding)}" is not an encoding HAR knows (base64)`);
}

function requestBodyOf(request: Obj): string {
  const post = request.postData as { text?: unknown } | undefined;
  return typeof post?.text === 'string' ? post.text : '';
}

/** Audits HAR documents into one tally; returns the report, each file a source. */
export class Audit {
  readonly tally: Tally;
  private readonly router: Router;
  private readonly origin?: { readonly origin: string; readonly basePath: string };
  readonly sources: Source[] = [];

  constructor(private readonly options: AuditOptions) {
    this.tally = new Tally(options.variant, 'audit');
    this.router = new Router(options.variant);
    if (options.origin) {
      const u = new URL(options.origin);
      this.origin = { origin: u.origin, basePath: u.pathname.replace(/\/$/, '') };
    }
  }

  /**
   * Judges every entry of one HAR document (its text); a HarError for a file that is not HAR or is
   * damaged. A document cut short inside its entries is read up to its last whole entry (`cutShort`).
   */
  addFile(text: string, name: string): void {
    try {
      this.addWhole(text, name);
    } catch (err) {
      if (!(err instanceof HarError)) throw err;
      const bytes = Buffer.from(text, 'utf8');
      const layout = scanHar(bytes);
      if (!layout?.cutShort) throw err;
      this.addLayout(layout, (start, end) => bytes.toString('utf8', start, end), () => text, name);
    }
  }

  /** Judges every entry of a whole HAR document (its text), parsed whole. */
  private addWhole(text: string, name: string): void {
    const entries = harEntries(text, name);
    for (let i = 0; i < entries.length; i++) this.entry(entries[i], `${name}: log.entries[${i}]`);
    this.sources.push({ name, exchanges: entries.length });
  }

  /**
   * Judges every entry of the HAR file at `path` (named `name` in messages), reading one entry at a time
   * rather than the whole document (./har-file.ts); a HarError for a file that cannot be read, is not
   * HAR or is damaged, with the same place and reason as addFile gives.
   */
  addPath(path: string, name: string): void {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch (err) {
      throw new HarError(`cannot read ${name}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    try {
      this.addOpen(fd, path, name);
    } catch (err) {
      if (err instanceof HarError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      if (code) throw new HarError(`cannot read ${name}: ${code}`);
      throw err;
    } finally {
      closeSync(fd);
    }
  }

  private addOpen(fd: number, path: string, name: string): void {
    const layout = scanHar(fd);
    // Not what the entry-by-entry reading expects: the whole text says what is wrong, or is read whole.
    if (!layout) return this.addFile(readFileSync(path, 'utf8'), name);
    const reader = new RangeReader(fd);
    this.addLayout(layout, (start, end) => reader.text(start, end), () => readFileSync(path, 'utf8'), name);
  }

  /**
   * Judges the entries of a document laid out by scanHar, reading each one with `textOf`; what the
   * entry-by-entry reading does not expect is read whole (`whole`), which names the place and the reason.
   */
  private addLayout(layout: HarLayout, textOf: (start: number, end: number) => string | undefined, whole: () => string, name: string): void {
    let skeleton: unknown;
    try {
      skeleton = JSON.parse(layout.skeleton);
    } catch {
      return this.addWhole(whole(), name);
    }
    const log = (skeleton as { log?: unknown } | null)?.log;
    if (typeof skeleton !== 'object' || skeleton === null || Array.isArray(skeleton) || typeof log !== 'object' || log === null || !Array.isArray((log as { entries?: unknown }).entries)) {
      return this.addWhole(whole(), name);
    }
    const { starts, ends } = layout;
    /** An entry that does not parse: the whole text names the place, as it would have before judging anything. */
    const notJson = (i: number): never => {
      harLog(whole(), name);
      throw new HarError(`${name}: log.entries[${i}]: not JSON`);
    };
    const parse = (i: number): unknown => {
      const text = textOf(starts[i]!, ends[i]!);
      if (text === undefined) throw new HarError(`${name}: the file changed while it was read`);
      try {
        return JSON.parse(text);
      } catch {
        return notJson(i);
      }
    };
    for (let i = 0; i < starts.length; i++) {
      const entry = parse(i);
      try {
        this.entry(entry, `${name}: log.entries[${i}]`);
      } catch (err) {
        // A document that is not JSON further on is that error, as when it is parsed whole first.
        if (err instanceof HarError) for (let k = i + 1; k < starts.length; k++) parse(k);
        throw err;
      }
    }
    this.sources.push({
      name,
      exchanges: starts.length,
      ...(layout.cutShort ? { cutShort: `the file ends inside log.entries (a recording cut short, as by a proxy that was killed): ${starts.length} whole ${starts.length === 1 ? 'entry' : 'entries'} recovered, anything after them is lost` } : {}),
    });
  }

  private entry(raw: unknown, where: string): void {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new HarError(`${where}: not an object`);
    const entry = raw as Obj;
    const request = objectAt(entry, 'request', where);
    const response = objectAt(entry, 'response', where);
    const method = stringAt(request, 'method', `${where}.request`).toUpperCase();
    const rawUrl = stringAt(request, 'url', `${where}.request`);
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new HarError(`${where}.request.url: not an absolute URL: "${this.options.redactor.url(rawUrl).slice(0, 200)}"`);
    }
    const status = response.status;
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 0 || status > 999) throw new HarError(`${where}.response.status: ${status === undefined ? 'missing' : 'not a status code'}`);
    const time = typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0;
    const requestHeaders = headerMap(request.headers, `${where}.request.headers`);
    const requestBody = requestBodyOf(request);
    learnSecrets(this.options.redactor, url, requestHeaders, requestBody);

    // Another origin than the API's (--origin), or a path of no operation: counted, not judged.
    let pathname = url.pathname;
    if (this.origin) {
      if (url.origin !== this.origin.origin || !pathname.startsWith(this.origin.basePath)) {
        this.tally.outside();
        return;
      }
      pathname = pathname.slice(this.origin.basePath.length) || '/';
    }
    const matched = this.router.match(method, pathname);
    if (matched.kind === 'unmatched') {
      this.tally.outside();
      return;
    }
    // The client left before the answer was complete (`conform proxy --har` marks it): counted, not judged.
    if (response._aborted === 'before-answer' || response._aborted === 'after-answer') {
      this.tally.aborted(response._aborted);
      return;
    }
    // Status 0: the recorder got no response (a browser's failed request, a transport error).
    if (status === 0) {
      const error = typeof response._error === 'string' ? response._error : 'no response';
      const why = NO_ANSWER_WHYS.find((w) => w === response._noAnswer) ?? noAnswerWhy(error);
      this.tally.transport(this.options.redactor.text(`${method} ${url.pathname}: ${error}`), why);
      return;
    }
    const headers = headerMap(response.headers, `${where}.response.headers`);
    const content = response.content === undefined ? {} : objectAt(response, 'content', where);
    let body = bodyOf(content, `${where}.response.content`);
    // Not recorded, or over --max-body: counted as such by the tally (its status and headers are judged).
    if (body === undefined || body.bytes.byteLength > this.options.maxBodyBytes) body = undefined;
    const exchange = exchangeRecord(this.options.redactor, { method, url: url.href, headers: requestHeaders, body: requestBody }, { status, headers, body: body?.text ?? body?.bytes }, time);
    const seen: Seen = {
      method, url: `${url.pathname}${url.search}`, status, headers, body: body?.bytes, ...(body?.text !== undefined ? { text: body.text } : {}), durationMs: time, exchange,
    };
    this.tally.record(matched, seen, judgeExchange(this.options.variant, matched, seen));
    if (response._clientLeft === true && body !== undefined && status !== 421 && status !== 429) this.tally.clientLeft++;
  }

  report(): ProxyReport {
    return this.tally.report({
      listen: '',
      upstream: this.origin ? `${this.origin.origin}${this.origin.basePath}` : '',
      target: this.sources.map((s) => s.name).join(', '),
      maxBodyBytes: this.options.maxBodyBytes,
      strict: this.options.strict,
      ...(this.sources.length > 1 || this.sources.some((s) => s.cutShort) ? { sources: this.sources } : {}),
    });
  }
}
