/** The resource modules in variant A, on one server (a server start seeds accounts, which is slow). */
import { describe } from 'vitest';
import { artistCommentariesA } from './artist_commentaries.cases.ts';
import { artistsA } from './artists.cases.ts';
import { badInput } from './bad-input.cases.ts';
import { forumPosts } from './forum_posts.cases.ts';
import { forumTopics } from './forum_topics.cases.ts';
import { useServer } from './helpers.ts';
import { notesA } from './notes.cases.ts';
import { everyOperation } from './operations.cases.ts';
import { poolsA } from './pools.cases.ts';
import { relatedTags, relatedTagsA } from './related_tag.cases.ts';
import { tagAliases } from './tag_aliases.cases.ts';
import { tagImplications } from './tag_implications.cases.ts';
import { tagsA } from './tags.cases.ts';
import { wikiPages } from './wiki_pages.cases.ts';

describe('resource modules, variant A', () => {
  const server = useServer('A');
  artistsA(server);
  notesA(server);
  poolsA(server);
  tagsA(server);
  tagAliases(server);
  tagImplications(server);
  relatedTagsA(server);
  relatedTags(server);
  wikiPages(server);
  forumTopics(server);
  forumPosts(server);
  artistCommentariesA(server);
  badInput(server, 'A');
  // Last: it calls every operation on id 1, deletes included.
  everyOperation(server, 'A');
});
