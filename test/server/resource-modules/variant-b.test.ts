/** The resource modules in variant B, on one server. */
import { describe } from 'vitest';
import { artistCommentariesB } from './artist_commentaries.cases.ts';
import { artistsB } from './artists.cases.ts';
import { badInput } from './bad-input.cases.ts';
import { forumPosts } from './forum_posts.cases.ts';
import { forumTopics } from './forum_topics.cases.ts';
import { useServer } from './helpers.ts';
import { notesB } from './notes.cases.ts';
import { everyOperation } from './operations.cases.ts';
import { poolsB } from './pools.cases.ts';
import { relatedTags } from './related_tag.cases.ts';
import { tagAliases } from './tag_aliases.cases.ts';
import { tagImplications } from './tag_implications.cases.ts';
import { tagsB } from './tags.cases.ts';
import { wikiPages } from './wiki_pages.cases.ts';

describe('resource modules, variant B', () => {
  const server = useServer('B');
  artistsB(server);
  notesB(server);
  poolsB(server);
  tagsB(server);
  tagAliases(server);
  tagImplications(server);
  relatedTags(server);
  wikiPages(server);
  forumTopics(server);
  forumPosts(server);
  artistCommentariesB(server);
  badInput(server, 'B');
  // Last: it calls every operation on id 1, deletes included.
  everyOperation(server, 'B');
});
