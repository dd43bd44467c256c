/**
 * The proto3 JSON mapping of the testee protocol (original field names, 64-bit integers as
 * decimal strings, bytes as base64, enums by name, maps as objects) converted to and from
 * protobufjs message objects, with one converter per reflected type built once.
 *
 * It follows protobufjs/ext/protojson (`fromJson`/`toJson`) in what it accepts, rejects and
 * writes, but walks precomputed field tables instead of reflecting on every call: no
 * `fullName`, `resolve()` or per-call name translation, and 64-bit values converted with plain
 * arithmetic rather than through Long's decimal routines. Encoding and decoding themselves stay
 * with protobufjs (`Type.encode`/`Type.decode`); this module only builds the plain objects
 * `Type.encode` reads and reads the messages `Type.decode` returns.
 */
import protobuf from 'protobufjs';

const util = protobuf.util;

// Value kinds.
const K_INT32 = 0; // int32, sint32, sfixed32
const K_UINT32 = 1; // uint32, fixed32
const K_INT64 = 2; // int64, sint64, sfixed64
const K_UINT64 = 3; // uint64, fixed64
const K_FLOAT = 4;
const K_DOUBLE = 5;
const K_BOOL = 6;
const K_STRING = 7;
const K_BYTES = 8;
const K_ENUM = 9;
const K_MESSAGE = 10;

const SCALAR_KINDS: Record<string, number> = {
  int32: K_INT32,
  sint32: K_INT32,
  sfixed32: K_INT32,
  uint32: K_UINT32,
  fixed32: K_UINT32,
  int64: K_INT64,
  sint64: K_INT64,
  sfixed64: K_INT64,
  uint64: K_UINT64,
  fixed64: K_UINT64,
  float: K_FLOAT,
  double: K_DOUBLE,
  bool: K_BOOL,
  string: K_STRING,
  bytes: K_BYTES,
};

/** A 64-bit value as protobufjs keeps it: a Long (or, without long.js, a number). */
interface LongLike {
  readonly low: number;
  readonly high: number;
  readonly unsigned?: boolean;
}

interface EnumConv {
  readonly fullName: string;
  readonly closed: boolean;
  /** Value names (and json_name aliases) to numbers. */
  readonly numberOf: ReadonlyMap<string, number>;
  /** Numbers to the name written in JSON. */
  readonly nameOf: ReadonlyMap<number, string>;
  /** The same names as JSON string literals. */
  readonly quotedNameOf: ReadonlyMap<number, string>;
}

interface FieldConv {
  /** The property of protobufjs objects and the JSON key written (the original proto name). */
  readonly name: string;
  /** The name as a JSON object key, with its colon. */
  readonly key: string;
  /** protobufjs's `fullName` of the field, for error messages. */
  readonly where: string;
  readonly kind: number;
  readonly repeated: boolean;
  readonly map: boolean;
  /** Map fields: kind of the key, and whether it is 64-bit. */
  readonly keyKind: number;
  readonly keyType: string;
  /** Index of the field's oneof in its message, or -1. */
  readonly oneof: number;
  readonly oneofName: string;
  /** Singular fields that are written even when they hold the default (oneof members, messages). */
  readonly presence: boolean;
  readonly enumConv: EnumConv | undefined;
  /** Message fields: the converter of the field's type (set once every type is built). */
  message: TypeConv | undefined;
}

export interface TypeConv {
  readonly type: protobuf.Type;
  readonly fullName: string;
  /** Fields in declaration order (the order protojson writes them in). */
  readonly fields: readonly FieldConv[];
  /** Every name a field may be given under in JSON: proto name, json name. */
  readonly byKey: ReadonlyMap<string, FieldConv>;
}

function invalid(where: string, value: unknown, what: string): Error {
  return new Error(`${where}: ${what}: ${JSON.stringify(value)}`);
}

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** Sets an own property, also for "__proto__". */
function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

// ---------------------------------------------------------------------------------------------
// Building the converters

