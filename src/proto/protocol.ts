/**
 * The testee protocol: every message in both directions is one frame, a 4-byte little-endian
 * length N followed by N bytes of UTF-8 JSON. See docs/peer-format.md.
 */

export type Op = 'hello' | 'encode' | 'decode' | 'reencode';

/**
 * The schema a run tests against, given to the testee in the hello request when the run is not
 * on the documented format (`conform proto --schema FILE`): the .proto file, the root message,
 * and protoc's FileDescriptorSet of the file in base64 (when protoc is installed).
 */
export interface HelloSchema {
  readonly file: string;
  readonly root: string;
  readonly descriptor_set?: string;
}

export type Request =
  | { id: number; op: 'hello'; schema?: HelloSchema }
  | { id: number; op: 'encode'; type: string; json: unknown }
  | { id: number; op: 'decode'; type: string; bytes: string }
  | { id: number; op: 'reencode'; type: string; bytes: string };

/** A request before the client numbers it. */
export type RequestBody =
  | { op: 'hello'; schema?: HelloSchema }
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
  return encodeFrameTexts([JSON.stringify(value)]);
}

/** Frames for JSON texts, in one buffer: a 4-byte little-endian length, then the UTF-8 bytes, for each. */
export function encodeFrameTexts(texts: readonly string[]): Buffer {
  const n = texts.length;
  const lengths = new Array<number>(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const len = Buffer.byteLength(texts[i]!, 'utf8');
    lengths[i] = len;
    total += 4 + len;
  }
  const out = Buffer.allocUnsafe(total);
  let pos = 0;
  for (let i = 0; i < n; i++) {
    out.writeUInt32LE(lengths[i]!, pos);
    pos = out.write(texts[i]!, pos + 4, 'utf8') + pos + 4;
  }
  return out;
}

/** Frames for many JSON values, in one buffer. */
export function encodeFrames(values: readonly unknown[]): Buffer {
  return encodeFrameTexts(values.map((v) => JSON.stringify(v)));
}

/** Incremental frame reader: push chunks, take complete JSON values. */
export class FrameReader {
  /** Chunks holding an incomplete frame, and how many bytes they must reach to complete it. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  private needed = 0;

  constructor(private readonly maxFrame = MAX_FRAME_BYTES) {}

  push(chunk: Buffer): unknown[] {
    let buf = chunk;
    if (this.partsLength > 0) {
      this.parts.push(chunk);
      this.partsLength += chunk.length;
      if (this.partsLength < this.needed) return [];
      buf = Buffer.concat(this.parts, this.partsLength);
      this.parts = [];
      this.partsLength = 0;
    }
    const out: unknown[] = [];
    const end = buf.length;
    let pos = 0;
    while (end - pos >= 4) {
      const len = buf.readUInt32LE(pos);
      if (len > this.maxFrame) throw new ProtocolError(`frame length ${len} exceeds the limit of ${this.maxFrame} bytes`);
      if (end - pos - 4 < len) break;
      const text = buf.toString('utf8', pos + 4, pos + 4 + len);
      pos += 4 + len;
      try {
        out.push(JSON.parse(text));
      } catch {
        throw new ProtocolError(`frame is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
      }
    }
    if (pos < end) {
      const tail = buf.subarray(pos);
      this.parts = [tail];
      this.partsLength = tail.length;
      this.needed = tail.length >= 4 ? 4 + tail.readUInt32LE(0) : 4;
    }
    return out;
  }

  /** Bytes of an incomplete frame still buffered. */
  get pending(): number {
    return this.partsLength;
  }
}

/** Checks an answer's shape; returns an error message or null. */
export function answerProblem(a: unknown): string | null {
  if (typeof a !== 'object' || a === null || Array.isArray(a)) return 'answer is not a JSON object';
  const id = (a as { id?: unknown }).id;
  if (typeof id !== 'number' || !Number.isInteger(id)) return 'answer has no integer id';
  return null;
}
