/**
 * Wire input the reference encoder never writes, and the byte-level checks of encoder output.
 *
 *  - `writeTwisted` writes valid encodings of a message in ways protoc does not: a singular
 *    field written more than once (the last value wins) and embedded messages split over several
 *    records (they are merged), records out of field-number order, varints padded with 0x80
 *    continuation bytes (values up to ten bytes, tags and lengths up to five), packed and
 *    unpacked records of one repeated field mixed with empty packed records, map entries without
 *    a default key or value or with the value first, and unknown fields of every wire type
 *    (groups included) in every message and map entry. Each decodes to the message it was
 *    written from.
 *  - A record tree of an encoding (`parseTree`), on which invalid inputs are made at any depth
 *    with the lengths of the enclosing records kept right: a record cut short, invalid UTF-8 in
 *    a string, a malformed tag, a documented field number with another wire type.
 *  - `validateEncoding` finds the first invalid byte of encoder output, and `canonicalDifference`
 *    says how an encoder's bytes differ from the reference's and which requirement that breaks.
 *
 * Every random choice comes from a Tape of numbers drawn by fast-check, so a seed reproduces the
 * bytes, and an empty tape makes no choice.
 */
import fc from 'fast-check';
import type { FieldSpec, FieldType, ValueType } from '../../specs/peer/format.ts';
import { canonical, firstDifference, sameJson, setKey, type JsonObject } from './json.ts';
import { isPackableType, type Schema } from './model.ts';
import { inspectEncoding, type FindingKind } from './inspect.ts';
import { decodeReference, defaultJson, encodeReference, keyValue, valueBytes, valueWireType } from './reference.ts';
import { WT, readRecord, readRecords, readVarint, tag, toBase64, varint, type WireRecord } from './wire.ts';

/** The numbers fast-check draws for one case; `next` reads them in turn, cycling. */
export class Tape {
  private i = 0;
  constructor(private readonly xs: readonly number[]) {}

  /** A number in 0..n-1 (0 when n < 2 or the tape is empty). */
  next(n: number): number {
    if (n < 2 || this.xs.length === 0) return 0;
    return this.xs[this.i++ % this.xs.length]! % n;
  }
}

export const tapeArb: fc.Arbitrary<number[]> = fc.array(fc.nat({ max: 0xffff }), { minLength: 1, maxLength: 48 });

type MapType = Extract<FieldType, { kind: 'map' }>;

/** What the records of one level are: the fields of a message, or the key and value of a map entry. */
export type Scope = { readonly kind: 'message'; readonly type: string } | { readonly kind: 'entry'; readonly map: MapType };

export interface Rec {
  readonly field: number;
  readonly wireType: number;
  tag: number[];
  /** VARINT, I64, I32: the value's bytes; LEN: the payload when `records` is unset; SGROUP: body and end tag; other: bytes as they are. */
  raw: number[];
  /** LEN records of embedded messages and map entries: their records, of `scope`. */
  records?: Rec[];
  scope?: Scope;
  /** Bytes of the length varint of a LEN record (minimal when unset or smaller). */
  lenWidth?: number;
}

/** `v` (a minimal varint) written in `width` bytes, padded with 0x80 continuation bytes. */
export function padded(v: readonly number[], width: number): number[] {
  const out = v.slice();
  if (width <= out.length) return out;
  out[out.length - 1]! |= 0x80;
  while (out.length < width - 1) out.push(0x80);
  out.push(0);
  return out;
}

function push(out: number[], bytes: readonly number[]): void {
  for (const b of bytes) out.push(b);
}

function writeRec(r: Rec, out: number[]): void {
  push(out, r.tag);
  if (r.wireType === WT.LEN) {
    const payload = r.records ? serialize(r.records) : r.raw;
    push(out, padded(varint(payload.length), r.lenWidth ?? 0));
    push(out, payload);
  } else push(out, r.raw);
}

export function serialize(recs: readonly Rec[]): number[] {
  const out: number[] = [];
  for (const r of recs) writeRec(r, out);
  return out;
}

/** The field of a scope with a number: a message's field, or a map entry's key (1) or value (2). */
export function fieldOf(schema: Schema, scope: Scope, n: number): FieldSpec | undefined {
  if (scope.kind === 'message') return schema.fieldByNumber(scope.type, n);
  if (n === 1) return { name: 'key', number: 1, type: { kind: 'scalar', scalar: scope.map.key }, repeated: false };
  if (n === 2) return { name: 'value', number: 2, type: scope.map.value, repeated: false };
  return undefined;
}

