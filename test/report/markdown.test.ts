import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/report/markdown.ts';
import { RESULTS, makeReport, result } from './fixture.ts';

describe('summary.md', () => {
  const md = renderMarkdown(makeReport());

  it('gives the verdict, counts, coverage and a table of failures with requirement ids', () => {
    expect(md).toMatch(/^## ❌ conform: variant A NON-CONFORMANT/);
    expect(md).toContain('| Pass | Fail | Known (baseline) | Warn | Skip | Total |');
    expect(md).toContain('| 2 | 1 | 1 | 1 | 1 | 6 |');
    expect(md).not.toMatch(/Passing|coverage: MUST 192\/192/);
    expect(md).toContain('### Failures (1)');
    expect(md).toMatch(/\| `served\/comments\.create\/json` \| `IB-7-envelope-json` \| comments \| /);
  });

  it('collapses known failures, warnings and skips', () => {
    expect(md).toMatch(/<details>\n<summary>Known failures, accepted by the baseline \(1\)<\/summary>[\s\S]*dmails are served by the legacy backend[\s\S]*?<\/details>/);
    expect(md).toMatch(/<details>\n<summary>Warnings: SHOULD-level failures, and failures that rest only on a reading of the interpretations register \(1\)<\/summary>[\s\S]*`auth\/bad-key`[\s\S]*?<\/details>/);
    expect(md).toMatch(/<details>\n<summary>Skipped \(1\)<\/summary>[\s\S]*needs two posts[\s\S]*?<\/details>/);
  });

  it('escapes what the target sent: no HTML, no links, no broken table', () => {
    expect(md).not.toContain('<script>');
    expect(md).not.toContain('<img');
    expect(md).not.toMatch(/(?<!\\)\]\(http/);
    expect(md).toContain('\\[click\\]');
    expect(md).toContain('&lt;script&gt;');
    const row = md.split('\n').find((l) => l.startsWith('| `served/comments.create/json`'))!;
    // 4 columns: 5 unescaped pipes.
    expect(row.match(/(?<!\\)\|/g)!.length).toBe(5);
  });

  it('says when the baseline is out of date', () => {
    const out = renderMarkdown(
      makeReport(undefined, {
        baseline: { file: 'b.yaml', entries: 2, accepted: 1, outdated: true, nowPassing: [{ entry: { check: 'x/*', reason: 'r' }, checks: ['x/1'] }], expired: [], unused: [], updated: false },
      }),
    );
    expect(out).toContain('(baseline out of date)');
    expect(out).toContain('- check `x/*` now passes (`x/1`): remove it.');
  });

  it('INCOMPLETE: names how many MUST requirements were not established and why; coverage counts those established', () => {
    const out = renderMarkdown(
      makeReport([RESULTS[0]!, RESULTS[4]!], {
        verdict: 'incomplete',
        baseline: undefined,
        only: ['dmails'],
        established: {
          scope: 'variant',
          must: { established: 20, accepted: 0, broken: 0, total: 211 },
          should: { established: 3, accepted: 0, broken: 0, total: 34 },
          notEstablished: [
            { kind: 'source', why: "skipped: the target did not fetch the checker's source URL", requirements: ['IB-4-uploads-create-source'], checks: ['uploads/source-download'] },
            { kind: 'only', why: 'left out by --only', requirements: Array.from({ length: 190 }, (_, i) => `IB-x-${i}`), checks: [] },
          ],
        },
      }),
    );
    expect(out).toMatch(/^## ⚠️ conform: variant A INCOMPLETE\n/);
    expect(out).toContain('Verdict: INCOMPLETE: 191 of 211 MUST requirements not established: 1 skipped: the target did not fetch the checker\'s source URL; 190 left out by --only.');
    expect(out).toContain('Requirements established by this run: MUST 20/211, SHOULD 3/34.');
    expect(out).toContain('- 190 requirements, left out by --only');
    expect(out).toContain("- 1 requirement, skipped: the target did not fetch the checker's source URL (`uploads/source-download`)");
  });

  it('a reproduction command in a message is shown whole, in a code block that runs when pasted', () => {
    const command = "curl -sS -i \\\n  -H 'user-agent: conform' \\\n  'http://127.0.0.1:3000/posts.json?limit=-1'";
    const failed = result('fuzz/posts.list/no-server-error', 'fail', { message: `answered 500 — minimal request: limit=-1${' (details)'.repeat(40)}\nreproduce: ${command}` });
    const out = renderMarkdown(makeReport([failed], { baseline: undefined }));
    const row = out.split('\n').find((l) => l.startsWith('| `fuzz/posts.list/no-server-error`'))!;
    expect(row).not.toContain('reproduce');
    expect(out).toContain(`Reproduce \`fuzz/posts.list/no-server-error\`:\n\n\`\`\`sh\n${command}\n\`\`\``);
  });
});
