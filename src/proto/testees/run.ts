/** Runs one shipped TypeScript testee as a program: `node --import tsx run.ts protobufjs|bufbuild|protoc`. */
import type { Codec } from '../testee.ts';
import { serve } from './codec.ts';

const name = process.argv[2];
const factories: Record<string, () => Promise<Codec>> = {
  protobufjs: async () => (await import('./protobufjs.ts')).protobufjsCodec(),
  bufbuild: async () => (await import('./bufbuild.ts')).bufbuildCodec(),
  protoc: async () => (await import('./protoc.ts')).protocCodec(),
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
