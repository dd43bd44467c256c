/**
 * Throughput of the peer-format suite. Run: npx tsx bench/proto-roundtrip.ts
 *  1. protobufjs encode+decode round trips per second, in process, on generated messages
 *  2. roundtrip property cases per second, in process (generation + checks included)
 *  3. roundtrip property cases per second through an external testee program (pipelined frames)
 * Figures only; nothing here asserts timing.
 */
import fc from 'fast-check';
import { anyMessage } from '../src/proto/arbitraries.ts';
import { readGolden } from '../src/proto/golden.ts';
import { PROPERTIES } from '../src/proto/properties.ts';
import { runProperty } from '../src/proto/runner.ts';
import { loadPeerRoot } from '../src/proto/schema.ts';
import { InProcessTestee, ProcessTestee, helloOf, type TesteeClient } from '../src/proto/testee.ts';
import { SHIPPED } from '../src/proto/testees/index.ts';
import { protobufjsCodec } from '../src/proto/testees/protobufjs.ts';

const root = loadPeerRoot();
const ctx = { root, golden: readGolden().vectors };
const rate = (n: number, ms: number): string => `${Math.round((n * 1000) / ms).toLocaleString('en-US')}/s`;

// 1. raw protobufjs round trips (messages pre-generated and converted once).
const samples = fc.sample(anyMessage(root), { seed: 1, numRuns: 2000 });
const prepared = samples.map(({ type, json }) => {
  const t = root.lookupType(type);
  return { t, msg: t.fromObject(json as Record<string, unknown>) };
});
let n = 0;
let t0 = performance.now();
while (performance.now() - t0 < 1500) {
  for (const { t, msg } of prepared) t.decode(t.encode(msg).finish());
  n += prepared.length;
}
console.log(`protobufjs encode+decode round trips, in process: ${rate(n, performance.now() - t0)} (${n} round trips)`);

// The same on the golden vectors (one realistic message per payload kind).
const golden = ctx.golden.map((v) => {
  const t = root.lookupType(v.type);
  return { t, msg: t.fromObject(v.json as Record<string, unknown>) };
});
n = 0;
t0 = performance.now();
while (performance.now() - t0 < 1500) {
  for (const { t, msg } of golden) t.decode(t.encode(msg).finish());
  n += golden.length;
}
console.log(`protobufjs encode+decode round trips, in process, golden vectors: ${rate(n, performance.now() - t0)} (${n} round trips)`);

// 2 and 3. The roundtrip property (JSON -> testee encode -> testee decode -> compare) with the runner.
const roundtrip = PROPERTIES.find((p) => p.id === 'roundtrip')!;
async function property(label: string, client: TesteeClient, hello: ReturnType<typeof helloOf>, runs: number): Promise<void> {
  await runProperty(roundtrip, hello, ctx, { runs: 200, seed: 2, client: async () => client }); // warm-up
  t0 = performance.now();
  const r = await runProperty(roundtrip, hello, ctx, { runs, seed: 3, client: async () => client });
  const ms = performance.now() - t0;
  console.log(`roundtrip property cases, ${label}: ${rate(r.cases, ms)} (${r.cases} cases, ${r.status})`);
}

const codec = protobufjsCodec();
await property('protobufjs in process', new InProcessTestee(codec), helloOf(codec), 20_000);
const external = await ProcessTestee.start(SHIPPED.find((s) => s.name === 'protobufjs')!.command());
await property('protobufjs as an external testee (pipelined)', external.testee, external.hello, 20_000);
await external.testee.close();
