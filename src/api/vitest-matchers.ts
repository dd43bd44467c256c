/**
 * Vitest matchers over conformsTo (./matchers.ts), registered with `expect.extend` when this module
 * is imported (`imageboard-conform/vitest`):
 *
 *   import 'imageboard-conform/vitest';
 *   expect(await request(app).get('/posts.json')).toConformTo({ variant: 'A' });       // supertest
 *   await expect(await fetch(`${base}/posts.json`)).toConformToOperation('posts.list', { variant: 'A' });  // fetch: awaited
 *
 * A fetch Response is judged once its body is read (from a clone), so its assertion is a Promise to
 * await; a supertest response is judged at once. A failure names each requirement broken and why.
 */
import { expect } from 'vitest';
import { conformsTo, type ConformOptions, type ConformResult, type FetchResponseLike, type ResponseLike } from './matchers.ts';

export type { ConformOptions, ConformResult } from './matchers.ts';

/** The matcher's answer to vitest: the message says what was judged, whether the assertion is negated or not. */
function answer(r: ConformResult): { pass: boolean; message: () => string } {
  return { pass: r.pass, message: () => r.message };
}

function judged(received: unknown, options: ConformOptions): { pass: boolean; message: () => string } | Promise<{ pass: boolean; message: () => string }> {
  const r = conformsTo(received as ResponseLike, options);
  return r instanceof Promise ? r.then(answer) : answer(r);
}

expect.extend({
  toConformTo(received: unknown, options: ConformOptions) {
    return judged(received, options);
  },
  toConformToOperation(received: unknown, operation: string, options: ConformOptions) {
    return judged(received, { ...options, operation });
  },
});

/** What the assertion returns: a Promise for a fetch Response (await it), nothing for a supertest response. */
type Settled<T> = T extends FetchResponseLike ? Promise<void> : void;

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the type parameter as vitest declares it
  interface Matchers<T = any> {
    /** The exchange breaks no requirement of the variant that one exchange can show (conformsTo). */
    toConformTo(options: ConformOptions): Settled<T>;
    /** The exchange is `operation` (`posts.list`) and breaks no requirement of the variant that one exchange can show. */
    toConformToOperation(operation: string, options: Omit<ConformOptions, 'operation'>): Settled<T>;
  }
}
