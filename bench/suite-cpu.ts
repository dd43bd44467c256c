/**
 * Where the test suite's CPU goes: runs `vitest run --project test` (all files, or those given) with every
 * Node process accounting for its own CPU time (bench/support/cpu-account.mjs, preloaded through
 * NODE_OPTIONS) and each test file for its worker's (test/support/setup-file.ts), then prints, per test
 * file, the CPU of its tests in process and of the processes it started, with the machine's busy CPU over
 * the run. The suite is bound by CPU on two cores: its wall time follows the sum, so this is the table to
 * read before making it faster. What no Node process accounts for (a container's processes, Chromium,
 * Python, protoc, a process killed by a signal) is the busy CPU less the accounted.
 *
 *   npx tsx bench/suite-cpu.ts [--top N] [test files...]
 *
 * The container tests need the engine's API (eval "$(containers/podman-service.sh)"), as for npm test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = join(import.meta.dirname, '..');
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 30;
const files = topAt >= 0 ? args.filter((_, i) => i !== topAt && i !== topAt + 1) : args;

/** The machine's busy CPU seconds so far (user, nice, system, irq, softirq), from /proc/stat. */
function busySeconds(): number {
  const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return (user! + nice! + system! + irq! + softirq!) / 100;
}

interface FileLine { kind: 'file'; tag: string; file: string; cpuSeconds: number; startedAt: number; ms: number }
interface ProcessLine { kind: 'process'; tag: string | null; pid: number; cpuSeconds: number; argv: string }

const dir = mkdtempSync(join(tmpdir(), 'conform-suite-cpu-'));
const account = join(dir, 'account.jsonl');
try {
  const preload = pathToFileURL(join(ROOT, 'bench', 'support', 'cpu-account.mjs')).href;
  const busyBefore = busySeconds();
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'test', ...files], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, CONFORM_CPU_ACCOUNT: account, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`.trim() },
    });
    child.on('exit', (c) => resolve(c));
  });
  const wall = (Date.now() - started) / 1000;
  const busy = busySeconds() - busyBefore;

  const lines = readFileSync(account, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as FileLine | ProcessLine);
  const byTag = new Map<string, { file: string; worker: number; children: number; processes: number; ms: number }>();
  for (const l of lines) if (l.kind === 'file') byTag.set(l.tag, { file: relative(ROOT, l.file), worker: l.cpuSeconds, children: 0, processes: 0, ms: l.ms });
  let runner = 0;
  let untagged = 0;
  const kinds = new Map<string, { n: number; cpu: number }>();
  for (const l of lines) {
    if (l.kind !== 'process') continue;
    // The test runner's own processes: its workers' CPU is accounted per file above.
    if (l.argv.includes('vitest')) {
      if (!l.argv.includes('workers')) runner += l.cpuSeconds;
      continue;
    }
    const owner = l.tag ? byTag.get(l.tag) : undefined;
    if (owner) {
      owner.children += l.cpuSeconds;
      owner.processes++;
    } else untagged += l.cpuSeconds;
    // A program of the repository by its path in it; the installed package's (under the run's temporary
    // directory) as such; any other by its own path.
    const program = l.argv.split(' ')[0]!;
    const kind = program.startsWith(`${ROOT}/`) ? relative(ROOT, program) : program.replace(/^.*\/node_modules\/(imageboard-conform\/|\.bin\/conform$)/, (_, inside: string) => `(installed) ${inside === 'imageboard-conform/' ? '' : 'bin/conform'}`);
    const what = /conform\.js$/.test(kind) ? `${kind} ${l.argv.split(' ')[1] ?? ''}` : kind;
    const k = kinds.get(what) ?? { n: 0, cpu: 0 };
    k.n++;
    k.cpu += l.cpuSeconds;
    kinds.set(what, k);
  }
  const rows = [...byTag.values()].sort((a, b) => b.worker + b.children - (a.worker + a.children));
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
  const accounted = sum((r) => r.worker + r.children) + runner + untagged;
  const s = (x: number) => x.toFixed(1).padStart(7);
  console.log(`vitest exit ${code}; wall ${wall.toFixed(1)} s; machine busy ${busy.toFixed(0)} CPU-s (${((100 * busy) / wall).toFixed(0)}% of one core on average)`);
  console.log(`accounted ${accounted.toFixed(0)} CPU-s: test files ${sum((r) => r.worker + r.children).toFixed(0)} (in the workers ${sum((r) => r.worker).toFixed(0)}, in the processes they started ${sum((r) => r.children).toFixed(0)}), the runner ${runner.toFixed(0)}, processes of no file ${untagged.toFixed(0)}; not accounted (containers, Chromium, Python, protoc, killed processes) ${(busy - accounted).toFixed(0)}`);
  console.log(`\n  total  worker children procs  wall s  file`);
  for (const r of rows.slice(0, top)) console.log(`${s(r.worker + r.children)}${s(r.worker)}${s(r.children)}${String(r.processes).padStart(6)}${(r.ms / 1000).toFixed(0).padStart(8)}  ${r.file}`);
  console.log(`\n  CPU-s  procs  program`);
  for (const [what, k] of [...kinds].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, 15)) console.log(`${s(k.cpu)}${String(k.n).padStart(7)}  ${what}`);
  process.exitCode = code ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
