/**
 * The properties of the suite. Each one is tied to a requirement id (specs/peer/requirements.ts)
 * and checks one value drawn by fast-check through the testee operations, over the messages of
 * the run's schema (the documented format or a `--schema` file). A check throws
 * Failure (the property does not hold for this value) or Skip (the testee declined); a
 * TesteeError (crash, hang, garbage) passes through and stops the property.
 */
import fc from 'fast-check';
import type { FieldSpec, ValueType } from '../../specs/peer/format.ts';
import { Tape, canonicalDifference, corruptString, insertMalformed, insertWrongWireType, tapeArb, truncateDeep, validateEncoding, writeTwisted, type Twists } from './adversarial.ts';
import { anyMessage, binaryChar, messageArbitraries, type FieldArbitraries, type TypedMessage } from './arbitraries.ts';
import type { GoldenVector } from './golden.ts';
import { inspectEncoding, type FindingKind } from './inspect.ts';
import { JsonShapeError, canonical, firstDifference, merge, sameJson, setKey, type JsonObject } from './json.ts';
import type { Schema } from './model.ts';
import { TesteeError } from './testee.ts';
import { decodeReference, defaultJson, encodeReference, isPackable, mapEntryParts, packedPayload, valueRecord } from './reference.ts';
import { WT, concatBytes, fixed32Record, fixed64Record, fromHex, lenRecord, readRecords, tag, toHex, varintRecord } from './wire.ts';

export class Failure extends Error {
  override readonly name = 'Failure';
  constructor(
    message: string,
    readonly hex?: string,
    /** The requirement this failure breaks, when it is not the property's own. */
    readonly requirement?: string,
  ) {
    super(message);
  }
}

/** Fails when an encoder's output is not a valid encoding of `type`: the encoder's fault, named with the offset (PINT-blame). */
export function expectValidEncoding(schema: Schema, type: string, bytes: Uint8Array, who = 'the encoder'): void {
  const bad = validateEncoding(schema, type, bytes);
  if (!bad) return;
  throw new Failure(`${who} wrote invalid bytes at offset ${bad.offset} of ${bytes.length}: ${bad.message}`, toHex(bytes), bad.utf8 ? 'PB-2-string-utf8' : 'PB-2-encoding-valid');
}

export class Skip extends Error {
  override readonly name = 'Skip';
}

/**
 * An implementation under test, as the properties see it: an encoder and a decoder of the run's
 * schema, taking and giving messages in the protocol's JSON (proto3 JSON mapping with the original
 * field names, see docs/peer-format.md), synchronous or not. `encode` throws when it refuses a
 * message, `decode` when it refuses the bytes; `reencode` (decode then encode keeping unknown
 * fields) is optional. A codec that declines a case throws Skip; one that cannot answer at all (a
 * testee program that crashed) throws TesteeError, which stops the property. A testee program is
 * adapted to this shape by testeeCodec (./runner.ts); a library's codec has it as it is.
 */
