import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { describe, expect, it } from 'vitest';
import { loadSchemaFile, peerSchema } from '../../src/proto/model.ts';
import { anyMessage, uint64Arb } from '../../src/proto/arbitraries.ts';
import { canonical } from '../../src/proto/json.ts';
import type { Answer, Request } from '../../src/proto/protocol.ts';
import { allMessageTypes, loadPeerRoot, typeName } from '../../src/proto/schema.ts';
import { bufferFromBase64, simpleCodec, type TextCodec } from '../../src/proto/testees/codec.ts';
import { PROTO_JSON, protobufjsCodec } from '../../src/proto/testees/protobufjs.ts';
import { fromBase64, readRecords, toBase64, toHex } from '../../src/proto/wire.ts';

const PEER = peerSchema();
const SCALARS_FILE = 'fixtures/proto/all-scalars.proto';
const SCALARS = loadSchemaFile(SCALARS_FILE);

const root = loadPeerRoot();
const codec = protobufjsCodec();
const scalarsCodec = protobufjsCodec(readFileSync(SCALARS_FILE, 'utf8'));

function ask(c: TextCodec, request: Request): Answer {
  return (c.handle([request]) as Answer[])[0]!;
}
/** The testee's encode answer as bytes; its error thrown. */
function encodeWith(c: TextCodec, type: string, json: unknown): Uint8Array {
  const a = ask(c, { id: 1, op: 'encode', type, json });
  if (a.error !== undefined) throw new Error(a.error);
  return fromBase64(a.bytes!);
}
/** The testee's decode answer; its parse error thrown. */
function decodeWith(c: TextCodec, type: string, bytes: Uint8Array): Record<string, unknown> {
  const a = ask(c, { id: 1, op: 'decode', type, bytes: toBase64(bytes) });
  if (a.parse_error !== undefined) throw new Error(a.parse_error);
  return a.json as Record<string, unknown>;
}
const encodeVia = (t: string, json: unknown): Uint8Array => encodeWith(codec, t, json);
const decodeVia = (t: string, bytes: Uint8Array): Record<string, unknown> => decodeWith(codec, t, bytes);

/** protojson.toJson writes lowerCamelCase json names; the protocol uses the original names. */
function protoNames(type: protobuf.Type, json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const v = (json as Record<string, unknown>)[f.jsonName];
    if (v === undefined) continue;
    const sub = f.resolvedType;
    let renamed: unknown = v;
    if (sub instanceof protobuf.Type) {
      if (f.map) renamed = Object.fromEntries(Object.entries(v as object).map(([k, x]) => [k, protoNames(sub, x)]));
      else if (Array.isArray(v)) renamed = v.map((x) => protoNames(sub, x));
      else renamed = protoNames(sub, v);
    }
    out[f.name] = renamed;
  }
  return out;
}

