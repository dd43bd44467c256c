/**
 * Throughput of the peer-format suite. Run: npx tsx bench/proto-roundtrip.ts
 *  1. protobufjs encode+decode round trips per second, in process, on generated messages
 *  2. roundtrip property cases per second, in process (generation + checks included)
 *  3. roundtrip property cases per second through an external testee program (pipelined frames)
 * For 2 and 3 it also prints the CPU time per case of this process (generation, checks, framing)
 * and, on Linux, of the testee program: on a shared machine those are steadier than the rates,
 * and 1e6 / max(runner, testee) is the rate two free cores could reach.
 * Each property figure follows a warm-up of WARMUP cases (the testee program starts cold).
 * Figures only; nothing here asserts timing.
 *
 * With `--schema FILE.proto [--root-message NAME]` it measures on that schema instead of the
 * documented format (e.g. fixtures/proto/fork-additive.proto): the external testee gets the
 * schema in its hello request, as with `conform proto --schema`.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { anyMessage } from '../src/proto/arbitraries.ts';
import { readGolden } from '../src/proto/golden.ts';
import { PROPERTIES } from '../src/proto/properties.ts';
import { runProperty } from '../src/proto/runner.ts';
import { helloSchemaOf } from '../src/proto/compile.ts';
import { loadSchemaFile, peerSchema } from '../src/proto/model.ts';
import { loadPeerRoot } from '../src/proto/schema.ts';
import { InProcessTestee, ProcessTestee, helloOf, type TesteeClient } from '../src/proto/testee.ts';
import { SHIPPED } from '../src/proto/testees/index.ts';
import { protobufjsCodecFor } from '../src/proto/testees/protobufjs.ts';

const arg = (flag: string): string | undefined => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const schemaFile = arg('--schema');
const schema = schemaFile ? loadSchemaFile(schemaFile, arg('--root-message')) : peerSchema();
const helloSchema = helloSchemaOf(schema).hello;
const root = schemaFile ? schema.root : loadPeerRoot();
const ctx = { schema, golden: schema.documented ? readGolden().vectors : [] };
console.log(`schema: ${schema.label}, root message ${schema.rootMessage}`);
const rate = (n: number, ms: number): string => `${Math.round((n * 1000) / ms).toLocaleString('en-US')}/s`;

// 1. raw protobufjs round trips (messages pre-generated and converted once).
const samples = fc.sample(anyMessage(root, { rootMessage: schema.rootMessage }), { seed: 1, numRuns: 2000 });
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

// The same on the golden vectors (one realistic message per payload kind; documented format only).
const golden = ctx.golden.map((v) => {
  const t = root.lookupType(v.type);
  return { t, msg: t.fromObject(v.json as Record<string, unknown>) };
});
if (golden.length) {
  n = 0;
  t0 = performance.now();
  while (performance.now() - t0 < 1500) {
    for (const { t, msg } of golden) t.decode(t.encode(msg).finish());
    n += golden.length;
  }
  console.log(`protobufjs encode+decode round trips, in process, golden vectors: ${rate(n, performance.now() - t0)} (${n} round trips)`);
}

// 2 and 3. The roundtrip property (JSON -> testee encode -> testee decode -> compare) with the runner.
const WARMUP = 2000;
const roundtrip = PROPERTIES.find((p) => p.id === 'roundtrip')!;
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** CPU milliseconds used so far by another process (Linux /proc), or undefined. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}
async function property(label: string, client: TesteeClient, hello: ReturnType<typeof helloOf>, runs: number, testeePid?: number): Promise<void> {
  await runProperty(roundtrip, hello, ctx, { runs: WARMUP, seed: 2, client: async () => client });
  const testee0 = processCpuMs(testeePid);
  const cpu0 = cpuMs();
  t0 = performance.now();
  const r = await runProperty(roundtrip, hello, ctx, { runs, seed: 3, client: async () => client });
  const ms = performance.now() - t0;
  const perCase = (cpu: number): string => `${((cpu * 1000) / r.cases).toFixed(0)} us`;
  const testee1 = processCpuMs(testeePid);
  const ownCpu = cpuMs() - cpu0;
  let testeeCpu = '';
  if (testee0 !== undefined && testee1 !== undefined) {
    const busier = Math.max(ownCpu, testee1 - testee0);
    testeeCpu = `, testee program ${perCase(testee1 - testee0)}; two free cores: up to ${rate(r.cases, busier)}`;
  }
  console.log(`roundtrip property cases, ${label}: ${rate(r.cases, ms)} (${r.cases} cases, ${r.status}; CPU per case: this process ${perCase(ownCpu)}${testeeCpu})`);
}

const codec = protobufjsCodecFor(helloSchema);
await property('protobufjs in process', new InProcessTestee(codec), helloOf(codec), 20_000);
const external = await ProcessTestee.start(SHIPPED.find((s) => s.name === 'protobufjs')!.command(), helloSchema ? { schema: helloSchema } : {});
await property('protobufjs as an external testee (pipelined)', external.testee, external.hello, 20_000, external.testee.pid);
await external.testee.close();
