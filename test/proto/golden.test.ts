import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { peerSchema } from '../../src/proto/model.ts';
import { MESSAGES } from '../../specs/peer/format.ts';
import { buildGolden, readGolden } from '../../src/proto/golden.ts';
import { canonical } from '../../src/proto/json.ts';
import { decodeReference, encodeReference } from '../../src/proto/reference.ts';
import { DESCRIPTOR_SET_PATH } from '../../src/proto/schema.ts';
import { InProcessTestee, ProcessTestee, type TesteeClient } from '../../src/proto/testee.ts';
import { SHIPPED } from '../../src/proto/testees/index.ts';
import { fromBase64, fromHex, toBase64, toHex } from '../../src/proto/wire.ts';
import { fromText, toText } from '../../src/proto/textformat.ts';
import { protocVersion } from '../../src/proto/testees/protoc.ts';
import { shippedCommand } from './helpers.ts';

const PEER = peerSchema();

const golden = readGolden();

describe('golden vectors (fixtures/proto/golden.json)', () => {
  it('cover every payload kind of Common_Message and PlatformAppTicket_pb', () => {
    const envelope = MESSAGES.find((m) => m.name === 'Common_Message')!;
    for (const member of envelope.fields.filter((f) => f.oneof)) {
      expect(golden.vectors.some((v) => v.type === 'Common_Message' && v.json[member.name] !== undefined), member.name).toBe(true);
    }
    expect(golden.vectors.some((v) => v.type === 'PlatformAppTicket_pb')).toBe(true);
  });

  it('the reference codec and the text format agree with them', () => {
    for (const v of golden.vectors) {
      expect(toHex(encodeReference(PEER, v.type, v.json)), v.name).toBe(v.hex);
      expect(decodeReference(PEER, v.type, fromHex(v.hex)), v.name).toEqual(canonical(PEER, v.type, v.json));
      expect(fromText(PEER, v.type, toText(PEER, v.type, v.json)), v.name).toEqual(canonical(PEER, v.type, v.json));
    }
  });

  it.skipIf(!protocVersion())('are fresh: protoc regenerates exactly the committed vectors and descriptor set', () => {
    const { golden: fresh, descriptorSet } = buildGolden();
    expect(fresh.vectors).toEqual(golden.vectors);
    expect(descriptorSet.equals(readFileSync(DESCRIPTOR_SET_PATH))).toBe(true);
  });

  for (const shipped of SHIPPED) {
    const why = shipped.unavailable();
    it.skipIf(!!why)(`${shipped.name} reproduces every vector byte for byte and decodes it${why ? ` (skip: ${why})` : ''}`, async () => {
      let client: TesteeClient;
      if (shipped.codec) client = new InProcessTestee(await shipped.codec());
      else client = (await ProcessTestee.start(await shippedCommand(shipped))).testee;
      try {
        const answers = await Promise.all(
          golden.vectors.flatMap((v) => [
            client.call({ op: 'encode', type: v.type, json: v.json }),
            client.call({ op: 'decode', type: v.type, bytes: toBase64(fromHex(v.hex)) }),
          ]),
        );
        golden.vectors.forEach((v, i) => {
          const enc = answers[2 * i]!;
          const dec = answers[2 * i + 1]!;
          expect(enc.bytes !== undefined ? toHex(fromBase64(enc.bytes)) : enc.error, `${shipped.name} encode ${v.name}`).toBe(v.hex);
          expect(canonical(PEER, v.type, dec.json), `${shipped.name} decode ${v.name}`).toEqual(canonical(PEER, v.type, v.json));
        });
      } finally {
        await client.close();
      }
    });
  }
});
