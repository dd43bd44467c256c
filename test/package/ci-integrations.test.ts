/**
 * The CI integrations, run here as far as a machine without GitHub or GitLab allows:
 *
 * - action.yml (a composite action): its `run` steps are run with bash as the runner runs them
 *   (`bash --noprofile --norc -eo pipefail`, the step's env with the ${{ }} expressions of its inputs
 *   evaluated, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_ACTION_PATH, GITHUB_WORKSPACE),
 *   and its outputs are read back from GITHUB_OUTPUT as the runner does.
 * - examples/gitlab-ci.yml: the job's `script` runs in one bash with the job's variables, CI/CD variables
 *   set as a project would, and the artifacts it declares (junit.xml as the test report) must be there.
 * - examples/github-actions.yml: its step of the action passes only inputs that action.yml declares.
 *
 * Both install the packed tarball instead of the registry's package (the package spec is an input of the
 * action and a variable of the GitLab job), and check a reference server started here. Their install
 * directories start as a copy of the run's one install of that tarball (test/package/helpers.ts,
 * sharedInstall; test/package/install.test.ts proves it from an empty directory), so their `npm install`
 * finds the package there and up to date: what runs is every command of the scripts, and the run does
 * not pay for the same install three times.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { SharedInstall } from './helpers.ts';
import { cleanEnv, ROOT, seedInstall, sharedInstall } from './helpers.ts';
import { scaled } from '../support/time.ts';

const exec = promisify(execFile);
const BIN = join(ROOT, 'bin', 'conform.js');
const ACCOUNTS = readFileSync(join(ROOT, 'fixtures', 'accounts.json'), 'utf8');

interface ActionStep {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
}
interface Action {
  runs: { using: string; steps: ActionStep[] };
  inputs: Record<string, { required?: boolean; default?: string; description: string }>;
  outputs: Record<string, { value: string; description: string }>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

/** Runs a bash script; resolves with its exit code (a failure is a result, not an error). */
function bash(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<{ code: number; output: string }> {
  return exec('bash', args, { ...options, timeout: scaled(600_000), maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: typeof err.code === 'number' ? err.code : -1, output: `${err.stdout ?? ''}${err.stderr ?? ''}` }),
  );
}

/** Reads a GITHUB_OUTPUT file: name=value lines (the action writes no multi-line values). */
function outputsOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

interface ActionRun {
  code: number;
  output: string;
  outputs: Record<string, string>;
  summary: string;
  skipped: string[];
}

/**
 * Runs action.yml with `inputs` the way a runner would; stops at the first failing step, like a runner
 * (no step of the action runs `if: always()`). Steps that use another action are skipped, and named.
 */
async function runAction(inputs: Record<string, string>, runner: { temp: string; workspace: string }): Promise<ActionRun> {
  for (const [name, spec] of Object.entries(action.inputs)) if (spec.required && !(name in inputs)) throw new Error(`input ${name} is required`);
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const steps: Record<string, Record<string, string>> = {};
  const expand = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
      let m = /^inputs\.([\w-]+)$/.exec(expr);
      if (m) return inputs[m[1]!] ?? action.inputs[m[1]!]?.default ?? '';
      m = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
      if (m) return steps[m[1]!]?.[m[2]!] ?? '';
      throw new Error(`action.yml uses an expression this test does not evaluate: ${expr}`);
    });
  const summaryFile = join(runner.temp, `summary-${Date.now()}.md`);
  await writeFile(summaryFile, '');
  let output = '';
  const skipped: string[] = [];
  let code = 0;
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.uses) {
      skipped.push(step.uses);
      continue;
    }
    expect(step.shell, `step ${step.name}`).toBe('bash');
    const script = join(runner.temp, `step-${i}.sh`);
    const outputFile = join(runner.temp, `output-${i}`);
    await writeFile(script, step.run!);
    await writeFile(outputFile, '');
    const env = cleanEnv({
      RUNNER_TEMP: runner.temp,
      GITHUB_WORKSPACE: runner.workspace,
      GITHUB_ACTION_PATH: ROOT,
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v)])),
    });
    const r = await bash(['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd: runner.workspace, env });
    output += r.output;
    if (step.id) steps[step.id] = outputsOf(await readFile(outputFile, 'utf8'));
    if (r.code !== 0) {
      code = r.code;
      break;
    }
  }
  const outputs = Object.fromEntries(Object.entries(action.outputs).map(([name, o]) => [name, expand(o.value)]));
  return { code, output, outputs, summary: await readFile(summaryFile, 'utf8'), skipped };
}