function enumConv(e: protobuf.Enum, cache: Map<protobuf.Enum, EnumConv>): EnumConv {
  let c = cache.get(e);
  if (c) return c;
  const options = (e as unknown as { valuesOptions?: Record<string, Record<string, unknown> | undefined> }).valuesOptions;
  const jsonNameOf = (name: string): string | undefined => {
    const o = options && hasOwn(options, name) ? options[name] : undefined;
    const v = o && hasOwn(o, '(pb.enumvalue.json).string') ? o['(pb.enumvalue.json).string'] : undefined;
    return typeof v === 'string' ? v : undefined;
  };
  const numberOf = new Map<string, number>();
  for (const name of Object.keys(e.values)) numberOf.set(name, e.values[name]!);
  for (const name of Object.keys(e.values)) {
    const alias = jsonNameOf(name);
    if (alias !== undefined && !numberOf.has(alias)) numberOf.set(alias, e.values[name]!);
  }
  const nameOf = new Map<number, string>();
  for (const key of Object.keys(e.valuesById)) {
    const name = e.valuesById[Number(key)]!;
    nameOf.set(Number(key), jsonNameOf(name) ?? name);
  }
  const quotedNameOf = new Map<number, string>();
  for (const [n, name] of nameOf) quotedNameOf.set(n, JSON.stringify(name));
  const features = (e as unknown as { _features?: { enum_type?: string } })._features;
  c = { fullName: e.fullName, closed: features?.enum_type === 'CLOSED', numberOf, nameOf, quotedNameOf };
  cache.set(e, c);
  return c;
}

function kindOf(field: protobuf.Field, enums: Map<protobuf.Enum, EnumConv>): { kind: number; enumConv: EnumConv | undefined } {
  const rt = field.resolvedType;
  if (rt instanceof protobuf.Type) return { kind: K_MESSAGE, enumConv: undefined };
  if (rt instanceof protobuf.Enum) return { kind: K_ENUM, enumConv: enumConv(rt, enums) };
  const kind = SCALAR_KINDS[field.type];
  if (kind === undefined) throw new Error(`${field.fullName}: unsupported field type ${field.type}`);
  return { kind, enumConv: undefined };
}

/** Converters for every message type reachable from `root`, built once. */
export class ProtoJsonConverters {
  private readonly byType = new Map<protobuf.Type, TypeConv>();
  private readonly enums = new Map<protobuf.Enum, EnumConv>();

