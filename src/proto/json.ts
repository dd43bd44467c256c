/**
 * The JSON form of messages used by the testee protocol (PINT-json-mapping) and the canonical
 * form the suite compares: keys in field-number order, defaults of fields without presence left
 * out (oneof members and `optional` fields kept), 64-bit integers as decimal strings, bytes as
 * padded standard base64, enums by name (unnamed numbers as numbers), floats rounded to single
 * precision, NaN, infinities and -0 as strings, map keys normalised and sorted.
 */
import type { FieldSpec, FieldType } from '../../specs/peer/format.ts';
import type { Schema } from './model.ts';
import { fromBase64, toBase64 } from './wire.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export class JsonShapeError extends Error {
  override readonly name = 'JsonShapeError';
}

const U64_MAX = 0xffffffffffffffffn;

/** Sets an own property, also for keys such as "__proto__" that plain assignment would misread. */
export function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The general (slow) integer reader: numbers, decimal strings and bigints, range-checked. */
function intValue(v: unknown, min: bigint, max: bigint, where: string): bigint {
  let b: bigint;
  if (typeof v === 'number' && Number.isInteger(v)) b = BigInt(v);
  else if (typeof v === 'string' && /^-?\d+$/.test(v)) b = BigInt(v);
  else if (typeof v === 'bigint') b = v;
  else throw new JsonShapeError(`${where}: expected an integer, got ${JSON.stringify(v)}`);
  if (b < min || b > max) throw new JsonShapeError(`${where}: ${b} is out of range`);
  return b;
}

// Field kinds of a canonicalization plan.
const K_U64 = 0; // uint64, fixed64
const K_U32 = 1; // uint32, fixed32
const K_I32 = 2; // int32, sint32, sfixed32
const K_BOOL = 3;
const K_BYTES = 4;
const K_STRING = 5;
const K_ENUM = 6;
const K_MESSAGE = 7;
const K_MAP = 8;
const K_I64 = 9; // int64, sint64, sfixed64
const K_FLOAT = 10;
const K_DOUBLE = 11;
type Kind = number;

interface FieldPlan {
  readonly name: string;
  readonly number: number;
  readonly kind: Kind;
  readonly repeated: boolean;
  readonly oneof: string | undefined;
  /** Singular fields whose default is kept: oneof members and proto3 `optional` fields. */
  readonly presence: boolean;
  /** Message type of a message field (or of a map's values). */
  readonly message: string;
  /** Enum fields: the enum's name, its value names, its names by number and the name of 0. */
  readonly enumName: string;
  readonly enumNames: ReadonlySet<string>;
  readonly enumByNumber: ReadonlyMap<number, string>;
  readonly enumZero: string | undefined;
  /** Map fields: the kind of the keys and the plan of the values. */
  readonly keyKind: Kind;
  readonly value: FieldPlan | undefined;
}

interface Plan {
  readonly byName: ReadonlyMap<string, FieldPlan>;
}

const SCALAR_KINDS: Record<string, Kind> = {
  uint64: K_U64,
  fixed64: K_U64,
  uint32: K_U32,
  fixed32: K_U32,
  int32: K_I32,
  sint32: K_I32,
  sfixed32: K_I32,
  int64: K_I64,
  sint64: K_I64,
  sfixed64: K_I64,
  float: K_FLOAT,
  double: K_DOUBLE,
  bool: K_BOOL,
  bytes: K_BYTES,
  string: K_STRING,
};
const NO_NAMES: ReadonlySet<string> = new Set();
const NO_NUMBERS: ReadonlyMap<number, string> = new Map();

function planType(schema: Schema, name: string, number: number, t: FieldType, extra: { repeated: boolean; oneof: string | undefined; presence: boolean }): FieldPlan {
  const base = {
    name,
    number,
    ...extra,
    message: '',
    enumName: '',
    enumNames: NO_NAMES,
    enumByNumber: NO_NUMBERS,
    enumZero: undefined as string | undefined,
    keyKind: -1,
    value: undefined as FieldPlan | undefined,
  };
  switch (t.kind) {
    case 'scalar':
      return { ...base, kind: SCALAR_KINDS[t.scalar]! };
    case 'message':
      return { ...base, kind: K_MESSAGE, message: t.message };
    case 'map':
      return {
        ...base,
        kind: K_MAP,
        keyKind: SCALAR_KINDS[t.key]!,
        value: planType(schema, name, 2, t.value, { repeated: false, oneof: undefined, presence: true }),
      };
    case 'enum': {
      const spec = schema.enum(t.enum);
      const byNumber = new Map<number, string>();
      // The first name of a number wins, as in a linear search of the table.
      for (const v of spec.values) if (!byNumber.has(v.number)) byNumber.set(v.number, v.name);
      return {
        ...base,
        kind: K_ENUM,
        enumName: t.enum,
        enumNames: new Set(spec.values.map((v) => v.name)),
        enumByNumber: byNumber,
        enumZero: byNumber.get(0),
      };
    }
  }
}

