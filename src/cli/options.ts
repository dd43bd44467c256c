/** Parsers of command-line option values shared by the commands: each bad value is a UsageError (exit 2). */
import { UsageError } from '../errors.ts';

/** A whole number from `min` to `max`. */
export function wholeNumber(value: string, flag: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageError(`${flag} takes a whole number ${max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`}, not "${value}"`);
  }
  return n;
}

export { baseUrl } from '../url.ts';
