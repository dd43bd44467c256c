/**
 * A testee program with one injected defect, for proving that the suite catches it:
 *   node --import tsx test/proto/faulty-testee.ts <defect>
 * It wraps the protobufjs testee, on the documented format or on the schema of the hello request
 * (the patches below need the documented declarations they change to be in that schema).
 * `reorder-fields` is a legal variation that must not fail.
 */
import { readFileSync } from 'node:fs';
import { schemaOfHello } from '../../src/proto/compile.ts';
import type { Schema } from '../../src/proto/model.ts';
import type { Answer, HelloSchema, Request } from '../../src/proto/protocol.ts';
import { PROTO_PATH } from '../../src/proto/schema.ts';
import type { Codec } from '../../src/proto/testee.ts';
import { serve } from '../../src/proto/testees/codec.ts';
import { protobufjsCodec } from '../../src/proto/testees/protobufjs.ts';
import { concatBytes, fromBase64, readRecords, toBase64 } from '../../src/proto/wire.ts';

/** Defect name -> the requirement the suite must name for it (null: legal, must pass). */
export const DEFECTS: Record<string, string | null> = {
  'renumbered-field': 'PB-2-field-numbers',
  'enum-off-by-one': 'PB-2-enum-numbers',
  'wire-type-changed': 'PB-2-wire-types',
  'two-oneof-members': 'PB-2-oneof-single',
  'uint64-truncated': 'PB-2-uint64-range',
  'oneof-first-wins': 'PB-2-oneof-last-wins',
  'reorder-fields': null,
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
  if (!(defect in DEFECTS)) throw new Error(`unknown defect ${defect}; known: ${Object.keys(DEFECTS).join(', ')}`);
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
    return r;
  };
  const after = (r: Request, a: Answer): Answer => {
    if (r.op !== 'encode' || typeof a.bytes !== 'string') return a;
    const bytes = fromBase64(a.bytes);
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
      const answers = await inner.handle(requests.map(before));
      return answers.map((a, i) => after(requests[i]!, a));
    },
  };
}

if (/faulty-testee\.[jt]s$/.test(process.argv[1] ?? '')) serve((schema) => faultyCodec(process.argv[2] ?? '', schema));
