/**
 * How fast `conform audit` judges recorded traffic: entries per second for a HAR of 10,000 entries
 * (default), recorded once from the reference server (variant A) through `conform proxy --har`: reads
 * and writes of posts, pools and tags in JSON and XML, errors included, repeated to the size asked for.
 * The figure covers reading the file, parsing it and judging every entry, as the command does.
 *
 * The time is wall-clock; each round's CPU time is shown beside it (on a busy machine they differ).
 * The rounds run in a process of their own, so its peak memory (peak RSS) is the audit's and not that
 * of the recording (reference server, proxy, client).
 *
 *   npx tsx bench/audit.ts [--entries 10000] [--rounds 3]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULTS, DEFAULT_ACCOUNTS } from '../src/check/config.ts';
import { Redactor } from '../src/check/redact.ts';
import { Audit } from '../src/traffic/audit.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const ENTRIES = arg('entries', 10_000);
const ROUNDS = arg('rounds', 3);

/**
 * Peak resident memory of this process, MiB: VmHWM where Linux gives it (getrusage's maxRSS survives
 * exec, so a forked child would report its parent's peak), else maxRSS.
 */
function peakRssMiB(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

/** The child: audits FILE ROUNDS times, as `conform audit` reads it. */
function rounds(file: string): void {
  const sizeMiB = statSync(file).size / 2 ** 20;
  const rates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const audit = new Audit({ variant: 'A', maxBodyBytes: DEFAULTS.maxBodyBytes, strict: false, redactor: new Redactor() });
    audit.addPath(file, file);
    const report = audit.report();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    if (report.traffic.exchanges !== ENTRIES) throw new Error(`audited ${report.traffic.exchanges} of ${ENTRIES} entries`);
    rates.push(ENTRIES / seconds);
    process.stdout.write(`round ${round + 1}: ${ENTRIES} entries (${sizeMiB.toFixed(1)} MiB) in ${seconds.toFixed(2)} s (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s): ${Math.round(ENTRIES / seconds)} entries/s; ${report.counts.total} judgements, verdict ${report.verdict}\n`);
  }
  rates.sort((a, b) => a - b);
  process.stdout.write(`median: ${Math.round(rates[Math.floor(rates.length / 2)]!)} entries/s (peak RSS of the audit process ${peakRssMiB()} MiB)\n`);
}

const child = process.argv.indexOf('--audit');
if (child >= 0) {
  rounds(process.argv[child + 1]!);
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'conform-bench-audit-'));
try {
  // One recording of varied traffic, through the proxy's own HAR writer. (Imported here: the audit
  // process loads only what `conform audit` loads.)
  const [{ createContext }, { startProxy }, { startServer }] = await Promise.all([import('../src/check/context.ts'), import('../src/proxy/proxy.ts'), import('../src/server/index.ts')]);
  const server = await startServer({ variant: 'A', port: 0 });
  const recorded = join(dir, 'recorded.har');
  const proxy = await startProxy({ variant: 'A', upstream: server.url, maxBodyBytes: DEFAULTS.maxBodyBytes, timeoutMs: 10_000, har: recorded });
  const { ctx, close } = await createContext(
    { target: proxy.url, variant: 'A', accountsPath: DEFAULT_ACCOUNTS, only: [], strict: false, readOnly: false, includeQuota: false, timeoutMs: 10_000, maxBodyBytes: DEFAULTS.maxBodyBytes, seed: 1, prefix: 'bench', phase: 'all' },
    proxy.url,
    'bench',
  );
  for (let i = 0; i < 10; i++) {
    for (const format of ['json', 'xml'] as const) {
      await ctx.target.call('pools.create', { format, fields: { name: ctx.unique('pool'), description: 'a pool of the bench' } });
      await ctx.target.call('pools.create', { format, fields: { description: 'no name' } });
      await ctx.target.call('posts.list', { format, fields: { limit: 20 } });
      await ctx.target.call('pools.list', { format });
      await ctx.target.call('tags.list', { format });
      await ctx.target.call('posts.list', { format, raw: { limit: 'x' } });
    }
  }
  await close();
  await proxy.close();
  await server.close();
  const base = (JSON.parse(readFileSync(recorded, 'utf8')) as { log: { entries: unknown[] } }).log;
  const entries = Array.from({ length: ENTRIES }, (_, i) => base.entries[i % base.entries.length]);
  const file = join(dir, 'bench.har');
  writeFileSync(file, JSON.stringify({ log: { ...base, entries } }));
  process.stdout.write(`${ENTRIES} entries, ${base.entries.length} distinct exchanges repeated\n`);
  const code = await new Promise<number | null>((resolve, reject) => {
    const p = fork(import.meta.filename, ['--audit', file, '--entries', String(ENTRIES), '--rounds', String(ROUNDS)], { stdio: 'inherit' });
    p.once('error', reject);
    p.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the audit process exited with ${code}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
