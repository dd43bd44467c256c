/** Helpers shared by the shipped testees: a per-request codec and the stdin/stdout server loop. */
import type { Answer, Request } from '../protocol.ts';
import { FrameReader, encodeFrames } from '../protocol.ts';
import type { Codec } from '../testee.ts';
import { fromBase64, toBase64 } from '../wire.ts';

export interface SimpleCodecParts {
  readonly name: string;
  readonly version: string;
  encode(type: string, json: unknown): Uint8Array;
  decode(type: string, bytes: Uint8Array): unknown;
  /** Decode then encode keeping unknown fields; offer it only when the implementation preserves them. */
  reencode?(type: string, bytes: Uint8Array): Uint8Array;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Wraps synchronous encode/decode functions as a Codec. */
export function simpleCodec(parts: SimpleCodecParts): Codec {
  const ops = ['encode', 'decode', ...(parts.reencode ? ['reencode'] : [])];
  const one = (r: Request): Answer => {
    switch (r.op) {
      case 'hello':
        return { id: r.id, name: parts.name, version: parts.version, ops };
      case 'encode':
        try {
          return { id: r.id, bytes: toBase64(parts.encode(r.type, r.json)) };
        } catch (e) {
          return { id: r.id, error: message(e) };
        }
      case 'decode':
        try {
          return { id: r.id, json: parts.decode(r.type, fromBase64(r.bytes)) };
        } catch (e) {
          return { id: r.id, parse_error: message(e) };
        }
      case 'reencode':
        if (!parts.reencode) return { id: r.id, skipped: 'reencode is not offered' };
        try {
          return { id: r.id, bytes: toBase64(parts.reencode(r.type, fromBase64(r.bytes))) };
        } catch (e) {
          return { id: r.id, parse_error: message(e) };
        }
      default:
        return { id: (r as { id: number }).id, skipped: `unknown op ${String((r as { op: unknown }).op)}` };
    }
  };
  return { name: parts.name, version: parts.version, ops, handle: (reqs) => reqs.map(one) };
}

/**
 * Serves a codec over stdin/stdout with the testee protocol until stdin ends. All complete
 * frames of one read are handled as one batch and answered with one write, in order.
 */
export function serve(codec: Codec): void {
  const reader = new FrameReader();
  let chain: Promise<void> | undefined;
  const answer = (answers: readonly Answer[]): void => {
    process.stdout.write(encodeFrames(answers));
  };
  process.stdin.on('data', (chunk: Buffer) => {
    let frames: unknown[];
    try {
      frames = reader.push(chunk);
    } catch (e) {
      process.stderr.write(`${codec.name}: ${message(e)}\n`);
      process.exit(3);
    }
    if (frames.length === 0) return;
    const requests = frames as Request[];
    if (chain === undefined) {
      // Nothing in progress: a synchronous codec answers at once.
      const answers = codec.handle(requests);
      if (Array.isArray(answers)) return answer(answers);
      chain = Promise.resolve(answers).then(answer);
    } else {
      chain = chain.then(async () => answer(await codec.handle(requests)));
    }
    const current = chain;
    void current.then(() => {
      if (chain === current) chain = undefined;
    });
  });
  process.stdin.on('end', () => {
    void Promise.resolve(chain).then(() => process.exit(0));
  });
}
