/**
 * The JSON form of peer messages used by the testee protocol (PINT-json-mapping) and the
 * canonical form the suite compares: keys in field-number order, defaults left out (oneof
 * members kept), uint64 as decimal strings, bytes as padded standard base64, enums by name
 * (unnamed numbers as numbers), map keys sorted.
 */
import { enumSpec, messageSpec, type FieldSpec } from '../../specs/peer/format.ts';
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

function intValue(v: unknown, min: bigint, max: bigint, where: string): bigint {
  let b: bigint;
  if (typeof v === 'number' && Number.isInteger(v)) b = BigInt(v);
  else if (typeof v === 'string' && /^-?\d+$/.test(v)) b = BigInt(v);
  else if (typeof v === 'bigint') b = v;
  else throw new JsonShapeError(`${where}: expected an integer, got ${JSON.stringify(v)}`);
  if (b < min || b > max) throw new JsonShapeError(`${where}: ${b} is out of range`);
  return b;
}

function canonicalScalar(field: FieldSpec, v: unknown, where: string): Json {
  const t = field.type;
  if (t.kind === 'enum') {
    const spec = enumSpec(t.enum);
    if (typeof v === 'string') {
      const known = spec.values.find((x) => x.name === v);
      if (!known) throw new JsonShapeError(`${where}: ${JSON.stringify(v)} is not a value of ${t.enum}`);
      return known.name;
    }
    const n = Number(intValue(v, -(2n ** 31n), 2n ** 31n - 1n, where));
    return spec.values.find((x) => x.number === n)?.name ?? n;
  }
  if (t.kind !== 'scalar') throw new Error('not a scalar field');
  switch (t.scalar) {
    case 'uint64':
      return intValue(v, 0n, U64_MAX, where).toString();
    case 'uint32':
      return Number(intValue(v, 0n, 0xffffffffn, where));
    case 'int32':
      return Number(intValue(v, -(2n ** 31n), 2n ** 31n - 1n, where));
    case 'bool':
      if (typeof v !== 'boolean') throw new JsonShapeError(`${where}: expected a boolean, got ${JSON.stringify(v)}`);
      return v;
    case 'bytes':
      if (typeof v !== 'string') throw new JsonShapeError(`${where}: expected base64 text, got ${JSON.stringify(v)}`);
      try {
        return toBase64(fromBase64(v));
      } catch (e) {
        throw new JsonShapeError(`${where}: ${(e as Error).message}`);
      }
    case 'string':
      if (typeof v !== 'string') throw new JsonShapeError(`${where}: expected a string, got ${JSON.stringify(v)}`);
      return v;
  }
}

function isDefaultScalar(v: Json, field: FieldSpec): boolean {
  if (field.type.kind === 'enum') return v === enumSpec(field.type.enum).values.find((x) => x.number === 0)?.name || v === 0;
  return v === '0' || v === 0 || v === false || v === '';
}

const layouts = new Map<string, { sorted: FieldSpec[]; names: Set<string> }>();
function layout(type: string): { sorted: FieldSpec[]; names: Set<string> } {
  let l = layouts.get(type);
  if (!l) {
    const spec = messageSpec(type);
    l = { sorted: [...spec.fields].sort((a, b) => a.number - b.number), names: new Set(spec.fields.map((f) => f.name)) };
    layouts.set(type, l);
  }
  return l;
}

/** Converts a JSON message (as written by us or by a testee) to canonical form; throws JsonShapeError. */
export function canonical(type: string, value: unknown, where: string = type): JsonObject {
  if (!isObject(value)) throw new JsonShapeError(`${where}: expected an object, got ${JSON.stringify(value)}`);
  const { sorted, names } = layout(type);
  for (const key of Object.keys(value)) {
    if (!names.has(key)) throw new JsonShapeError(`${where}: unknown field ${JSON.stringify(key)}`);
  }
  const out: JsonObject = {};
  const setOneofs = new Map<string, string>();
  for (const field of sorted) {
    const raw = value[field.name];
    if (raw === undefined || raw === null) continue;
    const at = `${where}.${field.name}`;
    const t = field.type;
    if (field.oneof) {
      const other = setOneofs.get(field.oneof);
      if (other) throw new JsonShapeError(`${at}: oneof ${field.oneof} already has ${other}`);
      setOneofs.set(field.oneof, field.name);
    }
    if (t.kind === 'map') {
      if (!isObject(raw)) throw new JsonShapeError(`${at}: expected an object (map)`);
      const keys = Object.keys(raw).sort();
      if (keys.length === 0) continue;
      const m: JsonObject = {};
      for (const k of keys) {
        const bytes = raw[k];
        if (typeof bytes !== 'string') throw new JsonShapeError(`${at}[${JSON.stringify(k)}]: expected base64 text`);
        setKey(m, k, canonicalScalar({ ...field, type: { kind: 'scalar', scalar: 'bytes' } }, bytes, `${at}[${JSON.stringify(k)}]`));
      }
      out[field.name] = m;
    } else if (field.repeated) {
      if (!Array.isArray(raw)) throw new JsonShapeError(`${at}: expected an array`);
      if (raw.length === 0) continue;
      out[field.name] = raw.map((item, i) =>
        t.kind === 'message' ? canonical(t.message, item, `${at}[${i}]`) : canonicalScalar(field, item, `${at}[${i}]`),
      );
    } else if (t.kind === 'message') {
      out[field.name] = canonical(t.message, raw, at);
    } else {
      const v = canonicalScalar(field, raw, at);
      if (!field.oneof && isDefaultScalar(v, field)) continue;
      out[field.name] = v;
    }
  }
  return out;
}

/** Canonical form of what a message decodes to after `b`'s bytes are appended to `a`'s (protobuf merge). */
export function merge(type: string, a: JsonObject, b: JsonObject): JsonObject {
  const spec = messageSpec(type);
  const out: JsonObject = { ...a };
  for (const field of spec.fields) {
    const bv = b[field.name];
    if (bv === undefined) continue;
    const av = out[field.name];
    const t = field.type;
    if (field.oneof) {
      for (const other of spec.fields) if (other.oneof === field.oneof && other.name !== field.name) delete out[other.name];
    }
    if (t.kind === 'map') out[field.name] = { ...(av as JsonObject | undefined), ...(bv as JsonObject) };
    else if (field.repeated) out[field.name] = [...((av as Json[] | undefined) ?? []), ...(bv as Json[])];
    else if (t.kind === 'message' && av !== undefined) out[field.name] = merge(t.message, av as JsonObject, bv as JsonObject);
    else out[field.name] = bv;
  }
  return canonical(type, out);
}

/** JSON text with bigint support (uint64 values given as bigint become decimal strings). */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

/** Where two canonical JSON values first differ, or null when equal. */
export function firstDifference(expected: Json | undefined, actual: Json | undefined, path = '$'): string | null {
  if (stringify(expected) === stringify(actual)) return null;
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
