/**
 * The resource modules the server serves: one module per resource of the model, in a file named after
 * the resource id (`post_flags.ts` serves the `post_flags` operations), each mapping operation ids of
 * the spec model to handler factories (see ../registry.ts). An operation of the variant without a
 * handler answers 404 "not implemented". A new resource is one more module in this list.
 */
import type { ResourceModule } from '../registry.ts';
import { artistCommentariesModule } from './artist_commentaries.ts';
import { artistsModule } from './artists.ts';
import { commentsModule } from './comments.ts';
import { dmailsModule } from './dmails.ts';
import { forumPostsModule } from './forum_posts.ts';
import { forumTopicsModule } from './forum_topics.ts';
import { notesModule } from './notes.ts';
import { poolsModule } from './pools.ts';
import { postAppealsModule } from './post_appeals.ts';
import { postFlagsModule } from './post_flags.ts';
import { postVotesModule } from './post_votes.ts';
import { postsModule } from './posts.ts';
import { relatedTagModule } from './related_tag.ts';
import { tagAliasesModule } from './tag_aliases.ts';
import { tagImplicationsModule } from './tag_implications.ts';
import { tagsModule } from './tags.ts';
import { uploadsModule } from './uploads.ts';
import { usersModule } from './users.ts';
import { wikiPagesModule } from './wiki_pages.ts';

export const RESOURCE_MODULES: readonly ResourceModule[] = [
  postsModule,
  postVotesModule,
  postFlagsModule,
  postAppealsModule,
  uploadsModule,
  commentsModule,
  dmailsModule,
  usersModule,
  artistsModule,
  notesModule,
  poolsModule,
  tagsModule,
  tagAliasesModule,
  tagImplicationsModule,
  relatedTagModule,
  wikiPagesModule,
  forumTopicsModule,
  forumPostsModule,
  artistCommentariesModule,
];
