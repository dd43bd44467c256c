/** The part-2 resources in variant A, on one server (a server start seeds accounts, which is slow). */
import { describe } from 'vitest';
import { artistsA } from './artists.cases.ts';
import { badInput } from './bad-input.cases.ts';
import { commentariesA } from './commentaries.cases.ts';
import { forum } from './forum.cases.ts';
import { useServer } from './helpers.ts';
import { notesA } from './notes.cases.ts';
import { everyOperation } from './operations.cases.ts';
import { poolsA } from './pools.cases.ts';
import { tagRelations, tagsA } from './tags.cases.ts';
import { wikiPages } from './wiki.cases.ts';

describe('part 2, variant A', () => {
  const server = useServer('A');
  artistsA(server);
  notesA(server);
  poolsA(server);
  tagsA(server);
  tagRelations(server);
  wikiPages(server);
  forum(server);
  commentariesA(server);
  badInput(server, 'A');
  // Last: it calls every operation on id 1, deletes included.
  everyOperation(server, 'A');
});