let work = '';
let tarball = '';
const servers: ChildProcess[] = [];

/** `conform serve` of this checkout; resolves with its URL. */
function serve(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  servers.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`conform serve ${args.join(' ')} exited with ${code}`)));
  });
}

let install: SharedInstall;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'conform-ci-'));
  install = await sharedInstall();
  tarball = install.tarball;
}, scaled(900_000));

afterAll(async () => {
  await Promise.all(
    servers.map(
      (s) =>
        new Promise((resolve) => {
          if (s.exitCode !== null || s.signalCode !== null) return resolve(undefined);
          s.once('exit', resolve);
          s.kill('SIGTERM');
        }),
    ),
  );
  if (work) await rm(work, { recursive: true, force: true });
}, scaled(60_000));

// The action's runs and the GitLab job install and run on their own: side by side.
describe('action.yml', { concurrent: true }, () => {
  it('is a composite action with the inputs and outputs CI needs, reading its inputs only from the environment', () => {
    expect(action.runs.using).toBe('composite');
    for (const input of ['variant', 'target', 'accounts', 'baseline', 'report-dir']) expect(action.inputs, input).toHaveProperty(input);
    expect(action.inputs.variant!.required).toBe(true);
    for (const output of ['verdict', 'report-path']) expect(action.outputs, output).toHaveProperty(output);
    // An input expanded inside a script could inject shell code (the accounts come from a secret).
    for (const step of action.runs.steps) expect(step.run ?? '', `step ${step.name}`).not.toMatch(/\$\{\{/);
  });

  // One runner, its steps one after another.
  describe('run as a runner runs it', { timeout: scaled(600_000), sequential: true }, () => {
    let runner: { temp: string; workspace: string };
    let target = '';
    let faulty = '';

    beforeAll(async () => {
      runner = { temp: join(work, 'runner-temp'), workspace: join(work, 'workspace') };
      await mkdir(runner.temp);
      await mkdir(runner.workspace);
      // The install step's directory holds the package already (see the file's header).
      await seedInstall(install, join(runner.temp, 'conform-action'));
      [target, faulty] = await Promise.all([serve(['--variant', 'A']), serve(['--variant', 'A', '--fault', 'unserved:posts.list'])]);
    }, scaled(120_000));

    it('installs the package, certifies a conformant target, and publishes verdict, report path and summary', async () => {
      const r = await runAction(
        { variant: 'A', target, accounts: ACCOUNTS, 'report-dir': 'conform-report', args: '--only served/posts.* --quiet', 'allow-incomplete': 'true', package: tarball },
        runner,
      );
      // --only leaves most MUST requirements out: INCOMPLETE, which the step was told to accept.
      expect(r.code, r.output).toBe(0);
      // The first use of the action in the job installs the package (npm finds the seeded copy up to date).
      expect(r.output).not.toMatch(/installed already/);
      expect(r.skipped).toEqual([]);
      expect(r.outputs.verdict).toBe('incomplete');
      expect(r.outputs['report-path']).toBe(join(runner.workspace, 'conform-report'));
      const report = JSON.parse(await readFile(join(r.outputs['report-path']!, 'report.json'), 'utf8')) as { target: string; verdict: string };
      expect(report.target).toBe(target);
      expect(r.summary).toBe(await readFile(join(r.outputs['report-path']!, 'summary.md'), 'utf8'));
      expect(r.summary.length).toBeGreaterThan(0);
    });

    it('fails the step on an INCOMPLETE run unless told to accept it', async () => {
      const r = await runAction({ variant: 'A', target, 'report-dir': join(work, 'report-incomplete'), args: '--only served/posts.list/* --quiet', package: tarball }, runner);
      expect(r.code, r.output).toBe(3);
      // A later use in the same job, of the same tarball, reuses that install.
      expect(r.output).toContain(`conform: ${tarball} is installed already, by an earlier step of this job`);
      expect(r.outputs.verdict).toBe('incomplete');
    });

    it('fails the step on a non-conformant target, and still sets the outputs and the summary', async () => {
      const r = await runAction({ variant: 'A', target: faulty, 'report-dir': join(work, 'report-faulty'), args: '--only served/posts.list/* --quiet', package: tarball }, runner);
      expect(r.code, r.output).toBe(1);
      expect(r.outputs.verdict).toBe('non-conformant');
      expect(r.outputs['report-path']).toBe(join(work, 'report-faulty'));
      expect(r.summary).toBe(await readFile(join(work, 'report-faulty', 'summary.md'), 'utf8'));
    });

    it('passes with a baseline that accepts the failures', async () => {
      await writeFile(
        join(runner.workspace, 'conform-baseline.yaml'),
        'failures:\n  - check: served/posts.list/*\n    reason: the list of posts is not served yet\n',
      );
      const r = await runAction(
        { variant: 'A', target: faulty, baseline: 'conform-baseline.yaml', 'report-dir': 'report-baselined', args: '--only served/posts.list/* --quiet', 'allow-incomplete': 'true', package: tarball },
        runner,
      );
      expect(r.code, r.output).toBe(0);
      expect(r.outputs.verdict).toBe('incomplete');
      const report = JSON.parse(await readFile(join(runner.workspace, 'report-baselined', 'report.json'), 'utf8')) as { results: { status: string; baselined?: boolean }[] };
      expect(report.results.filter((x) => x.status === 'fail').every((x) => x.baselined)).toBe(true);
      expect(report.results.some((x) => x.baselined)).toBe(true);
    });

    it('reports an unreachable target as an error, with exit 2', async () => {
      // What an earlier step installed was another package: this use installs its own.
      await writeFile(join(runner.temp, 'conform-action', 'installed-package'), `${tarball} 0000\n`);
      const r = await runAction({ variant: 'A', target: 'http://127.0.0.1:9', 'report-dir': 'report-unreachable', package: tarball }, runner);
      expect(r.code, r.output).toBe(2);
      expect(r.output).not.toMatch(/installed already/);
      expect(r.outputs.verdict).toBe('error');
    });
  });
});

describe('examples/github-actions.yml', { concurrent: true }, () => {
  it('passes the action only inputs it declares, and every required one', () => {
    const workflow = parse(readFileSync(join(ROOT, 'examples', 'github-actions.yml'), 'utf8')) as {
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    const uses = Object.values(workflow.jobs).flatMap((j) => j.steps.filter((s) => /\/conform@/.test(s.uses ?? '')));
    expect(uses).toHaveLength(1);
    const given = Object.keys(uses[0]!.with ?? {});
    for (const name of given) expect(action.inputs, name).toHaveProperty(name);
    for (const [name, spec] of Object.entries(action.inputs)) if (spec.required) expect(given).toContain(name);
  });
});

describe('examples/gitlab-ci.yml', { timeout: scaled(600_000), concurrent: true }, () => {
  it("the job's script certifies a target and leaves junit.xml where the artifacts say", async () => {
    const pipeline = parse(readFileSync(join(ROOT, 'examples', 'gitlab-ci.yml'), 'utf8')) as Record<
      string,
      { variables: Record<string, string>; script: string[]; artifacts: { when: string; paths: string[]; reports: { junit: string } } }
    >;
    const job = pipeline.conformance!;
    const project = join(work, 'gitlab-project');
    await mkdir(project);
    // The job's install prefix holds the package already (see the file's header).
    await seedInstall(install, join(project, '.conform'));
    // The checker's file server is on loopback: the target may fetch from it, so the source downloads are established.
    const target = await serve(['--variant', 'A', '--allow-fetch', '127.0.0.1']);
    // CI/CD variables of the project win over the job's: the tarball instead of the registry's package.
    const env = cleanEnv({
      ...job.variables,
      CI_PROJECT_DIR: project,
      CONFORM_TARGET: target,
      CONFORM_PACKAGE: tarball,
      CONFORM_ACCOUNTS_JSON: ACCOUNTS,
    });
    const r = await bash(['--noprofile', '--norc', '-eo', 'pipefail', '-c', job.script.join('\n')], { cwd: project, env });
    expect(r.code, r.output).toBe(0);
    expect(r.output).toMatch(/verdict: CONFORMANT/);
    expect(job.artifacts.when).toBe('always');
    const junit = await readFile(join(project, job.artifacts.reports.junit), 'utf8');
    expect(junit).toMatch(/<testsuites?\b/);
    expect((junit.match(/<testcase\b/g) ?? []).length).toBeGreaterThan(100);
    for (const path of job.artifacts.paths) expect(existsSync(join(project, path)), path).toBe(true);
  });
});
