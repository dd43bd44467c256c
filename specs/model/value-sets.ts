/**
 * Every closed set of values the document lists: the "Value sets" table of section 2 and the
 * parenthesised value lists of section 4. Parameters refer to these by id, so a value set is typed once.
 */

export interface ValueSet {
  readonly values: readonly string[];
  /** The document's labels, where it gives them (`s` = safe). */
  readonly labels?: Readonly<Record<string, string>>;
  /** True for the sets of section 2's "Value sets" table ("Allowed values"). */
  readonly table?: true;
  readonly source: string;
}

export const VALUE_SETS = {
  'post-rating-A': {
    values: ['s', 'q', 'e'],
    labels: { s: 'safe', q: 'questionable', e: 'explicit' },
    table: true,
    source: '2 Value sets: post[rating] (update), A',
  },
  'post-rating-B': {
    values: ['safe', 'questionable', 'explicit'],
    table: true,
    source: '2 Value sets: post[rating] (update), B',
  },
  'upload-rating': {
    values: ['safe', 'questionable', 'explicit'],
    table: true,
    source: '2 Value sets: upload[rating]',
  },
  'vote-score': { values: ['up', 'down'], table: true, source: '2 Value sets: score (vote)' },
  'tag-category': {
    values: ['0', '1', '3', '4'],
    labels: { '0': 'general', '1': 'artist', '3': 'copyright', '4': 'character' },
    table: true,
    source: '2 Value sets: Tag category',
  },
  'forum-category': {
    values: ['0', '1', '2'],
    labels: { '0': 'General', '1': 'Tags', '2': 'Bugs & Features' },
    table: true,
    source: '2 Value sets: Forum category_id (A only)',
  },
  'pool-category': { values: ['series', 'collection'], table: true, source: '2 Value sets: Pool category (A only)' },
  'true-false': { values: ['true', 'false'], source: '4: "true or false"' },
  'yes-no': { values: ['yes', 'no'], source: '4: "yes or no"' },
  'one-zero': { values: ['1', '0'], source: '3 and 4: "1 or 0"' },
  'comment-group-by': { values: ['comment'], source: '4 Comments: group_by "must be comment"' },
  'note-group-by': { values: ['note'], source: '4 Notes: "group_by=note" (A only)' },
  'sort-name-date': { values: ['name', 'date'], source: '4: "values name or date"' },
  'user-sort': {
    values: ['name', 'post_upload_count', 'note_count', 'post_update_count', 'date'],
    source: '4 Users: sort key values',
  },
  'pool-order-A': { values: ['name', 'created_at', 'post_count', 'date'], source: '4 Pools: A search[order]' },
  'pool-sort-B': { values: ['name', 'date'], source: '4 Pools: B search[sort]' },
  'tag-order': { values: ['name', 'date', 'count'], source: '4 Tags: search[order]' },
  'wiki-sort': { values: ['date', 'title'], source: '4 Wiki pages: sort key values' },
} as const satisfies Record<string, ValueSet>;

export type ValueSetId = keyof typeof VALUE_SETS;

export function valueSet(id: ValueSetId): ValueSet {
  return VALUE_SETS[id];
}
