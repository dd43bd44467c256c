/**
 * Reads encoder output record by record against the schema's tables and lists what does not
 * match: undocumented field numbers, badly formed tags, wrong wire types, two oneof members,
 * emitted defaults, unpacked repeated scalars, fields out of number order.
 */
import type { FieldSpec } from '../../specs/peer/format.ts';
import type { Schema } from './model.ts';
import { expectedWireType, isPackable, valueWireType } from './reference.ts';
import { WIRE_TYPE_NAMES, WT, readRecords, tag, type WireRecord } from './wire.ts';

export type FindingKind = 'malformed' | 'unknown-number' | 'bad-tag' | 'wire-type' | 'oneof-multiple' | 'default-emitted' | 'unpacked' | 'order';

export interface Finding {
  readonly kind: FindingKind;
  readonly path: string;
  readonly message: string;
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function hexOf(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

function checkTag(r: WireRecord, path: string, out: Finding[]): void {
  const want = tag(r.field, r.wireType);
  if (!sameBytes(r.tag, want)) {
    out.push({ kind: 'bad-tag', path, message: `tag of field ${r.field} written as [${hexOf(r.tag)}], expected [${hexOf(want)}]` });
  }
}

/** A value whose bits are all zero (so -0.0 is not a default here, as in protoc). */
function isDefault(r: WireRecord): boolean {
  if (r.wireType === WT.LEN) return (r.value as Uint8Array).length === 0;
  return r.value === 0n;
}

/** Fields with explicit presence write their value even when it is the default. */
function hasPresence(field: FieldSpec): boolean {
  return field.oneof !== undefined || field.optional === true || field.repeated || field.type.kind === 'message' || field.type.kind === 'map';
}

export function inspectEncoding(schema: Schema, type: string, bytes: Uint8Array, path: string = type): Finding[] {
  const out: Finding[] = [];
  let records: WireRecord[];
  try {
    records = readRecords(bytes);
  } catch (e) {
    return [{ kind: 'malformed', path, message: `not a valid encoding: ${(e as Error).message}` }];
  }
  const oneofSeen = new Map<string, string>();
  let lastNumber = 0;
  for (const r of records) {
    const field = schema.fieldByNumber(type, r.field);
    const at = `${path}.${field?.name ?? `#${r.field}`}`;
    checkTag(r, at, out);
    if (!field) {
      out.push({ kind: 'unknown-number', path: at, message: `field number ${r.field} (${WIRE_TYPE_NAMES[r.wireType]}) is not documented for ${type}` });
      continue;
    }
    if (r.field < lastNumber) out.push({ kind: 'order', path: at, message: `field ${r.field} written after field ${lastNumber}` });
    lastNumber = Math.max(lastNumber, r.field);
    const want = expectedWireType(field);
    if (r.wireType !== want && !(isPackable(field) && r.wireType === WT.LEN)) {
      out.push({
        kind: 'wire-type',
        path: at,
        message: `field ${field.name} = ${field.number} written with wire type ${WIRE_TYPE_NAMES[r.wireType]}, documented type needs ${WIRE_TYPE_NAMES[want]}`,
      });
      continue;
    }
    if (field.packed && r.wireType !== WT.LEN) out.push({ kind: 'unpacked', path: at, message: `repeated ${field.name} written unpacked` });
    if (field.oneof) {
      const other = oneofSeen.get(field.oneof);
      if (other && other !== field.name) {
        out.push({ kind: 'oneof-multiple', path: at, message: `oneof ${field.oneof} has both ${other} and ${field.name} on the wire` });
      }
      oneofSeen.set(field.oneof, field.name);
    } else if (!hasPresence(field) && isDefault(r)) {
      out.push({ kind: 'default-emitted', path: at, message: `${field.name} = ${field.number} emitted with its default value` });
    }
    const t = field.type;
    if (t.kind === 'message') out.push(...inspectEncoding(schema, t.message, r.value as Uint8Array, at));
    if (t.kind === 'map') {
      let entry: WireRecord[];
      try {
        entry = readRecords(r.value as Uint8Array);
      } catch (e) {
        out.push({ kind: 'malformed', path: at, message: `map entry is not a valid encoding: ${(e as Error).message}` });
        continue;
      }
      const want = [0, valueWireType({ kind: 'scalar', scalar: t.key }), valueWireType(t.value)];
      for (const e of entry) {
        checkTag(e, `${at}{}`, out);
        if (e.field !== 1 && e.field !== 2) out.push({ kind: 'unknown-number', path: `${at}{}`, message: `map entry has field number ${e.field}` });
        else if (e.wireType !== want[e.field]) {
          out.push({ kind: 'wire-type', path: `${at}{}`, message: `map entry field ${e.field} has wire type ${WIRE_TYPE_NAMES[e.wireType]}, expected ${WIRE_TYPE_NAMES[want[e.field]!]}` });
        } else if (e.field === 2 && t.value.kind === 'message') out.push(...inspectEncoding(schema, t.value.message, e.value as Uint8Array, `${at}{}`));
      }
    }
  }
  return out;
}
