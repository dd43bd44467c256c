/** Locations of the schema files and loading of proto/peer.proto with protobufjs reflection. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

export const PROTO_DIR = fileURLToPath(new URL('../../proto/', import.meta.url));
export const PROTO_FILE = 'peer.proto';
export const PROTO_PATH = fileURLToPath(new URL('../../proto/peer.proto', import.meta.url));
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/proto/', import.meta.url));
/** FileDescriptorSet of proto/peer.proto as written by `protoc --descriptor_set_out` (see golden.ts). */
export const DESCRIPTOR_SET_PATH = fileURLToPath(new URL('../../fixtures/proto/peer.fds.binpb', import.meta.url));
export const GOLDEN_PATH = fileURLToPath(new URL('../../fixtures/proto/golden.json', import.meta.url));

/** Parses .proto source with protobufjs, keeping the original field names. */
export function parseRoot(source: string, filename = PROTO_FILE): protobuf.Root {
  const parsed = protobuf.parse(source, new protobuf.Root(), { keepCase: true, alternateCommentMode: true });
  void filename;
  parsed.root.resolveAll();
  return parsed.root;
}

let cached: protobuf.Root | undefined;

/** proto/peer.proto loaded with protobufjs (cached). */
export function loadPeerRoot(): protobuf.Root {
  cached ??= parseRoot(readFileSync(PROTO_PATH, 'utf8'));
  return cached;
}

/** Full name of a reflected type without the leading dot. */
export function typeName(t: protobuf.ReflectionObject): string {
  return t.fullName.replace(/^\./, '');
}

/** Every message type in the root, nested ones included, in declaration order. */
export function allMessageTypes(root: protobuf.Root): protobuf.Type[] {
  const out: protobuf.Type[] = [];
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Type) out.push(nested);
      if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) visit(nested as protobuf.NamespaceBase);
    }
  };
  visit(root);
  return out;
}

/** Every enum in the root, in declaration order. */
export function allEnums(root: protobuf.Root): protobuf.Enum[] {
  const out: protobuf.Enum[] = [];
  const visit = (ns: protobuf.NamespaceBase): void => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Enum) out.push(nested);
      if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) visit(nested as protobuf.NamespaceBase);
    }
  };
  visit(root);
  return out;
}
