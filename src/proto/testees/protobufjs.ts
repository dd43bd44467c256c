/**
 * Testee: protobufjs (reflection from proto/peer.proto, or from the .proto file of a `--schema`
 * run). protobufjs encodes and decodes; the
 * proto3 JSON mapping of the protocol is converted to and from its message objects by
 * per-type converters built once at start-up (protobufjs-json.ts), following
 * protobufjs/ext/protojson.
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import type { HelloSchema } from '../protocol.ts';
import { PROTO_PATH, parseRoot } from '../schema.ts';
import { simpleCodec, type TextCodec } from './codec.ts';
import { ProtoJsonConverters, fromProtoJson, toProtoJson, toProtoJsonText, type TypeConv } from './protobufjs-json.ts';
import { packageVersion } from './version.ts';

/** The codec for the schema of a hello request (the documented format without one). */
export function protobufjsCodecFor(schema: HelloSchema | undefined): TextCodec {
  return protobufjsCodec(schema ? readFileSync(schema.file, 'utf8') : undefined);
}

export function protobufjsCodec(source?: string, name = 'protobufjs'): TextCodec {
  const root = parseRoot(source ?? readFileSync(PROTO_PATH, 'utf8'));
  const version = packageVersion('protobufjs');
  const converters = new ProtoJsonConverters(root);
  const types = new Map<string, TypeConv>();
  const lookup = (t: string): TypeConv => {
    let conv = types.get(t);
    if (!conv) {
      conv = converters.of(root.lookupType(t));
      types.set(t, conv);
    }
    return conv;
  };
  // One writer for every encode: its buffer is reused, and the bytes are read before the next call.
  let writer = protobuf.Writer.create();
  return simpleCodec({
    name,
    version,
    bufferInput: true,
    encode: (t, json) => {
      const conv = lookup(t);
      const message = fromProtoJson(conv, json);
      try {
        return conv.type.encode(message, writer.reset()).finish(true);
      } catch (e) {
        writer = protobuf.Writer.create();
        throw e;
      }
    },
    decode: (t, bytes) => {
      const conv = lookup(t);
      return toProtoJson(conv, conv.type.decode(bytes));
    },
    decodeText: (t, bytes) => {
      const conv = lookup(t);
      return toProtoJsonText(conv, conv.type.decode(bytes));
    },
    reencode: (t, bytes) => {
      const type = lookup(t).type;
      const reader = protobuf.Reader.create(bytes);
      reader.discardUnknown = false;
      return type.encode(type.decode(reader)).finish();
    },
  });
}
