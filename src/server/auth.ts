/**
 * Authentication (section 5 and INT-session-cookie, INT-password-hash, INT-bad-credentials): HTTP Basic
 * with the name and API key; `login` + `api_key`; `login` + legacy `password_hash`; cookies `login` +
 * `password_hash` (the API key). Credentials that are sent but wrong are refused with 403; none at all is
 * an anonymous request.
 */
import { AUTH_PARAMS } from '../../specs/model/index.ts';
import type { User, UserDirectory } from './accounts.ts';
import type { ApiError } from './protocol.ts';
import { denied } from './refusals.ts';

/** The ways a request can carry credentials. */
export type CredentialKind = 'basic' | 'apiKey' | 'passwordHash' | 'cookie';

/** What the authentication faults change (read from the active faults in one place: ./pipeline/faults.ts). */
export interface AuthFaults {
  /** Credentials of this kind are not looked at. */
  readonly ignored: Readonly<Record<CredentialKind, boolean>>;
  /** Credentials of this kind authenticate the named user whatever their key. */
  readonly anyKey: Readonly<Record<CredentialKind, boolean>>;
  /** empty-key-accepted: an empty API key (parameter or Basic password) authenticates the named user. */
  readonly emptyKey?: boolean;
}

const NONE: Readonly<Record<CredentialKind, boolean>> = { basic: false, apiKey: false, passwordHash: false, cookie: false };
export const NO_AUTH_FAULTS: AuthFaults = { ignored: NONE, anyKey: NONE };

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
export function authenticate(input: AuthInput, users: UserDirectory, faults: AuthFaults = NO_AUTH_FAULTS): User | null {
  const auth = input.authorization;
  if (auth && /^basic\s/i.test(auth) && !faults.ignored.basic) {
    const decoded = basicCredentials(auth.replace(/^basic\s+/i, ''));
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw wrongCredentials();
    const secret = decoded.slice(colon + 1);
    const user = users.authenticate(decoded.slice(0, colon), secret, 'api_key', faults.anyKey.basic || (faults.emptyKey === true && secret === ''));
    if (!user) throw wrongCredentials();
    return user;
  }
  const login = field(input.fieldSources, AUTH_PARAMS.login);
  const apiKey = faults.ignored.apiKey ? undefined : field(input.fieldSources, AUTH_PARAMS.apiKey);
  const legacy = faults.ignored.passwordHash ? undefined : field(input.fieldSources, AUTH_PARAMS.passwordHash);
  if (apiKey !== undefined || legacy !== undefined) {
    if (login === undefined || login === '') throw wrongCredentials();
    const user = apiKey !== undefined ? users.authenticate(login, apiKey, 'api_key', faults.anyKey.apiKey || (faults.emptyKey === true && apiKey === '')) : users.authenticate(login, legacy!, 'legacy', faults.anyKey.passwordHash);
    if (!user) throw wrongCredentials();
    return user;
  }
  const cookieLogin = input.cookies[AUTH_PARAMS.login];
  const cookieKey = input.cookies[AUTH_PARAMS.passwordHash];
  if (cookieLogin && cookieKey && !faults.ignored.cookie) {
    const user = users.authenticate(cookieLogin, cookieKey, 'api_key', faults.anyKey.cookie);
    if (!user) throw wrongCredentials();
    return user;
  }
  return null;
}
