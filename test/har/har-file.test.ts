/**
 * Reading a HAR file entry by entry (src/traffic/har-file.ts, Audit.addPath) says what reading it whole
 * (Audit.addFile) says: the same entries, at any chunk size (strings, escapes and runs of backslashes cut
 * anywhere); for a damaged file, the same error with the same place; for any file, the same report.
 */
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { Redactor } from '../../src/check/redact.ts';
import { REPO_ROOT } from '../../src/paths.ts';
import { Audit } from '../../src/traffic/audit.ts';
import { scanHar } from '../../src/traffic/har-file.ts';
import { Scratch } from '../check/helpers.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

const SEED = Number(process.env.FC_SEED ?? 20_250_611);
const FIXTURE = readFileSync(join(REPO_ROOT, 'fixtures', 'har', 'python-client.A.har'), 'utf8');

let dir: string | undefined;
let written = 0;
function file(text: string): string {
  const path = join((dir ??= scratch.dir('har-file')), `f${written++}.har`);
  writeFileSync(path, text);
  return path;
}

function layoutOf(text: string, chunk: number) {
  const fd = openSync(file(text), 'r');
  try {
    return scanHar(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

/** What an audit of the text says: its report without times, or its error. */
function outcome(text: string, how: 'whole' | 'entries'): unknown {
  const audit = new Audit({ variant: 'A', maxBodyBytes: 1 << 20, strict: false, redactor: new Redactor() });
  try {
    if (how === 'whole') audit.addFile(text, 'x.har');
    else audit.addPath(file(text), 'x.har');
  } catch (err) {
    return { error: (err as Error).message, name: (err as Error).name };
  }
  const { startedAt: _s, durationMs: _d, results, ...report } = audit.report();
  return { ...report, results: results.map(({ durationMs: _r, ...r }) => r) };
}

describe('a HAR file read entry by entry', () => {
  it('finds every entry and keeps the rest of the document, at any chunk size', () => {
    const doc = JSON.parse(FIXTURE) as { log: { entries: unknown[] } };
    // Strings that end in backslashes, escaped quotes and brackets, in entries and around them.
    const tricky = { comment: 'a \\"quoted\\" [text] {with} \\\\', ...doc.log.entries[0] as object };
    const texts = [
      FIXTURE,
      JSON.stringify(doc),
      JSON.stringify({ note: '"entries": [\\', log: { entries: [tricky, 'a string entry', 7, [1, [2]], ...doc.log.entries], after: ['x\\\\'] }, tail: '}]' }),
      JSON.stringify({ log: { entries: [] } }),
      '  {"log" : { "entries" : [ ] } }  ',
    ];
    for (const text of texts) {
      const parsed = JSON.parse(text) as { log: { entries: unknown[] } };
      for (const chunk of [1, 2, 3, 5, 64, 1 << 20]) {
        const layout = layoutOf(text, chunk);
        expect(layout, `chunk ${chunk}`).toBeDefined();
        const bytes = Buffer.from(text);
        expect(layout!.starts.map((s, i) => JSON.parse(bytes.toString('utf8', s, layout!.ends[i])) as unknown)).toEqual(parsed.log.entries);
        expect(JSON.parse(layout!.skeleton)).toEqual({ ...parsed, log: { ...parsed.log, entries: [] } });
      }
    }
  });

  it('leaves to the whole reading what it does not expect: escaped keys, entries twice, not JSON', () => {
    for (const text of ['{"\\u006cog": {"entries": []}}', '{"log": {"entries": [], "entries": []}}', '{"log": {"entries": [1,]}}', '{"log": {"entries": [,1]}}', '[]', '', '{"log": {"entries": [1}}']) {
      expect(layoutOf(text, 4), text).toBeUndefined();
    }
  });

  it('says what reading the whole file says, for the recording and for damaged copies of it', () => {
    const broken = JSON.parse(FIXTURE) as { log: { entries: { response: Record<string, unknown>; request: Record<string, unknown> }[] } };
    delete broken.log.entries[4]!.response.status;
    broken.log.entries[9]!.request.url = '/posts.json';
    const texts = [
      FIXTURE,
      FIXTURE.slice(0, 700),
      FIXTURE.replace('"entries": [', '"entries": [,'),
      '',
      '{"entries": []}',
      '{"log": {"entries": {}}}',
      JSON.stringify(broken),
      FIXTURE.replace('"mimeType": "application/json; charset=utf-8",', '"mimeType": "application/json; charset=utf-8", "encoding": "rot13",'),
      // An entry that is wrong, and further on a document that is not JSON: not JSON, as when parsed whole.
      JSON.stringify(broken).slice(0, -30),
    ];
    for (const text of texts) expect(outcome(text, 'entries'), text.slice(0, 80)).toEqual(outcome(text, 'whole'));
  });

  it('says what reading the whole file says, whatever the damage (fast-check)', () => {
    process.stdout.write(`fast-check seed ${SEED} (FC_SEED to replay)\n`);
    const small = JSON.stringify({ log: { ...(JSON.parse(FIXTURE) as { log: { entries: unknown[] } }).log, entries: (JSON.parse(FIXTURE) as { log: { entries: unknown[] } }).log.entries.slice(0, 4) } }, null, 1);
    const damage = fc.oneof(
      fc.record({ kind: fc.constant('cut' as const), at: fc.nat({ max: small.length }) }),
      fc.record({ kind: fc.constant('replace' as const), at: fc.nat({ max: small.length - 1 }), by: fc.constantFrom('"', '\\', ',', '[', ']', '{', '}', ':', ' ', 'x', '1') }),
      fc.record({ kind: fc.constant('insert' as const), at: fc.nat({ max: small.length }), by: fc.constantFrom('"', '\\', ',', '[]', '{}', ' ', '"entries": [],') }),
    );
    fc.assert(
      fc.property(damage, (d) => {
        const text = d.kind === 'cut' ? small.slice(0, d.at) : d.kind === 'replace' ? small.slice(0, d.at) + d.by + small.slice(d.at + 1) : small.slice(0, d.at) + d.by + small.slice(d.at);
        expect(outcome(text, 'entries')).toEqual(outcome(text, 'whole'));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });

  it('a file that cannot be read is a HarError naming it and the reason', () => {
    const audit = new Audit({ variant: 'A', maxBodyBytes: 1 << 20, strict: false, redactor: new Redactor() });
    expect(() => audit.addPath(join(scratch.dir('none'), 'missing.har'), 'missing.har')).toThrow(/^cannot read missing\.har: ENOENT$/);
    expect(() => audit.addPath(scratch.dir('a-dir'), 'a-dir')).toThrow(/^cannot read a-dir: EISDIR$/);
  });
});
