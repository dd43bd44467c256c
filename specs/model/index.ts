/**
 * The spec model: the image-board HTTP document as data. Everything downstream (OpenAPI, requirement
 * catalogue, reference server, checks) reads it through this module, mostly through `operationsFor`.
 */
import { ARTIST_OPERATIONS } from './operations/artists.ts';
import { ARTIST_COMMENTARY_OPERATIONS } from './operations/artist_commentaries.ts';
import { COMMENT_OPERATIONS } from './operations/comments.ts';
import { DMAIL_OPERATIONS } from './operations/dmails.ts';
import { FORUM_POST_OPERATIONS } from './operations/forum_posts.ts';
import { FORUM_TOPIC_OPERATIONS } from './operations/forum_topics.ts';
import { NOTE_OPERATIONS } from './operations/notes.ts';
import { POOL_OPERATIONS } from './operations/pools.ts';
import { POST_APPEAL_OPERATIONS } from './operations/post_appeals.ts';
import { POST_FLAG_OPERATIONS } from './operations/post_flags.ts';
import { POST_VOTE_OPERATIONS } from './operations/post_votes.ts';
import { POST_OPERATIONS, POST_VERSION_OPERATIONS } from './operations/posts.ts';
import { RELATED_TAG_OPERATIONS } from './operations/related_tag.ts';
import { TAG_ALIAS_OPERATIONS } from './operations/tag_aliases.ts';
import { TAG_IMPLICATION_OPERATIONS } from './operations/tag_implications.ts';
import { TAG_OPERATIONS } from './operations/tags.ts';
import { UPLOAD_OPERATIONS } from './operations/uploads.ts';
import { USER_OPERATIONS } from './operations/users.ts';
import { WIKI_PAGE_OPERATIONS } from './operations/wiki_pages.ts';
import { RESOURCES } from './resources.ts';
import { STATUS_CODES, USER_LEVELS } from './service.ts';
import type { Method, OperationSpec, ParamEffect, ParamLocation, ParamSpec, ParamType, ResourceId, ResourceSpec, Variant } from './types.ts';
import { inVariant, perVariant, resolve } from './types.ts';
import type { ValueSetId } from './value-sets.ts';
import { VALUE_SETS } from './value-sets.ts';

export * from './types.ts';
export * from './service.ts';
export { VALUE_SETS, valueSet } from './value-sets.ts';
export type { ValueSetId, ValueSet } from './value-sets.ts';
export { RESOURCES } from './resources.ts';
export type { VersionedResourceId } from './resources.ts';
export { ARTIST_NAME_PREFIXES } from './operations/artists.ts';
export { effectText } from './effects.ts';

/**
 * The operations in the document's order. Each table is one resource's, in a file named after it
 * (operations/<resource id>.ts); the post versions listing stands where the document puts it.
 */
const ALL_OPERATIONS = [
  ...POST_OPERATIONS,
  ...POST_VOTE_OPERATIONS,
  ...POST_FLAG_OPERATIONS,
  ...POST_APPEAL_OPERATIONS,
  ...POST_VERSION_OPERATIONS,
  ...UPLOAD_OPERATIONS,
  ...COMMENT_OPERATIONS,
  ...DMAIL_OPERATIONS,
  ...ARTIST_OPERATIONS,
  ...NOTE_OPERATIONS,
  ...USER_OPERATIONS,
  ...POOL_OPERATIONS,
  ...TAG_OPERATIONS,
  ...TAG_ALIAS_OPERATIONS,
  ...TAG_IMPLICATION_OPERATIONS,
  ...RELATED_TAG_OPERATIONS,
  ...WIKI_PAGE_OPERATIONS,
  ...FORUM_TOPIC_OPERATIONS,
  ...FORUM_POST_OPERATIONS,
  ...ARTIST_COMMENTARY_OPERATIONS,
] as const;

/**
 * The id of an operation of the model (`posts.list`): a typed id, so a call, an example, a handler or
 * a fault that names an operation the model does not have fails to compile.
 */
export type OperationId = (typeof ALL_OPERATIONS)[number]['id'];

/** Every operation of section 4, in the document's order. */
export const OPERATIONS: readonly OperationSpec<OperationId>[] = ALL_OPERATIONS;

const OPERATION_IDS: ReadonlySet<string> = new Set(ALL_OPERATIONS.map((o) => o.id));

/** Narrows a string (from a command line, a report, a config file) to an operation id. */
export function isOperationId(id: string): id is OperationId {
  return OPERATION_IDS.has(id);
}

/** The operation `<root>.<name>` (`posts` + `list`), when the model has it. */
export function operationIdOf(root: string, name: string): OperationId | undefined {
  const id = `${root}.${name}`;
  return isOperationId(id) ? id : undefined;
}

