/**
 * A testee program with one injected defect, for proving that the suite catches it:
 *   node --import tsx test/proto/faulty-testee.ts <defect>
 * It wraps the protobufjs testee, on the documented format or on the schema of the hello request
 * (the patches below need the documented declarations they change to be in that schema).
 * The names in LEGAL are legal variations: they must not fail (some give a warning).
 */
import { readFileSync } from 'node:fs';
import { fieldOf, padded, parseTree, serialize, validateEncoding, type Rec, type Scope } from '../../src/proto/adversarial.ts';
import { schemaOfHello } from '../../src/proto/compile.ts';
import type { Schema } from '../../src/proto/model.ts';
import { isPackableType } from '../../src/proto/model.ts';
import type { Answer, HelloSchema, Request } from '../../src/proto/protocol.ts';
import { valueWireType } from '../../src/proto/reference.ts';
import { PROTO_PATH } from '../../src/proto/schema.ts';
import type { Codec } from '../../src/proto/testee.ts';
import { serve } from '../../src/proto/testees/codec.ts';
import { protobufjsCodec } from '../../src/proto/testees/protobufjs.ts';
import { WT, concatBytes, fromBase64, readRecord, readRecords, readVarint, tag, toBase64, varint } from '../../src/proto/wire.ts';

/**
 * Defect name -> the requirement the suite must name for it. A defect against a Recommended
 * requirement fails only with --enforce-recommended, and otherwise warns.
 */
export const DEFECTS: Record<string, string> = {
  'renumbered-field': 'PB-2-field-numbers',
  'enum-off-by-one': 'PB-2-enum-numbers',
  'wire-type-changed': 'PB-2-wire-types',
  'two-oneof-members': 'PB-2-oneof-single',
  'uint64-truncated': 'PB-2-uint64-range',
  'oneof-first-wins': 'PB-2-oneof-last-wins',
  // Decoders given valid input the reference encoder never writes.
  'first-wins': 'PB-2-last-wins',
  'order-sensitive': 'PB-2-any-order',
  'padded-varints-refused': 'PB-2-varint-width',
  'empty-packed-refused': 'PB-2-packed-accept',
  'unknown-groups-refused': 'PB-2-unknown-skipped',
  'entry-without-key-refused': 'PB-2-map-entries',
  // Decoders given invalid input.
  'nested-truncation-accepted': 'PB-2-truncated-rejected',
  'stops-at-end-group': 'PB-2-malformed-rejected',
  'utf8-accepted': 'PB-2-string-utf8',
  'other-wire-type-read': 'PB-2-wire-type-mismatch',
  // Encoders.
  'drops-last-field': 'PB-2-roundtrip',
  'invalid-embedded-bytes': 'PB-2-encoding-valid',
};

/**
 * Legal variations -> the warning each gives (the property and the requirement its difference is
 * filed under, and the kind of difference canonical-bytes names), or null for none.
 */
export const LEGAL: Record<string, { property: string; requirement: string; kind?: string } | null> = {
  'reorder-fields': { property: 'field-order', requirement: 'PB-2-field-order' },
  'padded-varints': { property: 'canonical-bytes', requirement: 'PB-2-canonical-bytes', kind: 'varint width' },
  'int32-five-bytes': { property: 'canonical-bytes', requirement: 'PB-2-canonical-bytes', kind: 'varint sign' },
  'entry-value-first': { property: 'canonical-bytes', requirement: 'PB-2-canonical-bytes', kind: 'map entry shape' },
  'other-wire-type-refused': null,
};

function patch(source: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`cannot patch: ${from}`);
  return source.replace(from, to);
}

function truncateUint64(schema: Schema, type: string, json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  for (const f of schema.message(type).fields) {
    const v = out[f.name];
    if (v === undefined || v === null) continue;
    const t = f.type;
    const cut = (x: unknown): string => String(BigInt(x as string) & 0xffffffffn);
    if (t.kind === 'scalar' && t.scalar === 'uint64') out[f.name] = Array.isArray(v) ? v.map(cut) : cut(v);
    else if (t.kind === 'message') out[f.name] = Array.isArray(v) ? v.map((x) => truncateUint64(schema, t.message, x)) : truncateUint64(schema, t.message, v);
  }
  return out;
}

