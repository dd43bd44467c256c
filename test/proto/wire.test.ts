import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { messageArbitraries } from '../../src/proto/arbitraries.ts';
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
