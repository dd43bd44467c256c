/**
 * fast-check arbitraries for every message of a schema, derived by reflection from its
 * protobufjs Root. Values are JSON in the testee protocol's form (PINT-json-mapping): 64-bit
 * integers as decimal strings over their full range, 32-bit integers as numbers, floats and
 * doubles as numbers or "NaN", "Infinity", "-Infinity", "-0" (edges weighted up), strings as
 * valid Unicode (so valid UTF-8), bytes as base64 of any content, maps with keys of any value of
 * their key type, `optional` fields present or absent, enums by name or, when asked, as unnamed
 * numbers.
 */
import fc from 'fast-check';
import protobuf from 'protobufjs';
import type { JsonObject } from './json.ts';
import { allMessageTypes, typeName } from './schema.ts';
import { toBase64 } from './wire.ts';

export interface ArbitraryOptions {
  /** Also generate enum numbers that have no name (proto3 open enums). Default false. */
  readonly unknownEnums?: boolean;
  /** Upper bound for repeated fields, maps and bytes lengths. Default 4 (bytes: 24). */
  readonly maxItems?: number;
}

export interface TypedMessage {
  readonly type: string;
  readonly json: JsonObject;
}

const U64_EDGES = [0n, 1n, 127n, 128n, 2n ** 31n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 2n, 2n ** 64n - 1n];

/** uint64 over 0..2^64-1 as a decimal string, biased to the edges where lossy readers fail. */
export const uint64Arb: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), weight: 3 },
    { arbitrary: fc.bigInt({ min: 0n, max: 2n ** 32n }), weight: 1 },
    { arbitrary: fc.constantFrom(...U64_EDGES), weight: 2 },
  )
  .map((b) => b.toString());

const uint32Arb = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 0xffffffff }), weight: 3 },
  { arbitrary: fc.constantFrom(0, 1, 127, 128, 2 ** 31, 0xffffffff), weight: 1 },
);
const int32Arb = fc.oneof(
  { arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), weight: 3 },
  { arbitrary: fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31)), weight: 1 },
);

const I64_EDGES = [0n, 1n, -1n, 127n, -128n, 2n ** 31n, -(2n ** 31n) - 1n, 2n ** 53n + 1n, -(2n ** 53n) - 1n, 2n ** 63n - 1n, -(2n ** 63n)];

/** int64 over -2^63..2^63-1 as a decimal string, biased to the edges. */
export const int64Arb: fc.Arbitrary<string> = fc
  .oneof(
    { arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), weight: 3 },
    { arbitrary: fc.bigInt({ min: -(2n ** 32n), max: 2n ** 32n }), weight: 1 },
    { arbitrary: fc.constantFrom(...I64_EDGES), weight: 2 },
  )
  .map((b) => b.toString());

/** A float or double in JSON: a number, or a string for NaN, the infinities and -0. */
function floatingJson(n: number): number | string {
  if (n !== n) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  if (Object.is(n, -0)) return '-0';
  return n;
}

const FLOAT_EDGES = [0, -0, NaN, Infinity, -Infinity, 1, -1, 2 ** -149, -(2 ** -149), 2 ** -126, 3.4028234663852886e38, -3.4028234663852886e38, 0.1, 16777217];
const DOUBLE_EDGES = [0, -0, NaN, Infinity, -Infinity, 1, -1, Number.MIN_VALUE, -Number.MIN_VALUE, 2.2250738585072014e-308, Number.MAX_VALUE, -Number.MAX_VALUE, 0.1, 2 ** 53 + 2];

/** float: any single-precision value (NaN, ±0, ±Infinity and subnormals included), as JSON. */
export const floatArb: fc.Arbitrary<number | string> = fc
  .oneof({ arbitrary: fc.float(), weight: 4 }, { arbitrary: fc.constantFrom(...FLOAT_EDGES.map(Math.fround)), weight: 1 })
  .map(floatingJson);

/** double: any double-precision value (NaN, ±0, ±Infinity and subnormals included), as JSON. */
export const doubleArb: fc.Arbitrary<number | string> = fc
  .oneof({ arbitrary: fc.double(), weight: 4 }, { arbitrary: fc.constantFrom(...DOUBLE_EDGES), weight: 1 })
  .map(floatingJson);

function bytesArb(max: number): fc.Arbitrary<string> {
  return fc.uint8Array({ maxLength: max }).map((b) => toBase64(b));
}

const SURROGATES = 0xe000 - 0xd800;

/**
 * One Unicode code point other than a surrogate: the same values (and shrinks) as fast-check's
 * `unit: 'binary'`, but its unmapper is arithmetic, where the built-in one fills a map of all
 * 1.1 million code points the first time a string is shrunk or biased toward a known string.
 */
export const binaryChar: fc.Arbitrary<string> = fc.nat({ max: 0x10ffff - SURROGATES }).map(
  (i) => String.fromCodePoint(i < 0xd800 ? i : i + SURROGATES),
  (s) => {
    if (typeof s !== 'string') throw new Error('not a string');
    const cp = s.codePointAt(0);
    if (cp === undefined || (cp >= 0xd800 && cp <= 0xdfff) || (cp > 0xffff ? 2 : 1) !== s.length) throw new Error('not one code point');
    return cp < 0xd800 ? cp : cp - SURROGATES;
  },
);