export interface PeerCodec {
  encode(type: string, json: unknown): Uint8Array | Promise<Uint8Array>;
  decode(type: string, bytes: Uint8Array): unknown;
  reencode?(type: string, bytes: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** Errors of a codec that are verdicts or stop the property, rather than a refusal of its input. */
function passesThrough(e: unknown): boolean {
  return e instanceof Failure || e instanceof Skip || e instanceof TesteeError;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function bytesOrFail(out: unknown, what: string): Uint8Array {
  if (out instanceof Uint8Array) return out;
  throw new Failure(`${what} returned ${out === null ? 'null' : typeof out}, not bytes (a Uint8Array)`);
}

/** Operations on the implementation, answered as values or thrown as Failure/Skip. */
export class Ops {
  constructor(
    private readonly codec: PeerCodec,
    private readonly schema: Schema,
  ) {}

  async encode(type: string, json: unknown): Promise<Uint8Array> {
    let out: unknown;
    try {
      out = await this.codec.encode(type, json);
    } catch (e) {
      if (passesThrough(e)) throw e;
      throw new Failure(`the encoder refused a valid ${type}: ${messageOf(e)}`);
    }
    const bytes = bytesOrFail(out, 'encode');
    expectValidEncoding(this.schema, type, bytes);
    return bytes;
  }

  async reencode(type: string, bytes: Uint8Array): Promise<Uint8Array> {
    const reencode = this.codec.reencode;
    if (!reencode) throw new Skip('reencode is not offered');
    let out: unknown;
    try {
      out = await reencode.call(this.codec, type, bytes);
    } catch (e) {
      if (passesThrough(e)) throw e;
      throw new Failure(`reencode of valid input failed: ${messageOf(e)}`, toHex(bytes));
    }
    const result = bytesOrFail(out, 'reencode');
    expectValidEncoding(this.schema, type, result, 'reencode');
    return result;
  }

  /** Decodes; a refusal comes back as { parseError }. */
  async decodeRaw(type: string, bytes: Uint8Array): Promise<{ json: JsonObject } | { parseError: string }> {
    let json: unknown;
    try {
      json = await this.codec.decode(type, bytes);
    } catch (e) {
      if (passesThrough(e)) throw e;
      return { parseError: messageOf(e) };
    }
    try {
      return { json: canonical(this.schema, type, json) };
    } catch (e) {
      if (e instanceof JsonShapeError) throw new Failure(`decoder answered JSON that is not a ${type}: ${e.message}`, toHex(bytes));
      throw e;
    }
  }

  async decode(type: string, bytes: Uint8Array): Promise<JsonObject> {
    const r = await this.decodeRaw(type, bytes);
    if ('parseError' in r) throw new Failure(`the decoder rejected valid input: ${r.parseError}`, toHex(bytes));
    return r.json;
  }
}

export interface SuiteContext {
  readonly schema: Schema;
  /** protoc golden vectors (only for the documented format). */
  readonly golden: readonly GoldenVector[];
}

export interface PropertyDef<T = unknown> {
  readonly id: string;
  readonly requirement: string;
  readonly title: string;
  /** Testee operations the property needs; it is skipped when the hello answer lacks one. */
  readonly needs: readonly string[];
  /** Why the property has nothing to check in this schema (it is then skipped), or undefined. */
  inapplicable?(ctx: SuiteContext): string | undefined;
  arbitrary(ctx: SuiteContext): fc.Arbitrary<T>;
  /** Values checked before the random ones (fast-check `examples`). */
  examples?(ctx: SuiteContext): T[];
  check(value: T, ops: Ops, ctx: SuiteContext): Promise<void>;
}

function def<T>(p: PropertyDef<T>): PropertyDef {
  return p as unknown as PropertyDef;
}

/** Fails with the first difference; `bytes` (hex text or bytes, turned into hex only on failure) are the bytes involved. */
function expectSame(expected: JsonObject, actual: JsonObject, what: string, bytes?: string | Uint8Array): void {
  if (sameJson(expected, actual)) return;
  const d = firstDifference(expected, actual);
  if (d) throw new Failure(`${what}: ${d}`, typeof bytes === 'string' || bytes === undefined ? bytes : toHex(bytes));
}

function expectNoFindings(schema: Schema, type: string, bytes: Uint8Array, kinds: readonly FindingKind[]): void {
  const bad = inspectEncoding(schema, type, bytes).filter((f) => kinds.includes(f.kind));
  if (bad.length) throw new Failure(bad.map((f) => `${f.path}: ${f.message}`).join('; '), toHex(bytes));
}

interface Target {
  readonly type: string;
  readonly field: string;
}

/** What the properties draw from in one schema, computed once per schema. */
interface Kit {
  readonly known: Map<string, fc.Arbitrary<JsonObject>>;
  readonly fields: Map<string, FieldArbitraries>;
  readonly any: fc.Arbitrary<TypedMessage>;
  /** Singular 64-bit integer fields. */
  readonly wide: readonly (Target & { readonly signed: boolean })[];
  /** Singular enum fields. */
  readonly enums: readonly Target[];
  readonly maps: readonly Target[];
  /** Repeated fields of a numeric type (packable), and those written packed. */
  readonly packable: readonly Target[];
  readonly packed: readonly Target[];
  /** Types with fields numbered 16 and above. */
  readonly high: readonly string[];
  /** Oneofs with two members or more. */
  readonly oneofs: readonly { readonly type: string; readonly oneof: string }[];
  /** Message-typed oneof members (the root message's first). */
  readonly mergeable: readonly (Target & { readonly message: string })[];
  /** Fields holding strings: string fields, and maps with string keys or values. */
  readonly strings: readonly Target[];
}

const kits = new WeakMap<Schema, Kit>();
function kit(ctx: SuiteContext): Kit {
  const schema = ctx.schema;
  let k = kits.get(schema);
  if (!k) {
    const fields = new Map<string, FieldArbitraries>();
    const known = messageArbitraries(schema.root, {}, fields);
    const where = (pred: (f: FieldSpec) => boolean): Target[] => schema.messages.flatMap((m) => m.fields.filter(pred).map((f) => ({ type: m.name, field: f.name })));
    const WIDE = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
    const byRoot = (a: Target, b: Target): number => Number(b.type === schema.rootMessage) - Number(a.type === schema.rootMessage);
    k = {
      known,
      fields,
      any: anyMessage(schema.root, { rootMessage: schema.rootMessage }),
      wide: schema.messages.flatMap((m) =>
        m.fields
          .filter((f) => !f.repeated && f.type.kind === 'scalar' && WIDE.has(f.type.scalar))
          .map((f) => ({ type: m.name, field: f.name, signed: !['uint64', 'fixed64'].includes((f.type as { scalar: string }).scalar) })),
      ),
      enums: where((f) => !f.repeated && f.type.kind === 'enum'),
      maps: where((f) => f.type.kind === 'map'),
      packable: where(isPackable),
      packed: where((f) => f.packed === true),
      high: schema.messages.filter((m) => m.fields.some((f) => f.number >= 16)).map((m) => m.name),
      oneofs: schema.messages.flatMap((m) => m.oneofs.filter((o) => m.fields.filter((f) => f.oneof === o).length >= 2).map((oneof) => ({ type: m.name, oneof }))),
      mergeable: schema.messages
        .flatMap((m) => m.fields.filter((f) => f.oneof && f.type.kind === 'message').map((f) => ({ type: m.name, field: f.name, message: (f.type as { message: string }).message })))
        .sort(byRoot),
      strings: where((f) => {
        const t = f.type;
        const str = (x: FieldSpec['type']): boolean => x.kind === 'scalar' && x.scalar === 'string';
        return str(t) || (t.kind === 'map' && (t.key === 'string' || str(t.value)));
      }),
    };
    kits.set(schema, k);
  }
  return k;
}

function arbOf(ctx: SuiteContext, type: string): fc.Arbitrary<JsonObject> {
  const a = kit(ctx).known.get(type);
  if (!a) throw new Error(`no arbitrary for ${type}`);
  return a;
}

function fieldArbs(ctx: SuiteContext, t: Target): FieldArbitraries {
  const a = kit(ctx).fields.get(`${t.type}.${t.field}`);
  if (!a) throw new Error(`no arbitrary for ${t.type}.${t.field}`);
  return a;
}

const none = (what: string) => (list: readonly unknown[]) => (list.length ? undefined : `the schema has no ${what}`);

/** The member of `oneof` set in `json`, if any. */
function oneofMember(schema: Schema, type: string, json: JsonObject, oneof: string): FieldSpec | undefined {
  return schema.message(type).fields.find((f) => f.oneof === oneof && json[f.name] !== undefined);
}

/** `base` with `field` set to `value`, other members of the field's oneof removed. */
function withField(schema: Schema, type: string, base: JsonObject, field: string, value: unknown): JsonObject {
  const f = schema.field(type, field);
  const out: JsonObject = {};
  for (const key of Object.keys(base)) {
    const other = schema.message(type).fields.find((x) => x.name === key);
    if (f.oneof && other?.oneof === f.oneof) continue;
    out[key] = base[key]!;
  }
  out[field] = value as JsonObject[string];
  return out;
}

/** The value a field without presence holds by default, in JSON. */
function defaultOf(schema: Schema, field: FieldSpec): unknown {
  if (field.repeated) return [];
  if (field.type.kind === 'map') return {};
  return defaultJson(schema, field.type);
}

const unknownRecordArb = fc.record({
  number: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 20000, max: 2 ** 29 - 1 })),
  wireType: fc.constantFrom(WT.VARINT, WT.I64, WT.LEN, WT.I32),
  value: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  payload: fc.uint8Array({ maxLength: 12 }),
});
type UnknownRecord = { number: number; wireType: number; value: bigint; payload: Uint8Array };

