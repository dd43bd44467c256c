/**
 * The shortcuts the runner takes for speed must not change what it checks: the canonical form,
 * the comparison, the frame codec, the request queue and the generated values are compared
 * here with the plain way of doing the same thing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { binaryChar } from '../../src/proto/arbitraries.ts';
import { JsonShapeError, canonical, firstDifference, sameJson, stringify, type Json } from '../../src/proto/json.ts';
import { FrameReader, ProtocolError, encodeFrame, encodeFrames } from '../../src/proto/protocol.ts';
import { PROPERTIES } from '../../src/proto/properties.ts';
import { runProperty } from '../../src/proto/runner.ts';
import { Fifo, InProcessTestee, ProcessTestee, helloOf } from '../../src/proto/testee.ts';
import { SHIPPED } from '../../src/proto/testees/index.ts';
import { protobufjsCodec } from '../../src/proto/testees/protobufjs.ts';
import { fromBase64, toBase64 } from '../../src/proto/wire.ts';
import { shippedCommand } from './helpers.ts';

const PEER = peerSchema();

/** canonical(PEER, ) of one field, or the error message. */
function canon(type: string, json: unknown): string {
  try {
    return JSON.stringify(canonical(PEER, type, json));
  } catch (e) {
    expect(e).toBeInstanceOf(JsonShapeError);
    return `error: ${(e as Error).message}`;
  }
}

describe('canonical form', () => {
  it('normalises uint64 text and numbers exactly like the general integer reader', () => {
    const f = (v: unknown): string => canon('Common_Message', { source_id: v });
    expect(f('0')).toBe('{}');
    expect(f('00')).toBe('{}');
    expect(f('-0')).toBe('{}');
    expect(f('007')).toBe('{"source_id":"7"}');
    expect(f('9999999999999999999')).toBe('{"source_id":"9999999999999999999"}');
    expect(f('18446744073709551615')).toBe('{"source_id":"18446744073709551615"}');
    expect(f('18446744073709551616')).toMatch(/^error: Common_Message\.source_id: 18446744073709551616 is out of range$/);
    expect(f(-0)).toBe('{}');
    expect(f(2 ** 53 + 2)).toBe('{"source_id":"9007199254740994"}');
    expect(f(-1)).toMatch(/out of range/);
    expect(f(1.5)).toMatch(/expected an integer, got 1.5/);
    expect(f('1e3')).toMatch(/expected an integer/);
  });

  it('normalises uint32, int32 and enum numbers, -0 included', () => {
    expect(canon('Lobby', { member_limit: -0, appid: 0xffffffff })).toBe('{"appid":4294967295}');
    expect(canon('Lobby', { appid: 2 ** 32 })).toMatch(/Lobby\.appid: 4294967296 is out of range/);
    expect(canon('Lobby', { appid: '12' })).toBe('{"appid":12}');
    expect(canon('Networking_Sockets', { virtual_port: -(2 ** 31), real_port: '-5' })).toBe('{"virtual_port":-2147483648,"real_port":-5}');
    expect(canon('Announce', { type: 1 })).toBe('{"type":"PONG"}');
    expect(canon('Announce', { type: -0 })).toBe('{}');
    expect(canon('Announce', { type: 7 })).toBe('{"type":7}');
    expect(canon('Announce', { type: '1' })).toMatch(/"1" is not a value of Announce\.Types/); // text is a name
    expect(canon('Announce', { type: 'NOPE' })).toMatch(/"NOPE" is not a value of Announce\.Types/);
  });

  it('keeps canonical base64 and rewrites any other spelling of the same bytes', () => {
    const f = (v: unknown): string => canon('Lobby_Messages', { bdata: v });
    for (const s of ['QQ==', 'QUI=', 'QUJD', '+/+/']) expect(f(s)).toBe(`{"bdata":"${s}"}`);
    expect(f('QR==')).toBe('{"bdata":"QQ=="}'); // non-zero unused bits
    expect(f('QUJ=')).toBe('{"bdata":"QUI="}');
    expect(f('QQ')).toBe('{"bdata":"QQ=="}'); // unpadded
    expect(f('-_-_')).toBe('{"bdata":"+/+/"}'); // URL-safe alphabet
    expect(f('a b')).toMatch(/not base64/);
    expect(f('')).toBe('{}');
  });

  it('reads every spelling of random bytes as their canonical base64', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), (bytes) => {
        const std = toBase64(bytes);
        const variants = [std, std.replace(/=+$/, ''), std.replace(/\+/g, '-').replace(/\//g, '_')];
        for (const v of variants) expect(canonical(PEER, 'Lobby_Messages', { bdata: v })).toEqual(bytes.length ? { bdata: std } : {});
        expect(fromBase64(std)).toEqual(bytes);
      }),
      { numRuns: 300 },
    );
  });

  it('orders fields by number, map keys sorted, and reports unknown fields and two oneof members', () => {
    expect(Object.keys(canonical(PEER, 'Lobby', { deleted: true, appid: 1, room_id: '5', values: { b: 'QQ==', a: '' } }))).toEqual(['room_id', 'values', 'appid', 'deleted']);
    expect(Object.keys(canonical(PEER, 'Lobby', { values: JSON.parse('{"b":"QQ==","a":"","__proto__":"QQ=="}') as unknown }).values as object)).toEqual(['__proto__', 'a', 'b']);
    expect(canon('Lobby', { nope: 1 })).toMatch(/Lobby: unknown field "nope"/);
    expect(canon('Common_Message', { lobby: {}, announce: {} })).toMatch(/oneof messages already has announce/);
    expect(canon('Common_Message', { lobby: { members: [{ id: 'x' }] } })).toMatch(/^error: Common_Message\.lobby\.members\[0\]\.id: expected an integer/);
    expect(canon('Common_Message', { lobby: { values: { 'k"': 5 } } })).toMatch(/Common_Message\.lobby\.values\["k\\""\]: expected base64 text/);
  });
});

