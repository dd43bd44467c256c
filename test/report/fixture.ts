/**
 * A report with every status (pass, fail, warn, skip), a failure the baseline accepts, and text a
 * hostile target could send back (markup, script, shell and Markdown metacharacters).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { Report, ReportedResult } from '../../src/report/model.ts';
import { countResults } from '../../src/report/model.ts';
import type { CheckResult } from '../../src/check/result.ts';

export const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> | [click](http://evil.example/) '; rm -rf ~ #`;

export function result(check: string, status: CheckResult['status'], extra: Partial<ReportedResult> = {}): ReportedResult {
  return {
    check,
    fn: 'a_check',
    description: 'a check',
    requirements: ['IB-2-format-json'],
    level: 'MUST',
    resource: 'posts',
    status,
    exchanges: [],
    requests: 1,
    durationMs: 5,
    ...extra,
  };
}

export const FAILURE: ReportedResult = result('served/comments.create/json', 'fail', {
  fn: 'operation_is_served',
  description: 'comments.create answers in JSON',
  requirements: ['IB-4-comments-create-served'],
  failedRequirement: 'IB-7-envelope-json',
  resource: 'comments',
  operation: 'comments.create',
  message: `no outcome envelope: "reason" is missing ${HOSTILE}`,
  expected: '{"success": boolean, "reason": string}',
  actual: `{"success":true} ${HOSTILE}`,
  exchanges: [
    {
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:3000/comments.json?login=conform_member&api_key=<redacted>',
        headers: { 'user-agent': 'conform', accept: '*/*', 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic <redacted>' },
        body: `comment[post_id]=1&comment[body]=it's a "test" & more $(whoami)\nline two&login=conform_member&api_key=<redacted>&password=<redacted>`,
      },
      response: {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: `{"success":true,"note":${JSON.stringify(HOSTILE)}}`,
        truncated: false,
      },
      durationMs: 3.2,
    },
  ],
});

export const RESULTS: ReportedResult[] = [
  result('served/posts.list/json', 'pass', { requirements: ['IB-2-format-json', 'IB-4-posts-list-served'] }),
  FAILURE,
  result('served/comments.list/json', 'pass', { resource: 'comments', requirements: ['IB-7-envelope-json'] }),
  result('auth/bad-key', 'warn', { level: 'SHOULD', resource: 'protocol', requirements: ['IB-5-auth-bad-key'], message: 'wrong key accepted', expected: '401', actual: '200' }),
  result('posts/random', 'skip', { requirements: ['IB-4-posts-random'], message: 'needs two posts' }),
  result('served/dmails.create/json', 'fail', {
    resource: 'dmails',
    requirements: ['IB-4-dmails-create-served'],
    message: 'status 500',
    expected: '200',
    actual: '500',
    baselined: { check: 'served/dmails.*', reason: 'dmails are served by the legacy backend', expires: '2999-12-31' },
  }),
];

export function makeReport(results: readonly ReportedResult[] = RESULTS, extra: Partial<Report> = {}): Report {
  return {
    schema: 'conform-report/1',
    tool: { name: 'conform', version: '0.1.0' },
    variant: 'A',
    target: 'http://127.0.0.1:3000',
    embedded: false,
    seed: 7,
    prefix: 'cfabc',
    strict: false,
    readOnly: false,
    only: [],
    startedAt: '2026-01-02T03:04:05.000Z',
    durationMs: 1234,
    requests: 6,
    verdict: 'non-conformant',
    counts: countResults(results, true),
    coverage: { must: { covered: 192, total: 192 }, should: { covered: 33, total: 33 }, uncovered: [] },
    errors: [],
    baseline: { file: 'baseline.yaml', entries: 1, accepted: 1, outdated: false, nowPassing: [], expired: [], unused: [], updated: false },
    results,
    ...extra,
  };
}

/** What each report file says the verdict is. */
export function verdictWords(dir: string) {
  const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
  const junit = new XMLParser({ ignoreAttributes: false }).parse(readFileSync(join(dir, 'junit.xml'), 'utf8')) as { testsuites: { testsuite: unknown } };
  const suites = ([] as { testcase: unknown }[]).concat(junit.testsuites.testsuite as { testcase: unknown }[]);
  const cases = suites.flatMap((s) => ([] as { '@_name': string }[]).concat(s.testcase as { '@_name': string }[])).map((c) => c['@_name']);
  const md = readFileSync(join(dir, 'summary.md'), 'utf8');
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  const badge = readFileSync(join(dir, 'badge.svg'), 'utf8');
  return {
    json: json.verdict,
    junit: cases.filter((c) => c.startsWith('verdict: ')),
    markdown: /^## \S+ conform: variant [AB] (.+)$/m.exec(md)?.[1],
    html: /<span class="verdict" id="verdict">([^<]+)<\/span>/.exec(html)?.[1],
    badge: /<text x="[\d.]+" y="14">(\S+(?: \S+)*? \d+\/\d+ MUST)<\/text>/.exec(badge)?.[1],
    /** The bare word anywhere a reader looks first. */
    saysConformant: [md.split('\n')[0]!, /<title>[^<]*<\/title>/.exec(html)![0], badge].some((t) => /(?<!NON-)\bCONFORMANT\b|(?<!non-)\bconformant\b/.test(t)),
  };
}
