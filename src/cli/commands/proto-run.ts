import { existsSync, readFileSync } from 'node:fs';
import { EXIT, UsageError } from '../../errors.ts';
import { writeCiReports, type RunInfo } from '../../proto/ci-report.ts';
import { helloSchemaOf } from '../../proto/compile.ts';
import { readGolden } from '../../proto/golden.ts';
import { SchemaError, loadSchemaFile, peerSchema, type Schema } from '../../proto/model.ts';
import { PROPERTIES, type SuiteContext } from '../../proto/properties.ts';
import type { Hello, HelloSchema } from '../../proto/protocol.ts';
import { applyFailureList, failed, failureDetails, matrixTable, parseFailureList, summaryTable, writeReport } from '../../proto/report.ts';
import { runSuite, type PropertyResult } from '../../proto/runner.ts';
import { compareSchemaFiles, formatSchemaFindings, type SchemaFinding } from '../../proto/schema-diff.ts';
import { InProcessTestee, ProcessTestee, TesteeError, helloOf, type TesteeClient } from '../../proto/testee.ts';
import { SHIPPED, commandLine } from '../../proto/testees/index.ts';

export interface ProtoOptions {
  testee?: string;
  runs: string;
  seed?: string;
  path?: string;
  property?: string;
  failureList?: string;
  enforceRecommended?: boolean;
  report?: string;
  timeout: string;
  matrix?: boolean;
  schema?: string;
  rootMessage?: string;
}

/** The schema of a run and what the testees are told about it. */
interface RunSchema {
  readonly schema: Schema;
  readonly hello: HelloSchema | undefined;
  /** Why descriptor-based testees cannot load the schema (no protoc), if so. */
  readonly descriptorError?: string;
}

function runSchemaOf(opts: ProtoOptions): RunSchema {
  if (opts.rootMessage !== undefined && opts.schema === undefined) throw new UsageError('--root-message needs --schema FILE.proto');
  if (opts.schema === undefined) return { schema: peerSchema(), hello: undefined };
  let schema: Schema;
  try {
    schema = loadSchemaFile(opts.schema, opts.rootMessage);
  } catch (e) {
    if (e instanceof SchemaError) throw new UsageError(e.message);
    throw e;
  }
  return { schema, ...helloSchemaOf(schema) };
}