function unknownBytes(r: UnknownRecord): number[] {
  switch (r.wireType) {
    case WT.VARINT:
      return varintRecord(r.number, r.value);
    case WT.I64:
      return fixed64Record(r.number, r.value);
    case WT.I32:
      return fixed32Record(r.number, Number(r.value & 0xffffffffn));
    default:
      return lenRecord(r.number, r.payload);
  }
}

const withUnknownArb = (ctx: SuiteContext) =>
  fc
    .record({ msg: kit(ctx).any, unknown: fc.array(unknownRecordArb, { minLength: 1, maxLength: 4 }), at: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }) })
    .filter(({ msg, unknown }) => unknown.every((u) => ctx.schema.fieldByNumber(msg.type, u.number) === undefined));

/** Reference bytes of `msg` with the unknown records inserted between its top-level records. */
function insertUnknown(schema: Schema, v: { msg: TypedMessage; unknown: UnknownRecord[]; at: number[] }): { bytes: Uint8Array; inserted: string[] } {
  const base = encodeReference(schema, v.msg.type, v.msg.json);
  const parts: number[][] = readRecords(base).map((r) => Array.from(base.subarray(r.start, r.end)));
  const inserted: string[] = [];
  v.unknown.forEach((u, i) => {
    const rec = unknownBytes(u);
    inserted.push(toHex(new Uint8Array(rec)));
    parts.splice((v.at[i] ?? 0) % (parts.length + 1), 0, rec);
  });
  return { bytes: concatBytes(...parts), inserted };
}

/** A non-empty, non-default value of a field, for the multibyte-tags property. */
function nonDefault(ctx: SuiteContext, t: Target): fc.Arbitrary<unknown> {
  const f = ctx.schema.field(t.type, t.field);
  const a = fieldArbs(ctx, t);
  if (f.type.kind === 'message') return a.value;
  return a.value.filter((v) => {
    if (Array.isArray(v)) return v.length > 0;
    if (typeof v === 'object' && v !== null) return Object.keys(v).length > 0;
    return canonical(ctx.schema, t.type, { [t.field]: v })[t.field] !== undefined;
  });
}

const twistedArb = (ctx: SuiteContext) => fc.record({ msg: kit(ctx).any, tape: tapeArb });

/** A property: `twists` applied to any message give bytes that decode to it. */
function twisted(id: string, requirement: string, title: string, twists: Twists, what: string): PropertyDef {
  return def<{ msg: TypedMessage; tape: number[] }>({
    id,
    requirement,
    title,
    needs: ['decode'],
    arbitrary: twistedArb,
    async check({ msg, tape }, ops, { schema }) {
      const bytes = writeTwisted(schema, msg.type, msg.json, twists, new Tape(tape));
      expectSame(canonical(schema, msg.type, msg.json), await ops.decode(msg.type, bytes), `${what}, decoded as`, bytes);
    },
  });
}

