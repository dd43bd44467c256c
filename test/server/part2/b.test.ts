/** The part-2 resources in variant B, on one server. */
import { describe } from 'vitest';
import { artistsB } from './artists.cases.ts';
import { badInput } from './bad-input.cases.ts';
import { commentariesB } from './commentaries.cases.ts';
import { forum } from './forum.cases.ts';
import { useServer } from './helpers.ts';
import { notesB } from './notes.cases.ts';
import { everyOperation } from './operations.cases.ts';
import { poolsB } from './pools.cases.ts';
import { tagRelations } from './tags.cases.ts';
import { wikiPages } from './wiki.cases.ts';

describe('part 2, variant B', () => {
  const server = useServer('B');
  artistsB(server);
  notesB(server);
  poolsB(server);
  tagRelations(server);
  wikiPages(server);
  forum(server);
  commentariesB(server);
  badInput(server, 'B');
  // Last: it calls every operation on id 1, deletes included.
  everyOperation(server, 'B');
});