function positiveInt(text: string, flag: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(text)}`);
  return Number(text);
}

function seedOf(text: string | undefined): number {
  if (text === undefined) return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
  if (!/^-?\d+$/.test(text) || Number(text) < -(2 ** 31) || Number(text) > 2 ** 31 - 1) {
    throw new UsageError(`--seed must be a 32-bit integer, got ${JSON.stringify(text)}`);
  }
  return Number(text);
}

const err = (line: string): void => {
  process.stderr.write(`${line}\n`);
};
const out = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

interface Target {
  readonly hello: Hello;
  readonly command: string;
  readonly client: () => Promise<TesteeClient>;
  close(): Promise<void>;
}

async function processTarget(argv: string | readonly string[], timeoutMs: number, schema: HelloSchema | undefined): Promise<Target> {
  const command = typeof argv === 'string' ? argv : commandLine(argv);
  let started: { testee: ProcessTestee; hello: Hello };
  const options = { timeoutMs, ...(schema ? { schema } : {}) };
  try {
    started = await ProcessTestee.start(argv, options);
  } catch (e) {
    throw new UsageError(`cannot start testee ${JSON.stringify(command)}: ${(e as Error).message}`);
  }
  let current: ProcessTestee = started.testee;
  return {
    hello: started.hello,
    command,
    client: async () => {
      if (current.broken) {
        err(`conform proto: restarting testee after: ${current.broken.message}`);
        await current.close();
        current = (await ProcessTestee.start(argv, options)).testee;
      }
      return current;
    },
    close: () => current.close(),
  };
}

async function inProcessTarget(name: string, schema: HelloSchema | undefined): Promise<Target> {
  const shipped = SHIPPED.find((t) => t.name === name);
  if (!shipped?.codec) throw new Error(`${name} cannot run in process`);
  let codec: Awaited<ReturnType<NonNullable<typeof shipped.codec>>>;
  try {
    codec = await shipped.codec(schema);
  } catch (e) {
    throw new UsageError(`${name} cannot load ${schema?.file ?? 'the schema'}: ${(e as Error).message}`);
  }
  const client = new InProcessTestee(codec);
  return { hello: helloOf(codec), command: `${name} (in process)`, client: async () => client, close: () => client.close() };
}

function suiteContext(schema: Schema): SuiteContext {
  return { schema, golden: schema.documented ? readGolden().vectors : [] };
}

function runInfo(schema: Schema, seed: number, runs: number): RunInfo {
  return { schema: schema.documented ? 'documented peer message format (proto/peer.proto)' : schema.label, rootMessage: schema.rootMessage, seed, runs };
}

function schemaArgs(opts: ProtoOptions): string {
  return `${opts.schema !== undefined ? ` --schema ${JSON.stringify(opts.schema)}` : ''}${opts.rootMessage !== undefined ? ` --root-message ${opts.rootMessage}` : ''}`;
}

async function runOne(opts: ProtoOptions): Promise<number> {
  const runs = positiveInt(opts.runs, '--runs');
  const timeoutMs = positiveInt(opts.timeout, '--timeout');
  const seed = seedOf(opts.seed);
  const only = opts.property ? opts.property.split(',').map((s) => s.trim()).filter(Boolean) : [];
  for (const id of only) if (!PROPERTIES.some((p) => p.id === id)) throw new UsageError(`--property: unknown property ${JSON.stringify(id)} (known: ${PROPERTIES.map((p) => p.id).join(', ')})`);
  if (opts.path && only.length !== 1) throw new UsageError('--path replays one counterexample: give exactly one --property with it');
  let listed = new Set<string>();
  if (opts.failureList) {
    if (!existsSync(opts.failureList)) throw new UsageError(`--failure-list: cannot read ${opts.failureList}`);
    try {
      listed = parseFailureList(readFileSync(opts.failureList, 'utf8'), opts.failureList);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const run = runSchemaOf(opts);
  const ctx = suiteContext(run.schema);
  const target = opts.testee ? await processTarget(opts.testee, timeoutMs, run.hello) : await inProcessTarget('protobufjs', run.hello);
  if (!run.schema.documented) err(`conform proto: schema ${run.schema.label}, root message ${run.schema.rootMessage}, ${run.schema.messages.length} messages, ${run.schema.enums.length} enums`);
  err(`conform proto: testee ${target.hello.name} ${target.hello.version} (${target.command}), ops ${target.hello.ops.join(',')}, seed ${seed}, runs ${runs}`);
  let results: PropertyResult[];
  try {
    results = await runSuite(target.hello, ctx, {
      runs,
      seed,
      only,
      ...(opts.path ? { path: opts.path } : {}),
      enforceRecommended: !!opts.enforceRecommended,
      client: target.client,
      onProgress: (line) => err(`conform proto: ${line}`),
    });
  } finally {
    await target.close();
  }
  applyFailureList(results, listed);
  out(summaryTable(results));
  const reproduce = (r: PropertyResult): string =>
    `conform proto${schemaArgs(opts)}${opts.testee ? ` --testee ${JSON.stringify(opts.testee)}` : ''} --seed ${r.seed} --runs ${runs} --property ${r.id}${r.path ? ` --path ${r.path}` : ''}`;
  const details = failureDetails(results, reproduce);
  if (details) out(`\n${details}`);
  if (opts.report) {
    const info = runInfo(run.schema, seed, runs);
    err(`conform proto: wrote ${writeReport(opts.report, target.hello, target.command, seed, runs, results, info)}`);
    err(`conform proto: wrote ${writeCiReports(opts.report, info, [{ name: target.hello.name, results }]).join(', ')}`);
  }
  return failed(results) ? EXIT.fail : EXIT.ok;
}

async function runMatrix(opts: ProtoOptions): Promise<number> {
  if (opts.testee) throw new UsageError('--matrix runs the shipped testees; it cannot be combined with --testee');
  const runs = positiveInt(opts.runs, '--runs');
  const timeoutMs = positiveInt(opts.timeout, '--timeout');
  const seed = seedOf(opts.seed);
  const only = opts.property ? opts.property.split(',').map((s) => s.trim()).filter(Boolean) : [];
  for (const id of only) if (!PROPERTIES.some((p) => p.id === id)) throw new UsageError(`--property: unknown property ${JSON.stringify(id)} (known: ${PROPERTIES.map((p) => p.id).join(', ')})`);
  const run = runSchemaOf(opts);
  const ctx = suiteContext(run.schema);
  err(`conform proto --matrix: ${run.schema.documented ? '' : `schema ${run.schema.label}, root message ${run.schema.rootMessage}, `}seed ${seed}, runs ${runs}`);
  const columns: { name: string; results: PropertyResult[] | null; note?: string }[] = [];
  for (const shipped of SHIPPED) {
    const why = shipped.unavailable(run.hello) ?? (run.descriptorError && (shipped.name === 'bufbuild' || shipped.name === 'python') ? run.descriptorError : null);
    if (why) {
      err(`conform proto: ${shipped.name}: skip (${why})`);
      columns.push({ name: shipped.name, results: null, note: `skip: ${why}` });
      continue;
    }
    let target: Target;
    try {
      target = shipped.name === 'protobufjs' ? await inProcessTarget('protobufjs', run.hello) : await processTarget(shipped.command(), timeoutMs, run.hello);
    } catch (e) {
      columns.push({ name: shipped.name, results: null, note: `could not start: ${(e as Error).message}` });
      continue;
    }
    let results: PropertyResult[];
    try {
      results = await runSuite(target.hello, ctx, { runs, seed, only, client: target.client, onProgress: (line) => err(`conform proto: ${shipped.name}: ${line}`) });
    } finally {
      await target.close();
    }
    columns.push({ name: shipped.name, results, note: `${target.hello.name} ${target.hello.version}` });
    if (opts.report) err(`conform proto: wrote ${writeReport(`${opts.report}/${shipped.name}`, target.hello, target.command, seed, runs, results, runInfo(run.schema, seed, runs))}`);
  }
  out(matrixTable(columns));
  if (opts.report) err(`conform proto: wrote ${writeCiReports(opts.report, runInfo(run.schema, seed, runs), columns).join(', ')}`);
  const bad = columns.flatMap((c) => (c.results ?? []).filter((r) => r.status === 'fail').map((r) => ({ ...r, id: `${c.name}: ${r.id}` })));
  if (bad.length) out(`\n${failureDetails(bad, (r) => `conform proto${schemaArgs(opts)} --testee <${r.id.split(':')[0]}> --seed ${r.seed} --runs ${runs} --property ${r.id.split(': ')[1]}`)}`);
  return bad.length ? EXIT.fail : EXIT.ok;
}

export interface SchemaOptions {
  against?: string;
  format: string;
}

/** `conform proto schema CANDIDATE [--against BASE.proto] [--format text|json]`: the exit code. */
export function runSchema(candidate: string, opts: SchemaOptions = { format: 'text' }): number {
  if (opts.format !== 'text' && opts.format !== 'json') throw new UsageError(`--format must be text or json, got ${JSON.stringify(opts.format)}`);
  let findings: SchemaFinding[];
  try {
    findings = compareSchemaFiles(candidate, opts.against);
  } catch (e) {
    if (e instanceof SchemaError) throw new UsageError(e.message);
    throw e;
  }
  const base = opts.against ?? 'the documented peer message format';
  if (opts.format === 'json') {
    const breaking = findings.filter((f) => f.breaking).length;
    out(JSON.stringify({ candidate, against: opts.against ?? null, breaking, warnings: findings.length - breaking, findings }, null, 2));
  } else out(formatSchemaFindings(candidate, base, findings));
  return findings.some((f) => f.breaking) ? EXIT.fail : EXIT.ok;
}

/** `conform proto [...]`: the exit code. */
export async function runProto(opts: ProtoOptions): Promise<number> {
  try {
    return opts.matrix ? await runMatrix(opts) : await runOne(opts);
  } catch (e) {
    if (e instanceof TesteeError) throw new UsageError(e.message);
    throw e;
  }
}