/** Map keys: any Unicode text (no lone surrogates, see PINT-string-keys), including "" and "__proto__". */
const keyArb = fc.oneof(
  { arbitrary: fc.string({ unit: binaryChar, maxLength: 6 }), weight: 4 },
  { arbitrary: fc.constantFrom('', 'key', '__proto__', 'constructor', 'é', '\u{1F600}', '0'), weight: 1 },
);

function enumArb(e: protobuf.Enum, unknown: boolean): fc.Arbitrary<string | number> {
  const names = fc.constantFrom(...Object.keys(e.values));
  if (!unknown) return names;
  const known = new Set(Object.values(e.values));
  const unnamed = fc
    .oneof(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 16 }))
    .filter((n) => !known.has(n));
  return fc.oneof({ arbitrary: names, weight: 2 }, { arbitrary: unnamed, weight: 1 });
}

/** Map keys of a key type, as JSON object keys. */
function mapKeyArb(keyType: string): fc.Arbitrary<string> {
  if (keyType === 'string') return keyArb;
  if (keyType === 'bool') return fc.constantFrom('true', 'false');
  return (scalarArb(keyType, 0) as fc.Arbitrary<string | number>).map(String);
}

function scalarArb(type: string, max: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'uint64':
    case 'fixed64':
      return uint64Arb;
    case 'int64':
    case 'sint64':
    case 'sfixed64':
      return int64Arb;
    case 'uint32':
    case 'fixed32':
      return uint32Arb;
    case 'int32':
    case 'sint32':
    case 'sfixed32':
      return int32Arb;
    case 'float':
      return floatArb;
    case 'double':
      return doubleArb;
    case 'bool':
      return fc.boolean();
    case 'bytes':
      return bytesArb(max * 6);
    case 'string':
      return keyArb;
    default:
      throw new Error(`no arbitrary for scalar type ${type}`);
  }
}

/** The plain fields and the oneof members of a message, as one object. */
function mergeParts(objs: JsonObject[]): JsonObject {
  const out: JsonObject = {};
  for (const o of objs) for (const k of Object.keys(o)) out[k] = o[k]!;
  return out;
}

/** The arbitraries of one field: its whole value, one element (or map value), and map keys. */
export interface FieldArbitraries {
  readonly value: fc.Arbitrary<unknown>;
  readonly single: fc.Arbitrary<unknown>;
  readonly key?: fc.Arbitrary<string>;
}

/**
 * Builds arbitraries for every message type of `root`; with `fields`, also records the
 * arbitraries of every field under `Type.field`.
 */
export function messageArbitraries(root: protobuf.Root, options: ArbitraryOptions = {}, fields?: Map<string, FieldArbitraries>): Map<string, fc.Arbitrary<JsonObject>> {
  const max = options.maxItems ?? 4;
  const unknown = options.unknownEnums ?? false;
  const cache = new Map<string, fc.Arbitrary<JsonObject>>();
  const building = new Set<string>();

  const valueArb = (field: protobuf.Field): fc.Arbitrary<unknown> => {
    field.resolve();
    let single: fc.Arbitrary<unknown>;
    // A message type that contains itself (directly or not) is generated empty where it recurses.
    if (field.resolvedType instanceof protobuf.Type) single = building.has(typeName(field.resolvedType)) ? fc.constant({}) : forType(field.resolvedType);
    else if (field.resolvedType instanceof protobuf.Enum) single = enumArb(field.resolvedType, unknown);
    else single = scalarArb(field.type, max);
    let value: fc.Arbitrary<unknown>;
    let key: fc.Arbitrary<string> | undefined;
    if (field instanceof protobuf.MapField) {
      key = mapKeyArb(field.keyType);
      value = fc.dictionary(key, single, { maxKeys: max, noNullPrototype: true });
    } else value = field.repeated ? fc.array(single, { maxLength: max }) : single;
    fields?.set(`${typeName(field.parent!)}.${field.name}`, { value, single, ...(key ? { key } : {}) });
    return value;
  };

  const forType = (t: protobuf.Type): fc.Arbitrary<JsonObject> => {
    const name = typeName(t);
    const hit = cache.get(name);
    if (hit) return hit;
    building.add(name);
    const plain: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of t.fieldsArray) if (!field.partOf) plain[field.name] = valueArb(field);
    const parts: fc.Arbitrary<JsonObject>[] = [fc.record(plain, { requiredKeys: [] }) as fc.Arbitrary<JsonObject>];
    for (const oneof of t.oneofsArray) {
      const members = oneof.fieldsArray.map((field) => valueArb(field).map((v) => ({ [field.name]: v }) as JsonObject));
      parts.push(fc.option(fc.oneof(...members), { nil: {} as JsonObject, freq: 4 }));
    }
    const arb = fc.tuple(...parts).map(mergeParts);
    building.delete(name);
    cache.set(name, arb);
    return arb;
  };

  for (const t of allMessageTypes(root)) forType(t);
  return cache;
}

/** Any message of any type, the root message (the envelope) weighted up since it nests the payload kinds. */
export function anyMessage(root: protobuf.Root, options: ArbitraryOptions & { rootMessage?: string } = {}): fc.Arbitrary<TypedMessage> {
  const arbs = messageArbitraries(root, options);
  const envelope = options.rootMessage ?? 'Common_Message';
  return fc.oneof(
    ...[...arbs].map(([type, arb]) => ({
      arbitrary: arb.map((json) => ({ type, json })),
      weight: type === envelope ? 8 : 1,
    })),
  );
}
