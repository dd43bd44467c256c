/**
 * Types of the spec model: the image-board HTTP document (`imageboard-http-api.md`) as data.
 *
 * Variant marks are literal types, so a misspelled mark ("C", "a", "AB") does not compile.
 * Every name that a request carries (paths, parameter names, value sets) is written once, in the
 * model files beside this one; the rest of the project reads them from there.
 */
import type { InterpretationId } from '../interpretations.ts';
import type { ValueSetId } from './value-sets.ts';

export type Variant = 'A' | 'B';

/**
 * `make` for each variant at most once per process: what is derived from a variant alone (its operations,
 * its checks) is made on first use and shared after.
 */
export function perVariant<T>(make: (variant: Variant) => T): (variant: Variant) => T {
  const made = new Map<Variant, T>();
  return (variant) => {
    if (!made.has(variant)) made.set(variant, make(variant));
    return made.get(variant)!;
  };
}
export const VARIANTS = ['A', 'B'] as const satisfies readonly Variant[];

/** A value that the document gives per variant ("A: ... / B: ..."). */
export interface PerVariant<T> {
  readonly A: T;
  readonly B: T;
}
/** Either one value for both variants, or one per variant. */
export type Varies<T> = T | { readonly byVariant: PerVariant<T> };

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a parameter's value is written on the wire. */
export type ParamType = 'integer' | 'string' | 'file';

/** Where a parameter travels. Derived: `{x}` in the path is `path`; GET is `query`; anything else `body`. */
export type ParamLocation = 'path' | 'query' | 'body';

export interface ParamSpec {
  /** The exact name on the wire, with brackets: `search[name_matches]`, `post[tag_string]`. */
  readonly name: string;
  readonly type: ParamType;
  /** Marked REQUIRED in the document. */
  readonly required?: true;
  /** Marked (A only) or (B only). Absent: both variants. */
  readonly only?: Variant;
  /** The allowed values, when the document lists them. */
  readonly values?: Varies<ValueSetId>;
  /** What the parameter means, in the document's words. */
  readonly description: string;
  /** The parameter is the variant's sort key (`search[order]` in A, `search[sort]` in B). */
  readonly sortKey?: true;
  /**
   * The document says the parameter "must be" its one listed value (comments' `group_by`): a client
   * sends it on every request, and a server may treat its absence as another listing (INT-comments-group-by).
   */
  readonly always?: true;
  /** What the parameter does, in the document's words, as the checks and the descriptions read it. */
  readonly effect?: ParamEffect;
}

/**
 * Whose or what a list parameter selects by: the user who made the record (`creator`: also the
 * uploader, the updater of a version, the sender of a dmail), the recipient of a dmail, the post the
 * record belongs to or that post's tags, the forum topic (its id, title or category), the record a
 * version listing is of (`versioned`), the record's own id (`self`), one of its writable text fields
 * (`text`, with `field`), a value-set field (`value`), a state (`flag`), or the user's level (`level`).
 */
export type EffectSubject =
  | 'creator'
  | 'recipient'
  | 'post'
  | 'post-tags'
  | 'topic'
  | 'topic-title'
  | 'topic-category'
  | 'versioned'
  | 'self'
  | 'text'
  | 'value'
  | 'flag'
  | 'level';

/**
 * How the parameter's value is compared: a record id (`id`), a user name (`name`, exact), a string
 * equal to the field (`exact`), a `*_matches` search (`matches`: the field's whole value, a single word,
 * is found), a `*` pattern (`pattern`), a comma-separated list of exact names (`names`), a value of the
 * parameter's value set (`value`), a boolean spelled as its value set spells it (`flag`), a level bound
 * (`min`, `max`, `eq`).
 */
export type EffectMatch = 'id' | 'name' | 'exact' | 'matches' | 'pattern' | 'names' | 'value' | 'flag' | 'min' | 'max' | 'eq';

/** What a sort value orders by: the record's name or title, its creation, or a count it carries. */
export type SortBasis = 'name' | 'creation' | 'count';

