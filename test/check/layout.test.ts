/**
 * The check files mirror the check ids: the check `<prefix>/...` is declared in
 * src/check/checks/<prefix>.ts, as the export its `fn` names (a Check constant, or the factory that
 * makes it); a check file declares checks of its own prefix only; src/check/checks/support/ holds
 * helpers and no check; and each check file belongs to exactly one suite.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Check } from '../../src/check/check.ts';
import { allChecks, SUITES } from '../../src/check/registry.ts';
import { REPO_ROOT } from '../../src/paths.ts';

const CHECKS_DIR = 'src/check/checks';
const SUPPORT_DIR = `${CHECKS_DIR}/support`;

const prefixOf = (id: string): string => id.slice(0, id.indexOf('/'));

/** The prefixes of the check files: src/check/checks/<prefix>.ts. */
const PREFIXES = readdirSync(join(REPO_ROOT, CHECKS_DIR))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length))
  .sort();

/** Where an id is written as a literal (`id: 'posts/raw'`, `` id: `served/${...}` ``): the prefix it names. */
const ID_LITERAL = /\bid: ['"`]([^'"`/$]+)\//g;

const read = (path: string): string => readFileSync(join(REPO_ROOT, path), 'utf8');

describe('check files mirror the check ids', () => {
  const modules = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    for (const prefix of PREFIXES) modules.set(prefix, (await import(/* @vite-ignore */ join(REPO_ROOT, CHECKS_DIR, `${prefix}.ts`))) as Record<string, unknown>);
  });

  it('finds the check files and the helpers', () => {
    expect(PREFIXES).toContain('posts');
    expect(PREFIXES).toContain('served');
    expect(PREFIXES).not.toContain('support');
    expect(readdirSync(join(REPO_ROOT, SUPPORT_DIR)).length).toBeGreaterThan(0);
  });

  it.each(['A', 'B'] as const)('variant %s: each check is declared in the file of its prefix, as the export its fn names', (variant) => {
    const wrong: string[] = [];
    for (const check of allChecks(variant)) {
      const prefix = prefixOf(check.id);
      const file = `${CHECKS_DIR}/${prefix}.ts`;
      const declaredIn = (check.source ?? '').replace(/:\d+$/, '');
      if (declaredIn !== file) wrong.push(`${check.id} is declared in ${declaredIn || '(unknown)'}, not ${file}`);
      const exported = modules.get(prefix)?.[check.fn];
      if (exported === undefined) wrong.push(`${check.id}: ${file} has no export named ${check.fn}`);
      else if (typeof exported !== 'function' && exported !== check) wrong.push(`${check.id}: the export ${check.fn} of ${file} is not this check`);
    }
    expect(wrong).toEqual([]);
  });

  it('exports a Check constant under its own fn only', () => {
    const wrong: string[] = [];
    for (const [prefix, module] of modules) {
      for (const [name, value] of Object.entries(module)) {
        const check = value as Partial<Check> | undefined;
        if (typeof value !== 'object' || value === null || typeof check?.run !== 'function' || typeof check.id !== 'string') continue;
        if (check.fn !== name) wrong.push(`${prefix}.ts exports ${check.id} as ${name}, but its fn is ${check.fn}`);
        if (prefixOf(check.id) !== prefix) wrong.push(`${prefix}.ts exports ${check.id}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('each check file lists its own checks only, for both variants', () => {
    const wrong: string[] = [];
    for (const [prefix, module] of modules) {
      if (typeof module.checks !== 'function') {
        wrong.push(`${prefix}.ts exports no checks(variant)`);
        continue;
      }
      for (const variant of ['A', 'B'] as const) {
        for (const check of (module.checks as (v: typeof variant) => Check[])(variant)) if (prefixOf(check.id) !== prefix) wrong.push(`${prefix}.ts lists ${check.id} (${variant})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no check file writes an id of another prefix', () => {
    const wrong: string[] = [];
    for (const prefix of PREFIXES) {
      for (const m of read(`${CHECKS_DIR}/${prefix}.ts`).matchAll(ID_LITERAL)) if (m[1] !== prefix) wrong.push(`${prefix}.ts declares an id of ${m[1]}/`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares checks only in the check files: not in support/, nor anywhere else under src/', () => {
    const allowed = new Set(['src/check/check.ts', ...PREFIXES.map((p) => `${CHECKS_DIR}/${p}.ts`)]);
    const elsewhere = readdirSync(join(REPO_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `src/${name}`)
      .filter((path) => !allowed.has(path) && /\bdefineCheck\(/.test(read(path)));
    expect(elsewhere).toEqual([]);
  });

  it('puts every check file in exactly one suite, and nothing else in a suite', () => {
    const count = new Map<unknown, number>();
    for (const suite of Object.values(SUITES)) for (const file of suite.files) count.set(file, (count.get(file) ?? 0) + 1);
    const wrong = PREFIXES.filter((p) => count.get(modules.get(p)) !== 1).map((p) => `${p}.ts is in ${count.get(modules.get(p)) ?? 0} suites`);
    const strangers = [...count.keys()].filter((file) => ![...modules.values()].includes(file as Record<string, unknown>));
    expect(wrong).toEqual([]);
    expect(strangers).toEqual([]);
  });

  it('has a check file for every prefix in use, and a prefix in use for every check file', () => {
    const used = new Set([...allChecks('A'), ...allChecks('B')].map((c) => prefixOf(c.id)));
    expect([...used].sort()).toEqual(PREFIXES);
  });
});

describe('faults name the check that must catch them', () => {
  it('every caughtBy of the fault catalogue matches a check of a variant the fault applies to', async () => {
    const { allFaults } = await import('../../src/server/index.ts');
    const { faultAppliesTo } = await import('../../src/server/faults.ts');
    const { globToRegExp } = await import('../../src/check/select.ts');
    const named = allFaults().filter((f) => f.caughtBy !== undefined);
    expect(named.length).toBeGreaterThan(10);
    const ids = { A: allChecks('A').map((c) => c.id), B: allChecks('B').map((c) => c.id) };
    const unmatched = named.filter((f) => {
      const re = globToRegExp(f.caughtBy!);
      return !(['A', 'B'] as const).some((v) => faultAppliesTo(f, v) && ids[v].some((id) => re.test(id)));
    });
    expect(unmatched.map((f) => `${f.id} -> ${f.caughtBy}`)).toEqual([]);
  });
});
