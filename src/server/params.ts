/**
 * Parameter validation, driven by the spec model: every documented parameter of the operation in this
 * variant is read from its location (query for GET, body otherwise), typed, and checked against its value
 * set. Undocumented parameters, including the other variant's, are ignored (INT-cross-variant).
 */
import type { ResolvedOperation } from '../../specs/model/index.ts';
import { OPERATIONS, VALUE_SETS, resolveOperation } from '../../specs/model/index.ts';
import type { Faults } from './fault-types.ts';
import { invalid } from './refusals.ts';

export interface UploadedFile {
  readonly filename: string;
  readonly mimetype: string;
  readonly data: Buffer;
}

/** Validated parameter values of one request. */
export interface ParamValues {
  has(name: string): boolean;
  str(name: string): string | undefined;
  int(name: string): number | undefined;
  file(name: string): UploadedFile | undefined;
}

/** The raw inputs of a request: fields (query or body) and uploaded files. */
export interface RawInput {
  readonly fields: Readonly<Record<string, unknown>>;
  readonly files: Readonly<Record<string, UploadedFile>>;
}

const INT_RE = /^-?\d{1,10}$/;
const INT_MAX = 2_147_483_647;

/** Parses a PostgreSQL integer (the ids and counts of this schema); undefined when it is not one. */
export function parseInteger(s: string): number | undefined {
  if (!INT_RE.test(s)) return undefined;
  const n = Number(s);
  return n > INT_MAX || n < -INT_MAX ? undefined : n;
}

export { invalid } from './refusals.ts';

/**
 * A parameter the document does not list but the reference server reads as an extension
 * (INT-forum-post-topic), from the request's fields as sent: the core validates documented parameters
 * only. Undefined when absent, 'invalid' when it is not an integer.
 */
export function extensionInt(input: RawInput, name: string): number | undefined | 'invalid' {
  const v = input.fields[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') return 'invalid';
  const n = parseInteger(String(v).trim());
  return n === undefined ? 'invalid' : n;
}

function scalar(name: string, v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw invalid(`${name} must be a single value`);
}

/**
 * `page` of a list is read by the paging rules (paging.ts, INT-paging: `b<id>`, `a<id>`, and a page
 * number where <= 0 or junk means page 1), not refused here as a non-integer.
 */
function readByPaging(op: ResolvedOperation, name: string): boolean {
  return op.kind === 'list' && name === 'page';
}

/**
 * How strictly parameters are read, as the legal variations ask (the service family reads them so):
 * `ignoreOutOfSet` (values-ignored) reads a value outside a value set as if it were not sent;
 * `missingTextEmpty` (required-defaults) reads a missing REQUIRED text parameter as empty, for the
 * operation to save or refuse.
 */
export interface ParamReading {
  readonly ignoreOutOfSet?: boolean;
  readonly missingTextEmpty?: boolean;
}

export function validateParams(op: ResolvedOperation, input: RawInput, faults: Faults, reading: ParamReading = {}): ParamValues {
  const strings = new Map<string, string>();
  const ints = new Map<string, number>();
  const files = new Map<string, UploadedFile>();
  for (const p of op.params) {
    if (p.location === 'path') continue;
    // The fault family ignore-param:<op>:<param>: the parameter is read as if it were not sent.
    if (faults.active(`ignore-param:${op.id}:${p.name}`)) continue;
    const file = input.files[p.name];
    const raw = input.fields[p.name];
    if (p.type === 'file') {
      if (raw !== undefined) throw invalid(`${p.name} must be sent as multipart form file data`);
      if (file) files.set(p.name, file);
      else if (p.required && !faults.active(`ignore-required:${op.id}:${p.name}`)) throw invalid(`${p.name} is required`);
      continue;
    }
    if (file) throw invalid(`${p.name} must not be a file`);
    if (raw === undefined || raw === null) {
      // Fault upload-rating-defaulted: a missing upload[rating] is read as questionable.
      if (p.name === 'upload[rating]' && faults.active('upload-rating-defaulted')) {
        strings.set(p.name, 'questionable');
        continue;
      }
      // Fault vote-score-defaulted: a vote without score is counted as a vote up.
      if (op.id === 'post_votes.create' && p.name === 'score' && faults.active('vote-score-defaulted')) {
        strings.set(p.name, p.values![0]!);
        continue;
      }
      if (p.required && reading.missingTextEmpty && p.type === 'string' && !p.values) {
        strings.set(p.name, '');
        continue;
      }
      if (p.required && !faults.active(`ignore-required:${op.id}:${p.name}`)) throw invalid(`${p.name} is required`);
      continue;
    }
    const value = scalar(p.name, raw);
    if (value.includes('\u0000')) throw invalid(`${p.name} must not contain NUL characters`);
    if (p.type === 'integer' && !readByPaging(op, p.name)) {
      const n = parseInteger(value.trim());
      if (n === undefined) {
        if (value === '' && !p.required) {
          // Given but empty: clears the field where the operation allows it.
          strings.set(p.name, '');
          continue;
        }
        throw invalid(`${p.name} must be an integer`);
      }
      ints.set(p.name, n);
    }
    const otherVariantRating =
      (faults.active('rating-other-variant-accepted') || faults.active('rating-other-variant-coerced')) && p.name === 'post[rating]' && otherVariantValues(op, p.name).includes(value);
    if (p.values && !p.values.includes(value) && !faults.active(`accept-any:${op.id}:${p.name}`) && !otherVariantRating) {
      if (reading.ignoreOutOfSet) continue;
      throw invalid(`${p.name} must be one of ${p.values.join(', ')}`);
    }
    // The fault family sort-swapped:<op>:<param>: each value of a sort key orders by the next value's key.
    if (p.sortKey && p.values && faults.active(`sort-swapped:${op.id}:${p.name}`)) {
      strings.set(p.name, p.values[(p.values.indexOf(value) + 1) % p.values.length]!);
      continue;
    }
    // Fault rating-other-variant-coerced: a post[rating] of the other variant's set is stored as the value of this set it names.
    if (faults.active('rating-other-variant-coerced') && p.name === 'post[rating]' && p.values && !p.values.includes(value)) {
      const named = namedRating(value);
      if (named !== undefined && p.values.includes(named)) {
        strings.set(p.name, named);
        continue;
      }
    }
    strings.set(p.name, value);
  }
  return {
    has: (name) => strings.has(name) || files.has(name),
    str: (name) => strings.get(name),
    int: (name) => ints.get(name),
    file: (name) => files.get(name),
  };
}

/** The letter (s) a rating word (safe) names, or the word a letter names: the document's labels of A's set. */
function namedRating(value: string): string | undefined {
  const labels: Readonly<Record<string, string>> = VALUE_SETS['post-rating-A'].labels;
  return labels[value] ?? Object.entries(labels).find(([, word]) => word === value)?.[0];
}

/** The values the other variant lists for a parameter (empty when it lists none, or the same ones). */
function otherVariantValues(op: ResolvedOperation, name: string): readonly string[] {
  const spec = OPERATIONS.find((o) => o.id === op.id);
  if (!spec) return [];
  const other = resolveOperation(spec, op.variant === 'A' ? 'B' : 'A').params.find((x) => x.name === name);
  return other?.values ?? [];
}
