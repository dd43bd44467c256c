import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { renderBadge } from '../../src/report/badge.ts';
import { makeReport, result } from './fixture.ts';

describe('badge.svg', () => {
  it('shows the variant, the verdict and the share of passing run checks, self-contained', () => {
    const svg = renderBadge(makeReport());
    expect(XMLValidator.validate(svg)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false }).parse(svg);
    expect(doc.svg['@_xmlns']).toBe('http://www.w3.org/2000/svg');
    // 2 of 5 run checks pass (the skip did not run to a verdict).
    expect(doc.svg.title).toBe('conform A: non-conformant 40% (2 of 5 run checks pass)');
    expect(svg).toContain('#c4272f');
    expect(svg).not.toMatch(/(href|src)=|url\((?!#)/);
  });

  it('is green for a clean conformant run', () => {
    const results = [result('a', 'pass'), result('b', 'pass'), result('c', 'skip')];
    const svg = renderBadge(makeReport(results, { verdict: 'conformant', baseline: undefined }));
    expect(svg).toContain('conformant 100%');
    expect(svg).toContain('#1a7f37');
  });
});
