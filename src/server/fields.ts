/**
 * Reading the writable fields of records: names and texts a record keeps (bounded, refused with 420
 * when one it cannot do without is missing), the flag value sets of the model, and word and comma lists.
 */
import { invalidRecord } from './refusals.ts';

/** Longest name or title a record keeps (unique names are indexed). */
export const NAME_MAX = 255;
/** Longest body or description a record keeps. */
export const TEXT_MAX = 100_000;

/** A name the record cannot do without: trimmed, not empty, not too long. */
export function requiredName(param: string, value: string | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') throw invalidRecord(`${param} is missing`);
  if (v.length > NAME_MAX) throw invalidRecord(`${param} is longer than ${NAME_MAX} characters`);
  return v;
}

/** A free text of bounded length. */
export function boundedText(param: string, value: string, max = TEXT_MAX): string {
  if (value.length > max) throw invalidRecord(`${param} is longer than ${max} characters`);
  return value;
}

/** `true`/`false` of a search value set (already validated by the core). */
export function trueFalse(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === 'true';
}

/** `yes`/`no` of a search value set. */
export function yesNo(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === 'yes';
}

/** `1`/`0` of an update value set. */
export function oneZero(v: string | undefined): boolean | undefined {
  return v === undefined ? undefined : v === '1';
}

/** Splits on whitespace, dropping empty pieces and duplicates, keeping order. */
export function splitWords(s: string): string[] {
  return [...new Set(s.split(/\s+/).filter((x) => x !== ''))];
}

/** Splits on commas, trimming each piece, dropping empty pieces and duplicates, keeping order. */
export function splitCommas(s: string): string[] {
  return [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x !== ''))];
}
