/**
 * The peer-format properties as a library (src/api/proto.ts): the suite's properties over a codec
 * in process, run by fast-check itself. A correct codec passes; a codec with a planted defect fails
 * naming the requirement it breaks, and the seed fast-check prints reproduces the failure.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import protobuf from 'protobufjs';
import protojson from 'protobufjs/ext/protojson.js';
import { describe, expect, it } from 'vitest';
import { PeerFormatFailure, peerFormatProperties, protobufjsCodec, type PeerCodec } from '../../src/api/proto.ts';
import { PROPERTIES } from '../../src/proto/properties.ts';
import { PROTO_PATH } from '../../src/proto/schema.ts';

/** Cases per property: enough to meet every kind of message a few times, few enough for two cores. */
const RUNS = 25;

/** fast-check's report of a property run to its end, or undefined when it held. */
async function failureOf(p: ReturnType<typeof peerFormatProperties>[number], params: fc.Parameters<[unknown]> = {}): Promise<Error | undefined> {
  try {
    await fc.assert(p.property, { ...p.parameters, numRuns: RUNS + p.parameters.examples.length, ...params });
    return undefined;
  } catch (e) {
    return e as Error;
  }
}

/** The counterexample and the error fast-check reports (without the stack, which names the caller's line). */
function verdict(message: string): string {
  return message
    .split('\n')
    .filter((line) => line.startsWith('Counterexample:') || line.startsWith('Got '))
    .join('\n');
}

/** A codec with a planted defect in its encoder. */
function withEncoder(encode: (type: string, json: Record<string, unknown>, next: PeerCodec['encode']) => Uint8Array | Promise<Uint8Array>): PeerCodec {
  const codec = protobufjsCodec();
  return { ...codec, encode: (type, json) => encode(type, json as Record<string, unknown>, codec.encode) };
}

const ANNOUNCE_OFF_BY_ONE: Record<string, number> = { PING: 1, PONG: 2 };

/** Announce.type written one number too high: PING as 1, PONG as 2. */
const enumOffByOne = withEncoder((type, json, next) => next(type, type === 'Announce' && typeof json.type === 'string' ? { ...json, type: ANNOUNCE_OFF_BY_ONE[json.type] } : json));

const MEMBERS = ['announce', 'low_level', 'lobby', 'lobby_messages', 'network', 'gameserver', 'friend', 'auth_ticket', 'friend_messages', 'network_old', 'networking_sockets', 'platform_messages', 'networking_messages'];

/** Common_Message written without the member of its oneof `messages`. */
const oneofDropped = withEncoder((type, json, next) => next(type, type === 'Common_Message' ? Object.fromEntries(Object.entries(json).filter(([k]) => !MEMBERS.includes(k))) : json));