describe('comparison', () => {
  const arbJson: fc.Arbitrary<Json> = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>;

  it('sameJson is true only for values whose JSON texts are equal', () => {
    fc.assert(
      fc.property(arbJson, arbJson, (a, b) => {
        if (sameJson(a, b)) expect(stringify(a)).toBe(stringify(b));
        expect(sameJson(a, JSON.parse(JSON.stringify(a)) as Json)).toBe(true);
        expect(firstDifference(a, b) === null).toBe(stringify(a) === stringify(b));
      }),
      { numRuns: 500 },
    );
  });

  it('falls back to the texts for key order, undefined members and -0', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })).not.toBeNull();
    expect(firstDifference({ a: 1, b: undefined } as unknown as Json, { a: 1 })).toBeNull();
    expect(firstDifference(-0, 0)).toBeNull();
    expect(firstDifference({ x: [1, 2] }, { x: [1, 3] })).toBe('$.x[1]: expected 2, got 3');
  });
});

describe('frames and the request queue', () => {
  it('encodes many frames in one buffer, and reads them back in any chunking', () => {
    const values = [{ id: 1, op: 'hello' }, { id: 2, s: 'é\u{1F600}' }, { id: 3, big: 'x'.repeat(70_000) }, 4, 'five'];
    const buf = encodeFrames(values);
    expect(buf).toEqual(Buffer.concat(values.map((v) => encodeFrame(v))));
    for (const size of [1, 3, 7, 4096, 65536, buf.length]) {
      const r = new FrameReader();
      const out: unknown[] = [];
      for (let i = 0; i < buf.length; i += size) out.push(...r.push(buf.subarray(i, i + size)));
      expect(out).toEqual(values);
      expect(r.pending).toBe(0);
    }
  });

  it('refuses an oversized length as soon as the header is complete', () => {
    const r = new FrameReader(100);
    expect(r.push(encodeFrame({ a: 1 }).subarray(0, 3))).toEqual([]);
    const big = Buffer.alloc(8);
    big.writeUInt32LE(101);
    expect(() => new FrameReader(100).push(big.subarray(0, 4))).toThrow(ProtocolError);
  });

  it('Fifo keeps order across compaction', () => {
    const q = new Fifo<number>();
    let next = 0;
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 3000; i++) q.push(round * 3000 + i);
      for (let i = 0; i < 2500; i++) expect(q.shift()).toBe(next++);
    }
    expect(q.length).toBe(15000 - 12500);
    expect(q.peek()).toBe(next);
    expect(q.drain()).toEqual(Array.from({ length: 2500 }, (_, i) => next + i));
    expect(q.shift()).toBeUndefined();
  });

  it('thousands of pipelined requests to a testee program are answered in order', async () => {
    const { testee } = await ProcessTestee.start(await shippedCommand(SHIPPED.find((s) => s.name === 'protobufjs')!));
    try {
      const answers = await Promise.all(Array.from({ length: 5000 }, (_, i) => testee.call({ op: 'encode', type: 'Lobby', json: { appid: i } })));
      for (const a of answers) expect(a.bytes).toBeTypeOf('string');
      const decoded = await Promise.all(answers.map((a) => testee.call({ op: 'decode', type: 'Lobby', bytes: a.bytes! })));
      decoded.forEach((d, i) => expect(canonical(PEER, 'Lobby', d.json)).toEqual(i === 0 ? {} : { appid: i }));
    } finally {
      await testee.close();
    }
  });
});

