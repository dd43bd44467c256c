/**
 * The resource modules the server serves. Each module maps operation ids of the spec model to handler
 * factories (see ../registry.ts); an operation of the variant without a handler answers 404
 * "not implemented". A new resource is one more module in this list.
 */
import type { ResourceModule } from '../registry.ts';
import { commentsModule } from './comments.ts';
import { dmailsModule } from './dmails.ts';
import { postFlagsModule } from './post_flags.ts';
import { postVotesModule } from './post_votes.ts';
import { postsModule } from './posts.ts';
import { uploadsModule } from './uploads.ts';
import { usersModule } from './users.ts';
import { artistsModule } from './artists.ts';
import { notesModule } from './notes.ts';
import { poolsModule } from './pools.ts';
import { tagsModule } from './tags.ts';
import { wikiPagesModule } from './wiki_pages.ts';
import { forumModule } from './forum.ts';
import { artistCommentariesModule } from './artist_commentaries.ts';

export const RESOURCE_MODULES: readonly ResourceModule[] = [
  postsModule,
  postVotesModule,
  postFlagsModule,
  uploadsModule,
  commentsModule,
  dmailsModule,
  usersModule,
  artistsModule,
  notesModule,
  poolsModule,
  tagsModule,
  wikiPagesModule,
  forumModule,
  artistCommentariesModule,
];
