/**
 * Sections 2, 3, 5, 7 and 8 of the document as data: user levels, status codes, the outcome
 * envelope, authentication methods, anonymous access, quotas, limits and lifecycle operations.
 */
import type { AuthMethod, Quota, StatusCode, UserLevel, Variant } from './types.ts';

/** Section 2, "User levels". */
export const USER_LEVELS = [
  { role: 'Member', level: 20 },
  { role: 'Gold', level: 30 },
  { role: 'Platinum', level: 31 },
  { role: 'Builder', level: 32 },
  { role: 'Contributor', level: 33, only: 'B' },
  { role: 'Janitor', level: 35, only: 'B' },
  { role: 'Moderator', level: 40 },
  { role: 'Admin', level: 50 },
] as const satisfies readonly UserLevel[];
export type Role = (typeof USER_LEVELS)[number]['role'];

/** Section 7, "HTTP status codes". */
export const STATUS_CODES = [
  { code: 200, name: 'OK', meaning: 'request successful' },
  { code: 204, name: 'No Content', meaning: 'request successful', only: 'A' },
  { code: 403, name: 'Forbidden', meaning: 'access denied' },
  { code: 404, name: 'Not Found', meaning: 'not found' },
  { code: 420, name: 'Invalid Record', meaning: 'record could not be saved' },
  { code: 421, name: 'User Throttled', meaning: 'user is throttled, try again later' },
  { code: 422, name: 'Locked', meaning: 'resource is locked and cannot be modified' },
  { code: 423, name: 'Already Exists', meaning: 'resource already exists' },
  { code: 424, name: 'Invalid Parameters', meaning: 'given parameters were invalid' },
  { code: 500, name: 'Internal Server Error', meaning: 'unknown server error' },
  { code: 503, name: 'Service Unavailable', meaning: 'server cannot handle the request now, try again later' },
] as const satisfies readonly StatusCode[];

/** Section 7, "Outcome envelope": every state-changing call returns one element. */
export const ENVELOPE = {
  json: { members: { success: 'boolean', reason: 'string' } },
  xml: { element: 'response', attributes: ['success', 'reason'] },
  text: 'Every state-changing call returns one element.',
} as const;

/** Section 2, request conventions 1 to 5. */
export const FORMATS = ['json', 'xml'] as const;
export type Format = (typeof FORMATS)[number];

/** Section 5, items 1 to 5. */
export const AUTH_METHODS = [
  { id: 'session_cookie', text: 'A session cookie authenticates a request.', interpretation: 'INT-session-cookie' },
  { id: 'login_api_key', text: 'Without a session, the parameters `login` (user name) and `api_key` authenticate a request.' },
  {
    id: 'password_hash',
    text: 'Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    interpretation: 'INT-password-hash',
  },
  { id: 'basic', text: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.' },
] as const satisfies readonly AuthMethod[];

/** The authentication parameter names of section 5. */
export const AUTH_PARAMS = { login: 'login', apiKey: 'api_key', passwordHash: 'password_hash' } as const;

/** Section 5, item 7. */
export const ANONYMOUS_ACCESS: Readonly<Record<Variant, boolean>> = { A: true, B: false };

/** Section 8, "Limits". */
export const POSTS_PER_REQUEST_MAX = 100;
export const QUOTAS = [
  { who: 'anonymous', perHour: 500, only: 'A', text: 'Requests per hour, anonymous (A only): 500' },
  { who: 'Member', perHour: 3000, text: 'Requests per hour, Basic (Member): 3000' },
  { who: 'Gold', perHour: 10000, text: 'Requests per hour, Gold: 10000' },
  { who: 'Platinum', perHour: 20000, text: 'Requests per hour, Platinum: 20000' },
] as const satisfies readonly Quota[];

/** Section 3: named states and lifecycle flags. */
export const STATES = [
  { resource: 'pools', attribute: 'is_active', text: '1 or 0 on update; true or false in searches (A only)' },
  { resource: 'artists', attribute: 'is_active', text: '1 or 0 on create and update (B only); true or false in searches (A only)' },
  { resource: 'artists', attribute: 'is_banned', text: 'true or false in searches (A only)' },
  { resource: 'uploads', attribute: 'converted into a post', text: 'an upload is converted into a post; no states are named' },
  { resource: 'dmails', attribute: 'read', text: 'true or false in searches (A only)' },
] as const;
