import { describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { ACCOUNTS_SCHEMA, parseAccounts } from '../../src/check/accounts.ts';
import { appliesTo, levelOf } from '../../src/check/check.ts';
import { Redactor } from '../../src/check/redact.ts';
import { allChecks } from '../../src/check/registry.ts';
import { coverage } from '../../src/report/model.ts';
import { matchesOnly, selectChecks } from '../../src/check/select.ts';
import { requirement } from '../../specs/requirements/index.ts';

const base = { only: [] as string[], readOnly: false, includeQuota: false };

describe('check declarations and selection', () => {
  it.each(['A', 'B'] as const)('variant %s: check ids are unique and cite requirements of their variant', (variant) => {
    const checks = allChecks(variant);
    expect(new Set(checks.map((c) => c.id)).size).toBe(checks.length);
    for (const c of selectChecks(checks, { ...base, variant })) {
      for (const id of c.requirements) expect(requirement(id).variants, `${c.id} cites ${id}`).toContain(variant);
    }
  });

  it.each(['A', 'B'] as const)('variant %s: every MUST and SHOULD requirement is proven by at least one check', (variant) => {
    const cov = coverage(variant, allChecks(variant));
    expect(cov.uncovered).toEqual([]);
    expect(cov.must.covered).toBe(cov.must.total);
  });

  it('selects by check id, requirement id, resource and operation id globs', () => {
    const checks = allChecks('A');
    const pick = (p: string) => checks.filter((c) => matchesOnly(c, [p])).map((c) => c.id);
    expect(pick('served/posts.list/*')).toEqual(['served/posts.list/json', 'served/posts.list/xml']);
    expect(pick('IB-4-posts-list-raw-A')).toEqual(['posts/raw']);
    expect(pick('dmails').length).toBeGreaterThan(5);
    expect(pick('posts.revert')).toContain('required/posts.revert/version_id');
    expect(pick('no-such-thing')).toEqual([]);
  });

  it('keeps variant-specific checks to their variant and quota checks behind their flag', () => {
    const a = selectChecks(allChecks('A'), { ...base, variant: 'A' }).map((c) => c.id);
    const b = selectChecks(allChecks('B'), { ...base, variant: 'B' }).map((c) => c.id);
    expect(a).toContain('posts/raw');
    expect(b).not.toContain('posts/raw');
    expect(b).toContain('absent/tags.list');
    expect(a.some((id) => id.startsWith('quota/'))).toBe(false);
    expect(selectChecks(allChecks('A'), { ...base, variant: 'A', includeQuota: true }, 'quota').map((c) => c.id)).toEqual(['quota/anonymous', 'quota/member', 'quota/gold', 'quota/platinum']);
    for (const c of allChecks('B')) if (!appliesTo(c, 'B')) expect(c.requirements.some((id) => !requirement(id).variants.includes('B'))).toBe(true);
  });

  it('--read-only keeps only checks that send no POST, PUT or DELETE', () => {
    const ro = selectChecks(allChecks('A'), { ...base, variant: 'A', readOnly: true });
    expect(ro.length).toBeGreaterThan(50);
    expect(ro.every((c) => c.readOnly)).toBe(true);
    expect(ro.map((c) => c.id)).not.toContain('served/posts.update/json');
  });

  it('gives each check one level', () => {
    for (const c of allChecks('A')) expect(['MUST', 'SHOULD']).toContain(levelOf(c));
  });
});

describe('accounts file', () => {
  it('has a schema that is valid JSON Schema (not checked as each run starts)', () => {
    const ajv = new Ajv({ strict: true });
    expect(ajv.validateSchema(ACCOUNTS_SCHEMA), JSON.stringify(ajv.errors)).toBe(true);
    expect(ajv.validateSchema({ type: 'object', required: 'accounts' })).toBe(false);
  });

  const good = JSON.stringify({ accounts: [{ name: 'm', role: 'Member', level: 20, api_key: 'k1k1k1' }] });

  it('loads a valid file and registers its secrets for redaction', () => {
    const r = new Redactor();
    const accounts = parseAccounts(good, 'a.json', 'A', r);
    expect(accounts.member.name).toBe('m');
    expect(r.text('key k1k1k1')).toBe('key <redacted>');
  });

  it('refuses invalid files with a message naming the problem', () => {
    const r = new Redactor();
    expect(() => parseAccounts('{', 'a.json', 'A', r)).toThrow(/a.json: not valid JSON/);
    expect(() => parseAccounts('{"accounts":[{"name":"x"}]}', 'a.json', 'A', r)).toThrow(/must have required property/);
    expect(() => parseAccounts(JSON.stringify({ accounts: [{ name: 'g', role: 'Gold', level: 30, api_key: 'k' }] }), 'a.json', 'A', r)).toThrow(/Member/);
    expect(() => parseAccounts(JSON.stringify({ accounts: [{ name: 'g', role: 'Wizard', level: 30, api_key: 'k' }] }), 'a.json', 'A', r)).toThrow(/role/);
  });
});

describe('accounts from the environment', () => {
  it('reads `env:NAME` from that variable, and says so when it is missing', async () => {
    const { loadAccounts } = await import('../../src/check/accounts.ts');
    process.env.CONFORM_TEST_ACCOUNTS = JSON.stringify({ accounts: [{ name: 'e', role: 'Member', level: 20, api_key: 'from-env-key' }] });
    try {
      const r = new Redactor();
      expect((await loadAccounts('env:CONFORM_TEST_ACCOUNTS', 'B', r)).member.name).toBe('e');
      expect(r.text('from-env-key')).toBe('<redacted>');
      await expect(loadAccounts('env:CONFORM_NO_SUCH_VARIABLE', 'B', r)).rejects.toThrow(/CONFORM_NO_SUCH_VARIABLE .* is not set/);
    } finally {
      delete process.env.CONFORM_TEST_ACCOUNTS;
    }
  });
});
