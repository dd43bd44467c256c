import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderBadge } from '../../src/report/badge.ts';
import type { Established } from '../../src/report/model.ts';
import { makeReport, result } from './fixture.ts';

const established = (n: number, total: number): Established => ({
  scope: 'variant',
  must: { established: n, accepted: 0, broken: 0, total },
  should: { established: 0, accepted: 0, broken: 0, total: 0 },
  notEstablished: n === total ? [] : [{ kind: 'source', why: 'skipped', requirements: ['IB-4-uploads-create-source'], checks: ['uploads/source-download'] }],
});

describe('badge.svg', () => {
  it('shows the variant, the verdict and the MUST requirements established, self-contained', () => {
    const svg = renderBadge(makeReport(undefined, { established: established(150, 211) }));
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(doc.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
    expect(doc.svg.title).toBe('conform A: non-conformant, 150 of 211 MUST requirements established by this run (2 of 6 checks pass)');
    expect(svg).toContain('#c4272f');
    expect(svg).not.toMatch(/(href|src)=|url\((?!#)/);
  });

  it('is green for a clean conformant run', () => {
    const results = [result('a', 'pass'), result('b', 'pass')];
    const svg = renderBadge(makeReport(results, { verdict: 'conformant', baseline: undefined, established: established(211, 211) }));
    expect(svg).toContain('conformant 211/211 MUST');
    expect(svg).toContain('#1a7f37');
  });

  it('says INCOMPLETE, never a full share, when MUST checks were skipped', () => {
    // Every check that ran passed, one MUST check was skipped: not "100%", not green.
    const results = [result('a', 'pass'), result('b', 'pass'), result('uploads/source-download', 'skip', { message: 'refused (INT-source-download)' })];
    const svg = renderBadge(makeReport(results, { verdict: 'incomplete', baseline: undefined, established: established(208, 211) }));
    expect(svg).toContain('incomplete 208/211 MUST');
    expect(svg).not.toMatch(/>[^<]*%[^<]*</); // no share of checks in any text
    expect(svg).not.toContain('#1a7f37');
  });
});
