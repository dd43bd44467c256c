/**
 * The handler registry: resource modules (./resources) map operation ids of the spec model to handler
 * factories. The router builds each handler once per variant, with that variant's resolved operation, so
 * a handler reads parameter names from the model (`param(op, name)`) and fails at start-up, not at
 * request time, when the model lacks a name.
 */
import type { OperationId, ResolvedOperation, ResourceId, Variant } from '../../specs/model/index.ts';
import { operation } from '../../specs/model/index.ts';
import type { Db } from './db/index.ts';
import type { FaultSpec, Faults } from './fault-types.ts';
import type { Variations } from './variations.ts';
import type { Fetcher } from './fetch.ts';
import type { FileStore } from './files.ts';
import type { Format, Outcome } from './protocol.ts';
import type { ParamValues, RawInput } from './params.ts';
import type { User, UserDirectory } from './accounts.ts';

export interface ServerEnv {
  readonly variant: Variant;
  readonly db: Db;
  readonly faults: Faults;
  /** Legal variations switched on (./variations.ts). */
  readonly variations: Variations;
  readonly users: UserDirectory;
  readonly fetcher: Fetcher;
  readonly maxUploadBytes: number;
  /** The uploaded files of posts, by md5. */
  readonly files: FileStore;
}

export interface Ctx {
  readonly op: ResolvedOperation;
  readonly format: Format;
  readonly params: ParamValues;
  /** The path parameters, already checked to be integers. */
  readonly path: Readonly<Record<string, number>>;
  /** The authenticated caller; null for anonymous reads (variant A). */
  readonly user: User | null;
  readonly env: ServerEnv;
  /** The request's fields as sent, for the register's extensions (INT-forum-post-topic, INT-paging) only. */
  readonly raw: RawInput;
  /** `http://host:port` as the client addressed the server, for the absolute file URLs of post records. */
  readonly origin: string;
}

export type Handler = (ctx: Ctx) => Promise<Outcome>;
export type HandlerFactory = (op: ResolvedOperation, env: ServerEnv) => Handler;

export interface ResourceModule {
  /** The model's resource the module serves; its file is `resources/<resource>.ts`. */
  readonly resource: ResourceId;
  /** Operation id (`posts.list`) to handler factory: operations of `resource` only. */
  readonly handlers: Readonly<Partial<Record<OperationId, HandlerFactory>>>;
  /** Faults of this resource's behaviour (see ../faults.ts). */
  readonly faults?: readonly FaultSpec[];
  /** Routes that exist only while a fault is active (e.g. a direct post create). */
  readonly extraRoutes?: readonly ExtraRoute[];
}

export interface ExtraRoute {
  readonly fault: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path without the format suffix, `{id}` placeholders allowed. */
  readonly path: string;
  /** The operation whose parameters the route takes. */
  readonly baseOp: OperationId;
  readonly handler: HandlerFactory;
}

/** The wire name of a parameter of `op`; throws (at start-up) if the model does not list it for this variant. */
export function param(op: ResolvedOperation, name: string): string {
  if (!op.params.some((p) => p.name === name)) throw new Error(`spec model: ${op.id} has no parameter ${name} in variant ${op.variant}`);
  return name;
}

/**
 * The wire name of a parameter that exists in one variant only: the name when `op`'s variant has it,
 * undefined otherwise. Throws if no variant of the operation lists it.
 */
export function variantParam(op: ResolvedOperation, name: string): string | undefined {
  if (!operation(op.id).params.some((p) => p.name === name)) throw new Error(`spec model: ${op.id} has no parameter ${name}`);
  return op.params.some((p) => p.name === name) ? name : undefined;
}

/** The variant's sort key parameter of a list operation (`search[order]` in A, `search[sort]` in B). */
export function sortKeyParam(op: ResolvedOperation): string {
  const p = op.params.find((x) => x.sortKey);
  if (!p) throw new Error(`spec model: ${op.id} has no sort key`);
  return p.name;
}

/** The values of a parameter's value set, from the model. */
export function valuesOf(op: ResolvedOperation, name: string): readonly string[] {
  const p = op.params.find((x) => x.name === name);
  if (!p?.values) throw new Error(`spec model: ${op.id} ${name} has no value set`);
  return p.values;
}
