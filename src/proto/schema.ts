/** Locations of the schema files and loading of proto/peer.proto with protobufjs reflection. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import { REPO_ROOT } from '../paths.ts';

export const PROTO_DIR = join(REPO_ROOT, 'proto') + '/';
export const PROTO_FILE = 'peer.proto';
export const PROTO_PATH = join(PROTO_DIR, PROTO_FILE);
export const FIXTURES_DIR = join(REPO_ROOT, 'fixtures', 'proto') + '/';
/** FileDescriptorSet of proto/peer.proto as written by `protoc --descriptor_set_out` (see golden.ts). */
export const DESCRIPTOR_SET_PATH = join(FIXTURES_DIR, 'peer.fds.binpb');
export const GOLDEN_PATH = join(FIXTURES_DIR, 'golden.json');

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