  constructor(root: protobuf.Root) {
    root.resolveAll();
    const visit = (ns: protobuf.NamespaceBase): void => {
      for (const nested of ns.nestedArray) {
        if (nested instanceof protobuf.Type) this.build(nested);
        if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) visit(nested as protobuf.NamespaceBase);
      }
    };
    visit(root);
    for (const conv of this.byType.values()) {
      for (const f of conv.fields) {
        if (f.kind !== K_MESSAGE) continue;
        const field = conv.type.fields[f.name]!;
        f.message = this.of(field.resolvedType as protobuf.Type);
      }
    }
  }

  /** The converter of a reflected type (built on first use for types outside the root's tree). */
  of(type: protobuf.Type): TypeConv {
    return this.byType.get(type) ?? this.build(type);
  }

  private build(type: protobuf.Type): TypeConv {
    const known = this.byType.get(type);
    if (known) return known;
    const oneofs = type.oneofsArray;
    const fields: FieldConv[] = [];
    const byKey = new Map<string, FieldConv>();
    for (const field of type.fieldsArray) {
      field.resolve();
      const { kind, enumConv: ec } = kindOf(field, this.enums);
      const isMap = field instanceof protobuf.MapField;
      const keyType = isMap ? (field as protobuf.MapField).keyType : '';
      const partOf = field.partOf;
      const f: FieldConv = {
        name: field.name,
        key: `${JSON.stringify(field.name)}:`,
        where: field.fullName,
        kind,
        repeated: field.repeated && !isMap,
        map: isMap,
        keyKind: isMap ? SCALAR_KINDS[keyType]! : -1,
        keyType,
        oneof: partOf ? oneofs.indexOf(partOf) : -1,
        oneofName: partOf ? partOf.name : '',
        presence: kind === K_MESSAGE || (field as unknown as { hasPresence: boolean }).hasPresence,
        enumConv: ec,
        message: undefined,
      };
      fields.push(f);
      const protoName = (field as unknown as { protoName?: string }).protoName;
      for (const key of [field.name, field.jsonName, protoName]) if (key !== undefined && !byKey.has(key)) byKey.set(key, f);
    }
    const conv: TypeConv = { type, fullName: type.fullName, fields, byKey };
    this.byType.set(type, conv);
    // Message fields of types built later are linked by the constructor; link what is known now.
    for (const f of fields) {
      if (f.kind === K_MESSAGE) {
        const sub = type.fields[f.name]!.resolvedType as protobuf.Type;
        f.message = this.byType.get(sub) ?? (sub === type ? conv : undefined);
      }
    }
    return conv;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON -> protobufjs

const INT_RANGES: Record<number, readonly [bigint, bigint]> = {
  [K_INT32]: [-(2n ** 31n), 2n ** 31n - 1n],
  [K_UINT32]: [0n, 2n ** 32n - 1n],
  [K_INT64]: [-(2n ** 63n), 2n ** 63n - 1n],
  [K_UINT64]: [0n, 2n ** 64n - 1n],
};
const KIND_NAMES: Record<number, string> = { [K_INT32]: 'int32', [K_UINT32]: 'uint32', [K_INT64]: 'int64', [K_UINT64]: 'uint64' };

const NUMERIC_RE = /^[+-]?(?:[0-9]*\.[0-9]+|[0-9]+\.?)(?:[eE][+-]?[0-9]+)?$/;
const INTEGER_RE = /^[+-]?[0-9]+$/;
const EDGE_SPACE_RE = /^\s|\s$/;

function numberToIntString(num: number): string {
  return num >= -9007199254740991 && num <= 9007199254740991 ? String(num) : num.toFixed(0);
}

/** protojson's integer reading: a normalised, range-checked decimal string (the slow, general path). */
function integerString(value: unknown, kind: number, where: string): string {
  let str: string;
  if (typeof value === 'number') {
    if (!isFinite(value) || Math.floor(value) !== value) throw invalid(where, value, 'not an integer');
    str = numberToIntString(value);
  } else if (typeof value === 'string') {
    if (value.length === 0 || EDGE_SPACE_RE.test(value)) throw invalid(where, value, 'invalid integer');
    if (INTEGER_RE.test(value)) str = value;
    else if (NUMERIC_RE.test(value)) {
      const num = Number(value);
      if (!isFinite(num) || Math.floor(num) !== num) throw invalid(where, value, 'not an integer');
      str = numberToIntString(num);
    } else throw invalid(where, value, 'invalid integer');
  } else throw invalid(where, value, 'expected integer (number or string)');
  str = str.replace(/^\+/, '').replace(/^(-?)0+(?=\d)/, '$1');
  if (str === '-0') str = '0';
  if (str.length > 20) throw new Error(`${where}: out of range for ${KIND_NAMES[kind]!}`);
  const range = INT_RANGES[kind]!;
  const big = BigInt(str);
  if (big < range[0] || big > range[1]) throw invalid(where, value, `out of range for ${KIND_NAMES[kind]!}`);
  return str;
}

const TWO_32 = 4294967296;
const U64_DIGITS = /^[0-9]{1,20}$/;

/**
 * A uint64 in decimal digits (no sign, up to 20 digits) as 32-bit halves with exact double
 * arithmetic; undefined when the value is 2^64 or more.
 */
function u64Halves(s: string): LongLike | undefined {
  const n = s.length;
  if (n <= 15) {
    const v = Number(s);
    return { low: v % TWO_32 | 0, high: Math.floor(v / TWO_32) | 0 };
  }
  // s = a * 1e8 + b, a < 1e12 < 2^40 split as a1 * 2^20 + a0.
  const a = Number(s.slice(0, n - 8));
  const b = Number(s.slice(n - 8));
  const a1 = Math.floor(a / 1048576);
  const a0 = a - a1 * 1048576;
  const t = a1 * 1e8; // < 2^47; a1 * 1e8 * 2^20 = floor(t / 4096) * 2^32 + (t % 4096) * 2^20
  const lowSum = (t % 4096) * 1048576 + a0 * 1e8 + b; // < 2^53
  const carry = Math.floor(lowSum / TWO_32);
  const high = Math.floor(t / 4096) + carry;
  if (high >= TWO_32) return undefined;
  return { low: (lowSum - carry * TWO_32) | 0, high: high | 0 };
}

function longOf(low: number, high: number, unsigned: boolean): unknown {
  const L = util.Long as unknown as { fromBits(low: number, high: number, unsigned: boolean): unknown } | undefined;
  if (L) return L.fromBits(low, high, unsigned);
  return unsigned ? (high >>> 0) * TWO_32 + (low >>> 0) : high * TWO_32 + (low >>> 0);
}

function readLongSlow(value: unknown, kind: number, where: string): unknown {
  const str = integerString(value, kind, where);
  const L = util.Long as unknown as { fromString(s: string, unsigned: boolean): unknown } | undefined;
  return L ? L.fromString(str, kind === K_UINT64) : parseInt(str, 10);
}

function readUint64(value: unknown, where: string): unknown {
  if (typeof value === 'string') {
    if (U64_DIGITS.test(value)) {
      if (value.length <= 15) return Number(value);
      const h = u64Halves(value);
      if (h) return longOf(h.low, h.high, true);
    }
  } else if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value === 0 ? 0 : value;
  return readLongSlow(value, K_UINT64, where);
}

const MAX_FLOAT = 3.4028234663852886e38;

function readFloat(value: unknown, isFloat: boolean, where: string): number {
  let num: number;
  if (typeof value === 'number') {
    if (!isFinite(value)) throw invalid(where, value, 'number out of range');
    num = value;
  } else if (value === 'NaN') return NaN;
  else if (value === 'Infinity') return Infinity;
  else if (value === '-Infinity') return -Infinity;
  else if (typeof value === 'string') {
    if (value.length === 0 || EDGE_SPACE_RE.test(value) || !NUMERIC_RE.test(value)) throw invalid(where, value, 'invalid number');
    num = Number(value);
    if (!isFinite(num)) throw invalid(where, value, 'invalid number');
  } else throw invalid(where, value, 'expected number');
  if (isFloat && Math.abs(num) > MAX_FLOAT) throw invalid(where, value, 'out of range for float');
  return num;
}

/** A lone surrogate (a paired one is a single code point under the u flag). */
const LONE_SURROGATE = /\p{Cs}/u;

function checkUtf16(value: string, where: string): void {
  if (!LONE_SURROGATE.test(value)) return;
  for (let i = 0; i < value.length; ++i) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) throw invalid(where, value, 'unpaired high surrogate');
      ++i;
    } else if (c >= 0xdc00 && c <= 0xdfff) throw invalid(where, value, 'unpaired low surrogate');
  }
}

