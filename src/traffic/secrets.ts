/**
 * Credentials seen in traffic (the proxy's, or recorded in a HAR file): registered with the redactor
 * before anything of an exchange is recorded, so no report or HAR file written from it carries them.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { AUTH_PARAMS } from '../../specs/model/index.ts';
import type { Redactor } from '../check/redact.ts';

const SECRET_PARAMS = [AUTH_PARAMS.apiKey, AUTH_PARAMS.passwordHash, 'password'];

/** Registers the credentials one request carries, in every form the redactor knows. */
export function learnSecrets(redactor: Redactor, url: URL, headers: IncomingHttpHeaders, body: string): void {
  for (const name of SECRET_PARAMS) for (const v of url.searchParams.getAll(name)) redactor.add(v);
  if (body) {
    for (const name of SECRET_PARAMS) {
      for (const v of new URLSearchParams(body).getAll(name)) redactor.add(v);
      const escaped = name.replace(/[[\]]/g, '\\$&');
      for (const m of body.matchAll(new RegExp(`name="${escaped}"\\r?\\n\\r?\\n([^\\r\\n]*)`, 'g'))) redactor.add(m[1]);
    }
  }
  const auth = headers.authorization;
  if (auth && /^basic\s+/i.test(auth)) {
    const encoded = auth.replace(/^basic\s+/i, '').trim();
    redactor.add(encoded);
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) redactor.add(decoded.slice(colon + 1));
  }
  for (const part of String(headers.cookie ?? '').split(';')) {
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

