/**
 * A small protobuf wire-format reader and writer, independent of every implementation under
 * test. The suite uses it to inspect encoder output tag by tag and to build inputs (repeated
 * oneof members, unpacked lists, odd map entries, unknown fields) that no encoder would produce.
 */

export const WT = { VARINT: 0, I64: 1, LEN: 2, SGROUP: 3, EGROUP: 4, I32: 5 } as const;
export const WIRE_TYPE_NAMES = ['VARINT', 'I64', 'LEN', 'SGROUP', 'EGROUP', 'I32', 'invalid(6)', 'invalid(7)'];

export class WireError extends Error {
  override readonly name = 'WireError';
}

export interface WireRecord {
  readonly field: number;
  readonly wireType: number;
  /** Offset of the first tag byte. */
  readonly start: number;
  /** Offset after the record. */
  readonly end: number;
  /** The tag bytes exactly as written. */
  readonly tag: Uint8Array;
  /** VARINT, I64, I32: the integer; LEN: the payload; groups: the group body. */
  readonly value: bigint | Uint8Array;
}

export function readVarint(buf: Uint8Array, pos: number): { value: bigint; next: number } {
  let result = 0n;
  let shift = 0n;
  for (let i = 0; i < 10; i++) {
    if (pos + i >= buf.length) throw new WireError(`truncated varint at offset ${pos}`);
    const b = buf[pos + i]!;
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return { value: result & 0xffffffffffffffffn, next: pos + i + 1 };
    shift += 7n;
  }
  throw new WireError(`varint longer than 10 bytes at offset ${pos}`);
}

function readFixed(buf: Uint8Array, pos: number, size: number): bigint {
  if (pos + size > buf.length) throw new WireError(`truncated ${size * 8}-bit value at offset ${pos}`);
  let v = 0n;
  for (let i = size - 1; i >= 0; i--) v = (v << 8n) | BigInt(buf[pos + i]!);
  return v;
}

/** Reads one record at `pos`. Throws WireError on malformed or truncated input. */
export function readRecord(buf: Uint8Array, pos: number): WireRecord {
  const t = readVarint(buf, pos);
  if (t.value > 0xffffffffn) throw new WireError(`tag out of range at offset ${pos}`);
  const tagValue = Number(t.value);
  const field = tagValue >>> 3;
  const wireType = tagValue & 7;
  if (field === 0) throw new WireError(`field number 0 at offset ${pos}`);
  const tag = buf.subarray(pos, t.next);
  let p = t.next;
  switch (wireType) {
    case WT.VARINT: {
      const v = readVarint(buf, p);
      return { field, wireType, start: pos, end: v.next, tag, value: v.value };
    }
    case WT.I64:
      return { field, wireType, start: pos, end: p + 8, tag, value: readFixed(buf, p, 8) };
    case WT.I32:
      return { field, wireType, start: pos, end: p + 4, tag, value: readFixed(buf, p, 4) };
    case WT.LEN: {
      const len = readVarint(buf, p);
      p = len.next;
      if (len.value > BigInt(buf.length - p)) throw new WireError(`length ${len.value} at offset ${pos} runs past the end of the input`);
      const end = p + Number(len.value);
      return { field, wireType, start: pos, end, tag, value: buf.subarray(p, end) };
    }
    case WT.SGROUP: {
      const bodyStart = p;
      for (;;) {
        if (p >= buf.length) throw new WireError(`unterminated group at offset ${pos}`);
        const inner = readRecord(buf, p);
        if (inner.wireType === WT.EGROUP) {
          if (inner.field !== field) throw new WireError(`mismatched end group at offset ${p}`);
          return { field, wireType, start: pos, end: inner.end, tag, value: buf.subarray(bodyStart, p) };
        }
        p = inner.end;
      }
    }
    case WT.EGROUP:
      return { field, wireType, start: pos, end: p, tag, value: new Uint8Array(0) };
    default:
      throw new WireError(`invalid wire type ${wireType} at offset ${pos}`);
  }
}

/** Splits a buffer into its top-level records. */
export function readRecords(buf: Uint8Array): WireRecord[] {
  const out: WireRecord[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const r = readRecord(buf, pos);
    if (r.wireType === WT.EGROUP) throw new WireError(`unexpected end group at offset ${pos}`);
    out.push(r);
    pos = r.end;
  }
  return out;
}

/** Reads a packed run of varints. */
export function readPackedVarints(payload: Uint8Array): bigint[] {
  const out: bigint[] = [];
  let pos = 0;
  while (pos < payload.length) {
    const v = readVarint(payload, pos);
    out.push(v.value);
    pos = v.next;
  }
  return out;
}

// ---- writing ----

export function varint(value: bigint | number): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

export function tag(field: number, wireType: number): number[] {
  return varint(BigInt(field) * 8n + BigInt(wireType));
}

export function varintRecord(field: number, value: bigint | number): number[] {
  return [...tag(field, WT.VARINT), ...varint(value)];
}

export function lenRecord(field: number, payload: ArrayLike<number>): number[] {
  return [...tag(field, WT.LEN), ...varint(payload.length), ...Array.from(payload)];
}

export function fixed32Record(field: number, value: number): number[] {
  const v = value >>> 0;
  return [...tag(field, WT.I32), v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff];
}

export function fixed64Record(field: number, value: bigint): number[] {
  const out = tag(field, WT.I64);
  let v = BigInt.asUintN(64, value);
  for (let i = 0; i < 8; i++) {
    out.push(Number(v & 0xffn));
    v >>= 8n;
  }
  return out;
}

export function concatBytes(...parts: ArrayLike<number>[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p as ArrayLike<number>, o);
    o += p.length;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function fromHex(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Decodes standard or URL-safe base64, padded or not. Throws on anything else. */
const BASE64_TEXT = /^[A-Za-z0-9+/\-_]*={0,2}$/;
const URL_SAFE = /[-_]/;

export function fromBase64(text: string): Uint8Array {
  if (!BASE64_TEXT.test(text)) throw new Error(`not base64: ${JSON.stringify(text.slice(0, 40))}`);
  const standard = URL_SAFE.test(text) ? text.replace(/-/g, '+').replace(/_/g, '/') : text;
  return new Uint8Array(Buffer.from(standard, 'base64'));
}