/** Padded standard base64, which Buffer decodes exactly as protobufjs's base64 decoder does. */
const B64_PADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function readBytes(value: unknown, where: string): Uint8Array {
  if (typeof value !== 'string') throw invalid(where, value, 'expected base64 string');
  if (B64_PADDED.test(value)) return Buffer.from(value, 'base64');
  // URL-safe, unpadded or malformed: protojson's route through protobufjs's own decoder.
  let s = value.replace(/-/g, '+').replace(/_/g, '/');
  while (s.length % 4) s += '=';
  const buffer = util.newBuffer(util.base64.length(s)) as Uint8Array;
  util.base64.decode(s, buffer, 0);
  return buffer;
}

function readEnum(e: EnumConv, value: unknown, where: string): number {
  if (typeof value === 'string') {
    const n = e.numberOf.get(value);
    if (n === undefined) throw invalid(where, value, 'unknown enum value');
    return n;
  }
  if (typeof value === 'number') {
    if ((value | 0) !== value) throw invalid(where, value, 'invalid enum number');
    if (e.closed && !e.nameOf.has(value)) throw invalid(where, value, 'unknown enum value');
    return value;
  }
  throw invalid(where, value, 'expected enum string or number');
}

function readSingular(f: FieldConv, value: unknown, depth: number): unknown {
  switch (f.kind) {
    case K_UINT64:
      return readUint64(value, f.where);
    case K_UINT32:
      if (typeof value === 'number' && value >= 0 && value <= 0xffffffff && Math.floor(value) === value) return value === 0 ? 0 : value;
      return Number(integerString(value, K_UINT32, f.where));
    case K_INT32:
      if (typeof value === 'number' && value >= -2147483648 && value <= 2147483647 && Math.floor(value) === value) return value === 0 ? 0 : value;
      return Number(integerString(value, K_INT32, f.where));
    case K_INT64:
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value === 0 ? 0 : value;
      return readLongSlow(value, K_INT64, f.where);
    case K_BOOL:
      if (typeof value !== 'boolean') throw invalid(f.where, value, 'expected boolean');
      return value;
    case K_STRING:
      if (typeof value !== 'string') throw invalid(f.where, value, 'expected string');
      checkUtf16(value, f.where);
      return value;
    case K_BYTES:
      return readBytes(value, f.where);
    case K_ENUM:
      return readEnum(f.enumConv!, value, f.where);
    case K_MESSAGE:
      return readMessage(f.message!, value, depth + 1);
    case K_FLOAT:
      return readFloat(value, true, f.where);
    default:
      return readFloat(value, false, f.where);
  }
}