function planField(schema: Schema, field: FieldSpec): FieldPlan {
  return planType(schema, field.name, field.number, field.type, {
    repeated: field.repeated,
    oneof: field.oneof,
    presence: field.oneof !== undefined || field.optional === true,
  });
}

const plansOf = new WeakMap<Schema, Map<string, Plan>>();
function plan(schema: Schema, type: string): Plan {
  let plans = plansOf.get(schema);
  if (!plans) {
    plans = new Map();
    plansOf.set(schema, plans);
  }
  let p = plans.get(type);
  if (!p) {
    const spec = schema.message(type);
    p = { byName: new Map(spec.fields.map((f) => [f.name, planField(schema, f)])) };
    plans.set(type, p);
  }
  return p;
}

/** uint64 decimal text that is already canonical: no sign, no leading zero, at most 19 digits (< 2^64). */
const U64_CANONICAL = /^(?:0|[1-9][0-9]{0,18})$/;
/** Padded standard base64; canonical when the unused bits of the last character are zero. */
const B64_PADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const B64_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) B64_VALUE['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;

/** True when `s` is exactly what toBase64(fromBase64(s)) gives. */
function isCanonicalBase64(s: string): boolean {
  if (!B64_PADDED.test(s)) return false;
  const n = s.length;
  if (n === 0 || s.charCodeAt(n - 1) !== 61 /* = */) return true;
  if (s.charCodeAt(n - 2) === 61) return (B64_VALUE[s.charCodeAt(n - 3)]! & 15) === 0;
  return (B64_VALUE[s.charCodeAt(n - 2)]! & 3) === 0;
}

/** Location of a value for error messages: `where.name`, `where.name[3]` or `where.name["key"]`. */
function loc(where: string, name: string, item: number | string | undefined): string {
  const at = `${where}.${name}`;
  if (item === undefined) return at;
  return typeof item === 'number' ? `${at}[${item}]` : `${at}[${JSON.stringify(item)}]`;
}

function canonicalBytes(v: unknown, where: string, name: string, item: number | string | undefined): string {
  if (typeof v !== 'string') throw new JsonShapeError(`${loc(where, name, item)}: expected base64 text, got ${JSON.stringify(v)}`);
  if (isCanonicalBase64(v)) return v;
  try {
    return toBase64(fromBase64(v));
  } catch (e) {
    throw new JsonShapeError(`${loc(where, name, item)}: ${(e as Error).message}`);
  }
}

const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;
/** int64 decimal text that is already canonical: optional minus, no leading zero, at most 18 digits. */
const I64_CANONICAL = /^(?:0|-?[1-9][0-9]{0,17})$/;
const NUMERIC = /^[+-]?(?:[0-9]*\.[0-9]+|[0-9]+\.?)(?:[eE][+-]?[0-9]+)?$/;

/**
 * The canonical JSON of a float or double: a number (a float rounded to single precision),
 * or "NaN", "Infinity", "-Infinity", "-0" (JSON text cannot keep the sign of zero).
 */
function canonicalFloating(v: unknown, single: boolean, where: string): Json {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (v === 'NaN' || v === 'Infinity' || v === '-Infinity') return v;
  else if (typeof v === 'string' && NUMERIC.test(v)) n = Number(v);
  else throw new JsonShapeError(`${where}: expected a number, got ${JSON.stringify(v)}`);
  if (single) n = Math.fround(n);
  if (n !== n) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0' : 0;
  return n;
}

function canonicalScalar(field: FieldPlan, v: unknown, where: string, item: number | string | undefined): Json {
  switch (field.kind) {
    case K_ENUM: {
      if (typeof v === 'string') {
        if (!field.enumNames.has(v)) throw new JsonShapeError(`${loc(where, field.name, item)}: ${JSON.stringify(v)} is not a value of ${field.enumName}`);
        return v;
      }
      let n: number;
      if (typeof v === 'number' && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647) n = v === 0 ? 0 : v;
      else n = Number(intValue(v, -(2n ** 31n), 2n ** 31n - 1n, loc(where, field.name, item)));
      return field.enumByNumber.get(n) ?? n;
    }
    case K_U64:
      if (typeof v === 'string') {
        if (U64_CANONICAL.test(v)) return v;
      } else if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return String(v);
      return intValue(v, 0n, U64_MAX, loc(where, field.name, item)).toString();
    case K_I64:
      if (typeof v === 'string') {
        if (I64_CANONICAL.test(v)) return v;
      } else if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v === 0 ? 0 : v);
      return intValue(v, I64_MIN, I64_MAX, loc(where, field.name, item)).toString();
    case K_U32:
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff) return v === 0 ? 0 : v;
      return Number(intValue(v, 0n, 0xffffffffn, loc(where, field.name, item)));
    case K_I32:
      if (typeof v === 'number' && Number.isInteger(v) && v >= -2147483648 && v <= 2147483647) return v === 0 ? 0 : v;
      return Number(intValue(v, -(2n ** 31n), 2n ** 31n - 1n, loc(where, field.name, item)));
    case K_FLOAT:
      return canonicalFloating(v, true, loc(where, field.name, item));
    case K_DOUBLE:
      return canonicalFloating(v, false, loc(where, field.name, item));
    case K_BOOL:
      if (typeof v !== 'boolean') throw new JsonShapeError(`${loc(where, field.name, item)}: expected a boolean, got ${JSON.stringify(v)}`);
      return v;
    case K_BYTES:
      return canonicalBytes(v, where, field.name, item);
    case K_STRING:
      if (typeof v !== 'string') throw new JsonShapeError(`${loc(where, field.name, item)}: expected a string, got ${JSON.stringify(v)}`);
      return v;
    default:
      throw new Error('not a scalar field');
  }
}

