/**
 * Generators of request parameters for the generative phase (`conform check --fuzz N`), from the
 * OpenAPI description of an operation: value sets (and values outside them), integers (negative,
 * huge, beyond 32 and 64 bits, not numbers), short, long and non-ASCII strings, and each parameter
 * missing, present once or sent twice. Every generator shrinks towards the plainest input: a
 * parameter towards absent, a string towards short and `a`, an integer towards 0.
 */
import fc from 'fast-check';

/** Characters of a long token: no whitespace, so a long string is one long tag or word. */
const TOKEN_CHARS = 'abcdefghijklmnopqrstuvwxyz0123456789_'.split('');

/**
 * One long run of a character, longer than 200 (up to 3000): it shrinks in a few steps, by its
 * length, to the shortest that still fails.
 */
export const longToken: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(...TOKEN_CHARS), fc.noBias(fc.integer({ min: 201, max: 3000 })))
  .map(([c, n]) => c.repeat(n));

/** Values that parsers of the service family have been known to stumble on. */
const AWKWARD = ['', ' ', '0', '-1', '%', '%00', 'null', 'true', '<x/>', '{"a":1}', "'", '"', '\\', '*', '-', 'a b', '\u0000'];

/** A short printable ASCII string: what a client plausibly sends. */
export const plainString: fc.Arbitrary<string> = fc.string({ maxLength: 16 });
/** Non-ASCII text: one to twelve Unicode graphemes. */
export const unicodeString: fc.Arbitrary<string> = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
export const awkwardString: fc.Arbitrary<string> = fc.constantFrom(...AWKWARD);
export const plainInteger: fc.Arbitrary<string> = fc.integer({ min: 0, max: 100 }).map(String);
export const negativeInteger: fc.Arbitrary<string> = fc.integer({ min: -100_000, max: -1 }).map(String);
/** Beyond 32 bits, 64 bits, or at the edge of a signed 32-bit column. */
export const hugeInteger: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.bigInt({ min: -(2n ** 80n), max: -(2n ** 31n) }).map(String),
);

/** Any string value: short ASCII, non-ASCII, a long token, or an awkward one. */
export const anyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: plainString },
  { weight: 2, arbitrary: unicodeString },
  { weight: 2, arbitrary: longToken },
  { weight: 1, arbitrary: awkwardString },
);

/** An integer parameter: mostly small, some negative, some huge, some not numbers. */
export const anyInteger: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: plainInteger },
  { weight: 2, arbitrary: negativeInteger },
  { weight: 2, arbitrary: hugeInteger },
  { weight: 1, arbitrary: anyString },
);

const IMPOSSIBLE_IDS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', '1.5'];

/** Ids no record can have. */
export const impossibleId: fc.Arbitrary<string> = fc.constantFrom(...IMPOSSIBLE_IDS);

/** Ids a state-changing request may be given without touching a record the run did not make. */
export function safeId(own: string | undefined): fc.Arbitrary<string> {
  return own === undefined ? impossibleId : fc.oneof({ weight: 4, arbitrary: fc.constant(own) }, { weight: 2, arbitrary: impossibleId });
}

/** A path id of a read: the example's record, small ids (other records, or none), and ids no record has. */
export function readId(own: string | undefined): fc.Arbitrary<string> {
  const others = fc.oneof(fc.integer({ min: 1, max: 60 }).map(String), impossibleId);
  return own === undefined ? others : fc.oneof({ weight: 3, arbitrary: fc.constant(own) }, { weight: 2, arbitrary: others });
}

export function enumValue(values: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: anyString });
}

/** A parameter missing (it shrinks to that), sent once, or now and then sent twice. */
export function presence<T>(value: fc.Arbitrary<T>): fc.Arbitrary<T[] | undefined> {
  return fc.option(fc.oneof({ weight: 7, arbitrary: value.map((v) => [v]) }, { weight: 1, arbitrary: fc.tuple(value, value) }), { nil: undefined, freq: 4 });
}
