/**
 * Reference codec for the peer message format, driven by the document's tables
 * (specs/peer/format.ts) and the wire helpers in wire.ts. It encodes the way protoc does
 * (ascending field numbers, packed repeated scalars, defaults left out, map entries with
 * both key and value) and decodes with proto3 merge rules. The suite uses it to build inputs
 * and to read encoder output; it is not one of the implementations under test.
 */
import { enumSpec, messageSpec, type FieldSpec } from '../../specs/peer/format.ts';
import { canonical, setKey, type JsonObject } from './json.ts';
import {
  WT,
  WireError,
  concatBytes,
  fromBase64,
  lenRecord,
  readPackedVarints,
  readRecords,
  toBase64,
  varint,
  varintRecord,
} from './wire.ts';

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

function enumNumber(field: FieldSpec, v: unknown): number {
  if (typeof v === 'number') return v;
  const spec = enumSpec((field.type as { enum: string }).enum);
  const found = spec.values.find((x) => x.name === v);
  if (!found) throw new Error(`unknown enum name ${String(v)}`);
  return found.number;
}

function scalarVarint(field: FieldSpec, v: unknown): bigint {
  const t = field.type;
  if (t.kind === 'enum') return BigInt.asUintN(64, BigInt(enumNumber(field, v)));
  if (t.kind === 'scalar' && t.scalar === 'bool') return v ? 1n : 0n;
  return BigInt.asUintN(64, BigInt(v as string | number));
}

/** The documented wire type of a (non-repeated) field. */
export function expectedWireType(field: FieldSpec): number {
  const t = field.type;
  if (t.kind === 'enum') return WT.VARINT;
  if (t.kind === 'scalar') return t.scalar === 'bytes' || t.scalar === 'string' ? WT.LEN : WT.VARINT;
  return WT.LEN;
}

/** True for fields that may appear packed: repeated scalars of varint type. */
export function isPackable(field: FieldSpec): boolean {
  return field.repeated && expectedWireType(field) === WT.VARINT;
}

/** Encodes one canonical (or canonicalizable) JSON message. */
export function encodeReference(type: string, json: unknown): Uint8Array {
  const msg = canonical(type, json);
  return encodeCanonical(type, msg);
}

function encodeCanonical(type: string, msg: JsonObject): Uint8Array {
  const spec = messageSpec(type);
  const parts: number[][] = [];
  for (const field of [...spec.fields].sort((a, b) => a.number - b.number)) {
    const v = msg[field.name];
    if (v === undefined) continue;
    const t = field.type;
    if (t.kind === 'map') {
      for (const [k, val] of Object.entries(v as JsonObject)) {
        parts.push(lenRecord(field.number, [...lenRecord(1, utf8.encode(k)), ...lenRecord(2, fromBase64(val as string))]));
      }
    } else if (t.kind === 'message') {
      const items = field.repeated ? (v as JsonObject[]) : [v as JsonObject];
      for (const item of items) parts.push(lenRecord(field.number, encodeCanonical(t.message, item)));
    } else if (field.repeated) {
      const items = v as unknown[];
      if (isPackable(field)) parts.push(lenRecord(field.number, items.flatMap((x) => varint(scalarVarint(field, x)))));
      else for (const x of items) parts.push(lenRecord(field.number, fromBase64(x as string)));
    } else if (expectedWireType(field) === WT.LEN) {
      parts.push(lenRecord(field.number, fromBase64(v as string)));
    } else {
      parts.push(varintRecord(field.number, scalarVarint(field, v)));
    }
  }
  return concatBytes(...parts);
}

function scalarFromVarint(field: FieldSpec, v: bigint): unknown {
  const t = field.type;
  if (t.kind === 'enum') {
    const n = Number(BigInt.asIntN(32, v));
    return enumSpec(t.enum).values.find((x) => x.number === n)?.name ?? n;
  }
  if (t.kind !== 'scalar') throw new Error('not a scalar');
  switch (t.scalar) {
    case 'uint64':
      return v.toString();
    case 'uint32':
      return Number(BigInt.asUintN(32, v));
    case 'int32':
      return Number(BigInt.asIntN(32, v));
    case 'bool':
      return v !== 0n;
    default:
      throw new Error(`${t.scalar} is not a varint type`);
  }
}

function decodeInto(type: string, bytes: Uint8Array, into: Record<string, unknown>): Record<string, unknown> {
  const spec = messageSpec(type);
  for (const r of readRecords(bytes)) {
    const field = spec.fields.find((f) => f.number === r.field);
    if (!field) continue; // unknown field: skipped
    const t = field.type;
    const wt = expectedWireType(field);
    const packed = isPackable(field) && r.wireType === WT.LEN;
    if (r.wireType !== wt && !packed) continue; // wrong wire type: treated as unknown, as protobuf parsers do
    if (field.oneof) {
      for (const other of spec.fields) if (other.oneof === field.oneof && other.name !== field.name) delete into[other.name];
    }
    const payload = r.value as Uint8Array;
    if (t.kind === 'map') {
      let key = '';
      let value = '';
      for (const e of readRecords(payload)) {
        if (e.field === 1 && e.wireType === WT.LEN) key = decodeUtf8(e.value as Uint8Array);
        else if (e.field === 2 && e.wireType === WT.LEN) value = toBase64(e.value as Uint8Array);
      }
      const m = (into[field.name] ??= {}) as Record<string, unknown>;
      setKey(m, key, value);
    } else if (t.kind === 'message') {
      if (field.repeated) ((into[field.name] ??= []) as unknown[]).push(decodeInto(t.message, payload, {}));
      else into[field.name] = decodeInto(t.message, payload, (into[field.name] as Record<string, unknown> | undefined) ?? {});
    } else if (field.repeated) {
      const list = (into[field.name] ??= []) as unknown[];
      if (packed) for (const v of readPackedVarints(payload)) list.push(scalarFromVarint(field, v));
      else if (wt === WT.VARINT) list.push(scalarFromVarint(field, r.value as bigint));
      else list.push(toBase64(payload));
    } else if (wt === WT.LEN) {
      into[field.name] = t.kind === 'scalar' && t.scalar === 'string' ? decodeUtf8(payload) : toBase64(payload);
    } else {
      into[field.name] = scalarFromVarint(field, r.value as bigint);
    }
  }
  return into;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8Strict.decode(bytes);
  } catch {
    throw new WireError('invalid UTF-8 in a string field');
  }
}

/** Decodes bytes to canonical JSON. Throws WireError for malformed or truncated input. */
export function decodeReference(type: string, bytes: Uint8Array): JsonObject {
  return canonical(type, decodeInto(type, bytes, {}));
}
