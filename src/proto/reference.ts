/**
 * Reference codec for any proto3 schema (src/proto/model.ts), built on the wire helpers in
 * wire.ts. It encodes the way protoc does (ascending field numbers, packed repeated scalars
 * unless `[packed = false]`, defaults of fields without presence left out, map entries with
 * both key and value) and decodes with proto3 merge rules. The suite uses it to build inputs
 * and to read encoder output; it is not one of the implementations under test.
 */
import type { FieldSpec, FieldType, ScalarType, ValueType } from '../../specs/peer/format.ts';
import { canonical, setKey, type JsonObject } from './json.ts';
import { isPackableType, type Schema } from './model.ts';
import { WT, WireError, concatBytes, fromBase64, lenRecord, readRecords, readVarint, tag, toBase64, varint } from './wire.ts';

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** The wire type of one value of a scalar type. */
export function scalarWireType(scalar: ScalarType): number {
  switch (scalar) {
    case 'fixed32':
    case 'sfixed32':
    case 'float':
      return WT.I32;
    case 'fixed64':
    case 'sfixed64':
    case 'double':
      return WT.I64;
    case 'string':
    case 'bytes':
      return WT.LEN;
    default:
      return WT.VARINT;
  }
}

/** The wire type of one value of a field type (map entries and messages are length-delimited). */
export function valueWireType(t: FieldType): number {
  if (t.kind === 'scalar') return scalarWireType(t.scalar);
  if (t.kind === 'enum') return WT.VARINT;
  return WT.LEN;
}

/** The documented wire type of a (non-packed) field. */
export function expectedWireType(field: FieldSpec): number {
  return valueWireType(field.type);
}

/** True for fields that may appear packed: repeated scalars of a numeric type and enums. */
export function isPackable(field: FieldSpec): boolean {
  return field.repeated && isPackableType(field.type);
}

/** A float or double value given in JSON (number or special string) as a number. */
export function floatingValue(v: unknown): number {
  if (typeof v === 'number') return v;
  if (v === 'NaN') return NaN;
  if (v === 'Infinity') return Infinity;
  if (v === '-Infinity') return -Infinity;
  if (v === '-0') return -0;
  if (typeof v === 'string') return Number(v);
  throw new Error(`not a number: ${JSON.stringify(v)}`);
}

function enumNumber(schema: Schema, name: string, v: unknown): number {
  if (typeof v === 'number') return v;
  const found = schema.enum(name).values.find((x) => x.name === v);
  if (!found) throw new Error(`unknown enum name ${String(v)}`);
  return found.number;
}

function zigzag(n: bigint, bits: number): bigint {
  return BigInt.asUintN(bits, n >= 0n ? n << 1n : ((-n) << 1n) - 1n);
}

function unzigzag(v: bigint): bigint {
  return (v & 1n) === 0n ? v >> 1n : -((v + 1n) >> 1n);
}

