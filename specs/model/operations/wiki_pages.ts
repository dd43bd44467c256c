import { by, int, sortBy, str, versionId } from '../params.ts';
import type { OperationSpec } from '../types.ts';

/** Section 4: Wiki pages. */
export const WIKI_PAGE_OPERATIONS = [
  {
    id: 'wiki_pages.list', resource: 'wiki_pages', name: 'List', kind: 'list', method: 'GET', path: '/wiki_pages', shown: true,
    summary: 'List wiki pages.',
    params: [
      str('search[title]', 'title', { effect: by.text('title', 'exact') }),
      int('search[creator_id]', 'creator id', { effect: by.user('id') }),
      str('search[body_matches]', 'body search', { effect: by.text('body', 'matches') }),
      str('search[other_names_match]', 'other names search', { only: 'A', effect: by.text('other_names', 'matches') }),
      str('search[creator_name]', 'creator name', { effect: by.user('name') }),
      str('search[order]', 'sort key', { only: 'A', values: 'wiki-sort', sortKey: true, effect: sortBy({ date: 'creation', title: 'name' }) }),
      str('search[sort]', 'sort key', { only: 'B', values: 'wiki-sort', sortKey: true, effect: sortBy({ date: 'creation', title: 'name' }) }),
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
