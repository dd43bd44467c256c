import { by, int, str, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Artist commentary (A only), and the artist commentary versions listing (A only). */
export const ARTIST_COMMENTARY_OPERATIONS = [
  {
    id: 'artist_commentaries.list', resource: 'artist_commentaries', name: 'List', kind: 'list', method: 'GET', path: '/artist_commentaries', shown: true, only: 'A',
    summary: 'List artist commentaries.',
    params: [
      str('search[text_matches]', 'text search', { effect: by.text('original_title', 'matches') }),
      str('search[post_tags_match]', 'tags of the post (meta-tags unsupported)', { effect: by.postTags() }),
      str('search[original_present]', 'yes or no', { values: 'yes-no', effect: by.flag('original_present') }),
      str('search[translated_present]', 'yes or no', { values: 'yes-no', effect: by.flag('translated_present') }),
    ],
  },
  {
    id: 'artist_commentaries.create_or_update', resource: 'artist_commentaries', name: 'Create or update', kind: 'create', method: 'POST',
    path: '/artist_commentaries/create_or_update', shown: true, only: 'A',
    summary: 'Create or update the artist commentary of a post.',
    params: [
      int('artist_commentary[post_id]', 'post id', { required: true }),
      str('artist_commentary[original_title]', 'original title'),
      str('artist_commentary[original_description]', 'original description'),
      str('artist_commentary[translated_title]', 'translated title'),
      str('artist_commentary[translated_description]', 'translated description'),
    ],
  },
  {
    id: 'artist_commentaries.revert', resource: 'artist_commentaries', name: 'Revert', kind: 'revert', method: 'PUT', path: '/artist_commentaries/{id}/revert', shown: true, only: 'A',
    summary: 'Revert the artist commentary of a post to a version.', params: [versionId('artist commentary')],
    remarks: ['`{id}` is the post id, not the commentary id.'],
  },
  {
    id: 'artist_commentary_versions.list', resource: 'artist_commentaries', name: 'Artist commentary versions', kind: 'list', method: 'GET',
    path: '/artist_commentary_versions', shown: true, only: 'A',
    summary: 'List artist commentary versions.',
    params: [int('search[updater_id]', 'updater id', { effect: by.user('id', 'updater') }), int('search[post_id]', 'post id', { effect: by.post() })],
  },
] as const satisfies readonly OperationSpec[];