function mapKey(f: FieldConv, key: string): string {
  switch (f.keyKind) {
    case K_STRING:
      checkUtf16(key, f.where);
      return key;
    case K_BOOL:
      if (key !== 'true' && key !== 'false') throw invalid(f.where, key, 'invalid bool map key');
      return key;
    default: {
      const unsigned = f.keyKind === K_UINT32 || f.keyKind === K_UINT64;
      if (!(unsigned ? /^[0-9]+$/ : /^-?[0-9]+$/).test(key)) throw invalid(f.where, key, `invalid ${f.keyType} map key`);
      let k = key.replace(/^(-?)0+(?=\d)/, '$1');
      if (k === '-0') k = '0';
      if (k.length > 20) throw new Error(`${f.where}: out of range for ${f.keyType} map key`);
      const big = BigInt(k);
      const range = INT_RANGES[f.keyKind]!;
      if (big < range[0] || big > range[1]) throw invalid(f.where, k, `out of range for ${f.keyType} map key`);
      return big.toString();
    }
  }
}

/** A default that proto3 does not write for a field without presence. */
function isImplicitDefault(f: FieldConv, v: unknown): boolean {
  switch (f.kind) {
    case K_BOOL:
      return v === false;
    case K_STRING:
      return v === '';
    case K_BYTES:
      return (v as Uint8Array).length === 0;
    case K_UINT64:
    case K_INT64:
      return typeof v === 'number' ? v === 0 : ((v as LongLike).low | (v as LongLike).high) === 0;
    default:
      return v === 0;
  }
}