function le(value: bigint, bytes: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(bytes * 8, value);
  for (let i = 0; i < bytes; i++) {
    out.push(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
}

function floatBytes(v: number, single: boolean): number[] {
  const b = new DataView(new ArrayBuffer(single ? 4 : 8));
  if (single) b.setFloat32(0, v, true);
  else b.setFloat64(0, v, true);
  return Array.from(new Uint8Array(b.buffer));
}

/** The bytes of one value without a tag (varint, fixed or length-prefixed payload). */
export function valueBytes(schema: Schema, t: ValueType, v: unknown): number[] {
  if (t.kind === 'enum') return varint(BigInt.asUintN(64, BigInt(enumNumber(schema, t.enum, v))));
  if (t.kind === 'message') {
    const body = encodeCanonical(schema, t.message, v as JsonObject);
    return [...varint(body.length), ...body];
  }
  switch (t.scalar) {
    case 'bool':
      return varint(v ? 1n : 0n);
    case 'int32':
    case 'int64':
    case 'uint32':
    case 'uint64':
      return varint(BigInt.asUintN(64, BigInt(v as string | number)));
    case 'sint32':
      return varint(zigzag(BigInt(v as number), 32));
    case 'sint64':
      return varint(zigzag(BigInt(v as string | number), 64));
    case 'fixed32':
    case 'sfixed32':
      return le(BigInt(v as number), 4);
    case 'fixed64':
    case 'sfixed64':
      return le(BigInt(v as string | number), 8);
    case 'float':
      return floatBytes(floatingValue(v), true);
    case 'double':
      return floatBytes(floatingValue(v), false);
    case 'string': {
      const b = utf8.encode(v as string);
      return [...varint(b.length), ...b];
    }
    case 'bytes': {
      const b = fromBase64(v as string);
      return [...varint(b.length), ...b];
    }
  }
}

/** One record: the tag and the value, whatever its value (defaults included). */
export function valueRecord(schema: Schema, number: number, t: ValueType, v: unknown): number[] {
  const value = t.kind === 'message' ? canonical(schema, t.message, v) : v;
  return [...tag(number, valueWireType(t)), ...valueBytes(schema, t, value)];
}

/** The default JSON value of a map key or value type, as a map entry without it decodes to. */
function defaultValue(schema: Schema, t: ValueType | ScalarType): unknown {
  if (typeof t === 'string') t = { kind: 'scalar', scalar: t };
  if (t.kind === 'message') return {};
  if (t.kind === 'enum') return schema.enum(t.enum).values.find((v) => v.number === 0)?.name ?? 0;
  switch (t.scalar) {
    case 'bool':
      return false;
    case 'string':
    case 'bytes':
      return '';
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return '0';
    default:
      return 0;
  }
}

/** A map key (JSON object key text) as the value of its key type. */
export function keyValue(key: ScalarType, k: string): unknown {
  if (key === 'bool') return k === 'true';
  if (key === 'string') return k;
  if (['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32'].includes(key)) return Number(k);
  return k;
}

/** The key record (field 1) and the value record (field 2) of a map entry. */
export function mapEntryParts(schema: Schema, t: Extract<FieldType, { kind: 'map' }>, k: string, v: unknown): { key: number[]; value: number[] } {
  return { key: valueRecord(schema, 1, { kind: 'scalar', scalar: t.key }, keyValue(t.key, k)), value: valueRecord(schema, 2, t.value, v) };
}

/** Encodes one map entry (key field 1, value field 2, both always written). */
export function mapEntry(schema: Schema, t: Extract<FieldType, { kind: 'map' }>, k: string, v: unknown): number[] {
  const { key, value } = mapEntryParts(schema, t, k, v);
  return [...key, ...value];
}

/** The payload of a packed record holding `items` of a numeric type. */
export function packedPayload(schema: Schema, t: ValueType, items: readonly unknown[]): number[] {
  return items.flatMap((x) => valueBytes(schema, t, x));
}

/** The default JSON value of a map key or value type (what a map entry without it decodes to). */
export function defaultJson(schema: Schema, t: ValueType | ScalarType): unknown {
  return defaultValue(schema, t);
}

/** Encodes one canonical (or canonicalizable) JSON message. */
export function encodeReference(schema: Schema, type: string, json: unknown): Uint8Array {
  return encodeCanonical(schema, type, canonical(schema, type, json));
}

function encodeCanonical(schema: Schema, type: string, msg: JsonObject): Uint8Array {
  const spec = schema.message(type);
  const parts: number[][] = [];
  for (const field of [...spec.fields].sort((a, b) => a.number - b.number)) {
    const v = msg[field.name];
    if (v === undefined) continue;
    const t = field.type;
    if (t.kind === 'map') {
      for (const [k, val] of Object.entries(v as JsonObject)) {
        parts.push(lenRecord(field.number, [...valueRecord(schema, 1, { kind: 'scalar', scalar: t.key }, keyValue(t.key, k)), ...tag(2, valueWireType(t.value)), ...valueBytes(schema, t.value, val)]));
      }
    } else if (field.repeated) {
      const items = v as unknown[];
      if (field.packed) parts.push(lenRecord(field.number, items.flatMap((x) => valueBytes(schema, t, x))));
      else for (const x of items) parts.push([...tag(field.number, valueWireType(t)), ...valueBytes(schema, t, x)]);
    } else {
      parts.push([...tag(field.number, valueWireType(t)), ...valueBytes(schema, t, v)]);
    }
  }
  return concatBytes(...parts);
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    throw new WireError('invalid UTF-8 in a string field');
  }
}

function floatOf(bits: bigint, single: boolean): unknown {
  const b = new DataView(new ArrayBuffer(8));
  if (single) b.setUint32(0, Number(bits), true);
  else b.setBigUint64(0, bits, true);
  const n = single ? b.getFloat32(0, true) : b.getFloat64(0, true);
  if (n !== n) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return Object.is(n, -0) ? '-0' : n;
}

/** The JSON value of one scalar or enum value read from the wire (integer or fixed value). */
function fromWire(schema: Schema, t: ValueType, v: bigint): unknown {
  if (t.kind === 'enum') {
    const n = Number(BigInt.asIntN(32, v));
    return schema.enum(t.enum).values.find((x) => x.number === n)?.name ?? n;
  }
  if (t.kind !== 'scalar') throw new Error('not a scalar');
  switch (t.scalar) {
    case 'uint64':
    case 'fixed64':
      return v.toString();
    case 'int64':
    case 'sfixed64':
      return BigInt.asIntN(64, v).toString();
    case 'sint64':
      return unzigzag(v).toString();
    case 'uint32':
    case 'fixed32':
      return Number(BigInt.asUintN(32, v));
    case 'int32':
    case 'sfixed32':
      return Number(BigInt.asIntN(32, v));
    case 'sint32':
      return Number(BigInt.asIntN(32, unzigzag(BigInt.asUintN(32, v))));
    case 'bool':
      return v !== 0n;
    case 'float':
      return floatOf(v, true);
    case 'double':
      return floatOf(v, false);
    default:
      throw new Error(`${t.scalar} is not a varint or fixed type`);
  }
}

/** Reads a packed run of values of a numeric type. */
function readPacked(schema: Schema, t: ValueType, payload: Uint8Array): unknown[] {
  const out: unknown[] = [];
  const wt = valueWireType(t);
  let pos = 0;
  while (pos < payload.length) {
    if (wt === WT.VARINT) {
      const r = readVarint(payload, pos);
      out.push(fromWire(schema, t, r.value));
      pos = r.next;
    } else {
      const size = wt === WT.I32 ? 4 : 8;
      if (pos + size > payload.length) throw new WireError(`packed run of ${size}-byte values has ${payload.length - pos} bytes left over`);
      let v = 0n;
      for (let i = size - 1; i >= 0; i--) v = (v << 8n) | BigInt(payload[pos + i]!);
      out.push(fromWire(schema, t, v));
      pos += size;
    }
  }
  return out;
}

/** The JSON value of one record's value, the record having the value type's wire type. */
function recordValue(schema: Schema, t: ValueType, value: bigint | Uint8Array, into?: Record<string, unknown>): unknown {
  if (t.kind === 'message') return decodeInto(schema, t.message, value as Uint8Array, into ?? {});
  if (t.kind === 'scalar' && t.scalar === 'string') return decodeUtf8(value as Uint8Array);
  if (t.kind === 'scalar' && t.scalar === 'bytes') return toBase64(value as Uint8Array);
  return fromWire(schema, t, value as bigint);
}

function decodeInto(schema: Schema, type: string, bytes: Uint8Array, into: Record<string, unknown>): Record<string, unknown> {
  const spec = schema.message(type);
  for (const r of readRecords(bytes)) {
    const field = schema.fieldByNumber(type, r.field);
    if (!field) continue; // unknown field: skipped
    const t = field.type;
    const wt = valueWireType(t);
    const packed = isPackable(field) && r.wireType === WT.LEN;
    if (r.wireType !== wt && !packed) continue; // wrong wire type: treated as unknown, as protobuf parsers do
    if (field.oneof) {
      for (const other of spec.fields) if (other.oneof === field.oneof && other.name !== field.name) delete into[other.name];
    }
    if (t.kind === 'map') {
      let key: unknown = defaultValue(schema, t.key);
      let value: unknown;
      const keyType: ValueType = { kind: 'scalar', scalar: t.key };
      for (const e of readRecords(r.value as Uint8Array)) {
        if (e.field === 1 && e.wireType === valueWireType(keyType)) key = recordValue(schema, keyType, e.value);
        else if (e.field === 2 && e.wireType === valueWireType(t.value)) value = recordValue(schema, t.value, e.value, value as Record<string, unknown> | undefined);
      }
      const m = (into[field.name] ??= {}) as Record<string, unknown>;
      setKey(m, String(key), value ?? defaultValue(schema, t.value));
    } else if (field.repeated) {
      const list = (into[field.name] ??= []) as unknown[];
      if (packed) list.push(...readPacked(schema, t, r.value as Uint8Array));
      else list.push(recordValue(schema, t, r.value));
    } else if (t.kind === 'message') {
      into[field.name] = recordValue(schema, t, r.value, into[field.name] as Record<string, unknown> | undefined);
    } else {
      into[field.name] = recordValue(schema, t, r.value);
    }
  }
  return into;
}

/** Decodes bytes to canonical JSON. Throws WireError for malformed or truncated input. */
export function decodeReference(schema: Schema, type: string, bytes: Uint8Array): JsonObject {
  return canonical(schema, type, decodeInto(schema, type, bytes, {}));
}
