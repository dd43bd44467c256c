import { by, int, rule, str, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Notes, and the note versions listing. */
export const NOTE_OPERATIONS = [
  {
    id: 'notes.list', resource: 'notes', name: 'List', kind: 'list', method: 'GET', path: '/notes', shown: true,
    summary: 'List notes.',
    params: [
      str('search[body_matches]', 'body search', { effect: by.text('body', 'matches') }),
      int('search[post_id]', 'post id', { effect: by.post() }),
      str('search[post_tags_match]', 'tags of the annotated post (meta-tags unsupported)', { effect: by.postTags() }),
      str('search[creator_name]', 'creator name (exact match)', { effect: by.user('name') }),
      int('search[creator_id]', 'creator id', { effect: by.user('id') }),
      str('group_by', 'notes of one post are listed with group_by=note and search[post_id]', { only: 'A', values: 'note-group-by', effect: rule('notes of one post are listed with group_by=note and search[post_id] (IB-4-notes-group-by-A)') }),
    ],
  },
  { id: 'notes.show', resource: 'notes', name: 'Show', kind: 'show', method: 'GET', path: '/notes/{id}', shown: true, summary: 'Show one note.', params: [] },
  {
    id: 'notes.create', resource: 'notes', name: 'Create', kind: 'create', method: 'POST', path: '/notes', shown: false,
    interpretation: 'INT-notes-create-path',
    summary: 'Annotate a post with a note (method and path not shown by the document).',
    params: [
      int('note[post_id]', 'post id', { required: true }),
      int('note[x]', 'pixels from the top-left corner of the image', { required: true }),
      int('note[y]', 'pixels from the top-left corner of the image', { required: true }),
      int('note[width]', 'pixels', { required: true }),
      int('note[height]', 'pixels', { required: true }),
      str('note[body]', 'body', { required: true }),
    ],
  },
  {
    id: 'notes.update', resource: 'notes', name: 'Update', kind: 'update', method: 'PUT', path: '/notes/{id}', shown: true,
    summary: 'Move, resize or edit a note.',
    params: [
      int('note[x]', 'pixels from the top-left corner of the image'),
      int('note[y]', 'pixels from the top-left corner of the image'),
      int('note[width]', 'pixels'),
      int('note[height]', 'pixels'),
      str('note[body]', 'body'),
    ],
  },
  { id: 'notes.delete', resource: 'notes', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/notes/{id}', shown: true, summary: 'Delete a note.', params: [] },
  { id: 'notes.revert', resource: 'notes', name: 'Revert', kind: 'revert', method: 'PUT', path: '/notes/{id}/revert', shown: true, summary: 'Revert a note to a note version.', params: [versionId('note')] },
  {
    id: 'note_versions.list', resource: 'notes', name: 'Note versions', kind: 'list', method: 'GET', path: '/note_versions', shown: true,
    summary: 'List note versions.',
    params: [int('search[updater_id]', 'updater id', { effect: by.user('id', 'updater') }), int('search[post_id]', 'post id', { effect: by.post() }), int('search[note_id]', 'note id', { effect: by.versioned() })],
  },
] as const satisfies readonly OperationSpec[];
