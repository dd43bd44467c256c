/**
 * Every refusal the server answers, by name: the status comes from the document's table of status
 * codes (specs/model/service.ts), never typed again as a number, and the reason starts with that
 * status's meaning.
 */
import { STATUS_CODES } from '../../specs/model/index.ts';
import type { User } from './accounts.ts';
import { ApiError } from './protocol.ts';

type StatusName = (typeof STATUS_CODES)[number]['name'];

function statusOf(name: StatusName): number {
  return STATUS_CODES.find((s) => s.name === name)!.code;
}

/** The statuses the server uses, by their names in the document. */
export const STATUS = {
  forbidden: statusOf('Forbidden'),
  notFound: statusOf('Not Found'),
  invalidRecord: statusOf('Invalid Record'),
  throttled: statusOf('User Throttled'),
  alreadyExists: statusOf('Already Exists'),
  invalidParameters: statusOf('Invalid Parameters'),
  serverError: statusOf('Internal Server Error'),
} as const;

/** 403 Forbidden: "access denied: <why>". */
export function denied(why: string): ApiError {
  return new ApiError(STATUS.forbidden, `access denied: ${why}`);
}

/**
 * 401 Unauthorized, outside the document's table: the variation unauthorized-401 only, as the service
 * family answers missing or wrong credentials (INT-status-table); in B as the family's plain text.
 */
export function unauthorized(why: string, plainText: boolean): ApiError {
  return new ApiError(401, `access denied: ${why}`, {}, plainText ? '401 Not Authorized\n' : undefined);
}

/** 404 Not Found: "not found: <why>". */
export function missing(why: string): ApiError {
  return new ApiError(STATUS.notFound, `not found: ${why}`);
}

/** 404 Not Found: no record of this kind with this id. */
export function notFound(what: string, id: number | string): ApiError {
  return missing(`no ${what} with id ${id}`);
}

/** The caller, or 403 for an anonymous one. */
export function requireUser(user: User | null): User {
  if (!user) throw denied('log in');
  return user;
}

/** 420 Invalid Record: the record could not be saved (INT-unmarked-needed). */
export function invalidRecord(reason: string): ApiError {
  return new ApiError(STATUS.invalidRecord, `record could not be saved: ${reason}`);
}

/** 421 User Throttled, with the headers that say when to try again. */
export function throttled(headers: Readonly<Record<string, string>> = {}): ApiError {
  return new ApiError(STATUS.throttled, 'user is throttled, try again later', headers);
}

/** 422 Locked: the record cannot be made or changed now (a rule of the service: INT-business-rules). */
export function locked(reason: string): ApiError {
  return new ApiError(statusOf('Locked'), `resource is locked: ${reason}`);
}

/** 423 Already Exists (INT-already-exists). */
export function alreadyExists(reason: string): ApiError {
  return new ApiError(STATUS.alreadyExists, `resource already exists: ${reason}`);
}

/** 424 Invalid Parameters. */
export function invalid(reason: string): ApiError {
  return new ApiError(STATUS.invalidParameters, reason);
}
