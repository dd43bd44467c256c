/**
 * Runs one shipped TypeScript testee as a program: `node --import tsx run.ts protobufjs|bufbuild|protoc`.
 * The codec is built for the schema of the hello request (see docs/peer-format.md).
 */
import type { HelloSchema } from '../protocol.ts';
import type { Codec } from '../testee.ts';
import { serve } from './codec.ts';

const name = process.argv[2];
type Make = (schema: HelloSchema | undefined) => Codec;
const factories: Record<string, () => Promise<Make>> = {
  protobufjs: async () => (await import('./protobufjs.ts')).protobufjsCodecFor,
  bufbuild: async () => (await import('./bufbuild.ts')).bufbuildCodec,
  protoc: async () => {
    const [{ protocCodec }, { schemaOfHello }] = await Promise.all([import('./protoc.ts'), import('../compile.ts')]);
    return (schema) => protocCodec(schemaOfHello(schema));
  },
};
const factory = name ? factories[name] : undefined;
if (!factory) {
  process.stderr.write(`usage: run.ts ${Object.keys(factories).join('|')}\n`);
  process.exit(2);
}
try {
  serve(await factory());
} catch (e) {
  process.stderr.write(`${name}: ${(e as Error).message}\n`);
  process.exit(4);
}
