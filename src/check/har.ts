/**
 * Every exchange of a run as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/): the entries
 * `conform check --har FILE` and `conform proxy --har FILE` write. Entries are redacted with the
 * run's Redactor, exactly as the reports are (query and form values, Basic credentials, cookies), and
 * carry whole bodies up to --max-body (a longer one is cut, with a note). They are streamed to the
 * file one by one (synchronous appends), so a long run holds no more than one exchange in memory; the
 * suites' processes of one run append to the same file, between the head and the tail the CLI writes.
 */
import { closeSync, fstatSync, openSync, readSync, writeFileSync, writeSync, appendFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Redactor } from './redact.ts';

export interface HarNameValue {
  readonly name: string;
  readonly value: string;
}

export interface HarParam {
  readonly name: string;
  readonly value?: string;
  readonly fileName?: string;
  readonly contentType?: string;
  readonly comment?: string;
}

export interface HarContent {
  readonly size: number;
  readonly mimeType: string;
  readonly text?: string;
  readonly encoding?: string;
  readonly comment?: string;
  /** The body was longer than --max-body: `text` holds its first bytes only. */
  readonly _truncated?: boolean;
}

export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarNameValue[];
    readonly headers: readonly HarNameValue[];
    readonly queryString: readonly HarNameValue[];
    readonly postData?: { readonly mimeType: string; readonly text: string; readonly params?: readonly HarParam[] };
    readonly headersSize: number;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly HarNameValue[];
    readonly headers: readonly HarNameValue[];
    readonly content: HarContent;
    readonly redirectURL: string;
    readonly headersSize: number;
    readonly bodySize: number;
    /** The request got no response: why (a timeout, a refused or reset connection). */
    readonly _error?: string;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number; readonly blocked?: number; readonly dns?: number; readonly connect?: number; readonly ssl?: number };
  /** Which checks of which run sent it (`conform check --har`). */
  readonly _conform?: { readonly checks: readonly string[]; readonly prefix?: string };
}

/** A request body as the client built it: form fields (a file is summarised), or raw bytes (the proxy). */
export type RecordedBody =
  | { readonly kind: 'form'; readonly fields: readonly (readonly [string, string | { readonly filename: string; readonly type: string; readonly bytes: number }])[]; readonly multipart: boolean }
  | { readonly kind: 'raw'; readonly contentType: string; readonly bytes: Buffer };

/** One exchange, unredacted, as the client or the proxy saw it. */
export interface RecordedExchange {
  readonly startedAt: number;
  readonly durationMs: number;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: RecordedBody;
  readonly status?: number;
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** The body as received, at most --max-body bytes. */
  readonly body?: Buffer;
  /** The body was longer than --max-body and `body` is its beginning. */
  readonly cut?: boolean;
  /** The length the response announced (Content-Length), when that was over --max-body and only `body` was read. */
  readonly announced?: number;
  readonly maxBodyBytes: number;
  readonly error?: string;
}

const pairs = (headers: Readonly<Record<string, string>>): HarNameValue[] => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** Is this body text that survives a round trip through UTF-8? */
function isText(body: Buffer): boolean {
  return Buffer.from(body.toString('utf8'), 'utf8').equals(body);
}

function contentOf(x: RecordedExchange, red: Redactor): HarContent {
  const body = x.body ?? Buffer.alloc(0);
  const mimeType = x.responseHeaders?.['content-type'] ?? 'x-unknown';
  const cut = x.cut
    ? {
        comment:
          x.announced !== undefined
            ? `not read past its first ${body.byteLength} bytes: it announced ${x.announced} (Content-Length), over --max-body (${x.maxBodyBytes})`
            : `cut at --max-body: the first ${x.maxBodyBytes} bytes of a longer body`,
        _truncated: true as const,
      }
    : {};
  if (body.byteLength === 0) return { size: 0, mimeType, ...(x.cut ? cut : { text: '' }) };
  if (isText(body)) return { size: body.byteLength, mimeType, text: red.text(body.toString('utf8')), ...cut };
  if (red.leaks(body.toString('latin1'))) return { size: body.byteLength, mimeType, comment: `${body.byteLength} bytes not recorded: they hold a secret` };
  return { size: body.byteLength, mimeType, text: body.toString('base64'), encoding: 'base64', ...cut };
}

/** Parts of a multipart body: text fields with their values, files summarised. */
function multipartParams(bytes: Buffer, contentType: string, red: Redactor): HarParam[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return [];
  const out: HarParam[] = [];
  for (const part of bytes.toString('latin1').split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) continue;
    const fileName = /filename="([^"]*)"/i.exec(head)?.[1];
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    if (fileName !== undefined) {
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
      out.push({ name, fileName, ...(type ? { contentType: type } : {}), comment: `${Buffer.byteLength(value, 'latin1')} bytes, not recorded` });
    } else out.push({ name, value: red.text(Buffer.from(value, 'latin1').toString('utf8')) });
  }
  return out;
}