/** Fails unless the decoder refused `bytes`. */
async function expectRefused(ops: Ops, type: string, bytes: Uint8Array, what: string): Promise<void> {
  const got = await ops.decodeRaw(type, bytes);
  if (!('parseError' in got)) throw new Failure(`${what}: accepted as ${JSON.stringify(got.json)}`, toHex(bytes));
}

/** A message of `t.type` holding at least one string in `t.field`. */
function withString(ctx: SuiteContext, t: Target): fc.Arbitrary<TypedMessage> {
  const f = ctx.schema.field(t.type, t.field);
  const a = fieldArbs(ctx, t);
  const text = fc.string({ unit: binaryChar, minLength: 1, maxLength: 6 });
  const value: fc.Arbitrary<unknown> =
    f.type.kind === 'map'
      ? fc.tuple(f.type.key === 'string' ? text : a.key!, a.single).map(([k, v]) => ({ [k]: v }))
      : f.repeated
        ? fc.array(text, { minLength: 1, maxLength: 3 })
        : text;
  return fc.tuple(arbOf(ctx, t.type), value).map(([base, v]) => {
    const merged = f.type.kind === 'map' ? merge(ctx.schema, t.type, canonical(ctx.schema, t.type, base), canonical(ctx.schema, t.type, { [t.field]: v })) : withField(ctx.schema, t.type, base, t.field, v);
    return { type: t.type, json: merged };
  });
}

