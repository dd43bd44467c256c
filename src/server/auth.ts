/**
 * Authentication (section 5 and INT-session-cookie, INT-password-hash, INT-bad-credentials): HTTP Basic
 * with the name and API key; `login` + `api_key`; `login` + legacy `password_hash`; cookies `login` +
 * `password_hash` (the API key). Credentials that are sent but wrong are refused with 403; none at all is
 * an anonymous request.
 */
import { AUTH_PARAMS } from '../../specs/model/index.ts';
import type { User, UserDirectory } from './accounts.ts';
import type { Faults } from './fault-types.ts';
import type { ApiError } from './protocol.ts';
import { denied } from './refusals.ts';

export interface AuthInput {
  readonly authorization: string | undefined;
  /** Fields that may carry `login`, `api_key`, `password_hash`, in the order they are looked at. */
  readonly fieldSources: readonly Readonly<Record<string, unknown>>[];
  readonly cookies: Readonly<Record<string, string | undefined>>;
}

function field(sources: AuthInput['fieldSources'], name: string): string | undefined {
  for (const s of sources) {
    const v = s[name];
    if (typeof v === 'string') return v;
    if (v !== undefined) throw denied(`${name} must be a single value`);
  }
  return undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The `name:key` of a Basic header. Clients encode it as UTF-8 (browsers, undici, curl) or as Latin-1
 * (Python requests, which gallery-dl uses); bytes that are not valid UTF-8 are read as Latin-1.
 */
function basicCredentials(base64: string): string {
  const bytes = Buffer.from(base64.trim(), 'base64');
  try {
    return UTF8.decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function wrongCredentials(): ApiError {
  return denied('invalid credentials');
}

/** The authenticated user, null when the request carries no credentials; throws 403 for wrong ones. */
export function authenticate(input: AuthInput, users: UserDirectory, faults: Faults): User | null {
  const acceptAny = faults.active('wrong-key-accepted');
  const auth = input.authorization;
  if (auth && /^basic\s/i.test(auth) && !faults.active('basic-ignored')) {
    const decoded = basicCredentials(auth.replace(/^basic\s+/i, ''));
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw wrongCredentials();
    const user = users.authenticate(decoded.slice(0, colon), decoded.slice(colon + 1), 'api_key', acceptAny || faults.active('wrong-basic-accepted'));
    if (!user) throw wrongCredentials();
    return user;
  }
  const login = field(input.fieldSources, AUTH_PARAMS.login);
  const apiKey = faults.active('api-key-ignored') ? undefined : field(input.fieldSources, AUTH_PARAMS.apiKey);
  const legacy = faults.active('password-hash-ignored') ? undefined : field(input.fieldSources, AUTH_PARAMS.passwordHash);
  if (apiKey !== undefined || legacy !== undefined) {
    if (login === undefined || login === '') throw wrongCredentials();
    const user = apiKey !== undefined ? users.authenticate(login, apiKey, 'api_key', acceptAny) : users.authenticate(login, legacy!, 'legacy', acceptAny || faults.active('wrong-password-hash-accepted'));
    if (!user) throw wrongCredentials();
    return user;
  }
  const cookieLogin = input.cookies[AUTH_PARAMS.login];
  const cookieKey = input.cookies[AUTH_PARAMS.passwordHash];
  if (cookieLogin && cookieKey && !faults.active('cookie-ignored')) {
    const user = users.authenticate(cookieLogin, cookieKey, 'api_key', acceptAny || faults.active('wrong-cookie-accepted'));
    if (!user) throw wrongCredentials();
    return user;
  }
  return null;
}
