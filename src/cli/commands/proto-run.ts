import { existsSync, readFileSync } from 'node:fs';
import { EXIT, UsageError } from '../errors.ts';
import { readGolden } from '../../proto/golden.ts';
import { PROPERTIES, type SuiteContext } from '../../proto/properties.ts';
import type { Hello } from '../../proto/protocol.ts';
import { applyFailureList, failed, failureDetails, matrixTable, parseFailureList, summaryTable, writeReport } from '../../proto/report.ts';
import { runSuite, type PropertyResult } from '../../proto/runner.ts';
import { loadPeerRoot } from '../../proto/schema.ts';
import { checkSchemaFile, formatSchemaFindings, SchemaReadError } from '../../proto/schema-diff.ts';
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

async function processTarget(argv: string | readonly string[], timeoutMs: number): Promise<Target> {
  const command = typeof argv === 'string' ? argv : commandLine(argv);
  let started: { testee: ProcessTestee; hello: Hello };
  try {
    started = await ProcessTestee.start(argv, { timeoutMs });
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
        current = (await ProcessTestee.start(argv, { timeoutMs })).testee;
      }
      return current;
    },
    close: () => current.close(),
  };
}

async function inProcessTarget(name: string): Promise<Target> {
  const shipped = SHIPPED.find((t) => t.name === name);
  if (!shipped?.codec) throw new Error(`${name} cannot run in process`);
  const codec = await shipped.codec();
  const client = new InProcessTestee(codec);
  return { hello: helloOf(codec), command: `${name} (in process)`, client: async () => client, close: () => client.close() };
}

function suiteContext(): SuiteContext {
  return { root: loadPeerRoot(), golden: readGolden().vectors };
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
  const ctx = suiteContext();
  const target = opts.testee ? await processTarget(opts.testee, timeoutMs) : await inProcessTarget('protobufjs');
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
    `conform proto${opts.testee ? ` --testee ${JSON.stringify(opts.testee)}` : ''} --seed ${r.seed} --runs ${runs} --property ${r.id}${r.path ? ` --path ${r.path}` : ''}`;
  const details = failureDetails(results, reproduce);
  if (details) out(`\n${details}`);
  if (opts.report) err(`conform proto: wrote ${writeReport(opts.report, target.hello, target.command, seed, runs, results)}`);
  return failed(results) ? EXIT.fail : EXIT.ok;
}

async function runMatrix(opts: ProtoOptions): Promise<number> {
  if (opts.testee) throw new UsageError('--matrix runs the shipped testees; it cannot be combined with --testee');
  const runs = positiveInt(opts.runs, '--runs');
  const timeoutMs = positiveInt(opts.timeout, '--timeout');
  const seed = seedOf(opts.seed);
  const only = opts.property ? opts.property.split(',').map((s) => s.trim()).filter(Boolean) : [];
  const ctx = suiteContext();
  err(`conform proto --matrix: seed ${seed}, runs ${runs}`);
  const columns: { name: string; results: PropertyResult[] | null; note?: string }[] = [];
  for (const shipped of SHIPPED) {
    const why = shipped.unavailable();
    if (why) {
      err(`conform proto: ${shipped.name}: skip (${why})`);
      columns.push({ name: shipped.name, results: null, note: `skip: ${why}` });
      continue;
    }
    let target: Target;
    try {
      target = shipped.name === 'protobufjs' ? await inProcessTarget('protobufjs') : await processTarget(shipped.command(), timeoutMs);
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
    if (opts.report) err(`conform proto: wrote ${writeReport(`${opts.report}/${shipped.name}`, target.hello, target.command, seed, runs, results)}`);
  }
  out(matrixTable(columns));
  const bad = columns.flatMap((c) => (c.results ?? []).filter((r) => r.status === 'fail').map((r) => ({ ...r, id: `${c.name}: ${r.id}` })));
  if (bad.length) out(`\n${failureDetails(bad, (r) => `conform proto --testee <${r.id.split(':')[0]}> --seed ${r.seed} --runs ${runs}`)}`);
  return bad.length ? EXIT.fail : EXIT.ok;
}

/** `conform proto schema CANDIDATE`: the exit code. */
export function runSchema(candidate: string): number {
  try {
    const findings = checkSchemaFile(candidate);
    out(formatSchemaFindings(candidate, findings));
    return findings.some((f) => f.breaking) ? EXIT.fail : EXIT.ok;
  } catch (e) {
    if (e instanceof SchemaReadError) throw new UsageError(e.message);
    throw e;
  }
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
