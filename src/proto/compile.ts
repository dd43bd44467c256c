/**
 * The hello schema of a run on a `--schema` file: the file, its root message and, when protoc is
 * installed, protoc's FileDescriptorSet of it (descriptor-based testees load that), and the
 * Schema a TypeScript testee builds back from a hello schema.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { SchemaError, loadSchemaFile, peerSchema, type Schema } from './model.ts';
import type { HelloSchema } from './protocol.ts';
import { PROTOC } from './testees/protoc.ts';

/** protoc's FileDescriptorSet of a single .proto file, or the reason it cannot be had. */
export function compileDescriptorSet(file: string): { bytes: Buffer } | { error: string } {
  const dir = mkdtempSync(join(tmpdir(), 'conform-fds-'));
  try {
    const out = join(dir, 'schema.binpb');
    const r = spawnSync(PROTOC, [`-I${dirname(file)}`, `--descriptor_set_out=${out}`, basename(file)], { encoding: 'utf8' });
    if (r.error) return { error: `${PROTOC} cannot be run (Debian package protobuf-compiler): ${r.error.message}` };
    if (r.status !== 0) return { error: `protoc cannot compile ${file}: ${r.stderr.trim()}` };
    return { bytes: readFileSync(out) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The hello schema for a Schema read from a file (undefined for the documented format). */
export function helloSchemaOf(schema: Schema): { hello: HelloSchema | undefined; descriptorError?: string } {
  if (schema.documented) return { hello: undefined };
  const fds = compileDescriptorSet(schema.file);
  const base = { file: schema.file, root: schema.rootMessage };
  if ('error' in fds) return { hello: base, descriptorError: fds.error };
  return { hello: { ...base, descriptor_set: fds.bytes.toString('base64') } };
}

/** The Schema a hello schema names (the documented format without one). */
export function schemaOfHello(hello: HelloSchema | undefined): Schema {
  if (!hello) return peerSchema();
  if (typeof hello.file !== 'string') throw new SchemaError('the hello schema has no file');
  return loadSchemaFile(hello.file, typeof hello.root === 'string' ? hello.root : undefined);
}