describe('protobufjs testee: ProtoJSON from protobufjs (protojson.fromJson in, Type.toObject out)', () => {
  for (const [label, schemaRoot, c, schema] of [
    ['the documented format', root, codec, PEER],
    [SCALARS_FILE, SCALARS.root, scalarsCodec, SCALARS],
  ] as const) {
    it(`on ${label}: the bytes of protojson.fromJson, and what protojson.toJson writes up to the field names`, () => {
      const seenTypes = new Set<string>();
      fc.assert(
        fc.property(anyMessage(schemaRoot, { unknownEnums: true }), ({ type, json }) => {
          seenTypes.add(type);
          const t = schemaRoot.lookupType(type);
          const bytes = encodeWith(c, type, json);
          expect(toHex(bytes)).toBe(toHex(t.encode(protojson.fromJson(t, json)).finish()));
          const decoded = t.decode(bytes);
          const got = decodeWith(c, type, bytes);
          expect(got).toEqual(t.toObject(decoded, PROTO_JSON));
          // toObject is ProtoJSON here: protojson's own writer gives the same, named in lowerCamelCase.
          expect(got).toEqual(protoNames(t, protojson.toJson(t, decoded)));
          expect(canonical(schema, type, got)).toEqual(canonical(schema, type, json));
        }),
        { seed: 20, numRuns: 2000 },
      );
      expect([...seenTypes].sort()).toEqual(allMessageTypes(schemaRoot).map(typeName).sort());
    });
  }

  it('peer messages: the same bytes as protobufjs fromObject on valid JSON', () => {
    fc.assert(
      fc.property(anyMessage(root, { unknownEnums: true }), ({ type, json }) => {
        const t = root.lookupType(type);
        expect(toHex(encodeVia(type, json))).toBe(toHex(t.encode(t.fromObject(json)).finish()));
      }),
      { seed: 21, numRuns: 1000 },
    );
  });

  it('Type.fromObject is no ProtoJSON parser: it coerces what ProtoJSON refuses (why encode uses protojson.fromJson)', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['Low_Level', { type: 'NOPE' }, ''],
      ['Common_Message', { nope: 1 }, ''],
      ['Common_Message', { source_id: 'x' }, ''],
      ['Common_Message', { source_id: '-1' }, '08ffffffffffffffffff01'],
      ['Announce', { tcp_port: -1 }, '18ffffffff0f'],
      ['Friend_Messages', { lobby_id: '1', connect_str: 'AA==' }, '10011a0100'],
    ];
    for (const [type, json, fromObject] of cases) {
      const t = root.lookupType(type);
      expect(toHex(t.encode(t.fromObject(json)).finish()), JSON.stringify(json)).toBe(fromObject);
      expect(() => encodeVia(type, json), JSON.stringify(json)).toThrow();
    }
    // Valid ProtoJSON that fromObject misreads: uint64 "1e3" is 1000, not 1.
    expect(toHex(root.lookupType('Common_Message').encode(root.lookupType('Common_Message').fromObject({ source_id: '1e3' })).finish())).toBe('0801');
    expect(toHex(encodeVia('Common_Message', { source_id: '1e3' }))).toBe('08e807');
  });

  it('floats and doubles: NaN and the infinities as strings, -0 kept, single precision', () => {
    const type = 'conform.fixture.Scalars';
    for (const [given, want] of [
      ['NaN', 'NaN'],
      ['Infinity', 'Infinity'],
      ['-Infinity', '-Infinity'],
      [1.5, 1.5],
      ['2.5', 2.5],
    ] as const) {
      expect(decodeWith(scalarsCodec, type, encodeWith(scalarsCodec, type, { f_double: given, r_float: [given] })), String(given)).toEqual({ f_double: want, r_float: [want] });
    }
    expect(Object.is(decodeWith(scalarsCodec, type, encodeWith(scalarsCodec, type, { o_double: '-0' })).o_double, -0)).toBe(true);
    expect(decodeWith(scalarsCodec, type, encodeWith(scalarsCodec, type, { f_float: 0.1 })).f_float).toBe(Math.fround(0.1));
    expect(() => encodeWith(scalarsCodec, type, { f_float: 1e39 })).toThrow(/out of range for float/);
  });

  it('uint64 extremes survive, in any accepted spelling; values outside 0..2^64-1 are refused', () => {
    const edges = [0n, 1n, 127n, 128n, 2n ** 32n - 1n, 2n ** 32n, 2n ** 53n - 1n, 2n ** 53n, 2n ** 53n + 1n, 10n ** 15n - 1n, 10n ** 15n, 2n ** 63n - 1n, 2n ** 63n, 10n ** 19n, 2n ** 64n - 2n, 2n ** 64n - 1n];
    for (const v of edges) {
      const json = { source_id: v.toString(), dest_id: `000${v}` };
      const bytes = encodeVia('Common_Message', json);
      const varint = readRecords(bytes).find((r) => r.field === 1)?.value ?? 0n;
      expect(varint, v.toString()).toBe(v);
      expect(canonical(PEER, 'Common_Message', decodeVia('Common_Message', bytes))).toEqual(canonical(PEER, 'Common_Message', json));
      if (v <= 2n ** 53n) expect(toHex(encodeVia('Common_Message', { source_id: Number(v) }))).toBe(toHex(encodeVia('Common_Message', { source_id: v.toString() })));
    }
    for (const bad of ['18446744073709551616', '99999999999999999999', '100000000000000000000', '-1', '1.5', 'x', '', ' 1']) {
      expect(() => encodeVia('Common_Message', { source_id: bad }), bad).toThrow();
    }
    // Spellings ProtoJSON accepts: exponent notation, a sign, a number.
    for (const ok of ['1e3', '+5', 12]) {
      const t = root.lookupType('Common_Message');
      expect(toHex(encodeVia('Common_Message', { source_id: ok }))).toBe(toHex(t.encode(protojson.fromJson(t, { source_id: ok })).finish()));
    }
    fc.assert(
      fc.property(uint64Arb, (s) => {
        expect(decodeVia('Friend', encodeVia('Friend', { id: s, lobby_id: s })).id ?? '0').toBe(s);
      }),
      { seed: 4, numRuns: 2000 },
    );
  });

  it('bytes: padded, unpadded and URL-safe base64 read; decoded as padded standard base64', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (const text of [toBase64(all), toBase64(all).replace(/=+$/, ''), toBase64(all).replace(/\+/g, '-').replace(/\//g, '_'), 'AA', 'AAE', '', '_-8']) {
      const got = decodeVia('Network_pb', encodeVia('Network_pb', { data: text }));
      if (text === '') expect(got).toEqual({});
      else expect(got.data).toBe(toBase64(fromBase64(text)));
    }
    expect(decodeVia('Network_pb', encodeVia('Network_pb', { data: toBase64(all) })).data).toBe(toBase64(all));
    expect(() => encodeVia('Network_pb', { data: 5 })).toThrow(/expected base64 string/);
  });

  it('maps: any string keys, "__proto__" included; empty maps left out; lone surrogates refused', () => {
    const values = { '': 'AA==', __proto__x: 'AQ==', constructor: '', 'é\u{1F600}': '/w==', '0': 'AAAA' } as Record<string, string>;
    Object.defineProperty(values, '__proto__', { value: 'Ag==', enumerable: true, writable: true, configurable: true });
    const json = { id: '7', values };
    const got = decodeVia('Lobby.Member', encodeVia('Lobby.Member', json));
    expect(Object.keys(got.values as object).sort()).toEqual(Object.keys(values).sort());
    expect(canonical(PEER, 'Lobby.Member', got)).toEqual(canonical(PEER, 'Lobby.Member', json));
    expect(decodeVia('Lobby.Member', encodeVia('Lobby.Member', { values: {} }))).toEqual({});
    expect(() => encodeVia('Lobby.Member', { values: { '\ud800': 'AA==' } })).toThrow(/surrogate/);
    expect(() => encodeVia('Lobby.Member', { values: [] })).toThrow(/expected object for map/);
  });

  it('oneofs: a member holding its default is kept, two members are refused, the last member on the wire wins', () => {
    const t = root.lookupType('Friend_Messages');
    expect(toHex(encodeVia('Friend_Messages', { lobby_id: '0' }))).toBe(toHex(t.encode(t.fromObject({ lobby_id: '0' })).finish()));
    expect(decodeVia('Friend_Messages', encodeVia('Friend_Messages', { lobby_id: '0' }))).toEqual({ lobby_id: '0' });
    expect(decodeVia('Friend_Messages', encodeVia('Friend_Messages', { connect_str: '' }))).toEqual({ connect_str: '' });
    expect(decodeVia('Common_Message', encodeVia('Common_Message', { auth_ticket: {} }))).toEqual({ auth_ticket: {} });
    expect(() => encodeVia('Friend_Messages', { lobby_id: '1', connect_str: 'AA==' })).toThrow(/multiple values for oneof invite_data/);
    // lobby_id = 5 then connect_str = 0x01: the string is kept.
    expect(decodeVia('Friend_Messages', Uint8Array.from([0x10, 0x05, 0x1a, 0x01, 0x01]))).toEqual({ connect_str: 'AQ==' });
    expect(decodeVia('Friend_Messages', Uint8Array.from([0x1a, 0x01, 0x01, 0x10, 0x05]))).toEqual({ lobby_id: '5' });
  });

  it('enums: names and numbers in, names out, unnamed numbers kept as numbers', () => {
    expect(decodeVia('Low_Level', encodeVia('Low_Level', { type: 'DISCONNECT' }))).toEqual({ type: 'DISCONNECT' });
    expect(decodeVia('Low_Level', encodeVia('Low_Level', { type: 2 }))).toEqual({ type: 'DISCONNECT' });
    for (const n of [7, -1, 2 ** 31 - 1, -(2 ** 31)]) {
      const bytes = encodeVia('Low_Level', { type: n });
      expect(decodeVia('Low_Level', bytes)).toEqual({ type: n });
      expect(codec.answerTexts([{ id: 1, op: 'decode', type: 'Low_Level', bytes: toBase64(bytes) }])).toEqual([`{"id":1,"json":{"type":${n}}}`]);
    }
    expect(decodeVia('Networking_Sockets', encodeVia('Networking_Sockets', { type: 1 }))).toEqual({ type: 1 });
    expect(encodeVia('Low_Level', { type: 'HEARTBEAT' })).toHaveLength(0);
    expect(() => encodeVia('Low_Level', { type: 'NOPE' })).toThrow(/unknown enum value/);
    expect(() => encodeVia('Low_Level', { type: 1.5 })).toThrow(/invalid enum number/);
  });

  it('fields: json names accepted, null ignored, unknown or repeated fields refused, defaults neither written nor read back', () => {
    expect(toHex(encodeVia('Common_Message', { sourceId: '5', source_ip: 1 }))).toBe(toHex(encodeVia('Common_Message', { source_id: '5', sourceIp: 1 })));
    expect(encodeVia('Common_Message', { source_id: null, lobby: null })).toHaveLength(0);
    expect(() => encodeVia('Common_Message', { nope: 1 })).toThrow(/unknown field/);
    expect(() => encodeVia('Common_Message', { source_id: '1', sourceId: '1' })).toThrow(/duplicate field/);
    expect(encodeVia('Gameserver', { id: '0', mod_dir: '', dedicated_server: false, max_player_count: 0, values: {} })).toHaveLength(0);
    expect(() => encodeVia('Announce', { ids: ['1', null] })).toThrow(/null element/);
    expect(() => encodeVia('Announce', { tcp_port: -1 })).toThrow(/out of range/);
    expect(() => encodeVia('Networking_Sockets', { virtual_port: 2 ** 31 })).toThrow(/out of range/);
    expect(() => encodeVia('Announce', 'x')).toThrow(/expected object/);
    // Defaults written explicitly on the wire (tcp_port = 0, joinable = false, room_id = 0) are left out of the JSON.
    expect(decodeVia('Announce', Uint8Array.from([0x18, 0x00]))).toEqual({});
    expect(decodeVia('Lobby', Uint8Array.from([0x40, 0x00, 0x08, 0x00]))).toEqual({});
  });
});

