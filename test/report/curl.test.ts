import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, oneLine } from '../../src/report/curl.ts';
import { FAILURE } from './fixture.ts';

/** The arguments bash would pass to curl, with the placeholders set to known values. */
function argv(command: string): string[] {
  const script = `curl() { printf '%s\\0' "$@"; }\nCONFORM_API_KEY=KEY; CONFORM_PASSWORD=PW; CONFORM_BASIC_CREDENTIALS=B64; CONFORM_UPLOAD_FILE=/tmp/a.png; CONFORM_SESSION=S; CONFORM_SECRET=SEC\n${command}\n`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' }).split('\0').slice(0, -1);
}

describe('curl reproduction', () => {
  it('reproduces a form POST, reading every credential from a CONFORM_* variable', () => {
    const { command, variables } = curlCommand(FAILURE.exchanges[0]!);
    expect(command).not.toContain('<redacted>');
    expect(variables.sort()).toEqual(['CONFORM_API_KEY', 'CONFORM_BASIC_CREDENTIALS', 'CONFORM_PASSWORD']);
    expect(argv(command)).toEqual([
      '-sS',
      '-i',
      '-H',
      'user-agent: conform',
      '-H',
      'authorization: Basic B64',
      '--data-urlencode',
      'comment[post_id]=1',
      '--data-urlencode',
      `comment[body]=it's a "test" & more $(whoami)\nline two`,
      '--data-urlencode',
      'login=conform_member',
      '--data-urlencode',
      'api_key=KEY',
      '--data-urlencode',
      'password=PW',
      'http://127.0.0.1:3000/comments.json?login=conform_member&api_key=KEY',
    ]);
  });

  it('uses -X for other methods, --form-string and -F for multipart uploads, and a cookie placeholder', () => {
    const del = curlCommand({ request: { method: 'DELETE', url: 'http://h/comments/1.json', headers: { cookie: '_session=<redacted>' } }, durationMs: 1 });
    expect(argv(del.command)).toEqual(['-sS', '-i', '-X', 'DELETE', '-H', 'cookie: _session=S', 'http://h/comments/1.json']);
    const up = curlCommand({
      request: { method: 'POST', url: 'http://h/uploads.json', headers: {}, body: 'upload[file]=<file a.png, 67 bytes, image/png>&upload[tag_string]=@not_a_file&api_key=<redacted>' },
      durationMs: 1,
    });
    expect(argv(up.command)).toEqual(['-sS', '-i', '-F', 'upload[file]=@/tmp/a.png;type=image/png', '--form-string', 'upload[tag_string]=@not_a_file', '--form-string', 'api_key=KEY', 'http://h/uploads.json']);
  });

  it('names each variable from the `name=` just before the redaction, after any length of text', () => {
    const long = 'z'.repeat(5000);
    const { command, variables } = curlCommand({
      request: { method: 'POST', url: `http://h/comments.json?note=${long}&api_key=<redacted>`, headers: {}, body: `comment[body]=${long}&user[password]=<redacted>&x=${long}<redacted>&${long}=<redacted>` },
      durationMs: 1,
    });
    expect(variables.sort()).toEqual(['CONFORM_API_KEY', 'CONFORM_PASSWORD', 'CONFORM_SECRET']);
    const args = argv(command);
    expect(args.at(-1)).toBe(`http://h/comments.json?note=${long}&api_key=KEY`);
    expect(args).toContain('user[password]=PW');
    // No `name=` right before it, or a name that says nothing: the credential the report left out.
    expect(args).toContain(`x=${long}SEC`);
    expect(args).toContain(`${long}=SEC`);
  });

  it('runs the same on one line (a table cell, a log line), with control characters and a cut body', () => {
    const body = `wiki_page[title]=a\u0007b\u0085c&wiki_page[body]=${'x'.repeat(2100)}`;
    const { command } = curlCommand({ request: { method: 'POST', url: 'http://h/wiki_pages.json', headers: {}, body }, durationMs: 1 });
    // No line break but the continuations; the note on the cut body comes last, as a comment.
    expect(command.split('\n').every((l, i, all) => i === all.length - 1 || l.endsWith(' \\'))).toBe(true);
    expect(command).toMatch(/# the report keeps the first 2 KiB of the body: its end is missing$/);
    const expected = ['-sS', '-i', '--data-urlencode', 'wiki_page[title]=a\u0007b\u0085c', '--data-urlencode', `wiki_page[body]=${'x'.repeat(2100)}`, 'http://h/wiki_pages.json'];
    expect(argv(command)).toEqual(expected);
    expect(argv(oneLine(command))).toEqual(expected);
  });
});