function postDataOf(body: RecordedBody, red: Redactor): NonNullable<HarEntry['request']['postData']> {
  if (body.kind === 'form') {
    const params: HarParam[] = body.fields.map(([name, v]) =>
      typeof v === 'string' ? { name, value: red.text(v) } : { name, fileName: v.filename, contentType: v.type, comment: `${v.bytes} bytes, not recorded` },
    );
    const text = body.multipart
      ? body.fields.map(([k, v]) => `${k}=${typeof v === 'string' ? v : `<file ${v.filename}, ${v.bytes} bytes, ${v.type}>`}`).join('&')
      : new URLSearchParams(body.fields.map(([k, v]): [string, string] => [k, v as string])).toString();
    return { mimeType: body.multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded', text: red.text(text), params };
  }
  const mimeType = body.contentType || 'application/octet-stream';
  if (/^multipart\//i.test(mimeType)) {
    const params = multipartParams(body.bytes, mimeType, red);
    return { mimeType, text: params.map((p) => `${p.name}=${p.value ?? `<file ${p.fileName ?? ''}>`}`).join('&'), params };
  }
  const text = body.bytes.toString('utf8');
  if (/x-www-form-urlencoded/i.test(mimeType)) {
    return { mimeType, text: red.text(text), params: [...new URLSearchParams(text)].map(([name, value]) => ({ name, value: red.text(value) })) };
  }
  return { mimeType, text: isText(body.bytes) ? red.text(text) : `<${body.bytes.byteLength} bytes, not recorded>` };
}

function bodyBytes(body: RecordedBody | undefined): number {
  if (!body) return 0;
  if (body.kind === 'raw') return body.bytes.byteLength;
  return -1; // a form is encoded by the HTTP library: its size on the wire is not known here
}

/** The HAR entry of one exchange, redacted. */
export function harEntry(x: RecordedExchange, red: Redactor, conform?: HarEntry['_conform']): HarEntry {
  let url = red.url(x.url);
  let queryString: HarNameValue[] = [];
  try {
    const parsed = new URL(url);
    // As a URL (RFC 3986): the placeholder of a redacted value is percent-encoded there.
    url = parsed.href;
    queryString = [...parsed.searchParams].map(([name, value]) => ({ name, value: red.text(value) }));
  } catch {
    // not an absolute URL: no query string to list
  }
  const time = Math.max(0, x.durationMs);
  const status = x.status ?? 0;
  const headers = x.responseHeaders ?? {};
  return {
    startedDateTime: new Date(x.startedAt).toISOString(),
    time,
    request: {
      method: x.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(red.headers({ ...x.requestHeaders })),
      queryString,
      ...(x.requestBody ? { postData: postDataOf(x.requestBody, red) } : {}),
      headersSize: -1,
      bodySize: bodyBytes(x.requestBody),
    },
    response: {
      status,
      statusText: x.status === undefined ? '' : (STATUS_CODES[status] ?? ''),
      httpVersion: x.status === undefined ? '' : 'HTTP/1.1',
      cookies: [],
      headers: pairs(red.headers({ ...headers })),
      content: x.status === undefined ? { size: 0, mimeType: 'x-unknown' } : contentOf(x, red),
      redirectURL: headers.location ? red.url(headers.location) : '',
      headersSize: -1,
      bodySize: x.status === undefined ? -1 : (x.body?.byteLength ?? 0),
      ...(x.error !== undefined ? { _error: red.text(x.error) } : {}),
    },
    cache: {},
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: time, receive: 0 },
    ...(conform ? { _conform: conform } : {}),
  };
}

const HEAD = (creator: { name: string; version: string }, comment: string) =>
  `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"comment":${JSON.stringify(comment)},"pages":[],"entries":[`;
const TAIL = '\n]}}\n';

/** Starts a HAR file (overwriting it): its head, up to the list of entries. Throws when it cannot be written. */
export function startHar(path: string, creator: { name: string; version: string }, comment: string): void {
  writeFileSync(path, HEAD(creator, comment));
}

/** Ends a HAR file started with startHar: the entries appended since are closed into a valid document. */
export function finishHar(path: string): void {
  appendFileSync(path, TAIL);
}

/**
 * Appends entries to a started HAR file, one write each. Several appenders may follow one another on
 * the same file (the passes of a run); each finds from the file whether an entry came before it.
 */
export class HarAppender {
  private readonly fd: number;
  private first: boolean;
  entries = 0;

  constructor(readonly path: string) {
    this.fd = openSync(path, 'a+');
    const size = fstatSync(this.fd).size;
    const last = Buffer.alloc(1);
    if (size > 0) readSync(this.fd, last, 0, 1, size - 1);
    this.first = size === 0 || last.toString('latin1') === '[';
  }

  append(entry: HarEntry): void {
    writeSync(this.fd, `${this.first ? '\n' : ',\n'}${JSON.stringify(entry)}`);
    this.first = false;
    this.entries++;
  }

  close(): void {
    closeSync(this.fd);
  }
}