export type ParamEffect =
  | {
      readonly kind: 'filter';
      readonly subject: EffectSubject;
      readonly match: EffectMatch;
      /** The writable field the filter reads (`text`, `value`) or the state it names (`flag`). */
      readonly field?: string;
      /** The document's word for the user of a `creator` filter: creator, uploader, updater, sender. */
      readonly role?: string;
      /** A `flag` that hides: its first value leaves out the records not in the state, its second lists all (hide_empty). */
      readonly hides?: true;
      /** The reading of the register the effect's observation rests on (which posts are an artist's, ...). */
      readonly reading?: InterpretationId;
    }
  /** The posts list's search terms: a post is listed when it carries every given tag. */
  | { readonly kind: 'tags' }
  /** A sort key: what each of its values orders by. */
  | { readonly kind: 'sort'; readonly orders: Readonly<Record<string, SortBasis>> }
  /** At most `max` records per request, and at most as many as asked. */
  | { readonly kind: 'limit'; readonly max: number }
  /** A page number: successive pages neither overlap nor leave a gap. */
  | { readonly kind: 'page' }
  /** A rule stated in its own table or sentence and proved by checks of its own (artist names, raw, group_by). */
  | { readonly kind: 'rule'; readonly what: string }
  /** The document states no effect a client could observe: why. */
  | { readonly kind: 'unstated'; readonly why: string };

export type OperationKind =
  | 'list'
  | 'show'
  | 'create'
  | 'update'
  | 'delete'
  | 'undelete'
  | 'revert'
  | 'action';

export interface OperationSpec<Id extends string = string> {
  /** Stable id: `<path root>.<operation>`, e.g. `posts.list`, `post_versions.list` (typed as OperationId once the tables are read). */
  readonly id: Id;
  readonly resource: ResourceId;
  /** The operation's name as the document's table gives it ("List", "Copy notes"). */
  readonly name: string;
  readonly kind: OperationKind;
  readonly method: Method;
  /** Path relative to the base URL, without the format suffix: `/posts/{id}`. */
  readonly path: string;
  readonly only?: Variant;
  readonly params: readonly ParamSpec[];
  /** One line on what the operation does. */
  readonly summary: string;
  /**
   * False when the document does not show the method and path (notes create); the method and path
   * above are then the reading recorded under `interpretation`.
   */
  readonly shown: boolean;
  readonly interpretation?: InterpretationId;
  /** Extra statements about the operation in the document, in its words. */
  readonly remarks?: readonly string[];
  /** Cross-field rule: at least one of these parameters must be sent. */
  readonly requireOneOf?: readonly string[];
}

export interface ResourceSpec {
  readonly id: ResourceId;
  /** The document's name for it: "Post", "Tag alias". */
  readonly name: string;
  /** Path root: `/posts`. */
  readonly root: string;
  readonly only?: Variant;
  /** The version resource, if the resource keeps a history. */
  readonly versions?: { readonly root: string; readonly only?: Variant };
}

export const RESOURCE_IDS = [
  'posts',
  'post_votes',
  'post_flags',
  'post_appeals',
  'uploads',
  'comments',
  'dmails',
  'artists',
  'notes',
  'users',
  'pools',
  'tags',
  'tag_aliases',
  'tag_implications',
  'wiki_pages',
  'related_tag',
  'forum_topics',
  'forum_posts',
  'artist_commentaries',
] as const;
export type ResourceId = (typeof RESOURCE_IDS)[number];

export type Level = 'MUST' | 'SHOULD';

/** A role of section 2's user level table. */
export interface UserLevel {
  readonly role: string;
  readonly level: number;
  readonly only?: Variant;
}

export interface StatusCode {
  readonly code: number;
  readonly name: string;
  readonly meaning: string;
  readonly only?: Variant;
}

export interface AuthMethod {
  readonly id: 'login_api_key' | 'password_hash' | 'basic' | 'session_cookie';
  /** The document's words. */
  readonly text: string;
  readonly interpretation?: InterpretationId;
}

export interface Quota {
  /** Who the quota applies to: `anonymous` or a role name. */
  readonly who: 'anonymous' | 'Member' | 'Gold' | 'Platinum';
  readonly perHour: number;
  readonly only?: Variant;
  readonly text: string;
}

/** Does an item with this mark exist in `variant`? */
export function inVariant(item: object, variant: Variant): boolean {
  const only = (item as { readonly only?: Variant }).only;
  return only === undefined || only === variant;
}

/** Resolves a per-variant value. */
export function resolve<T>(value: Varies<T>, variant: Variant): T {
  if (typeof value === 'object' && value !== null && 'byVariant' in value) {
    return (value as { byVariant: PerVariant<T> }).byVariant[variant];
  }
  return value as T;
}