describe('protobufjs testee: answers', () => {
  it('answer texts are the JSON of the answers, errors included', async () => {
    const codec = protobufjsCodec();
    const [sample] = fc.sample(anyMessage(root, { unknownEnums: true }), { seed: 5, numRuns: 1 });
    const t = root.lookupType(sample!.type);
    const good = toBase64(t.encode(t.fromObject(sample!.json)).finish());
    const requests: Request[] = [
      { id: 1, op: 'hello' },
      { id: 2, op: 'encode', type: sample!.type, json: sample!.json },
      { id: 3, op: 'decode', type: sample!.type, bytes: good },
      { id: 4, op: 'reencode', type: sample!.type, bytes: good },
      { id: 5, op: 'encode', type: 'Low_Level', json: { type: 'NOPE' } },
      { id: 6, op: 'decode', type: 'Low_Level', bytes: 'CA' },
      { id: 7, op: 'decode', type: 'Low_Level', bytes: '!!' },
      { id: 8, op: 'encode', type: 'No_Such_Type', json: {} },
      { id: 9, op: 'frobnicate' } as unknown as Request,
    ];
    const answers = await codec.handle(requests);
    expect(codec.answerTexts(requests)).toEqual(answers.map((a) => JSON.stringify(a)));
    expect(answers[1]!.bytes).toBe(good);
    expect(canonical(PEER, sample!.type, answers[2]!.json)).toEqual(canonical(PEER, sample!.type, sample!.json));
    expect(answers[4]!.error).toMatch(/unknown enum value/);
    expect(answers[5]!.parse_error).toBeDefined();
    expect(answers[6]!.parse_error).toMatch(/not base64/);
    // The reused writer: an answer's bytes are not changed by the encodes after it.
    const many = fc.sample(anyMessage(root), { seed: 6, numRuns: 200 });
    const batch = codec.answerTexts(many.map(({ type, json }, i) => ({ id: i, op: 'encode', type, json })));
    many.forEach(({ type, json }, i) => {
      const tt = root.lookupType(type);
      expect(batch[i]).toBe(JSON.stringify({ id: i, bytes: toBase64(tt.encode(tt.fromObject(json)).finish()) }));
    });
  });

  it('bufferFromBase64 accepts and refuses what fromBase64 does', () => {
    for (const text of ['', 'AA==', 'AA', '-_8', 'AQID', 'A', '====', 'a b', '!', 'AA=A']) {
      let want: string;
      try {
        want = toHex(fromBase64(text));
      } catch (e) {
        want = `error: ${(e as Error).message}`;
      }
      let got: string;
      try {
        got = toHex(bufferFromBase64(text));
      } catch (e) {
        got = `error: ${(e as Error).message}`;
      }
      expect(got, text).toBe(want);
    }
  });

  it('a codec without decodeText answers with the JSON of its values', () => {
    const codec = simpleCodec({ name: 'x', version: '1', encode: () => Uint8Array.of(1, 2), decode: () => ({ a: [1, 'b'] }) });
    const requests: Request[] = [
      { id: 1, op: 'encode', type: 'T', json: {} },
      { id: 2, op: 'decode', type: 'T', bytes: 'AA==' },
      { id: 3, op: 'reencode', type: 'T', bytes: 'AA==' },
    ];
    expect(codec.answerTexts(requests)).toEqual((codec.handle(requests) as unknown[]).map((a) => JSON.stringify(a)));
  });
});