function records(bytes: Uint8Array): { field: number; raw: Uint8Array }[] | null {
  try {
    return readRecords(bytes).map((r) => ({ field: r.field, raw: bytes.subarray(r.start, r.end) }));
  } catch {
    return null;
  }
}

function keepFirstOneofMember(schema: Schema, type: string, bytes: Uint8Array): Uint8Array {
  const recs = records(bytes);
  if (!recs || !schema.hasMessage(type)) return bytes;
  const spec = schema.message(type);
  const firstOf = new Map<string, number>();
  const kept = recs.filter((r) => {
    const f = spec.fields.find((x) => x.number === r.field);
    if (!f?.oneof) return true;
    const first = firstOf.get(f.oneof) ?? (firstOf.set(f.oneof, r.field), r.field);
    return first === r.field;
  });
  return concatBytes(...kept.map((r) => r.raw));
}

/** `bytes` with `visit` applied to every record at every depth (unchanged when they do not parse). */
function rewrite(schema: Schema, type: string, bytes: Uint8Array, visit: (r: Rec, scope: Scope, depth: number) => void): Uint8Array {
  let top: Rec[];
  try {
    top = parseTree(schema, { kind: 'message', type }, bytes);
  } catch {
    return bytes;
  }
  const walk = (recs: Rec[], scope: Scope, depth: number): void => {
    for (const r of [...recs]) {
      visit(r, scope, depth);
      if (r.records && r.scope) walk(r.records, r.scope, depth + 1);
    }
  };
  walk(top, { kind: 'message', type }, 0);
  return Uint8Array.from(serialize(top));
}

/** Every record at every depth, or null when the bytes do not parse. */
function allRecords(schema: Schema, type: string, bytes: Uint8Array): { r: Rec; scope: Scope }[] | null {
  const out: { r: Rec; scope: Scope }[] = [];
  try {
    rewrite(schema, type, bytes, (r, scope) => out.push({ r, scope }));
    parseTree(schema, { kind: 'message', type }, bytes);
  } catch {
    return null;
  }
  return out;
}

function isMinimal(bytes: readonly number[]): boolean {
  return bytes.length === varint(readVarint(Uint8Array.from(bytes), 0).value).length;
}

/** A documented field written in a wire type its type does not have. */
function otherWireType(schema: Schema, scope: Scope, r: Rec): boolean {
  const f = fieldOf(schema, scope, r.field);
  if (!f || r.wireType < 0) return false;
  const want = f.type.kind === 'map' ? WT.LEN : valueWireType(f.type);
  return r.wireType !== want && !(f.repeated && isPackableType(f.type) && r.wireType === WT.LEN);
}

/** Why a defective decoder refuses the input, or null. */
function refusal(defect: string, schema: Schema, type: string, bytes: Uint8Array): string | null {
  const recs = allRecords(schema, type, bytes);
  if (!recs) return null;
  const top = recs.filter((x) => x.scope.kind === 'message' && x.scope.type === type);
  switch (defect) {
    case 'order-sensitive': {
      const known = readRecords(bytes).filter((r) => schema.fieldByNumber(type, r.field));
      return known.some((r, i) => i > 0 && r.field < known[i - 1]!.field) ? 'fields out of order' : null;
    }
    case 'padded-varints-refused':
      return recs.some(({ r }) => !isMinimal(r.tag.length ? r.tag : [0]) || (r.wireType === WT.VARINT && !isMinimal(r.raw))) ? 'non-minimal varint' : null;
    case 'empty-packed-refused':
      return top.some(({ r }) => {
        const f = schema.fieldByNumber(type, r.field);
        return r.wireType === WT.LEN && f?.repeated && isPackableType(f.type) && r.raw.length === 0;
      })
        ? 'empty packed record'
        : null;
    case 'unknown-groups-refused':
      return recs.some(({ r }) => r.wireType === WT.SGROUP) ? 'group' : null;
    case 'entry-without-key-refused':
      return recs.some(({ r }) => r.scope?.kind === 'entry' && !r.records?.some((k) => k.field === 1)) ? 'map entry without key' : null;
    case 'other-wire-type-refused':
      return recs.some(({ r, scope }) => otherWireType(schema, scope, r)) ? 'field in another wire type' : null;
    default:
      return null;
  }
}