describe('peerFormatProperties', () => {
  it('gives every property of the suite, named, with its requirement and level', () => {
    const props = peerFormatProperties(protobufjsCodec());
    expect(props.map((p) => p.id)).toEqual(PROPERTIES.map((p) => p.id));
    const enumNumbers = props.find((p) => p.id === 'enum-numbers')!;
    expect(enumNumbers).toMatchObject({ name: 'enum-numbers [PB-2-enum-numbers] (Required)', requirement: 'PB-2-enum-numbers', level: 'Required' });
    expect(props.find((p) => p.id === 'field-order')).toMatchObject({ level: 'Recommended' });
    expect(props.filter((p) => p.skip)).toEqual([]);
  });

  it('holds for protobufjs, every property', async () => {
    const failures: string[] = [];
    for (const p of peerFormatProperties(protobufjsCodec())) {
      const e = await failureOf(p, { seed: 7 });
      if (e) failures.push(`${p.name}: ${e.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('holds for a protobufjs codec made in a few lines from proto/peer.proto', async () => {
    // Original field names (keepCase); ProtoJSON in through protojson, out through toObject.
    const root = protobuf.parse(readFileSync(PROTO_PATH, 'utf8'), { keepCase: true }).root;
    const codec: PeerCodec = {
      encode: (type, json) => root.lookupType(type).encode(protojson.fromJson(root.lookupType(type), json)).finish(),
      decode: (type, bytes) => root.lookupType(type).toObject(root.lookupType(type).decode(bytes), { longs: String, enums: String, bytes: String, json: true }),
    };
    const props = peerFormatProperties(codec, { only: ['roundtrip', 'enum-numbers', 'oneof-last-wins', 'golden-vectors', 'unknown-preserved'] });
    expect(props.find((p) => p.id === 'unknown-preserved')!.skip).toBe('the codec does not offer reencode');
    for (const p of props) expect(await failureOf(p, { seed: 7 }), p.name).toBeUndefined();
  });

  it('an enum value off by one fails enum-numbers under PB-2-enum-numbers; the printed seed reproduces it', async () => {
    const [p] = peerFormatProperties(enumOffByOne, { only: ['enum-numbers'] });
    const e = await failureOf(p!);
    expect(e).toBeDefined();
    expect(e!.message).toContain('PB-2-enum-numbers (Required), property enum-numbers: Announce.type = P');
    expect(e!.message).toMatch(/written as [12], documented number is [01]/);
    const seed = Number(/\{ seed: (-?\d+), path: "([\d:]+)"/.exec(e!.message)![1]);
    const again = await failureOf(p!, { seed });
    expect(verdict(again!.message)).toMatch(/^Counterexample: .*\nGot PeerFormatFailure: PB-2-enum-numbers \(Required\), property enum-numbers: /);
    expect(verdict(again!.message)).toBe(verdict(e!.message));
    // The error itself, as fc.check gives it.
    const checked = await fc.check(p!.property, { ...p!.parameters, seed });
    expect(checked.errorInstance).toBeInstanceOf(PeerFormatFailure);
    expect(checked.errorInstance).toMatchObject({ property: 'enum-numbers', requirement: 'PB-2-enum-numbers', level: 'Required' });
  });

  it('a oneof member dropped fails roundtrip under PB-2-roundtrip; the printed seed and path reproduce it', async () => {
    const [p] = peerFormatProperties(oneofDropped, { only: ['roundtrip'] });
    // Enough cases that a Common_Message with a member set is surely among them.
    const e = await failureOf(p!, { numRuns: 200 });
    expect(e).toBeDefined();
    expect(e!.message).toContain('PB-2-roundtrip (Required), property roundtrip: decode(encode(m)) differs from m');
    expect(e!.message).toMatch(/Counterexample: \[\{"type":"Common_Message","json":\{"[a-z_]+":/);
    const [, seed, path] = /\{ seed: (-?\d+), path: "([\d:]+)"/.exec(e!.message)!;
    expect(verdict((await failureOf(p!, { seed: Number(seed), numRuns: 200 }))!.message)).toBe(verdict(e!.message));
    // The path replays the shrunk counterexample alone.
    expect(verdict((await failureOf(p!, { seed: Number(seed), path, numRuns: 200 }))!.message)).toBe(verdict(e!.message));
  });

  it('a failure filed under a Recommended requirement fails only when enforced', async () => {
    // source_id 1 and dest_id 2 written in descending field order: field-order (PB-2-field-order, Recommended).
    const reversed = withEncoder(async (type, json, next) => {
      const bytes = await next(type, json);
      return Buffer.from(bytes).toString('hex') === '08011002' ? new Uint8Array([0x10, 0x02, 0x08, 0x01]) : bytes;
    });
    const [enforced] = peerFormatProperties(reversed, { only: ['field-order'] });
    const [lenient] = peerFormatProperties(reversed, { only: ['field-order'], enforceRecommended: false });
    const common = { examples: [[{ type: 'Common_Message', json: { source_id: '1', dest_id: '2' } }]] as [unknown][] };
    expect((await failureOf(enforced!, common))!.message).toContain('PB-2-field-order (Recommended), property field-order:');
    expect(await failureOf(lenient!, common)).toBeUndefined();
  });

  it('refuses an unknown property id', () => {
    expect(() => peerFormatProperties(protobufjsCodec(), { only: ['nope'] })).toThrow(/unknown property "nope"/);
  });
});
