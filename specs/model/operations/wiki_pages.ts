import { int, str, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Wiki pages. */
export const WIKI_PAGE_OPERATIONS = [
  {
    id: 'wiki_pages.list', resource: 'wiki_pages', name: 'List', kind: 'list', method: 'GET', path: '/wiki_pages', shown: true,
    summary: 'List wiki pages.',
    params: [
      str('search[title]', 'title'),
      int('search[creator_id]', 'creator id'),
      str('search[body_matches]', 'body search'),
      str('search[other_names_match]', 'other names search', { only: 'A' }),
      str('search[creator_name]', 'creator name'),
      str('search[order]', 'sort key', { only: 'A', values: 'wiki-sort', sortKey: true }),
      str('search[sort]', 'sort key', { only: 'B', values: 'wiki-sort', sortKey: true }),
    ],
  },
  { id: 'wiki_pages.show', resource: 'wiki_pages', name: 'Show', kind: 'show', method: 'GET', path: '/wiki_pages/{id}', shown: true, summary: 'Show one wiki page.', params: [] },
  {
    id: 'wiki_pages.create', resource: 'wiki_pages', name: 'Create', kind: 'create', method: 'POST', path: '/wiki_pages', shown: true,
    summary: 'Create a wiki page.',
    params: [
      str('wiki_page[title]', 'title', { required: true }),
      str('wiki_page[body]', 'body', { required: true }),
      str('wiki_page[other_names]', 'other names', { only: 'A' }),
    ],
  },
  {
    id: 'wiki_pages.update', resource: 'wiki_pages', name: 'Update', kind: 'update', method: 'PUT', path: '/wiki_pages/{id}', shown: true,
    summary: 'Update a wiki page.',
    params: [str('wiki_page[title]', 'title'), str('wiki_page[body]', 'body'), str('wiki_page[other_names]', 'other names', { only: 'A' })],
  },
  { id: 'wiki_pages.revert', resource: 'wiki_pages', name: 'Revert', kind: 'revert', method: 'PUT', path: '/wiki_pages/{id}/revert', shown: true, summary: 'Revert a wiki page to a version.', params: [versionId('wiki page')] },
] as const satisfies readonly OperationSpec[];