/**
 * True for the default of a field without presence, which proto3 does not write. A float or
 * double -0 counts as the default here: whether an encoder writes it is left open (PINT-float-zero).
 */
function isDefaultScalar(v: Json, field: FieldPlan): boolean {
  if (field.kind === K_ENUM) return v === field.enumZero || v === 0;
  // The text "0" is a value of a string field, not its default.
  if (field.kind === K_STRING || field.kind === K_BYTES) return v === '';
  return v === '0' || v === 0 || v === false || v === '' || v === '-0';
}

/** A map key as JSON writes it: the text of the key's value, range-checked and normalised. */
function canonicalMapKey(field: FieldPlan, k: string, where: string): string {
  switch (field.keyKind) {
    case K_STRING:
      return k;
    case K_BOOL:
      if (k !== 'true' && k !== 'false') throw new JsonShapeError(`${loc(where, field.name, k)}: not a bool map key`);
      return k;
    case K_U64:
      return U64_CANONICAL.test(k) ? k : intValue(k, 0n, U64_MAX, loc(where, field.name, k)).toString();
    case K_I64:
      return I64_CANONICAL.test(k) ? k : intValue(k, I64_MIN, I64_MAX, loc(where, field.name, k)).toString();
    case K_U32:
      return intValue(k, 0n, 0xffffffffn, loc(where, field.name, k)).toString();
    default:
      return intValue(k, -(2n ** 31n), 2n ** 31n - 1n, loc(where, field.name, k)).toString();
  }
}

function canonicalValue(schema: Schema, field: FieldPlan, v: unknown, where: string, item: number | string | undefined): Json {
  if (field.kind === K_MESSAGE) return canonical(schema, field.message, v, loc(where, field.name, item));
  return canonicalScalar(field, v, where, item);
}