function readMessage(conv: TypeConv, value: unknown, depth: number): Record<string, unknown> {
  if (depth > util.recursionLimit) throw new Error('max depth exceeded');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(conv.fullName, value, 'expected object');
  const json = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let oneofsSeen = 0;
  for (const key of Object.keys(json)) {
    const f = conv.byKey.get(key);
    if (f === undefined) throw invalid(conv.fullName, key, 'unknown field');
    // The same field under two of its names.
    if (key !== f.name ? hasOwn(json, f.name) || hasOwn(out, f.name) : false) throw invalid(conv.fullName, key, 'duplicate field');
    const fv = json[key];
    if (fv === null) continue;
    let v: unknown;
    if (f.map) {
      if (typeof fv !== 'object' || Array.isArray(fv)) throw invalid(f.where, fv, 'expected object for map');
      const src = fv as Record<string, unknown>;
      const m: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const k of Object.keys(src)) {
        const mk = f.keyKind === K_STRING ? (checkUtf16(k, f.where), k) : mapKey(f, k);
        if (mk !== k && hasOwn(m, mk)) throw invalid(f.where, k, 'duplicate map key');
        m[mk] = readSingular(f, src[k], depth);
      }
      v = m;
    } else if (f.repeated) {
      if (!Array.isArray(fv)) throw invalid(f.where, fv, 'expected array');
      const n = fv.length;
      const arr = new Array<unknown>(n);
      for (let i = 0; i < n; ++i) {
        const el: unknown = fv[i];
        if (el === null) throw invalid(f.where, null, 'null element');
        arr[i] = readSingular(f, el, depth);
      }
      v = arr;
    } else {
      v = readSingular(f, fv, depth);
    }
    if (f.oneof >= 0) {
      const bit = 1 << f.oneof;
      if (oneofsSeen & bit) throw new Error(`${conv.fullName}: multiple values for oneof ${f.oneofName}`);
      oneofsSeen |= bit;
    }
    if (!f.presence && !f.map && !f.repeated && isImplicitDefault(f, v)) continue;
    out[f.name] = v;
  }
  return out;
}

/**
 * A plain object for `Type.encode` from the message's JSON (proto3 JSON mapping, proto or json
 * field names); throws on JSON that protojson's `fromJson` would refuse.
 */
export function fromProtoJson(conv: TypeConv, json: unknown): Record<string, unknown> {
  return readMessage(conv, json, 0);
}

// ---------------------------------------------------------------------------------------------
// protobufjs -> JSON

/** Decimal text of an unsigned 64-bit value given as 32-bit halves. */
export function u64String(low: number, high: number): string {
  const h = high >>> 0;
  const l = low >>> 0;
  if (h < 0x200000) return String(h * TWO_32 + l);
  // Long division by 1e8 over 16-bit limbs: every intermediate stays below 2^53.
  let cur = h >>> 16;
  let q = Math.floor(cur / 1e8);
  let r = cur - q * 1e8;
  cur = r * 65536 + (h & 0xffff);
  let d = Math.floor(cur / 1e8);
  q = q * 65536 + d;
  r = cur - d * 1e8;
  cur = r * 65536 + (l >>> 16);
  d = Math.floor(cur / 1e8);
  q = q * 65536 + d;
  r = cur - d * 1e8;
  cur = r * 65536 + (l & 0xffff);
  d = Math.floor(cur / 1e8);
  q = q * 65536 + d;
  r = cur - d * 1e8;
  const tail = String(r);
  return String(q) + '00000000'.slice(tail.length) + tail;
}

function writeLong(v: unknown, unsigned: boolean): string {
  if (v == null) return '0';
  if (typeof v === 'number') return String(v);
  if (unsigned) return u64String((v as LongLike).low, (v as LongLike).high);
  return String(v);
}

function base64Of(v: Uint8Array): string {
  if (v.length === 0) return '';
  return (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)).toString('base64');
}

function writeSingular(f: FieldConv, v: unknown, depth: number): unknown {
  switch (f.kind) {
    case K_UINT64:
      return writeLong(v, true);
    case K_INT64:
      return writeLong(v, false);
    case K_BYTES:
      return v == null ? '' : base64Of(v as Uint8Array);
    case K_ENUM:
      return f.enumConv!.nameOf.get(v as number) ?? v;
    case K_MESSAGE:
      return writeMessage(f.message!, v as Record<string, unknown>, depth + 1);
    case K_FLOAT:
    case K_DOUBLE:
      return typeof v === 'number' && !isFinite(v) ? String(v) : v;
    default:
      return v;
  }
}

function writeMapKey(f: FieldConv, key: string): string {
  if (f.keyKind !== K_INT64 && f.keyKind !== K_UINT64) return key;
  return String(util.longFromKey(key, f.keyKind === K_UINT64));
}