/** The scope of a LEN record of `field` whose payload holds records (embedded message, map entry). */
function innerScope(field: FieldSpec | undefined): Scope | undefined {
  if (!field) return undefined;
  if (field.type.kind === 'message') return { kind: 'message', type: field.type.message };
  if (field.type.kind === 'map') return { kind: 'entry', map: field.type };
  return undefined;
}

/** The records of `bytes` as a tree (embedded messages and map entries parsed). Throws WireError. */
export function parseTree(schema: Schema, scope: Scope, bytes: Uint8Array): Rec[] {
  return readRecords(bytes).map((r) => {
    const tagBytes = Array.from(r.tag);
    if (r.wireType !== WT.LEN) return { field: r.field, wireType: r.wireType, tag: tagBytes, raw: Array.from(bytes.subarray(r.start + tagBytes.length, r.end)) };
    const payload = r.value as Uint8Array;
    const f = fieldOf(schema, scope, r.field);
    const inner = innerScope(f);
    if (inner) {
      try {
        return { field: r.field, wireType: WT.LEN, tag: tagBytes, raw: [], records: parseTree(schema, inner, payload), scope: inner };
      } catch {
        // not records after all: kept as bytes
      }
    }
    return { field: r.field, wireType: WT.LEN, tag: tagBytes, raw: Array.from(payload) };
  });
}

// ---- valid encodings the reference never writes ----

export interface Twists {
  /** Singular fields written more than once (the last value wins); embedded messages split over records (merged). */
  readonly split?: boolean;
  /** The records of every message in another order (records of one field, and of one oneof, keep their order). */
  readonly shuffle?: boolean;
  /** Varints padded with 0x80 continuation bytes: values up to ten bytes, tags and lengths up to five. */
  readonly pad?: boolean;
  /** Repeated numeric fields as packed and unpacked records mixed, with empty packed records between. */
  readonly pack?: boolean;
  /** Map entries without a default key or value, with the value first, after an earlier entry of the same key. */
  readonly entries?: boolean;
  /** Unknown fields of every wire type, groups included, in every message and map entry. */
  readonly unknown?: boolean;
}

interface Writer {
  readonly schema: Schema;
  readonly tw: Twists;
  readonly tape: Tape;
}

/** A valid encoding of `json` shaped by the twists; it decodes to `json`. */
export function writeTwisted(schema: Schema, type: string, json: unknown, tw: Twists, tape: Tape): Uint8Array {
  return Uint8Array.from(serialize(messageRecs({ schema, tw, tape }, type, canonical(schema, type, json))));
}

function padTo(w: Writer, v: number[], max: number): number[] {
  if (!w.tw.pad || v.length >= max) return v;
  return padded(v, v.length + w.tape.next(max - v.length + 1));
}

function tagOf(w: Writer, n: number, wt: number): number[] {
  return padTo(w, tag(n, wt), 5);
}

function lenWidth(w: Writer): number | undefined {
  return w.tw.pad ? w.tape.next(6) : undefined;
}

/** One record of a value (embedded messages as records of their own). */
function valueRec(w: Writer, n: number, t: ValueType, v: unknown, part = false): Rec {
  const wt = valueWireType(t);
  const tagBytes = tagOf(w, n, wt);
  if (t.kind === 'message') {
    return { field: n, wireType: WT.LEN, tag: tagBytes, raw: [], records: messageRecs(w, t.message, v as JsonObject, part), scope: { kind: 'message', type: t.message }, lenWidth: lenWidth(w) };
  }
  const bytes = valueBytes(w.schema, t, v);
  if (wt === WT.LEN) {
    const len = readVarint(Uint8Array.from(bytes.slice(0, 10)), 0);
    return { field: n, wireType: wt, tag: tagBytes, raw: bytes.slice(len.next), lenWidth: lenWidth(w) };
  }
  return { field: n, wireType: wt, tag: tagBytes, raw: wt === WT.VARINT ? padTo(w, bytes, 10) : bytes };
}

/** Another value of a type, written before the real one (which wins). */
function decoy(w: Writer, t: ValueType): unknown {
  const { tape } = w;
  if (t.kind === 'enum') return tape.next(5);
  if (t.kind === 'message') return {};
  switch (t.scalar) {
    case 'bool':
      return tape.next(2) === 1;
    case 'string':
      return `d${tape.next(1000)}`;
    case 'bytes':
      return toBase64(Uint8Array.from({ length: 1 + tape.next(6) }, () => tape.next(256)));
    case 'float':
    case 'double':
      return tape.next(1000) / 8;
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return String(tape.next(0x10000) * 65537);
    default:
      return tape.next(0x8000);
  }
}

