import fc from 'fast-check';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { anyMessage, uint64Arb } from '../../src/proto/arbitraries.ts';
import { canonical } from '../../src/proto/json.ts';
import type { Request } from '../../src/proto/protocol.ts';
import { allMessageTypes, loadPeerRoot, typeName } from '../../src/proto/schema.ts';
import { bufferFromBase64, simpleCodec } from '../../src/proto/testees/codec.ts';
import { protobufjsCodec } from '../../src/proto/testees/protobufjs.ts';
import { ProtoJsonConverters, fromProtoJson, toProtoJson, toProtoJsonText, u64String } from '../../src/proto/testees/protobufjs-json.ts';
import { fromBase64, readRecords, toBase64, toHex } from '../../src/proto/wire.ts';

const PEER = peerSchema();

const root = loadPeerRoot();
const converters = new ProtoJsonConverters(root);
const conv = (t: string) => converters.of(root.lookupType(t));
/** What protobufjs's own conversion gives for a message: proto names, uint64 and bytes as strings, enums by name. */
const TO_OBJECT = { longs: String, enums: String, bytes: String } as const;

const encodeVia = (t: string, json: unknown): Uint8Array => {
  const c = conv(t);
  return c.type.encode(fromProtoJson(c, json)).finish();
};
const decodeVia = (t: string, bytes: Uint8Array): Record<string, unknown> => {
  const c = conv(t);
  return toProtoJson(c, c.type.decode(bytes));
};

/** protojson writes lowerCamelCase json names; the protocol uses the proto names. */
function protoNames(type: protobuf.Type, json: unknown): unknown {
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const v = (json as Record<string, unknown>)[f.jsonName];
    if (v === undefined) continue;
    const sub = f instanceof protobuf.MapField ? null : f.resolvedType;
    out[f.name] = sub instanceof protobuf.Type ? (Array.isArray(v) ? v.map((x) => protoNames(sub, x)) : protoNames(sub, v)) : v;
  }
  return out;
}

describe('protobufjs testee: JSON mapping converters', () => {
  it('build a converter for every message type', () => {
    for (const t of allMessageTypes(root)) expect(converters.of(t).type).toBe(t);
  });

  it('agree with protobufjs fromObject/toObject and protojson on generated messages of every type', () => {
    const seenTypes = new Set<string>();
    fc.assert(
      fc.property(anyMessage(root, { unknownEnums: true }), ({ type, json }) => {
        seenTypes.add(type);
        const t = root.lookupType(type);
        const bytes = encodeVia(type, json);
        // The same bytes as protobufjs's own conversion and as protojson's.
        expect(toHex(bytes)).toBe(toHex(t.encode(t.fromObject(json)).finish()));
        expect(toHex(bytes)).toBe(toHex(t.encode(protojson.fromJson(t, json)).finish()));
        // Decoding: exactly toObject's view, protojson's (renamed) and the value given.
        const decoded = t.decode(bytes);
        const got = toProtoJson(conv(type), decoded);
        expect(got).toEqual(t.toObject(decoded, TO_OBJECT));
        expect(got).toEqual(protoNames(t, protojson.toJson(t, decoded)));
        expect(toProtoJsonText(conv(type), decoded)).toBe(JSON.stringify(got));
        expect(canonical(PEER, type, got)).toEqual(canonical(PEER, type, json));
      }),
      { seed: 20, numRuns: 3000 },
    );
    expect([...seenTypes].sort()).toEqual(allMessageTypes(root).map(typeName).sort());
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
      expect(() => protojson.fromJson(root.lookupType('Common_Message'), { source_id: bad }), bad).toThrow();
    }
    // Spellings protojson accepts: exponent notation, a sign, a number.
    for (const ok of ['1e3', '+5', 12]) {
      const t = root.lookupType('Common_Message');
      expect(toHex(encodeVia('Common_Message', { source_id: ok }))).toBe(toHex(t.encode(protojson.fromJson(t, { source_id: ok })).finish()));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), (v) => {
        expect(u64String(Number(v & 0xffffffffn) | 0, Number(v >> 32n) | 0)).toBe(v.toString());
      }),
      { seed: 3, numRuns: 5000 },
    );
    fc.assert(
      fc.property(uint64Arb, (s) => {
        expect(decodeVia('Friend', encodeVia('Friend', { id: s, lobby_id: s })).id ?? '0').toBe(s);
      }),
      { seed: 4, numRuns: 2000 },
    );
  });

  it('bytes: padded, unpadded and URL-safe base64 as protojson reads them; decoded as padded standard base64', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const t = root.lookupType('Network_pb');
    for (const text of [toBase64(all), toBase64(all).replace(/=+$/, ''), toBase64(all).replace(/\+/g, '-').replace(/\//g, '_'), 'AA', 'AAE', '', '_-8']) {
      const bytes = encodeVia('Network_pb', { data: text });
      expect(toHex(bytes), text).toBe(toHex(t.encode(protojson.fromJson(t, { data: text })).finish()));
      const got = decodeVia('Network_pb', bytes);
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
    const t = root.lookupType('Lobby.Member');
    const bytes = encodeVia('Lobby.Member', json);
    expect(toHex(bytes)).toBe(toHex(t.encode(protojson.fromJson(t, json)).finish()));
    const got = decodeVia('Lobby.Member', bytes);
    expect(Object.keys(got.values as object).sort()).toEqual(Object.keys(values).sort());
    expect(canonical(PEER, 'Lobby.Member', got)).toEqual(canonical(PEER, 'Lobby.Member', json));
    expect(toProtoJsonText(conv('Lobby.Member'), t.decode(bytes))).toBe(JSON.stringify(got));
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
      expect(toProtoJsonText(conv('Low_Level'), root.lookupType('Low_Level').decode(bytes))).toBe(`{"type":${n}}`);
    }
    expect(decodeVia('Networking_Sockets', encodeVia('Networking_Sockets', { type: 1 }))).toEqual({ type: 1 });
    expect(encodeVia('Low_Level', { type: 'HEARTBEAT' })).toHaveLength(0);
    expect(() => encodeVia('Low_Level', { type: 'NOPE' })).toThrow(/unknown enum value/);
    expect(() => encodeVia('Low_Level', { type: 1.5 })).toThrow(/invalid enum number/);
  });

  it('fields: json names accepted, null ignored, unknown or repeated fields refused, defaults not written', () => {
    expect(toHex(encodeVia('Common_Message', { sourceId: '5', source_ip: 1 }))).toBe(toHex(encodeVia('Common_Message', { source_id: '5', sourceIp: 1 })));
    expect(encodeVia('Common_Message', { source_id: null, lobby: null })).toHaveLength(0);
    expect(() => encodeVia('Common_Message', { nope: 1 })).toThrow(/unknown field/);
    expect(() => encodeVia('Common_Message', { source_id: '1', sourceId: '1' })).toThrow(/duplicate field/);
    expect(encodeVia('Gameserver', { id: '0', mod_dir: '', dedicated_server: false, max_player_count: 0, values: {} })).toHaveLength(0);
    expect(() => encodeVia('Announce', { ids: ['1', null] })).toThrow(/null element/);
    expect(() => encodeVia('Announce', { tcp_port: -1 })).toThrow(/out of range/);
    expect(() => encodeVia('Networking_Sockets', { virtual_port: 2 ** 31 })).toThrow(/out of range/);
    expect(() => encodeVia('Announce', 'x')).toThrow(/expected object/);
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
