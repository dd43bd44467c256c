/**
 * What the request stages learn of a request, kept on the request between fastify's hooks: the route's
 * operation, then the input, the caller, the path ids and the validated parameters. The handler's
 * context (`Ctx`) is made from it once every stage has run.
 */
import type { FastifyRequest } from 'fastify';
import type { ResolvedOperation } from '../../../specs/model/index.ts';
import type { User } from '../accounts.ts';
import type { ParamValues, RawInput } from '../params.ts';
import type { Format } from '../protocol.ts';
import type { Handler } from '../registry.ts';

/** An operation's route: the operation as the variant resolves it, the format of its path suffix, its handler. */
export interface OperationRoute {
  readonly op: ResolvedOperation;
  readonly format: Format;
  readonly handler: Handler;
}

export interface RequestState {
  readonly route: OperationRoute;
  /** The fields and files as read (stage 1). */
  input?: RawInput;
  /** The caller, null for anonymous (stage 2). */
  user?: User | null;
  /** The path ids (stage 5). */
  path?: Readonly<Record<string, number>>;
  /** The validated parameters (stage 5). */
  params?: ParamValues;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's stages so far; null on routes that are not operations (files, unknown paths). */
    operation: RequestState | null;
  }
}

/** The state of a request whose route is an operation's. */
export function stateOf(req: FastifyRequest): RequestState {
  if (!req.operation) throw new Error(`request stage out of order: ${req.method} ${req.url} has no operation`);
  return req.operation;
}

/** A stage's result, required by a later stage: a missing one is a wiring error of the pipeline. */
export function reached<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`request stage out of order: no ${what} yet`);
  return value;
}
