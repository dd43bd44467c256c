/**
 * The properties of the suite. Each one is tied to a requirement id (specs/peer/requirements.ts)
 * and checks one value drawn by fast-check through the testee operations. A check throws
 * Failure (the property does not hold for this value) or Skip (the testee declined); a
 * TesteeError (crash, hang, garbage) passes through and stops the property.
 */
import fc from 'fast-check';
import type protobuf from 'protobufjs';
import { MESSAGES, enumSpec, messageSpec, type FieldSpec } from '../../specs/peer/format.ts';
import { anyMessage, binaryChar, messageArbitraries, uint64Arb, type TypedMessage } from './arbitraries.ts';
import type { GoldenVector } from './golden.ts';
import { inspectEncoding, type FindingKind } from './inspect.ts';
import { JsonShapeError, canonical, firstDifference, merge, sameJson, setKey, type JsonObject } from './json.ts';
import type { Answer, RequestBody } from './protocol.ts';
import { decodeReference, encodeReference } from './reference.ts';
import {
  WT,
  concatBytes,
  fixed32Record,
  fixed64Record,
  fromBase64,
  fromHex,
  lenRecord,
  readRecords,
  tag,
  toBase64,
  toHex,
  varint,
  varintRecord,
} from './wire.ts';

export class Failure extends Error {
  override readonly name = 'Failure';
  constructor(
    message: string,
    readonly hex?: string,
  ) {
    super(message);
  }
}

export class Skip extends Error {
  override readonly name = 'Skip';
}

/** Operations on the testee, answered as values or thrown as Failure/Skip. */
export class Ops {
  constructor(private readonly call: (body: RequestBody) => Promise<Answer>) {}

  private static skipIf(a: Answer): void {
    if (typeof a.skipped === 'string') throw new Skip(a.skipped);
  }

  async encode(type: string, json: unknown): Promise<Uint8Array> {
    const a = await this.call({ op: 'encode', type, json });
    Ops.skipIf(a);
    if (typeof a.bytes === 'string') return fromBase64(a.bytes);
    if (typeof a.error === 'string') throw new Failure(`the encoder refused a valid ${type}: ${a.error}`);
    throw new Failure(`encode answer has neither bytes nor error: ${JSON.stringify(a).slice(0, 200)}`);
  }

  async reencode(type: string, bytes: Uint8Array): Promise<Uint8Array> {
    const a = await this.call({ op: 'reencode', type, bytes: toBase64(bytes) });
    Ops.skipIf(a);
    if (typeof a.bytes === 'string') return fromBase64(a.bytes);
    throw new Failure(`reencode of valid input failed: ${a.parse_error ?? a.error ?? JSON.stringify(a)}`, toHex(bytes));
  }

