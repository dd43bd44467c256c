/**
 * The shipped testees, forming the cross-implementation matrix of `conform proto --matrix`.
 * Each can run as a program speaking the testee protocol (see `command`), and the TypeScript
 * ones can also run in process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { moduleBeside, nodeArgsFor } from '../../paths.ts';
import type { HelloSchema } from '../protocol.ts';
import type { Codec } from '../testee.ts';
import { DESCRIPTOR_SET_PATH } from '../schema.ts';
import { protocVersion } from './protoc.ts';

/** Debian's interpreter, which has python3-protobuf; a PATH python3 may not. */
export const PYTHON = process.env.CONFORM_PYTHON ?? '/usr/bin/python3';
/** The program that runs one TypeScript testee (run.ts, or its compiled run.js in the package). */
export const RUN_TS = moduleBeside(import.meta.url, './run.ts');
export const PYTHON_TESTEE = fileURLToPath(new URL('./python_testee.py', import.meta.url));

/** argv that runs a module of this tree as a program, compiled or as source (see nodeArgsFor). */
function programOf(module: string, ...args: string[]): string[] {
  return [process.execPath, ...nodeArgsFor(module), ...args];
}

/** Quotes argv as one command line for `--testee`. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(' ');
}

export interface ShippedTestee {
  readonly name: string;
  readonly description: string;
  /** argv of the testee program (it takes the schema of a `--schema` run from the hello request). */
  command(): string[];
  /** Why the testee cannot run here (on `schema`, when given), or null. */
  unavailable(schema?: HelloSchema): string | null;
  /** The codec, for running in process (TypeScript testees only). */
  codec?(schema?: HelloSchema): Promise<Codec>;
}

function needsDescriptorSet(schema?: HelloSchema): string | null {
  if (schema) return schema.descriptor_set !== undefined ? null : `no descriptor set of ${schema.file} (protoc compiles it: Debian package protobuf-compiler)`;
  return existsSync(DESCRIPTOR_SET_PATH) ? null : `${DESCRIPTOR_SET_PATH} is missing (regenerate with: npx tsx src/proto/golden.ts)`;
}

export const SHIPPED: readonly ShippedTestee[] = [
  {
    name: 'protobufjs',
    description: 'protobufjs reflection; ProtoJSON read by protobufjs/ext/protojson, written by Type.toObject',
    command: () => programOf(RUN_TS, 'protobufjs'),
    unavailable: () => null,
    codec: async (schema) => (await import('./protobufjs.ts')).protobufjsCodecFor(schema),
  },
  {
    name: 'bufbuild',
    description: '@bufbuild/protobuf v2 runtime reflection over the protoc descriptor set',
    command: () => programOf(RUN_TS, 'bufbuild'),
    unavailable: needsDescriptorSet,
    codec: async (schema) => (await import('./bufbuild.ts')).bufbuildCodec(schema),
  },
  {
    name: 'protoc',
    description: 'C++ libprotobuf via protoc --encode/--decode (text format)',
    command: () => programOf(RUN_TS, 'protoc'),
    unavailable: () => (protocVersion() ? null : 'protoc is not on PATH (Debian package protobuf-compiler)'),
    codec: async (schema) => {
      const [{ protocCodec }, { schemaOfHello }] = await Promise.all([import('./protoc.ts'), import('../compile.ts')]);
      return protocCodec(schemaOfHello(schema));
    },
  },
  {
    name: 'python',
    description: `Python protobuf (${PYTHON}, Debian python3-protobuf)`,
    command: () => [PYTHON, PYTHON_TESTEE, DESCRIPTOR_SET_PATH],
    unavailable: (schema) => {
      const missing = needsDescriptorSet(schema);
      if (missing) return missing;
      const r = spawnSync(PYTHON, ['-c', 'import google.protobuf'], { encoding: 'utf8' });
      if (r.error) return `${PYTHON} cannot be run: ${r.error.message} (Debian packages python3 and python3-protobuf)`;
      return r.status === 0 ? null : `${PYTHON} has no google.protobuf (Debian package python3-protobuf)`;
    },
  },
];

export function shippedTestee(name: string): ShippedTestee | undefined {
  return SHIPPED.find((t) => t.name === name);
}