function isDefaultValue(schema: Schema, t: ValueType, v: unknown): boolean {
  if (t.kind === 'message') return Object.keys(v as object).length === 0;
  const a = valueBytes(schema, t, v);
  const b = valueBytes(schema, t, defaultJson(schema, t));
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function entryRec(w: Writer, n: number, t: MapType, k: string, v: unknown, early: boolean): Rec {
  const keyType: ValueType = { kind: 'scalar', scalar: t.key };
  let kids = [valueRec(w, 1, keyType, keyValue(t.key, k)), valueRec(w, 2, t.value, v)];
  if (w.tw.entries && !early) {
    if (k === String(defaultJson(w.schema, t.key)) && w.tape.next(2)) kids = kids.filter((r) => r.field !== 1);
    if (isDefaultValue(w.schema, t.value, v) && w.tape.next(2)) kids = kids.filter((r) => r.field !== 2);
    if (w.tape.next(2)) kids.reverse();
  }
  const scope: Scope = { kind: 'entry', map: t };
  if (w.tw.unknown) addUnknown(w, scope, kids);
  if (w.tw.shuffle) shuffle(w, scope, kids);
  return { field: n, wireType: WT.LEN, tag: tagOf(w, n, WT.LEN), raw: [], records: kids, scope, lenWidth: lenWidth(w) };
}

function packableRecs(w: Writer, field: FieldSpec, items: readonly unknown[]): Rec[] {
  const t = field.type as ValueType;
  const wt = valueWireType(t);
  const elem = (x: unknown): number[] => (wt === WT.VARINT ? padTo(w, valueBytes(w.schema, t, x), 10) : valueBytes(w.schema, t, x));
  const packedRec = (run: readonly unknown[]): Rec => ({ field: field.number, wireType: WT.LEN, tag: tagOf(w, field.number, WT.LEN), raw: run.flatMap(elem), lenWidth: lenWidth(w) });
  const single = (x: unknown): Rec => ({ field: field.number, wireType: wt, tag: tagOf(w, field.number, wt), raw: elem(x) });
  if (!w.tw.pack) {
    if (field.packed) return items.length ? [packedRec(items)] : [];
    return items.map(single);
  }
  const out: Rec[] = [];
  const maybeEmpty = (): void => {
    if (w.tape.next(3) === 2) out.push(packedRec([]));
  };
  maybeEmpty();
  for (let i = 0; i < items.length; ) {
    const run = items.slice(i, i + 1 + w.tape.next(3));
    if (w.tape.next(2) === 0) out.push(packedRec(run));
    else out.push(...run.map(single));
    i += run.length;
    maybeEmpty();
  }
  return out;
}

/** `msg` as two or three parts whose merge, in order, is `msg`. */
function splitMessage(w: Writer, type: string, msg: JsonObject): JsonObject[] {
  const k = 2 + w.tape.next(2);
  const chunks: JsonObject[] = Array.from({ length: k }, () => ({}));
  for (const field of w.schema.message(type).fields) {
    const v = msg[field.name];
    if (v === undefined) continue;
    if (field.type.kind === 'map') {
      for (const [key, val] of Object.entries(v as JsonObject)) {
        const chunk = chunks[w.tape.next(k)]!;
        const m = (chunk[field.name] ??= {}) as Record<string, unknown>;
        setKey(m, key, val);
      }
    } else if (field.repeated) {
      let c = 0;
      for (const x of v as unknown[]) {
        c = Math.max(c, w.tape.next(k));
        ((chunks[c]![field.name] ??= []) as unknown[]).push(x);
      }
    } else {
      const c = w.tape.next(k);
      if (c > 0 && field.type.kind !== 'message' && w.tape.next(2)) chunks[w.tape.next(c)]![field.name] = decoy(w, field.type) as JsonObject[string];
      chunks[c]![field.name] = v;
    }
  }
  return chunks;
}

/** The records of a message; `part`: one of the records a split message is written in (the others may set what it leaves out). */
function messageRecs(w: Writer, type: string, msg: JsonObject, part = false): Rec[] {
  const { schema, tw, tape } = w;
  const recs: Rec[] = [];
  for (const field of [...schema.message(type).fields].sort((a, b) => a.number - b.number)) {
    const v = msg[field.name];
    const t = field.type;
    if (t.kind === 'map') {
      for (const [k, val] of Object.entries((v ?? {}) as JsonObject)) {
        if (tw.entries && tape.next(3) === 2) recs.push(entryRec(w, field.number, t, k, decoy(w, t.value), true));
        recs.push(entryRec(w, field.number, t, k, val, false));
      }
    } else if (field.repeated) {
      const items = (v ?? []) as unknown[];
      if (isPackableType(t)) recs.push(...packableRecs(w, field, items));
      else for (const x of items) recs.push(valueRec(w, field.number, t, x));
    } else {
      const presence = field.oneof !== undefined || field.optional === true || t.kind === 'message';
      if (v === undefined && presence) continue;
      if (t.kind === 'message') {
        const parts = tw.split ? splitMessage(w, t.message, v as JsonObject) : [v as JsonObject];
        for (const p of parts) recs.push(valueRec(w, field.number, t, p, parts.length > 1));
        continue;
      }
      // In a part of a split message an absent field gets no decoys: its explicit default would
      // overwrite the value another part sets.
      const decoys = tw.split && !(part && v === undefined) ? tape.next(3) : 0;
      for (let i = 0; i < decoys; i++) recs.push(valueRec(w, field.number, t, decoy(w, t)));
      // Without presence, an absent field after decoys is written with its default value.
      if (v !== undefined || decoys > 0) recs.push(valueRec(w, field.number, t, v ?? defaultJson(schema, t)));
    }
  }
  const scope: Scope = { kind: 'message', type };
  if (tw.unknown) addUnknown(w, scope, recs);
  if (tw.shuffle) shuffle(w, scope, recs);
  return recs;
}

/** A field number the scope does not know. */
function unknownNumber(w: Writer, scope: Scope): number {
  for (let i = 0; i < 8; i++) {
    const kind = w.tape.next(3);
    const n = kind === 0 ? 1 + w.tape.next(64) : kind === 1 ? 1 + w.tape.next(2000) : 20000 + w.tape.next(2 ** 16) * 8191;
    if (n < 2 ** 29 && fieldOf(w.schema, scope, n) === undefined) return n;
  }
  return 2 ** 29 - 1 - w.tape.next(1000);
}

function unknownRec(w: Writer, n: number, depth: number): Rec {
  const { tape } = w;
  const bytes = (count: number): number[] => Array.from({ length: count }, () => tape.next(256));
  switch (tape.next(depth < 2 ? 5 : 4)) {
    case 0:
      return { field: n, wireType: WT.VARINT, tag: tagOf(w, n, WT.VARINT), raw: padTo(w, varint(BigInt(tape.next(0x10000)) << BigInt(tape.next(49))), 10) };
    case 1:
      return { field: n, wireType: WT.I64, tag: tagOf(w, n, WT.I64), raw: bytes(8) };
    case 2:
      return { field: n, wireType: WT.LEN, tag: tagOf(w, n, WT.LEN), raw: bytes(tape.next(9)), lenWidth: lenWidth(w) };
    case 3:
      return { field: n, wireType: WT.I32, tag: tagOf(w, n, WT.I32), raw: bytes(4) };
    default: {
      const inner = Array.from({ length: tape.next(3) }, () => unknownRec(w, 1 + tape.next(100), depth + 1));
      return { field: n, wireType: WT.SGROUP, tag: tagOf(w, n, WT.SGROUP), raw: [...serialize(inner), ...tag(n, WT.EGROUP)] };
    }
  }
}

function addUnknown(w: Writer, scope: Scope, recs: Rec[]): void {
  const count = 1 + w.tape.next(3);
  for (let i = 0; i < count; i++) recs.splice(w.tape.next(recs.length + 1), 0, unknownRec(w, unknownNumber(w, scope), 0));
}

/** Permutes the records; those of one field (or one oneof) keep their order. */
function shuffle(w: Writer, scope: Scope, recs: Rec[]): void {
  const keyOf = (r: Rec, i: number): string => {
    const f = fieldOf(w.schema, scope, r.field);
    if (!f) return `u${i}`;
    return f.oneof ? `o:${f.oneof}` : `n:${r.field}`;
  };
  const keys = recs.map(keyOf);
  const groups = new Map<string, Rec[]>();
  recs.forEach((r, i) => groups.set(keys[i]!, [...(groups.get(keys[i]!) ?? []), r]));
  const order = recs.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = w.tape.next(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const out = order.map((i) => groups.get(keys[i]!)!.shift()!);
  recs.splice(0, recs.length, ...out);
}

// ---- invalid inputs, made at any depth of a valid encoding ----

interface Level {
  readonly recs: Rec[];
  readonly scope: Scope;
  /** The record holding this level (none for the message itself). */
  readonly owner?: Rec;
  readonly where: string;
}

function levels(schema: Schema, recs: Rec[], scope: Scope, where: string, owner?: Rec): Level[] {
  const out: Level[] = [{ recs, scope, where, ...(owner ? { owner } : {}) }];
  for (const r of recs) {
    if (r.records && r.scope) out.push(...levels(schema, r.records, r.scope, `${where}.${fieldOf(schema, scope, r.field)?.name ?? `#${r.field}`}`, r));
  }
  return out;
}

export interface Damaged {
  readonly bytes: Uint8Array;
  /** What was done and where, for the failure message. */
  readonly what: string;
}

/**
 * The encoding cut inside one record at any depth: inside a message or map entry, the payload
 * ends inside the record and the enclosing records' lengths are set to match, the records after
 * them kept. Needs an encoding with at least one record.
 */
export function truncateDeep(schema: Schema, type: string, bytes: Uint8Array, tape: Tape): Damaged {
  const top: Rec[] = parseTree(schema, { kind: 'message', type }, bytes);
  const all = levels(schema, top, { kind: 'message', type }, type).filter((l) => l.recs.length > 0);
  const level = all[tape.next(all.length)]!;
  const i = tape.next(level.recs.length);
  const r = level.recs[i]!;
  const whole = serialize([r]);
  const at = 1 + tape.next(whole.length - 1);
  const cut = [...serialize(level.recs.slice(0, i)), ...whole.slice(0, at)];
  const what = `record ${i} (field ${r.field}) of ${level.where} cut after ${at} of its ${whole.length} bytes`;
  if (!level.owner) return { bytes: Uint8Array.from(cut), what };
  delete level.owner.records;
  level.owner.raw = cut;
  return { bytes: Uint8Array.from(serialize(top)), what: `${what}, the enclosing lengths set to match` };
}

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/** Byte sequences that are not UTF-8: a stray byte, overlong forms, a surrogate, a cut sequence, beyond U+10FFFF. */
export const INVALID_UTF8: readonly (readonly number[])[] = [[0xff], [0x80], [0xc0, 0x80], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0xc3]];

function isStringField(f: FieldSpec | undefined): boolean {
  return f?.type.kind === 'scalar' && f.type.scalar === 'string';
}

/** The encoding with invalid UTF-8 put into one of its strings (map keys included), or null when it has none. */
export function corruptString(schema: Schema, type: string, bytes: Uint8Array, tape: Tape): Damaged | null {
  const top = parseTree(schema, { kind: 'message', type }, bytes);
  const strings = levels(schema, top, { kind: 'message', type }, type).flatMap((l) =>
    l.recs.filter((r) => r.wireType === WT.LEN && !r.records && isStringField(fieldOf(schema, l.scope, r.field))).map((r) => ({ r, l })),
  );
  if (strings.length === 0) return null;
  const { r, l } = strings[tape.next(strings.length)]!;
  const chars = Array.from(utf8Strict.decode(Uint8Array.from(r.raw)));
  const at = tape.next(chars.length + 1);
  const bad = INVALID_UTF8[tape.next(INVALID_UTF8.length)]!;
  r.raw = [...utf8.encode(chars.slice(0, at).join('')), ...bad, ...utf8.encode(chars.slice(at).join(''))];
  const name = fieldOf(schema, l.scope, r.field)!.name;
  return { bytes: Uint8Array.from(serialize(top)), what: `${l.where}: ${name} holds ${Buffer.from(bad).toString('hex')} after ${at} characters` };
}

/** Records that are not protobuf: wire type 6 or 7, field number 0, an end group without its start, groups ended wrongly or not at all. */
export const MALFORMED_KINDS = ['wire type 6', 'wire type 7', 'field number 0', 'end group without start', 'end group of another field', 'group without end'] as const;

/** The encoding with a malformed record put at any depth (the enclosing lengths set to match). */
export function insertMalformed(schema: Schema, type: string, bytes: Uint8Array, tape: Tape): Damaged {
  const top = parseTree(schema, { kind: 'message', type }, bytes);
  const all = levels(schema, top, { kind: 'message', type }, type);
  const level = all[tape.next(all.length)]!;
  const kind = tape.next(MALFORMED_KINDS.length);
  const n = 1 + tape.next(40);
  let raw: number[];
  let at = tape.next(level.recs.length + 1);
  switch (kind) {
    case 0:
    case 1:
      raw = [...tag(n, 6 + kind), 0x01, 0x02];
      break;
    case 2:
      raw = [[0x00, 0x01], [0x01, 1, 2, 3, 4, 5, 6, 7, 8], [0x02, 0x01, 0x00], [0x05, 1, 2, 3, 4]][tape.next(4)]!;
      break;
    case 3:
      raw = tag(n, WT.EGROUP);
      break;
    case 4:
      raw = [...tag(n, WT.SGROUP), 0x08, 0x01, ...tag(n + 1, WT.EGROUP)];
      break;
    default:
      // A group still open when its message ends.
      raw = [...tag(n, WT.SGROUP), 0x08, 0x01];
      at = level.recs.length;
  }
  level.recs.splice(at, 0, { field: 0, wireType: -1, tag: [], raw });
  return { bytes: Uint8Array.from(serialize(top)), what: `${MALFORMED_KINDS[kind]} (${Buffer.from(raw).toString('hex')}) as record ${at} of ${level.where}` };
}

/** The encoding with a record of a documented field in another wire type (valid on the wire) put at any depth, or null when no level has a field. */
export function insertWrongWireType(schema: Schema, type: string, bytes: Uint8Array, tape: Tape): Damaged | null {
  const top = parseTree(schema, { kind: 'message', type }, bytes);
  const all = levels(schema, top, { kind: 'message', type }, type);
  const level = all[tape.next(all.length)]!;
  const fields = level.scope.kind === 'message' ? schema.message(level.scope.type).fields : [fieldOf(schema, level.scope, 1)!, fieldOf(schema, level.scope, 2)!];
  if (fields.length === 0) return null;
  const f = fields[tape.next(fields.length)]!;
  const right = new Set([valueWireType(f.type.kind === 'map' ? { kind: 'message', message: '' } : f.type)]);
  if (f.repeated && isPackableType(f.type)) right.add(WT.LEN);
  const wrong = [WT.VARINT, WT.I64, WT.LEN, WT.I32].filter((x) => !right.has(x));
  const wt = wrong[tape.next(wrong.length)]!;
  const bytesOf = (count: number): number[] => Array.from({ length: count }, () => tape.next(256));
  const raw = wt === WT.VARINT ? varint(tape.next(0x10000)) : wt === WT.I64 ? bytesOf(8) : wt === WT.I32 ? bytesOf(4) : [];
  const rec: Rec = wt === WT.LEN ? { field: f.number, wireType: WT.LEN, tag: tag(f.number, WT.LEN), raw: bytesOf(tape.next(6)) } : { field: f.number, wireType: wt, tag: tag(f.number, wt), raw };
  const at = tape.next(level.recs.length + 1);
  level.recs.splice(at, 0, rec);
  const names = ['VARINT', 'I64', 'LEN', '', '', 'I32'];
  return { bytes: Uint8Array.from(serialize(top)), what: `${level.where}: ${f.name} (${f.number}) written as ${names[wt]} at record ${at}` };
}

// ---- encoder output ----

export interface Problem {
  /** Offset of the record (or payload) at fault, from the start of the encoding. */
  readonly offset: number;
  readonly message: string;
  /** Invalid UTF-8 in a string, the rest of the encoding valid so far. */
  readonly utf8?: boolean;
}

function packedProblem(t: FieldType, payload: Uint8Array): string | null {
  const wt = valueWireType(t as ValueType);
  if (wt === WT.VARINT) {
    for (let pos = 0; pos < payload.length; ) {
      try {
        pos = readVarint(payload, pos).next;
      } catch {
        return `packed run of varints ends inside a varint at byte ${pos} of its payload`;
      }
    }
    return null;
  }
  const size = wt === WT.I32 ? 4 : 8;
  return payload.length % size === 0 ? null : `packed run of ${size}-byte values has ${payload.length} bytes`;
}

function problemIn(schema: Schema, scope: Scope, buf: Uint8Array, base: number, where: string): Problem | null {
  const records: WireRecord[] = [];
  for (let pos = 0; pos < buf.length; ) {
    try {
      const r = readRecord(buf, pos);
      if (r.wireType === WT.EGROUP) return { offset: base + pos, message: `${where}: end group (field ${r.field}) without its start group` };
      records.push(r);
      pos = r.end;
    } catch (e) {
      return { offset: base + pos, message: `${where}: ${(e as Error).message.replace(/ at offset \d+/, '')}` };
    }
  }
  for (const r of records) {
    const f = fieldOf(schema, scope, r.field);
    if (!f || r.wireType !== WT.LEN) continue;
    const payload = r.value as Uint8Array;
    const start = base + r.end - payload.length;
    const at = `${where}.${f.name}`;
    const inner = innerScope(f);
    if (inner) {
      const p = problemIn(schema, inner, payload, start, at);
      if (p) return p;
    } else if (f.repeated && isPackableType(f.type)) {
      const p = packedProblem(f.type, payload);
      if (p) return { offset: start, message: `${at}: ${p}` };
    } else if (isStringField(f)) {
      try {
        utf8Strict.decode(payload);
      } catch {
        return { offset: start, message: `${at}: string is not valid UTF-8`, utf8: true };
      }
    }
  }
  return null;
}

/** The first thing that makes `bytes` not a valid encoding of `type`, or null. */
export function validateEncoding(schema: Schema, type: string, bytes: Uint8Array): Problem | null {
  return problemIn(schema, { kind: 'message', type }, bytes, 0, type);
}

export interface Difference {
  readonly requirement: string;
  readonly kind: string;
  readonly message: string;
}

/** Findings of the encoding inspector, most serious first, and the requirement each breaks. */
const FINDINGS: readonly (readonly [FindingKind, string])[] = [
  ['malformed', 'PB-2-encoding-valid'],
  ['unknown-number', 'PB-2-field-numbers'],
  ['bad-tag', 'PB-2-field-numbers'],
  ['wire-type', 'PB-2-wire-types'],
  ['oneof-multiple', 'PB-2-oneof-single'],
  ['default-emitted', 'PB-2-defaults-omitted'],
  ['unpacked', 'PB-2-packed-emit'],
  ['order', 'PB-2-field-order'],
];

function hex(bytes: ArrayLike<number>): string {
  return Buffer.from(Uint8Array.from(bytes as ArrayLike<number>)).toString('hex');
}

function minimalLength(v: bigint): number {
  return varint(v).length;
}

/** A float or double record of a field without presence holding -0 (written or not, PINT-float-zero). */
function isOptionalNegativeZero(f: FieldSpec | undefined, r: WireRecord): boolean {
  if (!f || f.repeated || f.oneof || f.optional || f.type.kind !== 'scalar') return false;
  if (f.type.scalar === 'float') return r.wireType === WT.I32 && r.value === 0x80000000n;
  if (f.type.scalar === 'double') return r.wireType === WT.I64 && r.value === 0x8000000000000000n;
  return false;
}

const SIGN_EXTENDED: ReadonlySet<string> = new Set(['int32', 'int64']);

function varintDifference(f: FieldSpec, value: bigint, written: Uint8Array, reference: Uint8Array, offset: number, at: string): Difference | null {
  if (hex(written) === hex(reference)) return null;
  const negative32 = (f.type.kind === 'enum' || (f.type.kind === 'scalar' && SIGN_EXTENDED.has(f.type.scalar))) && reference.length === 10 && written.length < 10;
  if (negative32 && BigInt.asUintN(32, value) === value && value >= 0x80000000n) {
    return { requirement: 'PB-2-canonical-bytes', kind: 'varint sign', message: `${at}: negative value written as the 32-bit varint ${hex(written)} at offset ${offset}; protobuf sign-extends it to ten bytes (${hex(reference)})` };
  }
  if (written.length > minimalLength(value)) {
    return { requirement: 'PB-2-canonical-bytes', kind: 'varint width', message: `${at}: varint ${value} written in ${written.length} bytes (${hex(written)}) at offset ${offset}; ${minimalLength(value)} are enough` };
  }
  return null;
}

function recordParts(buf: Uint8Array, r: WireRecord): { header: Uint8Array; value: Uint8Array } {
  const len = r.wireType === WT.LEN ? (r.value as Uint8Array).length : 0;
  return { header: buf.subarray(r.start + r.tag.length, r.end - len), value: buf.subarray(r.start + r.tag.length, r.end) };
}

function recordDifference(schema: Schema, f: FieldSpec, a: WireRecord, aBuf: Uint8Array, r: WireRecord, rBuf: Uint8Array, base: number, at: string): Difference | null {
  const offset = base + a.start;
  if (hex(aBuf.subarray(a.start, a.end)) === hex(rBuf.subarray(r.start, r.end))) return null;
  if (a.wireType === WT.VARINT && r.wireType === WT.VARINT) return varintDifference(f, a.value as bigint, recordParts(aBuf, a).value, recordParts(rBuf, r).value, offset, at);
  if (a.wireType !== WT.LEN || r.wireType !== WT.LEN) {
    return { requirement: 'PB-2-canonical-bytes', kind: 'value bits', message: `${at}: value written as ${hex(aBuf.subarray(a.start, a.end))} at offset ${offset}, the reference writes ${hex(rBuf.subarray(r.start, r.end))}` };
  }
  const ap = a.value as Uint8Array;
  const rp = r.value as Uint8Array;
  const header = recordParts(aBuf, a).header;
  if (header.length > minimalLength(BigInt(ap.length))) {
    return { requirement: 'PB-2-canonical-bytes', kind: 'varint width', message: `${at}: length ${ap.length} written in ${header.length} bytes (${hex(header)}) at offset ${offset + a.tag.length}; ${minimalLength(BigInt(ap.length))} are enough` };
  }
  const start = base + a.end - ap.length;
  const inner = innerScope(f);
  if (inner) return structural(schema, inner, ap, rp, start, at);
  if (f.repeated && isPackableType(f.type) && valueWireType(f.type as ValueType) === WT.VARINT) {
    for (let pa = 0, pr = 0; pa < ap.length && pr < rp.length; ) {
      const va = readVarint(ap, pa);
      const vr = readVarint(rp, pr);
      const d = varintDifference(f, va.value, ap.subarray(pa, va.next), rp.subarray(pr, vr.next), start + pa, `${at}[]`);
      if (d) return d;
      pa = va.next;
      pr = vr.next;
    }
  }
  return { requirement: 'PB-2-canonical-bytes', kind: 'payload', message: `${at}: payload ${hex(ap)} at offset ${start}, the reference writes ${hex(rp)}` };
}

/** A map entry's key as written (absent: the default). */
function entryKey(e: WireRecord): string {
  const k = readRecords(e.value as Uint8Array).find((x) => x.field === 1);
  if (!k) return '';
  return k.value instanceof Uint8Array ? `b${hex(k.value)}` : `v${k.value}`;
}

/** How the records of `a` (testee) differ from those of `r` (reference) when both decode to one message. */
function structural(schema: Schema, scope: Scope, a: Uint8Array, r: Uint8Array, base: number, where: string): Difference | null {
  const ra = readRecords(a).filter((x) => !isOptionalNegativeZero(fieldOf(schema, scope, x.field), x));
  const rr = readRecords(r);
  const numbers = [...new Set([...ra, ...rr].map((x) => x.field))];
  for (const n of numbers) {
    const f = fieldOf(schema, scope, n);
    const at = `${where}.${f?.name ?? `#${n}`}`;
    const la = ra.filter((x) => x.field === n);
    const lr = rr.filter((x) => x.field === n);
    if (f?.type.kind === 'map') {
      const entries = (list: WireRecord[]): Map<string, WireRecord> => new Map(list.map((e) => [entryKey(e), e]));
      for (const e of la) {
        const fields = readRecords(e.value as Uint8Array).map((k) => k.field);
        if (fields.length !== 2 || fields[0] !== 1 || fields[1] !== 2) {
          return {
            requirement: 'PB-2-canonical-bytes',
            kind: 'map entry shape',
            message: `${at}: map entry at offset ${base + e.start} holds fields [${fields.join(', ')}]; the reference writes the key (1) then the value (2)`,
          };
        }
      }
      const ea = entries(la);
      const er = entries(lr);
      for (const [key, e] of ea) {
        const other = er.get(key);
        if (!other) continue;
        const d = recordDifference(schema, f, e, a, other, r, base, at);
        if (d) return d;
      }
      continue;
    }
    if (la.length !== lr.length) {
      const extra = la.length > lr.length;
      const first = la[Math.min(lr.length, la.length - 1)] ?? la[0];
      return {
        requirement: 'PB-2-canonical-bytes',
        kind: extra ? 'extra record' : 'missing record',
        message: `${at}: ${la.length} record(s) of field ${n}${first ? ` (from offset ${base + first.start})` : ''}, the reference writes ${lr.length}`,
      };
    }
    if (!f) continue;
    for (let i = 0; i < la.length; i++) {
      const d = recordDifference(schema, f, la[i]!, a, lr[i]!, r, base, at);
      if (d) return d;
    }
  }
  return null;
}

/**
 * How an encoder's valid output for `json` differs from the reference's canonical bytes, and
 * the requirement the difference breaks; null when they are the same (map entries may come in
 * any order, and a float -0 without presence may be written or not).
 */
export function canonicalDifference(schema: Schema, type: string, json: unknown, got: Uint8Array): Difference | null {
  const want = encodeReference(schema, type, json);
  if (hex(got) === hex(want)) return null;
  const wantJson = canonical(schema, type, json);
  const read = decodeReference(schema, type, got);
  if (!sameJson(read, wantJson)) {
    const d = firstDifference(wantJson, read) ?? 'another message';
    return { requirement: 'PB-2-roundtrip', kind: / got absent$/.test(d) ? 'missing field' : /expected absent,/.test(d) ? 'extra field' : 'field content', message: `the bytes decode to another message: ${d}` };
  }
  const findings = inspectEncoding(schema, type, got);
  for (const [kind, requirement] of FINDINGS) {
    const f = findings.find((x) => x.kind === kind);
    if (f) return { requirement, kind, message: `${f.path}: ${f.message}` };
  }
  return structural(schema, { kind: 'message', type }, got, want, 0, type);
}
