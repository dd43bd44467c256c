import { describe, expect, it } from 'vitest';
import { BodyDocument, mediaTypeMatches, parseBody, readEnvelope, readList, readRecord } from '../../src/check/formats.ts';

const parse = (text: string, format: 'json' | 'xml') => {
  const p = parseBody(Buffer.from(text), format);
  if (!p.ok) throw new Error(p.error);
  return p.value;
};

describe('reading response bodies', () => {
  it('reads the JSON envelope and its extra id', () => {
    expect(readEnvelope(parse('{"success":true,"reason":"","id":7}', 'json'), 'json')).toEqual({ ok: true, envelope: { success: true, reason: '', id: 7 } });
  });

  it('rejects JSON envelopes with a wrong shape, saying what is wrong', () => {
    expect(readEnvelope(parse('{"success":"true","reason":""}', 'json'), 'json')).toMatchObject({ ok: false, error: expect.stringContaining('not a boolean') });
    expect(readEnvelope(parse('{"success":true}', 'json'), 'json')).toMatchObject({ ok: false, error: expect.stringContaining('"reason" is missing') });
    expect(readEnvelope(parse('[1]', 'json'), 'json')).toMatchObject({ ok: false });
  });

  it('reads the XML envelope as a single response element with attributes', () => {
    expect(readEnvelope(parse('<?xml version="1.0"?><response success="false" reason="no"/>', 'xml'), 'xml')).toEqual({ ok: true, envelope: { success: false, reason: 'no' } });
    expect(readEnvelope(parse('<result success="true" reason=""/>', 'xml'), 'xml')).toMatchObject({ ok: false, error: expect.stringContaining('<result>') });
    expect(readEnvelope(parse('<response success="yes" reason=""/>', 'xml'), 'xml')).toMatchObject({ ok: false });
  });

  it('refuses malformed XML and XML that declares entities', () => {
    expect(parseBody(Buffer.from('<a><b></a>'), 'xml').ok).toBe(false);
    expect(parseBody(Buffer.from(''), 'xml').ok).toBe(false);
    const bomb = '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><l>&b;</l>';
    expect(parseBody(Buffer.from(bomb), 'xml')).toMatchObject({ ok: false, error: expect.stringContaining('DTD') });
    expect(parseBody(Buffer.from('{"a":'), 'json').ok).toBe(false);
  });

  it('judges well-formedness as parsing does, from a Buffer or from text', () => {
    for (const [text, format] of [['<a><b></a>', 'xml'], ['', 'xml'], ['<l>x</l>', 'xml'], ['{"a":', 'json'], ['{"a":1}', 'json']] as const) {
      for (const body of [Buffer.from(text), text]) {
        const doc = new BodyDocument(body, format);
        const checked = doc.wellFormed();
        const parsed = parseBody(body, format);
        expect(checked.ok, text).toBe(parsed.ok);
        if (!checked.ok && !parsed.ok) expect(checked.error).toBe(parsed.error);
        expect(doc.parsed()).toEqual(parsed);
      }
    }
    expect(new BodyDocument('<a><b></a>', 'xml').wellFormed()).toMatchObject({ ok: false, error: expect.stringMatching(/^not well-formed XML: .*\(line 1\)$/) });
  });

  it('keeps of XML attributes those of the envelope only', () => {
    const value = parse('<response success="true" reason="made" id="4" extra="x"><post type="integer">1</post></response>', 'xml');
    expect(value).toEqual({ response: { '@_success': 'true', '@_reason': 'made', '@_id': '4', post: '1' } });
    expect(readEnvelope(value, 'xml')).toEqual({ ok: true, envelope: { success: true, reason: 'made', id: 4 } });
  });

  it('reads XML lists and records under INT-list-shape', () => {
    const xml = '<posts type="array"><post><id type="integer">1</id><tag_string>a b</tag_string></post><post><id type="integer">2</id><tag_string/></post></posts>';
    expect(readList(parse(xml, 'xml'), 'xml')).toEqual([{ id: '1', tag_string: 'a b' }, { id: '2', tag_string: '' }]);
    expect(readList(parse('<posts type="array"/>', 'xml'), 'xml')).toEqual([]);
    expect(readList(parse('<posts><post><id>1</id></post></posts>', 'xml'), 'xml')).toEqual([{ id: '1' }]);
    expect(readRecord(parse('<post><id>3</id><rating>s</rating></post>', 'xml'), 'xml')).toEqual({ id: '3', rating: 's' });
    expect(readList(parse('[{"id":1}]', 'json'), 'json')).toEqual([{ id: 1 }]);
    expect(readList(parse('{"id":1}', 'json'), 'json')).toBeUndefined();
  });

  it('matches media types to formats', () => {
    expect(mediaTypeMatches('application/json; charset=utf-8', 'json')).toBe(true);
    expect(mediaTypeMatches('text/xml', 'xml')).toBe(true);
    expect(mediaTypeMatches('text/html', 'json')).toBe(false);
    expect(mediaTypeMatches(undefined, 'xml')).toBe(false);
  });
});
