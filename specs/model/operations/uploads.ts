import { by, int, param, rule, str } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Uploads. */
export const UPLOAD_OPERATIONS = [
  {
    id: 'uploads.list', resource: 'uploads', name: 'List', kind: 'list', method: 'GET', path: '/uploads', shown: true,
    summary: 'List uploads.',
    params: [int('search[uploader_id]', 'uploader id', { effect: by.user('id', 'uploader') }), str('search[uploader_name]', 'uploader name', { effect: by.user('name', 'uploader') }), str('search[source]', 'source (exact string match)', { effect: rule('exact string match of the source an upload was made from (IB-4-uploads-search-source)') })],
  },
  { id: 'uploads.show', resource: 'uploads', name: 'Show', kind: 'show', method: 'GET', path: '/uploads/{id}', shown: true, summary: 'Show one upload.', params: [] },
  {
    id: 'uploads.create', resource: 'uploads', name: 'Create', kind: 'create', method: 'POST', path: '/uploads', shown: true,
    summary: 'Upload a file (or a source URL); the upload is converted into a post.',
    params: [
      param('upload[file]', 'file', 'multipart form file data'),
      str('upload[source]', 'source URL'),
      str('upload[rating]', 'safe, questionable, explicit', { required: true, values: 'upload-rating' }),
      int('upload[parent_id]', 'parent post id'),
      str('upload[tag_string]', 'space-delimited tags', { required: true }),
    ],
    remarks: ['Either `upload[file]` or `upload[source]` must be provided on create.'],
    requireOneOf: ['upload[file]', 'upload[source]'],
  },
] as const satisfies readonly OperationSpec[];
