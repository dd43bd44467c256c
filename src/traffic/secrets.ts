/**
 * Credentials seen in traffic (the proxy's, or recorded in a HAR file): registered with the redactor
 * before anything of an exchange is recorded, so no report or HAR file written from it carries them.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AUTH_PARAMS } from '../../specs/model/index.ts';
import type { Exchange } from '../check/http.ts';
import type { Redactor } from '../check/redact.ts';

const EXCERPT_BYTES = 2048;
const RECORDED_RESPONSE_HEADERS = ['content-type', 'content-length', 'location', 'www-authenticate', 'retry-after'];

const SECRET_PARAMS = [AUTH_PARAMS.apiKey, AUTH_PARAMS.passwordHash, 'password'];
/** A secret parameter as a multipart form field: its value is the line after the part's headers. */
const MULTIPART_FIELDS = SECRET_PARAMS.map((name) => new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r?\\n\\r?\\n([^\\r\\n]*)`, 'g'));
const BASIC = /^basic\s+/i;

/** Registers the credentials one request carries, in every form the redactor knows (`url` undefined: its query carries none). */
export function learnSecrets(redactor: Redactor, url: URL | undefined, headers: IncomingHttpHeaders, body: string): void {
  if (url?.search) for (const name of SECRET_PARAMS) for (const v of url.searchParams.getAll(name)) redactor.add(v);
  if (body) {
    const form = new URLSearchParams(body);
    for (const name of SECRET_PARAMS) for (const v of form.getAll(name)) redactor.add(v);
    // Only a multipart body has `name="..."` parts.
    if (body.includes('name="')) for (const re of MULTIPART_FIELDS) for (const m of body.matchAll(re)) redactor.add(m[1]);
  }
  const auth = headers.authorization;
  if (auth && BASIC.test(auth)) {
    const encoded = auth.replace(BASIC, '').trim();
    redactor.add(encoded);
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) redactor.add(decoded.slice(colon + 1));
  }
  if (headers.cookie) for (const part of String(headers.cookie).split(';')) {
    const [k, ...rest] = part.trim().split('=');
    if (k === AUTH_PARAMS.passwordHash) {
      const v = rest.join('=');
      redactor.add(v);
      try {
        redactor.add(decodeURIComponent(v));
      } catch {
        // not percent-encoded
      }
    }
  }
}


/** The first EXCERPT_BYTES bytes of a body as text (a recorded body may be at hand as text already). */
function excerpt(body: Buffer | string): string {
  if (typeof body !== 'string') return body.subarray(0, EXCERPT_BYTES).toString('utf8');
  // A UTF-16 code unit is at most three bytes of UTF-8: short text is whole.
  if (body.length * 3 <= EXCERPT_BYTES || Buffer.byteLength(body, 'utf8') <= EXCERPT_BYTES) return body;
  return Buffer.from(body.slice(0, EXCERPT_BYTES), 'utf8').subarray(0, EXCERPT_BYTES).toString('utf8');
}

function sizeOf(body: Buffer | string): number {
  return typeof body === 'string' ? Buffer.byteLength(body, 'utf8') : body.byteLength;
}

/**
 * The redacted record of an exchange seen in traffic, as reports show it (excerpts of the bodies, the
 * request headers that matter). `response.body` undefined: over --max-body, or not recorded.
 */
export function exchangeRecord(
  redactor: Redactor,
  request: { readonly method: string; readonly url: string; readonly headers: Readonly<Record<string, string>>; readonly body: Buffer | string },
  response: { readonly status: number; readonly headers: Readonly<Record<string, string>>; readonly body: Buffer | string | undefined },
  durationMs: number,
): Exchange {
  const kept: Record<string, string> = {};
  for (const k of ['authorization', 'cookie', 'content-type']) if (request.headers[k] !== undefined) kept[k] = request.headers[k];
  const recorded: Record<string, string> = {};
  for (const k of RECORDED_RESPONSE_HEADERS) if (response.headers[k] !== undefined) recorded[k] = response.headers[k];
  return {
    request: {
      method: request.method,
      url: redactor.url(request.url),
      headers: redactor.headers(kept),
      ...(request.body.length > 0 ? { body: redactor.text(excerpt(request.body)) } : {}),
    },
    response: {
      status: response.status,
      headers: redactor.headers(recorded),
      body: response.body === undefined ? '' : redactor.text(excerpt(response.body)),
      truncated: response.body === undefined || sizeOf(response.body) > EXCERPT_BYTES,
    },
    durationMs,
  };
}