  /** Decodes; a parse_error comes back as { parseError }. */
  async decodeRaw(type: string, bytes: Uint8Array): Promise<{ json: JsonObject } | { parseError: string }> {
    const a = await this.call({ op: 'decode', type, bytes: toBase64(bytes) });
    Ops.skipIf(a);
    if (typeof a.parse_error === 'string') return { parseError: a.parse_error };
    if (a.json === undefined) throw new Failure(`decode answer has neither json nor parse_error: ${JSON.stringify(a).slice(0, 200)}`, toHex(bytes));
    try {
      return { json: canonical(type, a.json) };
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
  readonly root: protobuf.Root;
  readonly golden: readonly GoldenVector[];
}

export interface PropertyDef<T = unknown> {
  readonly id: string;
  readonly requirement: string;
  readonly title: string;
  /** Testee operations the property needs; it is skipped when the hello answer lacks one. */
  readonly needs: readonly string[];
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

function expectNoFindings(type: string, bytes: Uint8Array, kinds: readonly FindingKind[]): void {
  const bad = inspectEncoding(type, bytes).filter((f) => kinds.includes(f.kind));
  if (bad.length) throw new Failure(bad.map((f) => `${f.path}: ${f.message}`).join('; '), toHex(bytes));
}

const arbCache = new WeakMap<protobuf.Root, { known: Map<string, fc.Arbitrary<JsonObject>>; any: fc.Arbitrary<TypedMessage> }>();
function arbs(ctx: SuiteContext): { known: Map<string, fc.Arbitrary<JsonObject>>; any: fc.Arbitrary<TypedMessage> } {
  let a = arbCache.get(ctx.root);
  if (!a) {
    a = { known: messageArbitraries(ctx.root), any: anyMessage(ctx.root) };
    arbCache.set(ctx.root, a);
  }
  return a;
}
function arbOf(ctx: SuiteContext, type: string): fc.Arbitrary<JsonObject> {
  const a = arbs(ctx).known.get(type);
  if (!a) throw new Error(`no arbitrary for ${type}`);
  return a;
}

const fieldsWhere = (pred: (f: FieldSpec) => boolean): { type: string; field: string }[] =>
  MESSAGES.flatMap((m) => m.fields.filter(pred).map((f) => ({ type: m.name, field: f.name })));
const fieldOf = (type: string, name: string): FieldSpec => messageSpec(type).fields.find((f) => f.name === name)!;

const U64_TARGETS = fieldsWhere((f) => f.type.kind === 'scalar' && f.type.scalar === 'uint64' && !f.repeated);
const ENUM_TARGETS = fieldsWhere((f) => f.type.kind === 'enum');
const MAP_TARGETS = fieldsWhere((f) => f.type.kind === 'map');
const HIGH_NUMBER_TYPES = MESSAGES.filter((m) => m.fields.some((f) => f.number >= 16)).map((m) => m.name);
const ONEOF_TYPES = MESSAGES.filter((m) => m.fields.filter((f) => f.oneof).length >= 2).map((m) => m.name);

function oneofMember(type: string, json: JsonObject): FieldSpec | undefined {
  return messageSpec(type).fields.find((f) => f.oneof && json[f.name] !== undefined);
}

function defaultOf(field: FieldSpec): unknown {
  const t = field.type;
  if (field.repeated) return [];
  if (t.kind === 'map') return {};
  if (t.kind === 'enum') return enumSpec(t.enum).values.find((v) => v.number === 0)?.name ?? 0;
  if (t.kind !== 'scalar') return undefined;
  return { uint64: '0', uint32: 0, int32: 0, bool: false, bytes: '', string: '' }[t.scalar];
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
    .record({ msg: arbs(ctx).any, unknown: fc.array(unknownRecordArb, { minLength: 1, maxLength: 4 }), at: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }) })
    .filter(({ msg, unknown }) => unknown.every((u) => !messageSpec(msg.type).fields.some((f) => f.number === u.number)));

/** Reference bytes of `msg` with the unknown records inserted between its top-level records. */
function insertUnknown(v: { msg: TypedMessage; unknown: UnknownRecord[]; at: number[] }): { bytes: Uint8Array; inserted: string[] } {
  const base = encodeReference(v.msg.type, v.msg.json);
  const parts: number[][] = readRecords(base).map((r) => Array.from(base.subarray(r.start, r.end)));
  const inserted: string[] = [];
  v.unknown.forEach((u, i) => {
    const rec = unknownBytes(u);
    inserted.push(toHex(new Uint8Array(rec)));
    parts.splice((v.at[i] ?? 0) % (parts.length + 1), 0, rec);
  });
  return { bytes: concatBytes(...parts), inserted };
}

export const PROPERTIES: readonly PropertyDef[] = [
  def<TypedMessage>({
    id: 'roundtrip',
    requirement: 'PB-2-roundtrip',
    title: 'decode(encode(m)) == m for every message type',
    needs: ['encode', 'decode'],
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      const bytes = await ops.encode(type, json);
      expectSame(canonical(type, json), await ops.decode(type, bytes), 'decode(encode(m)) differs from m', bytes);
    },
  }),
  def<TypedMessage>({
    id: 'decode-reference',
    requirement: 'PB-2-roundtrip',
    title: 'bytes laid out as documented decode to the message',
    needs: ['decode'],
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      const bytes = encodeReference(type, json);
      expectSame(canonical(type, json), await ops.decode(type, bytes), 'decoded message differs', bytes);
    },
  }),
  def<{ type: string; field: string; value: string }>({
    id: 'uint64-range',
    requirement: 'PB-2-uint64-range',
    title: 'uint64 values up to 2^64-1 survive encode and decode',
    needs: ['encode', 'decode'],
    arbitrary: () =>
      fc.record({
        target: fc.constantFrom(...U64_TARGETS),
        value: fc.oneof(fc.bigInt({ min: 2n ** 32n, max: 2n ** 64n - 1n }), fc.constantFrom(2n ** 53n + 1n, 2n ** 63n, 2n ** 64n - 1n)).map(String),
      }).map(({ target, value }) => ({ ...target, value })),
    async check({ type, field, value }, ops) {
      const json = { [field]: value };
      const bytes = await ops.encode(type, json);
      let seen: JsonObject;
      try {
        seen = decodeReference(type, bytes);
      } catch (e) {
        throw new Failure(`encoding is malformed: ${(e as Error).message}`, toHex(bytes));
      }
      expectSame(canonical(type, json), seen, `${type}.${field} = ${value} encoded as`, bytes);
      const ref = encodeReference(type, json);
      expectSame(canonical(type, json), await ops.decode(type, ref), `${type}.${field} = ${value} decoded as`, ref);
    },
  }),
  def<TypedMessage>({
    id: 'field-numbers',
    requirement: 'PB-2-field-numbers',
    title: 'every emitted tag is a documented field number of its message',
    needs: ['encode'],
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      expectNoFindings(type, await ops.encode(type, json), ['malformed', 'unknown-number', 'bad-tag']);
    },
  }),
  def<{ type: string; json: JsonObject }>({
    id: 'multibyte-tags',
    requirement: 'PB-2-field-numbers',
    title: 'field numbers 16 and above (32, 33, 48, 128, 129, ...) are written with correct multi-byte tags',
    needs: ['encode'],
    arbitrary: (ctx) =>
      fc.constantFrom(...HIGH_NUMBER_TYPES).chain((type) => {
        const high = messageSpec(type).fields.filter((f) => f.number >= 16);
        const values = high.map((f) => {
          const t = f.type;
          if (t.kind === 'scalar' && t.scalar === 'bool') return fc.constant(true as unknown);
          if (t.kind === 'scalar' && t.scalar === 'uint64') return fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }).map(String) as fc.Arbitrary<unknown>;
          if (t.kind === 'scalar' && t.scalar === 'bytes') return fc.uint8Array({ minLength: 1, maxLength: 8 }).map(toBase64) as fc.Arbitrary<unknown>;
          return fc.integer({ min: 1, max: 0xffffffff }) as fc.Arbitrary<unknown>;
        });
        return fc.tuple(arbOf(ctx, type), ...values).map(([base, ...vs]) => {
          const json: JsonObject = { ...base };
          high.forEach((f, i) => (json[f.name] = vs[i] as JsonObject[string]));
          return { type, json };
        });
      }),
    async check({ type, json }, ops) {
      const bytes = await ops.encode(type, json);
      expectNoFindings(type, bytes, ['malformed', 'unknown-number', 'bad-tag']);
      const records = readRecords(bytes);
      for (const f of messageSpec(type).fields.filter((x) => x.number >= 16)) {
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
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      expectNoFindings(type, await ops.encode(type, json), ['malformed', 'wire-type']);
    },
  }),
  def<TypedMessage>({
    id: 'oneof-single',
    requirement: 'PB-2-oneof-single',
    title: 'at most one member of a oneof is emitted',
    needs: ['encode'],
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      expectNoFindings(type, await ops.encode(type, json), ['oneof-multiple']);
    },
  }),
  def<{ type: string; first: JsonObject; second: JsonObject }>({
    id: 'oneof-last-wins',
    requirement: 'PB-2-oneof-last-wins',
    title: 'two different oneof members on the wire: the last one is kept',
    needs: ['decode'],
    arbitrary: (ctx) =>
      fc.constantFrom(...ONEOF_TYPES).chain((type) =>
        fc
          .tuple(arbOf(ctx, type), arbOf(ctx, type))
          .filter(([a, b]) => {
            const ma = oneofMember(type, a);
            const mb = oneofMember(type, b);
            return !!ma && !!mb && ma.name !== mb.name;
          })
          .map(([first, b]) => {
            const m = oneofMember(type, b)!;
            return { type, first, second: { [m.name]: b[m.name]! } };
          }),
      ),
    async check({ type, first, second }, ops) {
      const bytes = concatBytes(encodeReference(type, first), encodeReference(type, second));
      const member = oneofMember(type, second)!;
      expectSame(merge(type, canonical(type, first), canonical(type, second)), await ops.decode(type, bytes), `${member.oneof}: expected the last member ${member.name}`, bytes);
    },
  }),
  def<{ member: string; first: JsonObject; second: JsonObject }>({
    id: 'oneof-merge',
    requirement: 'PB-2-oneof-merge',
    title: 'the same message-typed oneof member twice on the wire: the two are merged',
    needs: ['decode'],
    arbitrary: (ctx) =>
      fc
        .constantFrom(...messageSpec('Common_Message').fields.filter((f) => f.oneof && f.type.kind === 'message'))
        .chain((f) => {
          const sub = (f.type as { message: string }).message;
          return fc.tuple(arbOf(ctx, sub), arbOf(ctx, sub)).map(([first, second]) => ({ member: f.name, first, second }));
        }),
    async check({ member, first, second }, ops) {
      const a = { [member]: first };
      const b = { [member]: second };
      const bytes = concatBytes(encodeReference('Common_Message', a), encodeReference('Common_Message', b));
      expectSame(merge('Common_Message', canonical('Common_Message', a), canonical('Common_Message', b)), await ops.decode('Common_Message', bytes), `${member} twice: expected the merge`, bytes);
    },
  }),
  def<{ type: string; field: string; name: string; base: JsonObject }>({
    id: 'enum-numbers',
    requirement: 'PB-2-enum-numbers',
    title: 'every enum value name is written and read as its documented number',
    needs: ['encode', 'decode'],
    arbitrary: (ctx) =>
      fc
        .constantFrom(...ENUM_TARGETS.flatMap((t) => enumSpec((fieldOf(t.type, t.field).type as { enum: string }).enum).values.map((v) => ({ ...t, name: v.name }))))
        .chain((t) => arbOf(ctx, t.type).map((base) => ({ ...t, base }))),
    examples: () =>
      ENUM_TARGETS.flatMap((t) => enumSpec((fieldOf(t.type, t.field).type as { enum: string }).enum).values.map((v) => ({ ...t, name: v.name, base: {} }))),
    async check({ type, field, name, base }, ops) {
      const f = fieldOf(type, field);
      const documented = enumSpec((f.type as { enum: string }).enum).values.find((v) => v.name === name)!.number;
      const json = { ...base, [field]: name };
      const bytes = await ops.encode(type, json);
      const recs = readRecords(bytes).filter((r) => r.field === f.number && r.wireType === WT.VARINT);
      const last = recs[recs.length - 1];
      const written = last ? Number(BigInt.asIntN(32, last.value as bigint)) : 0;
      if (written !== documented) throw new Failure(`${type}.${field} = ${name} written as ${written}, documented number is ${documented}`, toHex(bytes));
      const ref = encodeReference(type, { [field]: documented });
      const got = await ops.decode(type, ref);
      const want = documented === 0 ? undefined : name;
      if (got[field] !== want) throw new Failure(`${type}.${field} number ${documented} read as ${JSON.stringify(got[field] ?? null)}, documented name is ${name}`, toHex(ref));
    },
  }),
  def<{ type: string; field: string; number: number }>({
    id: 'enum-open',
    requirement: 'PB-2-enum-open',
    title: 'unnamed enum numbers survive decode and encode (proto3 open enums)',
    needs: ['encode', 'decode'],
    arbitrary: () =>
      fc
        .record({ target: fc.constantFrom(...ENUM_TARGETS), n: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })) })
        .map(({ target, n }) => ({ ...target, number: n }))
        .filter(({ type, field, number }) => !enumSpec((fieldOf(type, field).type as { enum: string }).enum).values.some((v) => v.number === number)),
    examples: () => [{ type: 'Networking_Sockets', field: 'type', number: 1 }],
    async check({ type, field, number }, ops) {
      const json = { [field]: number };
      const ref = encodeReference(type, json);
      const got = await ops.decode(type, ref);
      expectSame(canonical(type, json), got, `unnamed ${type}.${field} number ${number} decoded as`, ref);
      const bytes = await ops.encode(type, got);
      expectSame(canonical(type, json), decodeReference(type, bytes), `unnamed ${type}.${field} number ${number} re-encoded as`, bytes);
    },
  }),
  def<TypedMessage>({
    id: 'defaults-omitted',
    requirement: 'PB-2-defaults-omitted',
    title: 'scalar fields holding their default are not emitted, even when given explicitly',
    needs: ['encode'],
    arbitrary: (ctx) =>
      arbs(ctx).any.map(({ type, json }) => {
        const out: JsonObject = { ...json };
        for (const f of messageSpec(type).fields) if (!f.oneof && f.type.kind !== 'message' && out[f.name] === undefined) out[f.name] = defaultOf(f) as JsonObject[string];
        return { type, json: out };
      }),
    async check({ type, json }, ops) {
      expectNoFindings(type, await ops.encode(type, json), ['default-emitted']);
    },
  }),
  def<{ announce: JsonObject }>({
    id: 'packed-emit',
    requirement: 'PB-2-packed-emit',
    title: 'Announce.ids is emitted packed',
    needs: ['encode'],
    arbitrary: (ctx) =>
      fc.tuple(arbOf(ctx, 'Announce'), fc.array(uint64Arb, { minLength: 1, maxLength: 6 })).map(([a, ids]) => ({ announce: { ...a, ids } })),
    async check({ announce }, ops) {
      const bytes = await ops.encode('Announce', announce);
      const recs = readRecords(bytes).filter((r) => r.field === 2);
      if (recs.length !== 1 || recs[0]!.wireType !== WT.LEN) {
        throw new Failure(`${(announce.ids as unknown[]).length} ids written as ${recs.length} record(s) of wire type ${recs.map((r) => r.wireType).join(',')}, expected one packed (LEN) record`, toHex(bytes));
      }
    },
  }),
  def<{ announce: JsonObject; ids: string[]; packing: boolean[] }>({
    id: 'packed-accept',
    requirement: 'PB-2-packed-accept',
    title: 'Announce.ids decodes from packed, unpacked and mixed records',
    needs: ['decode'],
    arbitrary: (ctx) =>
      fc.record({
        announce: arbOf(ctx, 'Announce').map((a) => {
          const { ids: _ids, ...rest } = a;
          return rest as JsonObject;
        }),
        ids: fc.array(uint64Arb, { minLength: 1, maxLength: 8 }),
        packing: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      }),
    async check({ announce, ids, packing }, ops) {
      // ids are split in runs; run k is packed when packing[k] is true, else one record per id.
      const parts: number[][] = [Array.from(encodeReference('Announce', announce))];
      let i = 0;
      let k = 0;
      while (i < ids.length) {
        const run = ids.slice(i, i + 1 + (k % 3));
        if (packing[k % packing.length]) parts.push(lenRecord(2, run.flatMap((x) => varint(BigInt(x)))));
        else for (const x of run) parts.push(varintRecord(2, BigInt(x)));
        i += run.length;
        k++;
      }
      const bytes = concatBytes(...parts);
      expectSame(canonical('Announce', { ...announce, ids }), await ops.decode('Announce', bytes), 'ids decoded as', bytes);
    },
  }),
  def<{ type: string; field: string; entries: { key: string | null; value: string | null; valueFirst: boolean }[] }>({
    id: 'map-entries',
    requirement: 'PB-2-map-entries',
    title: 'map entries: missing key or value decode to defaults, a repeated key keeps the last',
    needs: ['decode'],
    arbitrary: () =>
      fc.record({
        target: fc.constantFrom(...MAP_TARGETS),
        entries: fc.array(
          fc.record({
            key: fc.option(fc.oneof(fc.constantFrom('', 'a', 'b', '__proto__'), fc.string({ unit: binaryChar, maxLength: 3 }))),
            value: fc.option(fc.uint8Array({ maxLength: 4 }).map(toBase64)),
            valueFirst: fc.boolean(),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      }).map(({ target, entries }) => ({ ...target, entries })),
    async check({ type, field, entries }, ops) {
      const f = fieldOf(type, field);
      const utf8 = new TextEncoder();
      const expected: Record<string, unknown> = {};
      const parts = entries.map((e) => {
        const k = e.key === null ? [] : lenRecord(1, utf8.encode(e.key));
        const v = e.value === null ? [] : lenRecord(2, fromBase64(e.value));
        setKey(expected, e.key ?? '', e.value ?? '');
        return lenRecord(f.number, e.valueFirst ? [...v, ...k] : [...k, ...v]);
      });
      const bytes = concatBytes(...parts);
      expectSame(canonical(type, { [field]: expected }), await ops.decode(type, bytes), `${type}.${field} decoded as`, bytes);
    },
  }),
  def<{ msg: TypedMessage; unknown: UnknownRecord[]; at: number[] }>({
    id: 'unknown-skipped',
    requirement: 'PB-2-unknown-skipped',
    title: 'unknown fields of every wire type are skipped on decode',
    needs: ['decode'],
    arbitrary: withUnknownArb,
    async check(v, ops) {
      const { bytes } = insertUnknown(v);
      expectSame(canonical(v.msg.type, v.msg.json), await ops.decode(v.msg.type, bytes), 'with unknown fields, decoded as', bytes);
    },
  }),
  def<{ msg: TypedMessage; unknown: UnknownRecord[]; at: number[] }>({
    id: 'unknown-preserved',
    requirement: 'PB-2-unknown-preserved',
    title: 'unknown fields survive reencode (when the testee offers it)',
    needs: ['reencode'],
    arbitrary: withUnknownArb,
    async check(v, ops) {
      const { bytes, inserted } = insertUnknown(v);
      const out = await ops.reencode(v.msg.type, bytes);
      let known: JsonObject;
      try {
        known = decodeReference(v.msg.type, out);
      } catch (e) {
        throw new Failure(`reencode output is malformed: ${(e as Error).message}`, toHex(out));
      }
      expectSame(canonical(v.msg.type, v.msg.json), known, 'known fields after reencode', out);
      const records = readRecords(out).map((r) => toHex(out.subarray(r.start, r.end)));
      for (const u of inserted) {
        const i = records.indexOf(u);
        if (i < 0) throw new Failure(`unknown record ${u} was not kept (input ${toHex(bytes)})`, toHex(out));
        records.splice(i, 1);
      }
    },
  }),
  def<{ msg: TypedMessage; record: number; cut: number }>({
    id: 'truncated-rejected',
    requirement: 'PB-2-truncated-rejected',
    title: 'input cut inside a field is rejected',
    needs: ['decode'],
    arbitrary: (ctx) =>
      fc.record({ msg: arbs(ctx).any.filter((m) => encodeReference(m.type, m.json).length >= 2), record: fc.nat(), cut: fc.nat() }),
    async check({ msg, record, cut }, ops) {
      const full = encodeReference(msg.type, msg.json);
      const records = readRecords(full);
      const r = records[record % records.length]!;
      const at = r.start + 1 + (cut % (r.end - r.start - 1));
      const input = full.subarray(0, at);
      const got = await ops.decodeRaw(msg.type, input);
      if (!('parseError' in got)) {
        throw new Failure(`input cut at byte ${at} of ${full.length} (inside field ${r.field}) was accepted as ${JSON.stringify(got.json)}`, toHex(input));
      }
    },
  }),
  def<TypedMessage>({
    id: 'field-order',
    requirement: 'PB-2-field-order',
    title: 'fields are written in ascending field-number order',
    needs: ['encode'],
    arbitrary: (ctx) => arbs(ctx).any,
    async check({ type, json }, ops) {
      expectNoFindings(type, await ops.encode(type, json), ['order']);
    },
  }),
  def<string>({
    id: 'golden-vectors',
    requirement: 'PB-2-roundtrip',
    title: 'the protoc golden vectors decode to their JSON and their JSON encodes to the same message',
    needs: ['encode', 'decode'],
    arbitrary: (ctx) => fc.constantFrom(...ctx.golden.map((v) => v.name)),
    examples: (ctx) => ctx.golden.map((v) => v.name),
    async check(name, ops, ctx) {
      const v = ctx.golden.find((g) => g.name === name)!;
      const want = canonical(v.type, v.json);
      expectSame(want, await ops.decode(v.type, fromHex(v.hex)), `golden ${name} decoded as`, v.hex);
      const bytes = await ops.encode(v.type, v.json);
      expectSame(want, decodeReference(v.type, bytes), `golden ${name} encoded as`, bytes);
    },
  }),
  def<string>({
    id: 'golden-bytes',
    requirement: 'PB-2-field-order',
    title: 'encoding the golden vectors gives exactly the bytes protoc writes',
    needs: ['encode'],
    arbitrary: (ctx) => fc.constantFrom(...ctx.golden.map((v) => v.name)),
    examples: (ctx) => ctx.golden.map((v) => v.name),
    async check(name, ops, ctx) {
      const v = ctx.golden.find((g) => g.name === name)!;
      const bytes = await ops.encode(v.type, v.json);
      if (toHex(bytes) !== v.hex) throw new Failure(`golden ${name}: wrote ${toHex(bytes)}, protoc writes ${v.hex}`, toHex(bytes));
    },
  }),
];

export function propertyById(id: string): PropertyDef | undefined {
  return PROPERTIES.find((p) => p.id === id);
}
