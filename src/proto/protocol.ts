/**
 * The testee protocol: every message in both directions is one frame, a 4-byte little-endian
 * length N followed by N bytes of UTF-8 JSON. See docs/peer-format.md.
 */

export type Op = 'hello' | 'encode' | 'decode' | 'reencode';

export type Request =
  | { id: number; op: 'hello' }
  | { id: number; op: 'encode'; type: string; json: unknown }
  | { id: number; op: 'decode'; type: string; bytes: string }
  | { id: number; op: 'reencode'; type: string; bytes: string };

/** A request before the client numbers it. */
export type RequestBody =
  | { op: 'hello' }
  | { op: 'encode'; type: string; json: unknown }
  | { op: 'decode'; type: string; bytes: string }
  | { op: 'reencode'; type: string; bytes: string };

export interface Answer {
  id: number;
  name?: string;
  version?: string;
  ops?: string[];
  bytes?: string;
  json?: unknown;
  error?: string;
  parse_error?: string;
  skipped?: string;
}

export interface Hello {
  readonly name: string;
  readonly version: string;
  readonly ops: readonly string[];
}

/** Frames larger than this are refused (a testee that announces more is broken). */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
}

export function encodeFrame(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const head = Buffer.alloc(4);
  head.writeUInt32LE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Incremental frame reader: push chunks, take complete JSON values. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxFrame = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): unknown[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: unknown[] = [];
    let pos = 0;
    while (this.buf.length - pos >= 4) {
      const len = this.buf.readUInt32LE(pos);
      if (len > this.maxFrame) throw new ProtocolError(`frame length ${len} exceeds the limit of ${this.maxFrame} bytes`);
      if (this.buf.length - pos - 4 < len) break;
      const text = this.buf.toString('utf8', pos + 4, pos + 4 + len);
      pos += 4 + len;
      try {
        out.push(JSON.parse(text));
      } catch {
        throw new ProtocolError(`frame is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
      }
    }
    this.buf = this.buf.subarray(pos);
    return out;
  }

  /** Bytes of an incomplete frame still buffered. */
  get pending(): number {
    return this.buf.length;
  }
}

/** Checks an answer's shape; returns an error message or null. */
export function answerProblem(a: unknown): string | null {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return 'answer is not a JSON object';
  const id = (a as { id?: unknown }).id;
  if (typeof id !== 'number' || !Number.isInteger(id)) return 'answer has no integer id';
  return null;
}
