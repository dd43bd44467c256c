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

interface Rename {
  /** The original proto field name. */
  readonly name: string;
  /** Message type of the field (not for maps), whose JSON is renamed recursively. */
  readonly sub: protobuf.Type | null;
}

const renames = new WeakMap<protobuf.Type, Map<string, Rename>>();
function renamesOf(type: protobuf.Type): Map<string, Rename> {
  let m = renames.get(type);
  if (!m) {
    m = new Map();
    for (const f of type.fieldsArray) {
      f.resolve();
      const sub = f instanceof protobuf.MapField ? null : f.resolvedType;
      const r = { name: f.name, sub: sub instanceof protobuf.Type ? sub : null };
      m.set(jsonName(f.name), r);
      m.set(f.name, r);
    }
    renames.set(type, m);
  }
  return m;
}

/** protojson writes lowerCamelCase names; the testee protocol uses the original proto names. */
function toProtoNames(type: protobuf.Type, json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const table = renamesOf(type);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(json)) {
    const value = (json as Record<string, unknown>)[key];
    const r = table.get(key);
    if (!r) {
      out[key] = value;
      continue;
    }
    const sub = r.sub;
    if (sub) out[r.name] = Array.isArray(value) ? value.map((v) => toProtoNames(sub, v)) : toProtoNames(sub, value);
    else out[r.name] = value;
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