function writeMessage(conv: TypeConv, message: Record<string, unknown>, depth: number): Record<string, unknown> {
  if (depth > util.recursionLimit) throw new Error('max depth exceeded');
  const out: Record<string, unknown> = {};
  const fields = conv.fields;
  for (let i = 0; i < fields.length; ++i) {
    const f = fields[i]!;
    const value = message[f.name];
    if (value == null) continue;
    if (f.map) {
      const src = value as Record<string, unknown>;
      const keys = Object.keys(src);
      if (keys.length === 0) continue;
      const m: Record<string, unknown> = {};
      for (const k of keys) setOwn(m, writeMapKey(f, k), writeSingular(f, src[k], depth));
      out[f.name] = m;
    } else if (f.repeated) {
      const src = value as unknown[];
      const n = src.length;
      if (n === 0) continue;
      const arr = new Array<unknown>(n);
      for (let j = 0; j < n; ++j) arr[j] = writeSingular(f, src[j], depth);
      out[f.name] = arr;
    } else {
      if (!hasOwn(message, f.name) || (!f.presence && isImplicitDefault(f, value))) continue;
      out[f.name] = writeSingular(f, value, depth);
    }
  }
  return out;
}

/**
 * The JSON of a protobufjs message (or plain object) with the original field names: what
 * protojson's `toJson` writes, keyed by proto names instead of lowerCamelCase json names.
 */
export function toProtoJson(conv: TypeConv, message: object): Record<string, unknown> {
  return writeMessage(conv, message as Record<string, unknown>, 0);
}

// ---------------------------------------------------------------------------------------------
// protobufjs -> JSON text

function singularText(f: FieldConv, v: unknown, depth: number): string {
  switch (f.kind) {
    case K_UINT64:
      return `"${writeLong(v, true)}"`;
    case K_INT64:
      return `"${writeLong(v, false)}"`;
    case K_BYTES:
      return v == null ? '""' : `"${base64Of(v as Uint8Array)}"`;
    case K_ENUM:
      return f.enumConv!.quotedNameOf.get(v as number) ?? String(v);
    case K_MESSAGE:
      return messageText(f.message!, v as Record<string, unknown>, depth + 1);
    case K_STRING:
      return JSON.stringify(v);
    case K_FLOAT:
    case K_DOUBLE:
      // JSON.stringify writes -0 as 0; -0 is valid JSON and keeps the sign.
      if (typeof v === 'number' && Object.is(v, -0)) return '-0';
      return typeof v === 'number' && !isFinite(v) ? `"${String(v)}"` : JSON.stringify(v);
    case K_BOOL:
      return v ? 'true' : 'false';
    default:
      return typeof v === 'number' ? String(v) : JSON.stringify(v);
  }
}

function messageText(conv: TypeConv, message: Record<string, unknown>, depth: number): string {
  if (depth > util.recursionLimit) throw new Error('max depth exceeded');
  let out = '';
  const fields = conv.fields;
  for (let i = 0; i < fields.length; ++i) {
    const f = fields[i]!;
    const value = message[f.name];
    if (value == null) continue;
    let text: string;
    if (f.map) {
      const src = value as Record<string, unknown>;
      const keys = Object.keys(src);
      if (keys.length === 0) continue;
      text = '';
      for (const k of keys) text += `${text.length === 0 ? '{' : ','}${JSON.stringify(writeMapKey(f, k))}:${singularText(f, src[k], depth)}`;
      text += '}';
    } else if (f.repeated) {
      const src = value as unknown[];
      const n = src.length;
      if (n === 0) continue;
      text = '[';
      for (let j = 0; j < n; ++j) text += (j === 0 ? '' : ',') + singularText(f, src[j], depth);
      text += ']';
    } else {
      if (!hasOwn(message, f.name) || (!f.presence && isImplicitDefault(f, value))) continue;
      text = singularText(f, value, depth);
    }
    out += (out.length === 0 ? '{' : ',') + f.key + text;
  }
  return out.length === 0 ? '{}' : `${out}}`;
}

/** JSON.stringify(toProtoJson(conv, message)), written directly. */
export function toProtoJsonText(conv: TypeConv, message: object): string {
  return messageText(conv, message as Record<string, unknown>, 0);
}
