/** Helpers shared by the shipped testees: a per-request codec and the stdin/stdout server loop. */
import type { Answer, HelloSchema, Request } from '../protocol.ts';
import { FrameReader, encodeFrameTexts } from '../protocol.ts';
import type { Codec } from '../testee.ts';
import { fromBase64, toBase64 } from '../wire.ts';

export interface SimpleCodecParts {
  readonly name: string;
  readonly version: string;
  /** The bytes are read before the next call, so they may be a view of a buffer the codec reuses. */
  encode(type: string, json: unknown): Uint8Array;
  decode(type: string, bytes: Uint8Array): unknown;
  /**
   * The JSON text of what `decode` returns (the same value, serialised), for the answer frames of
   * the testee program; without it the program serialises `decode`'s value.
   */
  decodeText?(type: string, bytes: Uint8Array): string;
  /** Decode then encode keeping unknown fields; offer it only when the implementation preserves them. */
  reencode?(type: string, bytes: Uint8Array): Uint8Array;
  /**
   * Hand the request bytes over as Node Buffers (views of the decoded base64, not copies) rather
   * than plain Uint8Arrays.
   */
  readonly bufferInput?: boolean;
}

/** A codec that can also write its answers as JSON texts directly (used by `serve`). */
export interface TextCodec extends Codec {
  answerTexts(requests: readonly Request[]): string[];
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const BASE64_TEXT = /^[A-Za-z0-9+/\-_]*={0,2}$/;
const URL_SAFE = /[-_]/;

/** fromBase64 of wire.ts (same input accepted, same errors) returning the decoded Buffer itself. */
export function bufferFromBase64(text: string): Buffer {
  if (!BASE64_TEXT.test(text)) throw new Error(`not base64: ${JSON.stringify(text.slice(0, 40))}`);
  return Buffer.from(URL_SAFE.test(text) ? text.replace(/-/g, '+').replace(/_/g, '/') : text, 'base64');
}

/** toBase64 of wire.ts without the intermediate Buffer view when given a Buffer. */
function base64Of(bytes: Uint8Array): string {
  return Buffer.isBuffer(bytes) ? bytes.toString('base64') : toBase64(bytes);
}

/** Wraps synchronous encode/decode functions as a Codec. */
export function simpleCodec(parts: SimpleCodecParts): TextCodec {
  const ops = ['encode', 'decode', ...(parts.reencode ? ['reencode'] : [])];
  const bytesOf: (text: string) => Uint8Array = parts.bufferInput ? bufferFromBase64 : fromBase64;
  const one = (r: Request): Answer => {
    switch (r.op) {
      case 'hello':
        return { id: r.id, name: parts.name, version: parts.version, ops };
      case 'encode':
        try {
          return { id: r.id, bytes: base64Of(parts.encode(r.type, r.json)) };
        } catch (e) {
          return { id: r.id, error: message(e) };
        }
      case 'decode':
        try {
          return { id: r.id, json: parts.decode(r.type, bytesOf(r.bytes)) };
        } catch (e) {
          return { id: r.id, parse_error: message(e) };
        }
      case 'reencode':
        if (!parts.reencode) return { id: r.id, skipped: 'reencode is not offered' };
        try {
          return { id: r.id, bytes: base64Of(parts.reencode(r.type, bytesOf(r.bytes))) };
        } catch (e) {
          return { id: r.id, parse_error: message(e) };
        }
      default:
        return { id: (r as { id: number }).id, skipped: `unknown op ${String((r as { op: unknown }).op)}` };
    }
  };
  const decodeText = parts.decodeText;
  /** The JSON text of one answer: the same text as answerText(one(r)), built without the answer object. */
  const oneText = (r: Request): string => {
    const id = r.id;
    if (typeof id !== 'number' || !Number.isFinite(id)) return answerText(one(r));
    switch (r.op) {
      case 'encode': {
        let bytes: string;
        try {
          bytes = base64Of(parts.encode(r.type, r.json));
        } catch (e) {
          return JSON.stringify({ id, error: message(e) });
        }
        return `{"id":${id},"bytes":"${bytes}"}`;
      }
      case 'decode': {
        if (!decodeText) return answerText(one(r));
        let json: string;
        try {
          json = decodeText(r.type, bytesOf(r.bytes));
        } catch (e) {
          return JSON.stringify({ id, parse_error: message(e) });
        }
        return `{"id":${id},"json":${json}}`;
      }
      default:
        return answerText(one(r));
    }
  };
  return {
    name: parts.name,
    version: parts.version,
    ops,
    handle: (reqs) => reqs.map(one),
    answerTexts: (reqs) => {
      const n = reqs.length;
      const out = new Array<string>(n);
      for (let i = 0; i < n; i++) out[i] = oneText(reqs[i]!);
      return out;
    },
  };
}

function isTextCodec(codec: Codec): codec is TextCodec {
  return typeof (codec as Partial<TextCodec>).answerTexts === 'function';
}

/** JSON text that keeps the sign of a zero float (JSON.stringify writes -0 as 0): -0 becomes "-0". */
export function answerText(answer: Answer): string {
  return JSON.stringify(answer, (_k, v: unknown) => (v === 0 && Object.is(v, -0) ? '-0' : v));
}

/**
 * Serves a codec over stdin/stdout with the testee protocol until stdin ends. All complete
 * frames of one read are handled as one batch and answered in order: a synchronous codec with
 * one write; a codec that takes a while writes the answers it reports through `answered` as soon
 * as every earlier one is written too, so each answer goes out when it is ready, not when the
 * whole batch is (conform's timeout judges one answer, not a batch). Frames read while a batch is
 * in progress are handled together as the next batch, so a codec that works per batch (protoc)
 * sees batches as large as the pipelining allows.
 *
 * Given a function, the codec is built from the schema of the first request when it is a hello
 * carrying one (`conform proto --schema`), else for the documented format; a schema that cannot
 * be loaded is answered with an error and the program exits.
 */
export function serve(make: Codec | ((schema: HelloSchema | undefined) => Codec)): void {
  const reader = new FrameReader();
  /** The batch in progress and those after it; undefined when idle. */
  let busy: Promise<void> | undefined;
  /** Requests read while a batch is in progress, handled together as the next batch. */
  let waiting: Request[] = [];
  let codec: Codec | undefined = typeof make === 'function' ? undefined : make;
  let texts: TextCodec | undefined = codec && isTextCodec(codec) ? codec : undefined;
  /** Handles one batch: undefined when it was answered at once, else when it will have been. */
  const handle = (c: Codec, requests: readonly Request[]): Promise<void> | undefined => {
    const n = requests.length;
    const ready = new Array<Answer | undefined>(n);
    let written = 0;
    let scheduled = false;
    /** Writes the answers ready from the first one not yet written, in one write. */
    const writeReady = (): void => {
      scheduled = false;
      const out: string[] = [];
      while (written < n && ready[written] !== undefined) out.push(answerText(ready[written++]!));
      if (out.length > 0) process.stdout.write(encodeFrameTexts(out));
    };
    const finish = (answers: readonly Answer[]): void => {
      for (let i = written; i < n; i++) ready[i] = answers[i];
      writeReady();
    };
    const result = c.handle(requests, (i, a) => {
      if (i < written || i >= n) return;
      ready[i] = a;
      if (!scheduled) {
        // The answers a codec reports together go out in one write.
        scheduled = true;
        queueMicrotask(writeReady);
      }
    });
    if (!Array.isArray(result)) return Promise.resolve(result).then(finish);
    finish(result);
    return undefined;
  };
  /** After a batch: the requests that arrived meanwhile as one batch, or idle. */
  const next = (): Promise<void> | undefined => {
    if (waiting.length === 0 || codec === undefined) {
      busy = undefined;
      return undefined;
    }
    const batch = waiting;
    waiting = [];
    const pending = handle(codec, batch);
    return pending === undefined ? next() : pending.then(next);
  };
  process.stdin.on('data', (chunk: Buffer) => {
    let frames: unknown[];
    try {
      frames = reader.push(chunk);
    } catch (e) {
      process.stderr.write(`${codec?.name ?? 'testee'}: ${message(e)}\n`);
      process.exit(3);
    }
    if (frames.length === 0) return;
    const requests = frames as Request[];
    if (codec === undefined) {
      const first = requests[0]!;
      try {
        codec = (make as (schema: HelloSchema | undefined) => Codec)(first.op === 'hello' ? first.schema : undefined);
        texts = isTextCodec(codec) ? codec : undefined;
      } catch (e) {
        process.stdout.write(encodeFrameTexts([JSON.stringify({ id: first.id, error: `cannot load the schema: ${message(e)}` })]), () => process.exit(4));
        return;
      }
    }
    if (busy !== undefined) {
      // A batch is in progress: what is read meanwhile becomes the next batch, whole.
      for (const r of requests) waiting.push(r);
      return;
    }
    // Nothing in progress: a synchronous codec answers at once.
    if (texts) {
      process.stdout.write(encodeFrameTexts(texts.answerTexts(requests)));
      return;
    }
    const pending = handle(codec, requests);
    if (pending !== undefined) busy = pending.then(next);
  });
  process.stdin.on('end', () => {
    void Promise.resolve(busy).then(() => process.exit(0));
  });
}
