/* eslint-disable no-control-regex -- the tests look for terminal escape sequences */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { curlCommand, withReproduction } from '../../src/report/curl.ts';
import { Progress, printable, summaryTable, useColor } from '../../src/report/progress.ts';
import { RESULTS, result } from './fixture.ts';

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { chunks, isTTY, columns: 60, write: (t: string) => chunks.push(t) };
}

describe('progress', () => {
  it('without a terminal: plain lines every N checks and one per failure or warning, no colour', () => {
    const s = stream(false);
    const p = new Progress({ total: 6, stream: s, every: 3, env: {} });
    for (const r of RESULTS) p.onResult(r);
    p.finish();
    const text = s.chunks.join('');
    expect(text).not.toMatch(/\x1b|\r/);
    expect(text).toContain('  FAIL served/comments.create/json [IB-7-envelope-json] no outcome envelope');
    expect(text).toContain('  WARN auth/bad-key [IB-5-auth-bad-key] wrong key accepted');
    expect(text).toContain('  ... 3/6 checks (1 fail, 0 warn; at comments)\n');
    expect(text).toContain('  ... 6/6 checks (2 fail, 1 warn; at dmails)\n');
  });

  it('on a terminal: one rewritten line with the count and current resource, failures above it; NO_COLOR turns colour off', () => {
    const s = stream(true);
    const p = new Progress({ total: 6, stream: s, env: { TERM: 'xterm' } });
    for (const r of RESULTS) p.onResult(r);
    p.finish();
    const text = s.chunks.join('');
    expect(text).toContain('\r\x1b[K');
    expect(text).toContain('\x1b[31mFAIL\x1b[0m served/comments.create/json');
    expect(text).toMatch(/1\/6 checks/);
    expect(text).toMatch(/6\/6 checks .*dmails/);
    expect(text.endsWith('\r\x1b[K')).toBe(true); // the line is removed at the end
    // The rewritten line is never wider than the terminal (failure lines above it may wrap).
    for (const line of text.split(/\r\x1b\[K/).filter((l) => !l.includes('\n'))) expect(line.replace(/\x1b\[[0-9;]*m/g, '').length).toBeLessThan(60);

    const plain = stream(true);
    const q = new Progress({ total: 6, stream: plain, env: { TERM: 'xterm', NO_COLOR: '1' } });
    for (const r of RESULTS) q.onResult(r);
    expect(plain.chunks.join('')).not.toMatch(/\x1b\[\d+m/);
    expect(useColor(plain, { NO_COLOR: '1' })).toBe(false);
    expect(useColor(plain, {})).toBe(true);
    expect(useColor(stream(false), {})).toBe(false);
  });

  it('shows control characters a target sent escaped, not as terminal sequences', () => {
    const s = stream(false);
    new Progress({ total: 1, stream: s, env: {} }).onResult(result('x', 'fail', { message: 'bad \x1b]0;pwned\x07 title\nsecond line' }));
    expect(s.chunks.join('')).toBe('  FAIL x [IB-2-format-json] bad \\x1b]0;pwned\\x07 title second line\n');
  });

  it('says on a line of its own what the run waits on, above the rewritten line, escaped', () => {
    const s = stream(true);
    const p = new Progress({ total: 6, stream: s, env: { TERM: 'xterm', NO_COLOR: '1' } });
    p.onResult(RESULTS[0]!);
    p.notice('POST /pools.json was answered 421: every check waits 2.0 s \x1b[2J');
    expect(s.chunks.slice(-2)).toEqual(['\r\x1b[K', '  WAIT POST /pools.json was answered 421: every check waits 2.0 s \\x1b[2J\n']);
  });

  it('--quiet prints nothing', () => {
    const s = stream(true);
    const p = new Progress({ total: 6, stream: s, quiet: true, env: {} });
    for (const r of RESULTS) p.onResult(r);
    p.notice('waiting');
    p.finish();
    expect(s.chunks).toEqual([]);
  });

  it('prints a per-resource summary table with a total row', () => {
    const table = summaryTable([...RESULTS, result('x', 'pass', { resource: 'comments' })]);
    expect(table.split('\n')).toEqual([
      'resource  pass  fail  warn  skip  known',
      '--------  ----  ----  ----  ----  -----',
      'comments     2     1     0     0      0',
      'dmails       0     1     0     0      1',
      'posts        1     0     0     1      0',
      'protocol     0     0     1     0      0',
      '--------  ----  ----  ----  ----  -----',
      'total        3     2     1     1      1',
      '',
    ]);
    expect(summaryTable(RESULTS, true)).toContain('\x1b[31m');
  });

  it('prints a failure\'s reproduction command on the failure line so that it runs when pasted into bash', () => {
    const exchange = {
      request: { method: 'POST', url: 'http://127.0.0.1:3000/posts/1.json?login=conform_member&api_key=<redacted>', headers: { 'user-agent': 'conform' }, body: 'post[tag_string]=two\nlines\tand\u001b[31mred&api_key=<redacted>' },
      durationMs: 1,
    };
    const command = curlCommand(exchange).command;
    const message = withReproduction('answered 500 — minimal request: post[tag_string] with a line break', command);
    const s = stream(false);
    const p = new Progress({ total: 1, stream: s, env: {} });
    p.onResult(result('fuzz/posts.update/no-server-error', 'fail', { message }));
    const line = s.chunks.join('').split('\n').find((l) => l.includes('FAIL fuzz/posts.update/no-server-error'))!;
    expect(line).toBe(`  FAIL fuzz/posts.update/no-server-error [IB-2-format-json] ${printable(message)}`);
    // What a user copies from the terminal: from "curl" to the end of the line.
    const pasted = line.slice(line.indexOf('curl '));
    const argv = (cmd: string) =>
      execFileSync('bash', ['-c', `curl() { printf '%s\\0' "$@"; }\nCONFORM_API_KEY=KEY\n${cmd}\n`], { encoding: 'utf8' }).split('\0').slice(0, -1);
    expect(argv(pasted)).toEqual(argv(command));
    expect(argv(pasted)).toContain('post[tag_string]=two\nlines\tand\u001b[31mred');
  });
});
