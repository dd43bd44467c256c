/**
 * Bad input to the operations of these cases' resources, generated with fast-check (fixed seed): every documented parameter
 * gets a value from a mix of valid, mistyped, oversized and odd strings. No answer is a 5xx, and a request
 * that is refused changes nothing in the database.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedOperation, Variant } from '../../../specs/model/index.ts';
import { operationsFor } from '../../../specs/model/index.ts';
import type { Fields, Server } from './helpers.ts';

const CASE_RESOURCES = new Set(['artists', 'notes', 'pools', 'tags', 'tag_aliases', 'tag_implications', 'related_tag', 'wiki_pages', 'forum_topics', 'forum_posts', 'artist_commentaries']);

const TABLES = [
  'artists', 'artist_versions', 'notes', 'note_versions', 'pools', 'pool_versions', 'wiki_pages', 'wiki_page_versions',
  'forum_topics', 'forum_posts', 'artist_commentaries', 'artist_commentary_versions', 'tags', 'posts',
];

async function checksum(s: Server): Promise<string> {
  const parts: string[] = [];
  for (const t of TABLES) {
    const rows = await s.db.query<{ h: string | null }>(`SELECT md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${t} x`);
    parts.push(`${t}:${rows[0]!.h}`);
  }
  const users = await s.db.query<{ h: string | null }>("SELECT md5(string_agg(id || ':' || note_count, '|' ORDER BY id)) AS h FROM users");
  parts.push(`users:${users[0]!.h}`);
  return parts.join(' ');
}

/** A value for any parameter: listed values, numbers of every size and sign, odd and long strings. */
function valueFor(values: readonly string[] | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    ...(values ? [fc.constantFrom(...values)] : []),
    fc.constantFrom('', ' ', '0', '-1', '1', '2', '3', 'true', 'no', 'yes', '1 2 3', '99999999999', '1.5', 'http://x.example/a', 'name:*', 'other:', 'status:banned', '%', '_', '\\', "'; DROP TABLE pools; --"),
    fc.integer({ min: -5, max: 50 }).map(String),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constant('x'.repeat(3000)),
  );
}

export function badInput(server: () => Server, variant: Variant): void {
  describe(`bad input to the resource operations (${variant})`, () => {
    let s: Server;
    let ops: ResolvedOperation[];
    const known: Record<string, number[]> = {};
    beforeAll(async () => {
      s = server();
      ops = operationsFor(variant).filter((op) => CASE_RESOURCES.has(op.resource));
      const post = await s.post('bi_post');
      known.post = [post];
      known.artists = [await s.create('/artists.json', { 'artist[name]': 'bi_artist' })];
      known.notes = [await s.create('/notes.json', { 'note[post_id]': post, 'note[x]': 1, 'note[y]': 1, 'note[width]': 5, 'note[height]': 5, 'note[body]': 'bi note' })];
      known.pools = [await s.create('/pools.json', { 'pool[name]': 'bi_pool', 'pool[description]': 'd' })];
      known.wiki_pages = [await s.create('/wiki_pages.json', { 'wiki_page[title]': 'bi_wiki', 'wiki_page[body]': 'b' })];
      const topic = await s.create('/forum_topics.json', { 'forum_topic[title]': 'bi topic', 'forum_topic[original_post_attributes][body]': 'b' });
      known.forum_topics = [topic];
      known.forum_posts = (await s.list('/forum_posts.json', { 'search[topic_id]': topic })).map((r) => r.id as number);
      if (variant === 'A') {
        await s.ok('POST', '/artist_commentaries/create_or_update.json', { 'artist_commentary[post_id]': post, 'artist_commentary[original_title]': 't' });
        known.artist_commentaries = [post];
      }
    });

    it('never answers 5xx, and refused requests change nothing', async () => {
      const request = fc
        .integer({ min: 0, max: ops.length - 1 })
        .chain((i) => {
          const op = ops[i]!;
          const body = op.params.filter((p) => p.location !== 'path');
          const fields = fc.record(Object.fromEntries(body.map((p) => [p.name, valueFor(p.values)])), { requiredKeys: [] });
          const id = fc.oneof(fc.constantFrom(...(known[op.resource] ?? [1])), fc.integer({ min: 0, max: 1_000_000 }));
          return fc.record({ op: fc.constant(op), fields, id });
        });
      await fc.assert(
        fc.asyncProperty(request, async ({ op, fields, id }) => {
          const path = op.pathFor('json').replace(/\{[a-z_]+\}/g, String(id));
          const before = op.stateChanging ? await checksum(s) : '';
          const res = op.stateChanging
            ? await s.send(op.method as 'POST' | 'PUT' | 'DELETE', path, fields as Fields)
            : await s.get(path, fields as Fields);
          expect(res.status, `${op.method} ${path} ${JSON.stringify(fields).slice(0, 300)}`).toBeLessThan(500);
          if (op.stateChanging && res.status >= 400) {
            expect(await checksum(s), `${op.method} ${path} answered ${res.status} but changed the database`).toBe(before);
            expect((res.body as { success?: unknown }).success).toBe(false);
          }
        }),
        { seed: variant === 'A' ? 20_241_101 : 20_241_102, numRuns: 100 },
      );
    });
  });
}
