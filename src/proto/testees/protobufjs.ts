/**
 * Testee: protobufjs (reflection from proto/peer.proto, or from the .proto file of a `--schema`
 * run). protobufjs does everything: encoding and decoding (`Type.encode`, `Type.decode`), and
 * the protocol's JSON (ProtoJSON with the original field names) both ways with no converter of
 * ours:
 *  - in: `protojson.fromJson` (protobufjs/ext/protojson), protobufjs's ProtoJSON parser. It
 *    takes original and lowerCamelCase names and refuses what ProtoJSON refuses. `Type.fromObject`
 *    is not a ProtoJSON parser: it coerces instead of refusing ({"type":"NOPE"}, {"nope":1} and
 *    {"source_id":"x"} encode as empty messages, uint64 "-1" as 2^64-1, uint32 -1 as 2^32-1),
 *    reads valid ProtoJSON wrongly (uint64 "1e3" as 1) and writes two members of a oneof.
 *  - out: `Type.toObject` with the ProtoJSON conversion options. It writes the original names
 *    (the root is parsed with keepCase), which `protojson.toJson` cannot: that one always writes
 *    lowerCamelCase json names, and its only option is `ignoreUnknownFields`. For the
 *    single-file proto3 schemas the suite runs on, toObject writes what toJson does up to those
 *    names (test/proto/protobufjs-json.test.ts checks it): protobufjs's decoder leaves a field
 *    without presence unset when the wire gives its default, so no default is written. The
 *    well-known types, whose ProtoJSON forms only toJson knows, cannot occur in those schemas
 *    (imports are refused).
 */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import type { HelloSchema } from '../protocol.ts';
import { PROTO_PATH, parseRoot } from '../schema.ts';
import { simpleCodec, type SimpleCodecParts, type TextCodec } from './codec.ts';
import { packageVersion } from './version.ts';

/**
 * `Type.toObject` options for ProtoJSON: 64-bit integers as decimal strings, enums by name
 * (unnamed numbers stay numbers), bytes as base64, NaN and the infinities as strings; no
 * defaults, no empty arrays or maps, no virtual oneof properties.
 */
export const PROTO_JSON: protobuf.IConversionOptions = { longs: String, enums: String, bytes: String, json: true, defaults: false, arrays: false, objects: false, oneofs: false };

/** The codec for the schema of a hello request (the documented format without one). */
export function protobufjsCodecFor(schema: HelloSchema | undefined): TextCodec {
  return protobufjsCodec(schema ? readFileSync(schema.file, 'utf8') : undefined);
}

export function protobufjsCodec(source?: string, name = 'protobufjs'): TextCodec {
  return simpleCodec(protobufjsParts(source, name));
}

/**
 * protobufjs's encode, decode and reencode of a schema (the documented format without `source`).
 * `encode` writes into one reused buffer: its bytes are a view, valid until the next call.
 */
export function protobufjsParts(source?: string, name = 'protobufjs'): SimpleCodecParts {
  const root = parseRoot(source ?? readFileSync(PROTO_PATH, 'utf8'));
  const version = packageVersion('protobufjs');
  const types = new Map<string, protobuf.Type>();
  const lookup = (t: string): protobuf.Type => {
    let type = types.get(t);
    if (!type) {
      type = root.lookupType(t);
      types.set(t, type);
    }
    return type;
  };
  // One writer for every encode: its buffer is reused, and the bytes are read before the next call.
  let writer = protobuf.Writer.create();
  return {
    name,
    version,
    bufferInput: true,
    encode: (t, json) => {
      const type = lookup(t);
      const message = protojson.fromJson(type, json);
      try {
        return type.encode(message, writer.reset()).finish(true);
      } catch (e) {
        writer = protobuf.Writer.create();
        throw e;
      }
    },
    decode: (t, bytes) => {
      const type = lookup(t);
      return type.toObject(type.decode(bytes), PROTO_JSON);
    },
    reencode: (t, bytes) => {
      const type = lookup(t);
      const reader = protobuf.Reader.create(bytes);
      reader.discardUnknown = false;
      return type.encode(type.decode(reader)).finish();
    },
  };
}
