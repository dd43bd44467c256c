import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { Tape, canonicalDifference, insertMalformed, tapeArb, truncateDeep, validateEncoding, writeTwisted, type Twists } from '../../src/proto/adversarial.ts';
import { anyMessage, messageArbitraries } from '../../src/proto/arbitraries.ts';
import { inspectEncoding } from '../../src/proto/inspect.ts';
import { canonical } from '../../src/proto/json.ts';
import { decodeReference, encodeReference } from '../../src/proto/reference.ts';
import { loadPeerRoot } from '../../src/proto/schema.ts';
import { WireError, fromHex, readRecords, readVarint, tag, toHex, varint } from '../../src/proto/wire.ts';

const PEER = peerSchema();

describe('wire reader', () => {
  it('reads multi-byte tags of field numbers 32, 33, 48, 128, 129', () => {
    expect(toHex(new Uint8Array(tag(32, 0)))).toBe('8002');
    expect(toHex(new Uint8Array(tag(33, 0)))).toBe('8802');
    expect(toHex(new Uint8Array(tag(48, 0)))).toBe('8003');
    expect(toHex(new Uint8Array(tag(128, 0)))).toBe('8008');
    expect(toHex(new Uint8Array(tag(129, 0)))).toBe('8808');
    const recs = readRecords(fromHex('800801880805'));
    expect(recs.map((r) => [r.field, r.wireType, r.value])).toEqual([
      [128, 0, 1n],
      [129, 0, 5n],
    ]);
  });

  it('reads uint64 up to 2^64-1 and rejects truncated input', () => {
    expect(readVarint(new Uint8Array(varint(2n ** 64n - 1n)), 0).value).toBe(2n ** 64n - 1n);
    expect(() => readRecords(fromHex('08ff'))).toThrow(WireError);
    expect(() => readRecords(fromHex('1205abcd'))).toThrow(/runs past the end/);
    expect(() => readRecords(fromHex('80'))).toThrow(/truncated varint/);
  });

  it('flags undocumented numbers, wrong wire types, two oneof members and defaults', () => {
    const kinds = (hex: string): string[] => inspectEncoding(PEER, 'Common_Message', fromHex(hex)).map((f) => f.kind);
    expect(kinds('a00601')).toEqual(['unknown-number']); // field 100
    expect(kinds('8508' + '01000000')).toEqual(['wire-type']); // source_ip as fixed32
    expect(kinds('22005200')).toEqual(['oneof-multiple']);
    expect(kinds('0800')).toEqual(['default-emitted']);
    expect(kinds('10010801')).toEqual(['order']);
  });

  it('property: the reference codec round-trips every generated message', () => {
    const arbs = messageArbitraries(loadPeerRoot(), { unknownEnums: true });
    for (const [type, arb] of arbs) {
      fc.assert(
        fc.property(arb, (json) => {
          const bytes = encodeReference(PEER, type, json);
          expect(decodeReference(PEER, type, bytes)).toEqual(canonical(PEER, type, json));
          expect(inspectEncoding(PEER, type, bytes)).toEqual([]);
        }),
        { numRuns: 30, seed: 4242 },
      );
    }
  });
});

describe('adversarial encodings', () => {
  const TWISTS: Twists[] = [{ split: true }, { shuffle: true }, { pad: true }, { pack: true }, { entries: true }, { unknown: true }, { split: true, shuffle: true, pad: true, pack: true, entries: true, unknown: true }];

  it('property: every twisted encoding is valid and decodes, by the reference decoder, to the message it was written from', () => {
    const any = anyMessage(PEER.root, { rootMessage: PEER.rootMessage });
    let differs = 0;
    fc.assert(
      fc.property(any, tapeArb, fc.constantFrom(...TWISTS), ({ type, json }, tape, twists) => {
        const bytes = writeTwisted(PEER, type, json, twists, new Tape(tape));
        expect(validateEncoding(PEER, type, bytes)).toBeNull();
        expect(decodeReference(PEER, type, bytes)).toEqual(canonical(PEER, type, json));
        if (toHex(bytes) !== toHex(encodeReference(PEER, type, json))) differs++;
      }),
      { numRuns: 300, seed: 4242 },
    );
    // The twists do change the bytes (most cases are not the reference's).
    expect(differs).toBeGreaterThan(150);
  });

  it('property: a record cut at any depth, or a malformed record put at any depth, is not a valid encoding', () => {
    const any = anyMessage(PEER.root, { rootMessage: PEER.rootMessage }).filter((m) => encodeReference(PEER, m.type, m.json).length >= 2);
    fc.assert(
      fc.property(any, tapeArb, ({ type, json }, tape) => {
        const bytes = encodeReference(PEER, type, json);
        expect(validateEncoding(PEER, type, truncateDeep(PEER, type, bytes, new Tape(tape)).bytes)).not.toBeNull();
        expect(validateEncoding(PEER, type, insertMalformed(PEER, type, bytes, new Tape(tape)).bytes)).not.toBeNull();
      }),
      { numRuns: 300, seed: 4243 },
    );
  });

  it('validateEncoding names the offset of the first invalid byte, inside embedded messages too', () => {
    // lobby (5) of length 1 holding room_id (1) without its value: the tag at offset 2.
    expect(validateEncoding(PEER, 'Common_Message', fromHex('2a0108'))).toMatchObject({ offset: 2 });
    // lobby of length 3 holding values (3) of length 5.
    expect(validateEncoding(PEER, 'Common_Message', fromHex('2a031a0500'))).toMatchObject({ offset: 2, message: expect.stringMatching(/runs past the end/) as unknown });
    // Announce.ids packed, ending inside a varint; a map key that is not UTF-8.
    expect(validateEncoding(PEER, 'Announce', fromHex('120201ff'))).toMatchObject({ offset: 2 });
    expect(validateEncoding(PEER, 'Lobby', fromHex('1a030a01ff'))).toMatchObject({ offset: 4, utf8: true });
  });

  it('canonicalDifference classifies how bytes differ from the reference and names the requirement', () => {
    const kind = (type: string, json: object, hex: string): [string, string] | null => {
      const d = canonicalDifference(PEER, type, json, fromHex(hex));
      return d && [d.kind, d.requirement];
    };
    expect(kind('Lobby', { owner: '1', appid: 2 }, '10014802')).toBeNull();
    expect(kind('Lobby', { owner: '1', appid: 2 }, '48021001')).toEqual(['order', 'PB-2-field-order']);
    expect(kind('Lobby', { owner: '1', appid: 2 }, '1081004802')).toEqual(['varint width', 'PB-2-canonical-bytes']);
    expect(kind('Networking_Sockets', { virtual_port: -1 }, '10ffffffff0f')).toEqual(['varint sign', 'PB-2-canonical-bytes']);
    expect(kind('Lobby', { owner: '1' }, '10010800')).toEqual(['default-emitted', 'PB-2-defaults-omitted']);
    expect(kind('Lobby', { owner: '1', appid: 2 }, '1001')).toEqual(['missing field', 'PB-2-roundtrip']);
    expect(kind('Lobby', { values: { a: 'AQ==' } }, '1a06120101' + '0a0161')).toEqual(['map entry shape', 'PB-2-canonical-bytes']);
    // Map entries in another order are the same bytes for this purpose.
    expect(kind('Lobby', { values: { a: '', b: '' } }, '1a050a01621200' + '1a050a01611200')).toBeNull();
    expect(kind('Announce', { ids: ['1', '2'] }, '12020102' + '1200')).toEqual(['extra record', 'PB-2-canonical-bytes']);
  });
});