export const PROPERTIES: readonly PropertyDef[] = [
  def<TypedMessage>({
    id: 'roundtrip',
    requirement: 'PB-2-roundtrip',
    title: 'decode(encode(m)) == m for every message type',
    needs: ['encode', 'decode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      const bytes = await ops.encode(type, json);
      expectSame(canonical(schema, type, json), await ops.decode(type, bytes), 'decode(encode(m)) differs from m', bytes);
    },
  }),
  def<TypedMessage>({
    id: 'decode-reference',
    requirement: 'PB-2-roundtrip',
    title: 'bytes laid out as documented decode to the message',
    needs: ['decode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      const bytes = encodeReference(schema, type, json);
      expectSame(canonical(schema, type, json), await ops.decode(type, bytes), 'decoded message differs', bytes);
    },
  }),
  def<{ type: string; field: string; value: string }>({
    id: 'uint64-range',
    requirement: 'PB-2-uint64-range',
    title: '64-bit integers over their full range (uint64 up to 2^64-1) survive encode and decode',
    needs: ['encode', 'decode'],
    inapplicable: (ctx) => none('singular 64-bit integer field')(kit(ctx).wide),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).wide).chain((target) =>
        (target.signed
          ? fc.oneof(fc.bigInt({ min: 2n ** 32n, max: 2n ** 63n - 1n }), fc.bigInt({ min: -(2n ** 63n), max: -(2n ** 32n) }), fc.constantFrom(2n ** 53n + 1n, -(2n ** 63n), 2n ** 63n - 1n))
          : fc.oneof(fc.bigInt({ min: 2n ** 32n, max: 2n ** 64n - 1n }), fc.constantFrom(2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n))
        ).map((v) => ({ type: target.type, field: target.field, value: String(v) })),
      ),
    async check({ type, field, value }, ops, { schema }) {
      const json = { [field]: value };
      const bytes = await ops.encode(type, json);
      let seen: JsonObject;
      try {
        seen = decodeReference(schema, type, bytes);
      } catch (e) {
        throw new Failure(`encoding is malformed: ${(e as Error).message}`, toHex(bytes));
      }
      expectSame(canonical(schema, type, json), seen, `${type}.${field} = ${value} encoded as`, bytes);
      const ref = encodeReference(schema, type, json);
      expectSame(canonical(schema, type, json), await ops.decode(type, ref), `${type}.${field} = ${value} decoded as`, ref);
    },
  }),
  def<TypedMessage>({
    id: 'field-numbers',
    requirement: 'PB-2-field-numbers',
    title: 'every emitted tag is a documented field number of its message',
    needs: ['encode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      expectNoFindings(schema, type, await ops.encode(type, json), ['malformed', 'unknown-number', 'bad-tag']);
    },
  }),
  def<{ type: string; json: JsonObject }>({
    id: 'multibyte-tags',
    requirement: 'PB-2-field-numbers',
    title: 'field numbers 16 and above (32, 33, 48, 128, 129, ...) are written with correct multi-byte tags',
    needs: ['encode'],
    inapplicable: (ctx) => none('field numbered 16 or above')(kit(ctx).high),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).high).chain((type) => {
        const high = ctx.schema.message(type).fields.filter((f) => f.number >= 16);
        // Every high field outside a oneof, and one high member of each oneof.
        const groups = new Map<string, FieldSpec[]>();
        for (const f of high) groups.set(f.oneof ?? `#${f.name}`, [...(groups.get(f.oneof ?? `#${f.name}`) ?? []), f]);
        const picks = [...groups.values()].map((members) => fc.oneof(...members.map((f) => nonDefault(ctx, { type, field: f.name }).map((v) => [f.name, v] as const))));
        return fc.tuple(arbOf(ctx, type), ...picks).map(([base, ...set]) => {
          let json: JsonObject = base;
          for (const [name, v] of set) json = withField(ctx.schema, type, json, name, v);
          return { type, json };
        });
      }),
    async check({ type, json }, ops, { schema }) {
      const bytes = await ops.encode(type, json);
      expectNoFindings(schema, type, bytes, ['malformed', 'unknown-number', 'bad-tag']);
      const records = readRecords(bytes);
      const given = canonical(schema, type, json);
      for (const f of schema.message(type).fields.filter((x) => x.number >= 16 && given[x.name] !== undefined)) {
        const r = records.find((x) => x.field === f.number);
        if (!r) throw new Failure(`${type}.${f.name} = ${f.number} was set but no record with field number ${f.number} was written`, toHex(bytes));
        const want = tag(f.number, r.wireType);
        if (toHex(r.tag) !== toHex(new Uint8Array(want))) throw new Failure(`${type}.${f.name}: tag bytes ${toHex(r.tag)}, expected ${toHex(new Uint8Array(want))}`, toHex(bytes));
      }
    },
  }),
  def<TypedMessage>({
    id: 'wire-types',
    requirement: 'PB-2-wire-types',
    title: 'every documented field is written with the wire type of its type',
    needs: ['encode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      expectNoFindings(schema, type, await ops.encode(type, json), ['malformed', 'wire-type']);
    },
  }),
  def<TypedMessage>({
    id: 'oneof-single',
    requirement: 'PB-2-oneof-single',
    title: 'at most one member of a oneof is emitted',
    needs: ['encode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      expectNoFindings(schema, type, await ops.encode(type, json), ['oneof-multiple']);
    },
  }),
  def<{ type: string; oneof: string; first: JsonObject; second: JsonObject }>({
    id: 'oneof-last-wins',
    requirement: 'PB-2-oneof-last-wins',
    title: 'two different oneof members on the wire: the last one is kept',
    needs: ['decode'],
    inapplicable: (ctx) => none('oneof with two members')(kit(ctx).oneofs),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).oneofs).chain(({ type, oneof }) =>
        fc
          .tuple(arbOf(ctx, type), arbOf(ctx, type))
          .filter(([a, b]) => {
            const ma = oneofMember(ctx.schema, type, a, oneof);
            const mb = oneofMember(ctx.schema, type, b, oneof);
            return !!ma && !!mb && ma.name !== mb.name;
          })
          .map(([first, b]) => {
            const m = oneofMember(ctx.schema, type, b, oneof)!;
            return { type, oneof, first, second: { [m.name]: b[m.name]! } };
          }),
      ),
    async check({ type, oneof, first, second }, ops, { schema }) {
      const bytes = concatBytes(encodeReference(schema, type, first), encodeReference(schema, type, second));
      const member = oneofMember(schema, type, second, oneof)!;
      expectSame(merge(schema, type, canonical(schema, type, first), canonical(schema, type, second)), await ops.decode(type, bytes), `${oneof}: expected the last member ${member.name}`, bytes);
    },
  }),
  def<{ type: string; member: string; first: JsonObject; second: JsonObject }>({
    id: 'oneof-merge',
    requirement: 'PB-2-oneof-merge',
    title: 'the same message-typed oneof member twice on the wire: the two are merged',
    needs: ['decode'],
    inapplicable: (ctx) => none('message-typed oneof member')(kit(ctx).mergeable),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).mergeable).chain((f) => fc.tuple(arbOf(ctx, f.message), arbOf(ctx, f.message)).map(([first, second]) => ({ type: f.type, member: f.field, first, second }))),
    async check({ type, member, first, second }, ops, { schema }) {
      const a = { [member]: first };
      const b = { [member]: second };
      const bytes = concatBytes(encodeReference(schema, type, a), encodeReference(schema, type, b));
      expectSame(merge(schema, type, canonical(schema, type, a), canonical(schema, type, b)), await ops.decode(type, bytes), `${member} twice: expected the merge`, bytes);
    },
  }),
  def<{ type: string; field: string; name: string; base: JsonObject }>({
    id: 'enum-numbers',
    requirement: 'PB-2-enum-numbers',
    title: 'every enum value name is written and read as its documented number',
    needs: ['encode', 'decode'],
    inapplicable: (ctx) => none('singular enum field')(kit(ctx).enums),
    arbitrary: (ctx) =>
      fc
        .constantFrom(...kit(ctx).enums.flatMap((t) => ctx.schema.enum((ctx.schema.field(t.type, t.field).type as { enum: string }).enum).values.map((v) => ({ ...t, name: v.name }))))
        .chain((t) => arbOf(ctx, t.type).map((base) => ({ ...t, base }))),
    examples: (ctx) =>
      kit(ctx).enums.flatMap((t) => ctx.schema.enum((ctx.schema.field(t.type, t.field).type as { enum: string }).enum).values.map((v) => ({ ...t, name: v.name, base: {} }))),
    async check({ type, field, name, base }, ops, { schema }) {
      const f = schema.field(type, field);
      const documented = schema.enum((f.type as { enum: string }).enum).values.find((v) => v.name === name)!.number;
      const json = withField(schema, type, base, field, name);
      const bytes = await ops.encode(type, json);
      const recs = readRecords(bytes).filter((r) => r.field === f.number && r.wireType === WT.VARINT);
      const last = recs[recs.length - 1];
      const written = last ? Number(BigInt.asIntN(32, last.value as bigint)) : 0;
      if (written !== documented) throw new Failure(`${type}.${field} = ${name} written as ${written}, documented number is ${documented}`, toHex(bytes));
      const ref = encodeReference(schema, type, { [field]: documented });
      const got = await ops.decode(type, ref);
      const presence = f.oneof !== undefined || f.optional === true;
      const want = documented === 0 && !presence ? undefined : name;
      if (got[field] !== want) throw new Failure(`${type}.${field} number ${documented} read as ${JSON.stringify(got[field] ?? null)}, documented name is ${name}`, toHex(ref));
    },
  }),
  def<{ type: string; field: string; number: number }>({
    id: 'enum-open',
    requirement: 'PB-2-enum-open',
    title: 'unnamed enum numbers survive decode and encode (proto3 open enums)',
    needs: ['encode', 'decode'],
    inapplicable: (ctx) => none('singular enum field')(kit(ctx).enums),
    arbitrary: (ctx) =>
      fc
        .record({ target: fc.constantFrom(...kit(ctx).enums), n: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })) })
        .map(({ target, n }) => ({ ...target, number: n }))
        .filter(({ type, field, number }) => !ctx.schema.enum((ctx.schema.field(type, field).type as { enum: string }).enum).values.some((v) => v.number === number)),
    // Networking_Sockets.Types has no value 1: the documented gap is always checked.
    examples: (ctx) => (ctx.schema.documented ? [{ type: 'Networking_Sockets', field: 'type', number: 1 }] : []),
    async check({ type, field, number }, ops, { schema }) {
      const json = { [field]: number };
      const ref = encodeReference(schema, type, json);
      const got = await ops.decode(type, ref);
      expectSame(canonical(schema, type, json), got, `unnamed ${type}.${field} number ${number} decoded as`, ref);
      const bytes = await ops.encode(type, got);
      expectSame(canonical(schema, type, json), decodeReference(schema, type, bytes), `unnamed ${type}.${field} number ${number} re-encoded as`, bytes);
    },
  }),
  def<TypedMessage>({
    id: 'defaults-omitted',
    requirement: 'PB-2-defaults-omitted',
    title: 'scalar fields holding their default are not emitted, even when given explicitly',
    needs: ['encode'],
    arbitrary: (ctx) =>
      kit(ctx).any.map(({ type, json }) => {
        const out: JsonObject = { ...json };
        for (const f of ctx.schema.message(type).fields) {
          if (!f.oneof && !f.optional && f.type.kind !== 'message' && out[f.name] === undefined) out[f.name] = defaultOf(ctx.schema, f) as JsonObject[string];
        }
        return { type, json: out };
      }),
    async check({ type, json }, ops, { schema }) {
      expectNoFindings(schema, type, await ops.encode(type, json), ['default-emitted']);
    },
  }),
  def<{ type: string; field: string; base: JsonObject; items: unknown[] }>({
    id: 'packed-emit',
    requirement: 'PB-2-packed-emit',
    title: 'repeated numeric fields (Announce.ids) are emitted packed',
    needs: ['encode'],
    inapplicable: (ctx) => none('packed repeated field')(kit(ctx).packed),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).packed).chain((t) =>
        fc.tuple(arbOf(ctx, t.type), fc.array(fieldArbs(ctx, t).single, { minLength: 1, maxLength: 6 })).map(([base, items]) => ({ ...t, base, items })),
      ),
    async check({ type, field, base, items }, ops, { schema }) {
      const f = schema.field(type, field);
      const bytes = await ops.encode(type, { ...base, [field]: items });
      const recs = readRecords(bytes).filter((r) => r.field === f.number);
      if (recs.length !== 1 || recs[0]!.wireType !== WT.LEN) {
        throw new Failure(`${items.length} ${field} written as ${recs.length} record(s) of wire type ${recs.map((r) => r.wireType).join(',')}, expected one packed (LEN) record`, toHex(bytes));
      }
    },
  }),
  def<{ type: string; field: string; base: JsonObject; items: unknown[]; packing: boolean[]; empty: boolean[] }>({
    id: 'packed-accept',
    requirement: 'PB-2-packed-accept',
    title: 'repeated numeric fields (Announce.ids) decode from packed, unpacked and mixed records, empty packed records among them',
    needs: ['decode'],
    inapplicable: (ctx) => none('repeated numeric field')(kit(ctx).packable),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).packable).chain((t) =>
        fc
          .record({
            base: arbOf(ctx, t.type).map((a) => {
              const { [t.field]: _omit, ...rest } = a;
              return rest as JsonObject;
            }),
            items: fc.array(fieldArbs(ctx, t).single, { minLength: 1, maxLength: 8 }),
            packing: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
            empty: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
          })
          .map((v) => ({ ...t, ...v })),
      ),
    async check({ type, field, base, items, packing, empty }, ops, { schema }) {
      const f = schema.field(type, field);
      const t = f.type as ValueType;
      // items are split in runs; run k is packed when packing[k] is true, else one record per item,
      // and an empty packed record comes before it when empty[k] is true.
      const parts: number[][] = [Array.from(encodeReference(schema, type, base))];
      let i = 0;
      let k = 0;
      while (i < items.length) {
        if (empty[k % empty.length]) parts.push(lenRecord(f.number, []));
        const run = items.slice(i, i + 1 + (k % 3));
        if (packing[k % packing.length]) parts.push(lenRecord(f.number, packedPayload(schema, t, run)));
        else for (const x of run) parts.push(valueRecord(schema, f.number, t, x));
        i += run.length;
        k++;
      }
      const bytes = concatBytes(...parts);
      expectSame(canonical(schema, type, { ...base, [field]: items }), await ops.decode(type, bytes), `${field} decoded as`, bytes);
    },
  }),
  def<{ type: string; field: string; entries: { key: string | null; value: unknown; valueFirst: boolean }[] }>({
    id: 'map-entries',
    requirement: 'PB-2-map-entries',
    title: 'map entries: missing key or value decode to defaults, a repeated key keeps the last',
    needs: ['decode'],
    inapplicable: (ctx) => none('map field')(kit(ctx).maps),
    arbitrary: (ctx) =>
      fc.constantFrom(...kit(ctx).maps).chain((t) => {
        const a = fieldArbs(ctx, t);
        const f = ctx.schema.field(t.type, t.field);
        const keys = f.type.kind === 'map' && f.type.key === 'string' ? fc.oneof(fc.constantFrom('', 'a', 'b', '__proto__'), fc.string({ unit: binaryChar, maxLength: 3 })) : a.key!;
        return fc
          .array(fc.record({ key: fc.option(keys), value: fc.option(a.single, { nil: undefined }), valueFirst: fc.boolean() }), { minLength: 1, maxLength: 6 })
          .map((entries) => ({ ...t, entries }));
      }),
    async check({ type, field, entries }, ops, { schema }) {
      const f = schema.field(type, field);
      const t = f.type as Extract<FieldSpec['type'], { kind: 'map' }>;
      const expected: Record<string, unknown> = {};
      const parts = entries.map((e) => {
        const defaultKey = String(defaultJson(schema, t.key));
        const { key, value } = mapEntryParts(schema, t, e.key ?? defaultKey, e.value === undefined ? defaultJson(schema, t.value) : e.value);
        const k = e.key === null ? [] : key;
        const v = e.value === undefined ? [] : value;
        setKey(expected, e.key ?? defaultKey, e.value === undefined ? defaultJson(schema, t.value) : e.value);
        return lenRecord(f.number, e.valueFirst ? [...v, ...k] : [...k, ...v]);
      });
      const bytes = concatBytes(...parts);
      expectSame(canonical(schema, type, { [field]: expected }), await ops.decode(type, bytes), `${type}.${field} decoded as`, bytes);
    },
  }),
  twisted('unknown-skipped', 'PB-2-unknown-skipped', 'unknown fields of every wire type (groups included) in every message and map entry are skipped on decode', { unknown: true }, 'with unknown fields in every message'),
  twisted('last-wins', 'PB-2-last-wins', 'a singular field written more than once: the last value wins; an embedded message in several records: merged', { split: true }, 'with singular fields repeated and embedded messages split'),
  twisted('any-order', 'PB-2-any-order', 'the records of every message in another order decode to the same message', { shuffle: true }, 'with records out of order'),
  twisted('varint-padded', 'PB-2-varint-width', 'varints padded with 0x80 continuation bytes (values up to ten bytes, tags and lengths up to five) decode as their value', { pad: true }, 'with padded varints'),
  twisted(
    'map-entry-shapes',
    'PB-2-map-entries',
    'map entries without a default key or value, value first, after an earlier entry of the same key, at any depth',
    { entries: true },
    'with map entries in other shapes',
  ),
  def<{ msg: TypedMessage; unknown: UnknownRecord[]; at: number[] }>({
    id: 'unknown-preserved',
    requirement: 'PB-2-unknown-preserved',
    title: 'unknown fields survive reencode (when the testee offers it)',
    needs: ['reencode'],
    arbitrary: withUnknownArb,
    async check(v, ops, { schema }) {
      const { bytes, inserted } = insertUnknown(schema, v);
      const out = await ops.reencode(v.msg.type, bytes);
      let known: JsonObject;
      try {
        known = decodeReference(schema, v.msg.type, out);
      } catch (e) {
        throw new Failure(`reencode output is malformed: ${(e as Error).message}`, toHex(out));
      }
      expectSame(canonical(schema, v.msg.type, v.msg.json), known, 'known fields after reencode', out);
      const records = readRecords(out).map((r) => toHex(out.subarray(r.start, r.end)));
      for (const u of inserted) {
        const i = records.indexOf(u);
        if (i < 0) throw new Failure(`unknown record ${u} was not kept (input ${toHex(bytes)})`, toHex(out));
        records.splice(i, 1);
      }
    },
  }),
  def<{ msg: TypedMessage; tape: number[] }>({
    id: 'truncated-rejected',
    requirement: 'PB-2-truncated-rejected',
    title: 'input cut inside a record, at the top or inside an embedded message or map entry, is rejected',
    needs: ['decode'],
    arbitrary: (ctx) => fc.record({ msg: kit(ctx).any.filter((m) => encodeReference(ctx.schema, m.type, m.json).length >= 2), tape: tapeArb }),
    async check({ msg, tape }, ops, { schema }) {
      const cut = truncateDeep(schema, msg.type, encodeReference(schema, msg.type, msg.json), new Tape(tape));
      await expectRefused(ops, msg.type, cut.bytes, cut.what);
    },
  }),
  def<{ msg: TypedMessage; tape: number[] }>({
    id: 'malformed-rejected',
    requirement: 'PB-2-malformed-rejected',
    title: 'a tag of wire type 6 or 7 or field number 0, or a broken group, at any depth, is rejected',
    needs: ['decode'],
    arbitrary: twistedArb,
    async check({ msg, tape }, ops, { schema }) {
      const bad = insertMalformed(schema, msg.type, encodeReference(schema, msg.type, msg.json), new Tape(tape));
      await expectRefused(ops, msg.type, bad.bytes, bad.what);
    },
  }),
  def<{ msg: TypedMessage; tape: number[] }>({
    id: 'utf8-rejected',
    requirement: 'PB-2-string-utf8',
    title: 'a string (a map key included) holding invalid UTF-8 is rejected',
    needs: ['decode'],
    inapplicable: (ctx) => none('string field or map with string keys')(kit(ctx).strings),
    arbitrary: (ctx) => fc.record({ msg: fc.constantFrom(...kit(ctx).strings).chain((t) => withString(ctx, t)), tape: tapeArb }),
    async check({ msg, tape }, ops, { schema }) {
      const bad = corruptString(schema, msg.type, encodeReference(schema, msg.type, msg.json), new Tape(tape));
      if (!bad) throw new Skip('the message holds no string');
      await expectRefused(ops, msg.type, bad.bytes, bad.what);
    },
  }),
  def<{ msg: TypedMessage; tape: number[] }>({
    id: 'wire-type-mismatch',
    requirement: 'PB-2-wire-type-mismatch',
    title: 'a documented field in another wire type is skipped or refused, never read as its value',
    needs: ['decode'],
    arbitrary: twistedArb,
    async check({ msg, tape }, ops, { schema }) {
      const odd = insertWrongWireType(schema, msg.type, encodeReference(schema, msg.type, msg.json), new Tape(tape));
      if (!odd) return;
      const got = await ops.decodeRaw(msg.type, odd.bytes);
      if ('parseError' in got) return;
      expectSame(canonical(schema, msg.type, msg.json), got.json, `${odd.what}: neither skipped nor refused, decoded as`, odd.bytes);
    },
  }),
  def<TypedMessage>({
    id: 'field-order',
    requirement: 'PB-2-field-order',
    title: 'fields are written in ascending field-number order',
    needs: ['encode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      expectNoFindings(schema, type, await ops.encode(type, json), ['order']);
    },
  }),
  def<string>({
    id: 'golden-vectors',
    requirement: 'PB-2-roundtrip',
    title: 'the protoc golden vectors decode to their JSON and their JSON encodes to the same message',
    needs: ['encode', 'decode'],
    inapplicable: (ctx) => (ctx.golden.length ? undefined : 'golden vectors exist only for the documented format'),
    arbitrary: (ctx) => fc.constantFrom(...ctx.golden.map((v) => v.name)),
    examples: (ctx) => ctx.golden.map((v) => v.name),
    async check(name, ops, ctx) {
      const v = ctx.golden.find((g) => g.name === name)!;
      const want = canonical(ctx.schema, v.type, v.json);
      expectSame(want, await ops.decode(v.type, fromHex(v.hex)), `golden ${name} decoded as`, v.hex);
      const bytes = await ops.encode(v.type, v.json);
      expectSame(want, decodeReference(ctx.schema, v.type, bytes), `golden ${name} encoded as`, bytes);
    },
  }),
  def<TypedMessage>({
    id: 'canonical-bytes',
    requirement: 'PB-2-canonical-bytes',
    title: "every message encodes to exactly the reference's bytes (map entries in any order); a difference is filed under the requirement it breaks",
    needs: ['encode'],
    arbitrary: (ctx) => kit(ctx).any,
    async check({ type, json }, ops, { schema }) {
      const bytes = await ops.encode(type, json);
      const d = canonicalDifference(schema, type, json, bytes);
      if (d) throw new Failure(`${d.kind}: ${d.message} (reference: ${toHex(encodeReference(schema, type, json))})`, toHex(bytes), d.requirement);
    },
  }),
  def<string>({
    id: 'golden-bytes',
    requirement: 'PB-2-canonical-bytes',
    title: 'encoding the golden vectors gives exactly the bytes protoc writes; a difference is filed under the requirement it breaks',
    needs: ['encode'],
    inapplicable: (ctx) => (ctx.golden.length ? undefined : 'golden vectors exist only for the documented format'),
    arbitrary: (ctx) => fc.constantFrom(...ctx.golden.map((v) => v.name)),
    examples: (ctx) => ctx.golden.map((v) => v.name),
    async check(name, ops, ctx) {
      const v = ctx.golden.find((g) => g.name === name)!;
      const bytes = await ops.encode(v.type, v.json);
      if (toHex(bytes) === v.hex) return;
      const d = canonicalDifference(ctx.schema, v.type, v.json, bytes);
      throw new Failure(`golden ${name}: wrote ${toHex(bytes)}, protoc writes ${v.hex}${d ? ` (${d.kind}: ${d.message})` : ''}`, toHex(bytes), d?.requirement);
    },
  }),
];

export function propertyById(id: string): PropertyDef | undefined {
  return PROPERTIES.find((p) => p.id === id);
}