/** Converts a JSON message (as written by us or by a testee) to canonical form; throws JsonShapeError. */
export function canonical(schema: Schema, type: string, value: unknown, where: string = type): JsonObject {
  if (!isObject(value)) throw new JsonShapeError(`${where}: expected an object, got ${JSON.stringify(value)}`);
  const { byName } = plan(schema, type);
  const keys = Object.keys(value);
  const present: FieldPlan[] = [];
  for (const key of keys) {
    const field = byName.get(key);
    if (!field) throw new JsonShapeError(`${where}: unknown field ${JSON.stringify(key)}`);
    present.push(field);
  }
  // Field-number order (insertion sort: messages have few fields).
  for (let i = 1; i < present.length; i++) {
    const f = present[i]!;
    let j = i - 1;
    while (j >= 0 && present[j]!.number > f.number) {
      present[j + 1] = present[j]!;
      j--;
    }
    present[j + 1] = f;
  }
  const out: JsonObject = {};
  let setOneofs: Map<string, string> | undefined;
  for (const field of present) {
    const raw = value[field.name];
    if (raw === undefined || raw === null) continue;
    if (field.oneof !== undefined) {
      setOneofs ??= new Map();
      const other = setOneofs.get(field.oneof);
      if (other) throw new JsonShapeError(`${loc(where, field.name, undefined)}: oneof ${field.oneof} already has ${other}`);
      setOneofs.set(field.oneof, field.name);
    }
    const kind = field.kind;
    if (kind === K_MAP) {
      if (!isObject(raw)) throw new JsonShapeError(`${loc(where, field.name, undefined)}: expected an object (map)`);
      const rawKeys = Object.keys(raw);
      if (rawKeys.length === 0) continue;
      const valuePlan = field.value!;
      const entries: [string, Json][] = [];
      for (const k of rawKeys) {
        const v = raw[k];
        if (v === undefined || v === null) throw new JsonShapeError(`${loc(where, field.name, k)}: a map value cannot be null`);
        entries.push([canonicalMapKey(field, k, where), canonicalValue(schema, valuePlan, v, where, k)]);
      }
      entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      const m: JsonObject = {};
      for (const [k, v] of entries) {
        if (k === '__proto__') setKey(m, k, v);
        else m[k] = v;
      }
      out[field.name] = m;
    } else if (field.repeated) {
      if (!Array.isArray(raw)) throw new JsonShapeError(`${loc(where, field.name, undefined)}: expected an array`);
      const n = raw.length;
      if (n === 0) continue;
      const items: Json[] = new Array<Json>(n);
      if (kind === K_MESSAGE) for (let i = 0; i < n; i++) items[i] = canonical(schema, field.message, raw[i], loc(where, field.name, i));
      else for (let i = 0; i < n; i++) items[i] = canonicalScalar(field, raw[i], where, i);
      out[field.name] = items;
    } else if (kind === K_MESSAGE) {
      out[field.name] = canonical(schema, field.message, raw, loc(where, field.name, undefined));
    } else {
      const v = canonicalScalar(field, raw, where, undefined);
      if (!field.presence && isDefaultScalar(v, field)) continue;
      out[field.name] = v;
    }
  }
  return out;
}

/** Canonical form of what a message decodes to after `b`'s bytes are appended to `a`'s (protobuf merge). */
export function merge(schema: Schema, type: string, a: JsonObject, b: JsonObject): JsonObject {
  const spec = schema.message(type);
  const out: JsonObject = { ...a };
  for (const field of spec.fields) {
    const bv = b[field.name];
    if (bv === undefined) continue;
    const av = out[field.name];
    const t = field.type;
    if (field.oneof) {
      for (const other of spec.fields) if (other.oneof === field.oneof && other.name !== field.name) delete out[other.name];
    }
    if (t.kind === 'map') {
      const m: JsonObject = {};
      for (const src of [av as JsonObject | undefined, bv as JsonObject]) for (const k of Object.keys(src ?? {})) setKey(m, k, src![k]);
      out[field.name] = m;
    } else if (field.repeated) out[field.name] = [...((av as Json[] | undefined) ?? []), ...(bv as Json[])];
    else if (t.kind === 'message' && av !== undefined) out[field.name] = merge(schema, t.message, av as JsonObject, bv as JsonObject);
    else out[field.name] = bv;
  }
  return canonical(schema, type, out);
}

/** JSON text with bigint support (uint64 values given as bigint become decimal strings). */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

function isPlainObject(v: object): boolean {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Structural equality of JSON values without serialising them. True only when the two would
 * also serialise to the same text (same key order, no undefined, no toJSON); any other case
 * answers false, and the caller compares the texts.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const ta = typeof a;
  if (ta !== typeof b) return false;
  if (ta === 'number') return false; // a !== b (NaN serialises as null: left to the text comparison)
  if (ta !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b) || !isPlainObject(a as object) || !isPlainObject(b as object)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/** Where two canonical JSON values first differ, or null when equal. */
export function firstDifference(expected: Json | undefined, actual: Json | undefined, path = '$'): string | null {
  if (sameJson(expected, actual) || stringify(expected) === stringify(actual)) return null;
  if (isObject(expected) && isObject(actual)) {
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    for (const k of keys) {
      const d = firstDifference(expected[k], actual[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  if (Array.isArray(expected) && Array.isArray(actual) && expected.length === actual.length) {
    for (let i = 0; i < expected.length; i++) {
      const d = firstDifference(expected[i], actual[i], `${path}[${i}]`);
      if (d) return d;
    }
  }
  return `${path}: expected ${stringify(expected) ?? 'absent'}, got ${stringify(actual) ?? 'absent'}`;
}