describe('generation', () => {
  it('binaryChar draws and shrinks exactly like fast-check\'s binary unit', () => {
    for (const maxLength of [3, 6]) {
      expect(fc.sample(fc.string({ unit: binaryChar, maxLength }), { seed: 5, numRuns: 3000 })).toEqual(
        fc.sample(fc.string({ unit: 'binary', maxLength }), { seed: 5, numRuns: 3000 }),
      );
    }
    const shrunk = (unit: fc.Arbitrary<string> | 'binary'): unknown => {
      const r = fc.check(fc.property(fc.array(fc.string({ unit, maxLength: 6 })), (xs) => !xs.some((x) => x.length > 2 && /[^ -~]/.test(x))), { seed: 9 });
      return [r.counterexample, r.counterexamplePath, r.numShrinks];
    };
    expect(shrunk(binaryChar)).toEqual(shrunk('binary'));
    expect(fc.sample(binaryChar, { seed: 1, numRuns: 2000 }).every((c) => [...c].length === 1 && !/[\ud800-\udfff]/u.test(c))).toBe(true);
  });

  it('the first pass checks exactly the values fc.check draws, and a failure shrinks to what fc.check finds', async () => {
    const ctx = { schema: peerSchema(), golden: [] };
    const codec = protobufjsCodec();
    const seen: string[] = [];
    // A property that records its values and fails on Lobby messages with members.
    const base = PROPERTIES.find((p) => p.id === 'roundtrip')!;
    const prop = {
      ...base,
      check: async (v: unknown): Promise<void> => {
        seen.push(stringify(v));
        const m = v as { type: string; json: { members?: unknown[] } };
        if (m.type === 'Lobby' && (m.json.members?.length ?? 0) > 0) throw new Error('has members');
      },
    };
    const client = new InProcessTestee(codec);
    const passing = { ...prop, check: async (v: unknown): Promise<void> => void seen.push(stringify(v)) };
    const r1 = await runProperty(passing, helloOf(codec), ctx, { runs: 300, seed: 42, client: async () => client });
    expect(r1.status).toBe('pass');
    expect(r1.cases).toBe(300);
    expect(seen).toEqual(fc.sample(base.arbitrary(ctx), { seed: 42, numRuns: 300 }).map(stringify));

    const r2 = await runProperty(prop, helloOf(codec), ctx, { runs: 300, seed: 42, client: async () => client });
    const plain = fc.check(
      fc.property(base.arbitrary(ctx), (v) => {
        const m = v as { type: string; json: { members?: unknown[] } };
        return !(m.type === 'Lobby' && (m.json.members?.length ?? 0) > 0);
      }),
      { seed: 42, numRuns: 300 },
    );
    expect(plain.failed).toBe(true);
    expect(r2.status).toBe('fail');
    expect(r2.message).toBe('check failed: has members');
    expect(r2.counterexample?.value).toEqual(JSON.parse(stringify(plain.counterexample![0])));
    expect(r2.path).toBe(plain.counterexamplePath);
  });
});