/** A parameter as it is in one variant. */
export interface ResolvedParam {
  readonly name: string;
  readonly type: ParamType;
  readonly location: ParamLocation;
  readonly required: boolean;
  readonly description: string;
  readonly valueSet?: ValueSetId;
  readonly values?: readonly string[];
  readonly sortKey: boolean;
  /** Sent on every request with its one value (see ParamSpec.always). */
  readonly always?: true;
  /** The parameter exists only in this variant (it was marked). */
  readonly variantOnly: boolean;
  /** What it does (ParamSpec.effect). */
  readonly effect?: ParamEffect;
}

/** An operation as it is in one variant. */
export interface ResolvedOperation extends Omit<OperationSpec<OperationId>, 'params'> {
  readonly variant: Variant;
  /** Path parameters (`{id}`, `{post_id}`) followed by the documented parameters of this variant. */
  readonly params: readonly ResolvedParam[];
  /** POST, PUT and DELETE change state (request convention 2). */
  readonly stateChanging: boolean;
  /** Path with the format suffix: `/posts/{id}.json`. */
  readonly pathFor: (format: 'json' | 'xml') => string;
}

export function isStateChanging(method: Method): boolean {
  return method !== 'GET';
}

/** Path placeholders in order of appearance: `/posts/{post_id}/votes` gives `post_id`. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1] as string);
}

function resolveParam(param: ParamSpec, method: Method, variant: Variant): ResolvedParam {
  const valueSet = param.values === undefined ? undefined : resolve(param.values, variant);
  return {
    name: param.name,
    type: param.type,
    location: method === 'GET' ? 'query' : 'body',
    required: param.required === true,
    description: param.description,
    ...(valueSet === undefined ? {} : { valueSet, values: VALUE_SETS[valueSet].values }),
    sortKey: param.sortKey === true,
    ...(param.always ? { always: true as const } : {}),
    variantOnly: param.only !== undefined,
    ...(param.effect ? { effect: param.effect } : {}),
  };
}

export function resolveOperation(op: OperationSpec<OperationId>, variant: Variant): ResolvedOperation {
  const pathParams: ResolvedParam[] = pathParamNames(op.path).map((name) => ({
    name,
    type: 'integer',
    location: 'path',
    required: true,
    description: name === 'id' ? 'identifier of the resource in this path' : `identifier of the ${name.replace(/_id$/, '')}`,
    sortKey: false,
    variantOnly: false,
  }));
  const params = op.params.filter((p) => inVariant(p, variant)).map((p) => resolveParam(p, op.method, variant));
  return {
    ...op,
    variant,
    params: [...pathParams, ...params],
    stateChanging: isStateChanging(op.method),
    pathFor: (format) => `${op.path}.${format}`,
  };
}

/** The operations that exist in `variant`, with that variant's parameters and value sets. */
export const operationsFor: (variant: Variant) => readonly ResolvedOperation[] = perVariant((variant) =>
  OPERATIONS.filter((op) => inVariant(op, variant)).map((op) => resolveOperation(op, variant)),
);

/** The operations that exist only in the other variant (they must not exist in `variant`). */
export function absentOperations(variant: Variant): readonly OperationSpec<OperationId>[] {
  return OPERATIONS.filter((op) => !inVariant(op, variant));
}

export function operation(id: OperationId): OperationSpec<OperationId> {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) throw new Error(`unknown operation ${id}`);
  return op;
}

export function operationFor(id: OperationId, variant: Variant): ResolvedOperation {
  const op = operationsFor(variant).find((o) => o.id === id);
  if (!op) throw new Error(`operation ${id} does not exist in variant ${variant}`);
  return op;
}

/** The operation that lists a resource's versions (`post_versions.list`), when it keeps a history. */
export function versionListing(id: ResourceId): OperationId | undefined {
  const spec: ResourceSpec | undefined = RESOURCES.find((r) => r.id === id);
  return spec?.versions ? operationIdOf(spec.versions.root.slice(1), 'list') : undefined;
}

export function resource(id: ResourceId): ResourceSpec {
  return RESOURCES.find((r) => r.id === id) as ResourceSpec;
}

export function resourcesFor(variant: Variant): readonly ResourceSpec[] {
  return RESOURCES.filter((r) => inVariant(r, variant));
}

export function statusCodesFor(variant: Variant): readonly number[] {
  return STATUS_CODES.filter((s) => inVariant(s, variant)).map((s) => s.code);
}

export function userLevelsFor(variant: Variant) {
  return USER_LEVELS.filter((l) => inVariant(l, variant));
}
