/**
 * A recorded body at hand as text gives the exchange record a body at hand as bytes gives: the same
 * excerpt (the first 2048 bytes, a character cut at the edge included) and the same truncation flag.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/check/redact.ts';
import { exchangeRecord } from '../../src/traffic/secrets.ts';

const SEED = Number(process.env.FC_SEED ?? 20_250_612);

function record(request: Buffer | string, response: Buffer | string) {
  return exchangeRecord(new Redactor(['secret-value']), { method: 'POST', url: 'http://h/pools.json', headers: {}, body: request }, { status: 200, headers: {}, body: response }, 1);
}

describe('exchange records of bodies as text or as bytes', () => {
  it('are the same, whatever the text and its length (fast-check)', () => {
    process.stdout.write(`fast-check seed ${SEED} (FC_SEED to replay)\n`);
    const text = fc.tuple(fc.string({ unit: 'grapheme', maxLength: 900 }), fc.nat({ max: 2100 }), fc.string({ unit: 'grapheme', maxLength: 900 }))
      .map(([a, pad, b]) => `${a}${'x'.repeat(pad)}secret-value${b}`);
    fc.assert(
      fc.property(text, (t) => {
        expect(record(t, t)).toEqual(record(Buffer.from(t), Buffer.from(t)));
      }),
      { seed: SEED, numRuns: 400 },
    );
  });

  it('cut a character that straddles the 2048th byte the same way', () => {
    for (let pad = 2040; pad <= 2048; pad++) {
      const t = `${'a'.repeat(pad)}é😀€${'b'.repeat(10)}`;
      const r = record(t, t);
      expect(r).toEqual(record(Buffer.from(t), Buffer.from(t)));
      expect(r.response!.truncated).toBe(true);
      expect(Buffer.byteLength(r.response!.body)).toBeLessThanOrEqual(2048 + 3);
    }
    expect(record('', '')).toEqual(record(Buffer.alloc(0), Buffer.alloc(0)));
    expect(record('', '').request.body).toBeUndefined();
  });
});
