/** Testee: protobufjs (reflection from proto/peer.proto, ProtoJSON from protobufjs/ext/protojson). */
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { PROTO_PATH, parseRoot } from '../schema.ts';
import type { Codec } from '../testee.ts';
import { simpleCodec } from './codec.ts';
import { packageVersion } from './version.ts';

function jsonName(name: string): string {
  return name.replace(/_([a-z0-9])/gi, (_m, c: string) => c.toUpperCase());
}

const byJsonName = new WeakMap<protobuf.Type, Map<string, protobuf.Field>>();
function fieldByJsonName(type: protobuf.Type, key: string): protobuf.Field | undefined {
  let m = byJsonName.get(type);
  if (!m) {
    m = new Map();
    for (const f of type.fieldsArray) {
      m.set(jsonName(f.name), f);
      m.set(f.name, f);
    }
    byJsonName.set(type, m);
  }
  return m.get(key);
}

/** protojson writes lowerCamelCase names; the testee protocol uses the original proto names. */
function toProtoNames(type: protobuf.Type, json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(json as Record<string, unknown>)) {
    const field = fieldByJsonName(type, key);
    if (!field) {
      out[key] = value;
      continue;
    }
    field.resolve();
    const sub = field instanceof protobuf.MapField ? null : field.resolvedType;
    if (sub instanceof protobuf.Type) {
      out[field.name] = Array.isArray(value) ? value.map((v) => toProtoNames(sub, v)) : toProtoNames(sub, value);
    } else out[field.name] = value;
  }
  return out;
}

export function protobufjsCodec(source?: string, name = 'protobufjs'): Codec {
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
  return simpleCodec({
    name,
    version,
    encode: (t, json) => {
      const type = lookup(t);
      return type.encode(protojson.fromJson(type, json)).finish();
    },
    decode: (t, bytes) => {
      const type = lookup(t);
      return toProtoNames(type, protojson.toJson(type, type.decode(bytes)));
    },
    reencode: (t, bytes) => {
      const type = lookup(t);
      const reader = protobuf.Reader.create(bytes);
      reader.discardUnknown = false;
      return type.encode(type.decode(reader)).finish();
    },
  });
}
