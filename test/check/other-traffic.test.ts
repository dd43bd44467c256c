/**
 * No stricter than the text, on a server that others use at the same time: posts added while the
 * checks page through the posts list or re-read a post are other users' traffic, not a fault of the
 * server. The checks that read shared lists must still certify a conformant server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../src/check/config.ts';
import { createContext } from '../../src/check/context.ts';
import { makePost } from '../../src/check/world.ts';
import { Scratch } from './helpers.ts';
import { scaled } from '../support/time.ts';

const scratch = new Scratch();
afterAll(() => scratch.cleanup());

describe('checks of shared lists under other traffic', { timeout: scaled(180_000) }, () => {
  it('posts/page and posts/get-is-safe pass while another client keeps adding posts', async () => {
    const server = await scratch.serve(['--variant', 'A']);
    const config = configFromEnv({ CONFORM_VARIANT: 'A', CONFORM_TARGET: server.url, CONFORM_SEED: '5', CONFORM_PREFIX: 'othertraffic' });
    const other = await createContext(config, server.url, 'bg');
    let stop = false;
    let added = 0;
    const traffic = (async () => {
      while (!stop) {
        await makePost({ ...other.ctx, note: () => {} });
        added++;
      }
    })();
    try {
      const addedBefore = added;
      // Three runs at once, each one more client adding posts while the others page.
      const runs = await Promise.all(
        [1, 2, 3].map((seed) => scratch.conform(['check', '--variant', 'A', '--target', server.url, '--only', 'posts/page', 'posts/get-is-safe', '--seed', String(seed), '--quiet'])),
      );
      for (const r of runs) {
        // Nothing failed (--only leaves the rest of the variant unestablished: INCOMPLETE, exit 3).
        expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(3);
        expect(r.report!.counts.fail).toBe(0);
        const results = r.report!.results.filter((x) => x.check === 'posts/page' || x.check === 'posts/get-is-safe');
        expect(results.map((x) => `${x.check} ${x.status} ${x.message ?? ''}`.trim())).toEqual(expect.arrayContaining([expect.stringMatching(/^posts\/page (pass|skip)/), 'posts/get-is-safe pass']));
      }
      // The other client really was adding posts while the checks ran.
      expect(added - addedBefore).toBeGreaterThan(10);
    } finally {
      stop = true;
      await traffic;
      await other.close();
      await server.stop();
    }
  });
});
