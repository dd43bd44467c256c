import { by, int, rule, sortBy, str, versionId } from '../params.ts';
import type { OperationSpec, ParamSpec } from '../types.ts';

const artistParams: readonly ParamSpec[] = [
  str('artist[name]', 'name'),
  str('artist[other_names_comma]', 'comma-delimited alternative names'),
  str('artist[group_name]', 'group name'),
  str('artist[url_string]', 'URLs delimited by whitespace or newline'),
  str('artist[is_active]', '1 or 0', { only: 'B', values: 'one-zero' }),
];

/** The `search[name]` rules by the value's beginning (section 4, Artists). */
export const ARTIST_NAME_PREFIXES = [
  { prefix: 'http', meaning: 'search artists having this URL' },
  { prefix: 'name:', meaning: 'search by base name' },
  { prefix: 'other:', meaning: 'search in other names' },
  { prefix: 'group:', meaning: 'search artists of the named group' },
  { prefix: 'status:banned', meaning: 'search banned artists' },
  { prefix: '', meaning: 'anything else: search base name and other names' },
] as const;

/** Section 4: Artists, and the artist versions listing (A only). */
export const ARTIST_OPERATIONS = [
  {
    id: 'artists.list', resource: 'artists', name: 'List', kind: 'list', method: 'GET', path: '/artists', shown: true,
    summary: 'List artists; search[name] behaves by its beginning.',
    params: [
      str('search[name]', 'behaviour depends on its start (http, name:, other:, group:, status:banned, anything else)', { effect: rule('the search[name] rules by its beginning (IB-4-artists-name-*)') }),
      int('search[id]', 'artist id', { effect: by.self() }),
      str('search[creator_name]', 'creator name', { only: 'A', effect: by.user('name') }),
      int('search[creator_id]', 'creator id', { only: 'A', effect: by.user('id') }),
      str('search[is_active]', 'true or false', { only: 'A', values: 'true-false', effect: by.flag('is_active') }),
      str('search[is_banned]', 'true or false', { only: 'A', values: 'true-false', effect: by.flag('is_banned') }),
      str('search[empty_only]', 'true selects artists with 0 posts', { only: 'A', effect: by.flag('empty', 'INT-artist-posts') }),
      str('search[order]', 'sort key', { only: 'A', values: 'sort-name-date', sortKey: true, effect: sortBy({ name: 'name', date: 'creation' }) }),
      str('search[sort]', 'sort key', { only: 'B', values: 'sort-name-date', sortKey: true, effect: sortBy({ name: 'name', date: 'creation' }) }),
    ],
  },
  { id: 'artists.show', resource: 'artists', name: 'Show', kind: 'show', method: 'GET', path: '/artists/{id}', shown: true, summary: 'Show one artist.', params: [] },
  { id: 'artists.create', resource: 'artists', name: 'Create', kind: 'create', method: 'POST', path: '/artists', shown: true, summary: 'Create an artist.', params: artistParams },
  { id: 'artists.update', resource: 'artists', name: 'Update', kind: 'update', method: 'PUT', path: '/artists/{id}', shown: true, summary: 'Update an artist (same parameters as create).', params: artistParams },
  { id: 'artists.delete', resource: 'artists', name: 'Delete', kind: 'delete', method: 'DELETE', path: '/artists/{id}', shown: true, only: 'A', summary: 'Delete an artist.', params: [] },
  {
    id: 'artists.banned', resource: 'artists', name: 'Banned', kind: 'list', method: 'GET', path: '/artists/banned', shown: true,
    summary: 'List banned artists.', params: [],
    remarks: ['Equivalent to a list search with `search[name]` set to `status:banned`.'],
  },
  { id: 'artists.revert', resource: 'artists', name: 'Revert', kind: 'revert', method: 'PUT', path: '/artists/{id}/revert', shown: true, summary: 'Revert an artist to an artist version.', params: [versionId('artist')] },
  {
    id: 'artist_versions.list', resource: 'artists', name: 'Artist versions', kind: 'list', method: 'GET', path: '/artist_versions', shown: true, only: 'A',
    summary: 'List artist versions.',
    params: [
      str('search[name]', 'artist name', { effect: by.text('name', 'exact') }),
      int('search[updater_id]', 'updater id', { effect: by.user('id', 'updater') }),
      int('search[artist_id]', 'artist id', { effect: by.versioned() }),
      str('search[is_active]', 'true or false', { values: 'true-false', effect: by.flag('is_active') }),
      str('search[is_banned]', 'true or false', { values: 'true-false', effect: by.flag('is_banned') }),
      str('search[order]', 'name or date', { values: 'sort-name-date', sortKey: true, effect: sortBy({ name: 'name', date: 'creation' }) }),
    ],
  },
] as const satisfies readonly OperationSpec[];