/** What a defective decoder reads instead of `bytes`. */
function misread(defect: string, schema: Schema, type: string, bytes: Uint8Array): Uint8Array {
  switch (defect) {
    case 'first-wins': {
      // The first record of a singular scalar field is kept, later ones dropped (at the top).
      const seen = new Set<number>();
      const recs = records(bytes);
      if (!recs) return bytes;
      return concatBytes(
        ...recs
          .filter((r) => {
            const f = schema.fieldByNumber(type, r.field);
            if (!f || f.repeated || f.type.kind === 'message' || f.type.kind === 'map') return true;
            if (seen.has(r.field)) return false;
            seen.add(r.field);
            return true;
          })
          .map((r) => r.raw),
      );
    }
    case 'nested-truncation-accepted': {
      // An embedded message that does not parse is dropped instead of failing the input.
      const recs = records(bytes);
      if (!recs) return bytes;
      return concatBytes(
        ...recs
          .filter((r) => {
            const f = schema.fieldByNumber(type, r.field);
            if (f?.type.kind !== 'message') return true;
            const whole = readRecords(r.raw)[0]!;
            return validateEncoding(schema, f.type.message, whole.value as Uint8Array) === null;
          })
          .map((r) => r.raw),
      );
    }
    case 'stops-at-end-group': {
      // Reading stops at an end group, wire type 6 or 7 or field number 0, as if the message ended there.
      let pos = 0;
      while (pos < bytes.length) {
        try {
          const t = readVarint(bytes, pos);
          const wt = Number(t.value & 7n);
          if (wt === WT.EGROUP || wt > 5 || t.value >> 3n === 0n) return bytes.subarray(0, pos);
          pos = readRecord(bytes, pos).end;
        } catch {
          return bytes;
        }
      }
      return bytes;
    }
    case 'other-wire-type-read':
      // A fixed-size record of a varint field is read as the varint of its value.
      return rewrite(schema, type, bytes, (r, scope) => {
        const f = fieldOf(schema, scope, r.field);
        if (!f || (r.wireType !== WT.I32 && r.wireType !== WT.I64) || f.type.kind === 'map' || valueWireType(f.type) !== WT.VARINT) return;
        let v = 0n;
        for (let i = r.raw.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(r.raw[i]!);
        (r as { wireType: number }).wireType = WT.VARINT;
        r.tag = tag(r.field, WT.VARINT);
        r.raw = varint(v);
      });
    default:
      return bytes;
  }
}

/** What a defective or different encoder writes instead of `bytes`. */
function written(defect: string, schema: Schema, type: string, bytes: Uint8Array): Uint8Array {
  switch (defect) {
    case 'padded-varints':
      return rewrite(schema, type, bytes, (r) => {
        if (r.wireType === WT.VARINT) r.raw = padded(r.raw, 10);
      });
    case 'int32-five-bytes':
      return rewrite(schema, type, bytes, (r, scope) => {
        const f = fieldOf(schema, scope, r.field);
        const signed = f?.type.kind === 'enum' || (f?.type.kind === 'scalar' && f.type.scalar === 'int32');
        if (signed && r.wireType === WT.VARINT && r.raw.length === 10) r.raw = varint(readVarint(Uint8Array.from(r.raw), 0).value & 0xffffffffn);
      });
    case 'entry-value-first':
      return rewrite(schema, type, bytes, (r) => {
        if (r.scope?.kind === 'entry') r.records?.reverse();
      });
    case 'invalid-embedded-bytes':
      // Every embedded message ends with a tag that has no value; the enclosing lengths match.
      return rewrite(schema, type, bytes, (r) => {
        if (r.scope?.kind === 'message') r.records?.push({ field: 1, wireType: -1, tag: [], raw: [0x08] });
      });
    case 'drops-last-field': {
      const recs = records(bytes);
      return recs && recs.length >= 2 ? concatBytes(...recs.slice(0, -1).map((r) => r.raw)) : bytes;
    }
    default:
      return bytes;
  }
}

export function faultyCodec(defect: string, hello?: HelloSchema): Codec {
  const schema = schemaOfHello(hello);
  let source = readFileSync(hello?.file ?? PROTO_PATH, 'utf8');
  if (defect === 'renumbered-field') source = patch(source, 'uint64 dest_id = 2;', 'uint64 dest_id = 20;');
  if (defect === 'enum-off-by-one') {
    // Every value of Lobby_Messages.Types but JOIN = 0 one higher (values a fork adds too).
    const block = /enum Types \{\s*JOIN = 0;[^}]*\}/.exec(source);
    if (!block) throw new Error('cannot patch: no Lobby_Messages.Types');
    source = source.replace(block[0], block[0].replace(/= ([1-9][0-9]*);/g, (_m, n: string) => `= ${Number(n) + 1};`));
  }
  if (defect === 'wire-type-changed') source = patch(source, 'uint32 source_ip = 128;', 'fixed32 source_ip = 128;');
  if (!(defect in DEFECTS) && !(defect in LEGAL)) throw new Error(`unknown defect ${defect}; known: ${[...Object.keys(DEFECTS), ...Object.keys(LEGAL)].join(', ')}`);
  const inner = protobufjsCodec(source, `protobufjs with defect ${defect}`);

  const before = (r: Request): Request => {
    if (defect === 'uint64-truncated' && r.op === 'encode') return { ...r, json: truncateUint64(schema, r.type, r.json) };
    if (defect === 'oneof-first-wins' && r.op === 'decode') {
      try {
        return { ...r, bytes: toBase64(keepFirstOneofMember(schema, r.type, fromBase64(r.bytes))) };
      } catch {
        return r;
      }
    }
    if (r.op === 'decode' && schema.hasMessage(r.type)) {
      try {
        const bytes = fromBase64(r.bytes);
        const read = misread(defect, schema, r.type, bytes);
        if (read !== bytes) return { ...r, bytes: toBase64(read) };
      } catch {
        return r;
      }
    }
    return r;
  };
  const after = (r: Request, a: Answer): Answer => {
    if (defect === 'utf8-accepted' && r.op === 'decode' && typeof a.parse_error === 'string' && /utf-?8/i.test(a.parse_error)) return { id: a.id, json: {} };
    if (r.op !== 'encode' || typeof a.bytes !== 'string') return a;
    const bytes = fromBase64(a.bytes);
    if (schema.hasMessage(r.type)) {
      const out = written(defect, schema, r.type, bytes);
      if (out !== bytes) return { ...a, bytes: toBase64(out) };
    }
    if (defect === 'two-oneof-members' && r.type === schema.rootMessage) {
      const recs = records(bytes);
      const member = recs?.find((x) => x.field >= 3 && x.field <= 15);
      // Emit an empty auth_ticket (field 10) before the real member: two members of `messages`.
      if (member && member.field !== 10) return { ...a, bytes: toBase64(concatBytes([0x52, 0x00], bytes)) };
    }
    if (defect === 'reorder-fields') {
      const recs = records(bytes);
      if (recs) return { ...a, bytes: toBase64(concatBytes(...[...recs].sort((x, y) => y.field - x.field).map((x) => x.raw))) };
    }
    return a;
  };
  return {
    name: inner.name,
    version: inner.version,
    ops: inner.ops,
    async handle(requests) {
      // Requests a defective decoder refuses are answered here; the others go to protobufjs.
      const refused = requests.map((r) => {
        if (r.op !== 'decode' || !schema.hasMessage(r.type)) return null;
        try {
          return refusal(defect, schema, r.type, fromBase64(r.bytes));
        } catch {
          return null;
        }
      });
      const passed = requests.filter((_, i) => refused[i] === null);
      const answers = await inner.handle(passed.map(before));
      let k = 0;
      return requests.map((r, i) => (refused[i] !== null ? { id: r.id, parse_error: `refused: ${refused[i]}` } : after(r, answers[k++]!)));
    },
  };
}

if (/faulty-testee\.[jt]s$/.test(process.argv[1] ?? '')) serve((schema) => faultyCodec(process.argv[2] ?? '', schema));
