/**
 * The pipeline of every operation's route, as fastify lifecycle hooks, one stage a file:
 *
 *   preValidation  1 input (./input.ts) -> 2 authentication (./authentication.ts)
 *   preHandler     3 quota (./quota.ts) -> 4 levels (./levels.ts) -> 5 parameters (./parameters.ts)
 *   handler        the operation's handler on the validated context, and the body in the requested format
 *
 * Body parsing (form, JSON; multipart is read by the input stage) runs before the first stage. A
 * refusal thrown by any stage or handler is answered in one place, the error handler below; the
 * protocol faults that alter the stages are read once (./faults.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Method, ResolvedOperation } from '../../../specs/model/index.ts';
import type { Format, Outcome, Rendered, RenderStyle } from '../protocol.ts';
import { ApiError, formatOfUrl, renderEnvelope, renderList, renderRecord } from '../protocol.ts';
import type { QuotaTracker } from '../quota.ts';
import type { Ctx, ServerEnv } from '../registry.ts';
import { STATUS } from '../refusals.ts';
import type { WriteThrottle } from '../variations.ts';
import { authenticationStage } from './authentication.ts';
import { stageFaults } from './faults.ts';
import { inputStage } from './input.ts';
import { levelsStage } from './levels.ts';
import { parametersStage } from './parameters.ts';
import { quotaStage } from './quota.ts';
import type { OperationRoute } from './state.ts';
import { reached, stateOf } from './state.ts';

export type { OperationRoute } from './state.ts';

export interface PipelineOptions {
  readonly env: ServerEnv;
  readonly quota: QuotaTracker;
  readonly writes: WriteThrottle;
}

/** A Host header that is a host name, IPv4 or bracketed IPv6 address, with an optional port. */
const HOST_RE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export interface Pipeline {
  /** Serves an operation on `method url` (the first registration of a method and URL wins). */
  route(method: Method, url: string, route: OperationRoute): void;
  /** Answers `method url` 404 with `reason`, whatever the request carries. */
  notServed(method: Method, url: string, format: Format, reason: string): void;
}

/** Installs the pipeline on `app` (request state, error and not-found answers); routes are added through the result. */
export function operationPipeline(app: FastifyInstance, options: PipelineOptions): Pipeline {
  const { env, quota, writes } = options;
  const faults = stageFaults(env.faults, env.variations, env.variant);
  app.decorateRequest('operation', null);

  const preValidation = [
    inputStage({ maxUploadBytes: env.maxUploadBytes, faults }),
    authenticationStage({ users: env.users, faults }),
  ];
  const preHandler = [
    quotaStage({ quota, writes, variations: env.variations, faults }),
    levelsStage({ variations: env.variations }),
    parametersStage({ faults: env.faults, variations: env.variations }),
  ];

  const send = (reply: FastifyReply, r: Rendered) =>
    r.status === 204 ? reply.code(204).send() : reply.code(r.status).header('content-type', r.contentType).send(r.body);
  const error = (reply: FastifyReply, format: Format, status: number, reason: string) =>
    send(reply, renderEnvelope(format, status, { success: false, reason }, env.faults));

  // The variation times-eastern writes times as the service family does: US Eastern time with its offset,
  // in B without fractions of a second (INT-time-format).
  const style: RenderStyle = {
    dasherize: env.variations.active('dasherized-xml'),
    times: !env.variations.active('times-eastern') ? 'utc' : env.variant === 'B' ? 'eastern-seconds' : 'eastern',
  };

  /** The fault family empty-on:<op>:<param>: a list answered with no record whenever that parameter is given. */
  const selectNothing = (op: ResolvedOperation, params: Ctx['params'], o: Outcome): Outcome =>
    o.kind === 'list' && env.faults.list.length > 0 && op.params.some((p) => env.faults.active(`empty-on:${op.id}:${p.name}`) && params.has(p.name)) ? { ...o, records: [] } : o;

  const render = (op: ResolvedOperation, format: Format, o: Outcome): Rendered => {
    switch (o.kind) {
      case 'record':
        return renderRecord(format, o.element, o.record, env.faults, style);
      case 'list':
        return renderList(format, o.root, o.element, o.records, env.faults, style);
      case 'envelope': {
        if (op.stateChanging && faults.noContent) return { status: 204, contentType: '', body: '' };
        // The variation created-201 answers a create 201 Created, as the service family's respond_with does (INT-status-table).
        const status = op.kind === 'create' && env.variations.active('created-201') ? 201 : 200;
        // The variation bare-envelope answers exactly what section 7 shows: success and reason, no id.
        if (env.variations.active('bare-envelope')) return renderEnvelope(format, status, { success: true, reason: o.reason ?? '' }, env.faults);
        return renderEnvelope(format, status, { success: true, reason: o.reason ?? '', id: o.id, extra: o.extra }, env.faults);
      }
    }
  };

  /** Where the client reached the server: its Host header when it is a plain host[:port], else the listening address. */
  const originOf = (req: FastifyRequest): string => {
    const host = req.headers.host;
    if (host !== undefined && HOST_RE.test(host)) return `${req.protocol}://${host}`;
    const a = app.server.address();
    if (a && typeof a === 'object') return `${req.protocol}://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}`;
    return `${req.protocol}://localhost`;
  };

  app.setNotFoundHandler((req, reply) => error(reply, formatOfUrl(req.url), STATUS.notFound, `not found: ${req.method} ${req.url.split('?', 1)[0]}`));

  app.setErrorHandler((err, req, reply) => {
    const state = req.operation;
    const format = state?.route.format ?? formatOfUrl(req.url);
    if (err instanceof ApiError) {
      // The refusal faults act on the refusals of operations only (not on those of the file routes).
      const status =
        state !== null && err.status === STATUS.invalidParameters ? faults.invalidParametersStatus
        : state !== null && err.status === STATUS.alreadyExists && faults.alreadyExistsConflict ? 409
        : err.status;
      if (status === STATUS.notFound && faults.unknownIdAnswered && state?.route.op.params.some((x) => x.location === 'path')) {
        return send(reply, renderRecord(format, 'record', {}, env.faults));
      }
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      if (err.plainText !== undefined) return reply.code(status).header('content-type', 'text/plain; charset=utf-8').send(err.plainText);
      return error(reply, format, status, err.reason);
    }
    const status = (err as { statusCode?: number }).statusCode;
    // Errors of fastify's own stages before the pipeline (body parsing, sizes, content types) are invalid input.
    if (state === null && status !== undefined && status >= 400 && status < 500) {
      return error(reply, format, STATUS.invalidParameters, `invalid request: ${(err as Error).message}`);
    }
    req.log.error(err);
    return error(reply, format, STATUS.serverError, 'internal server error');
  });

  const registered = new Set<string>();
  const once = (method: Method, url: string): boolean => {
    const key = `${method} ${url}`;
    if (registered.has(key)) return false;
    registered.add(key);
    return true;
  };

  return {
    route(method, url, route) {
      if (!once(method, url)) return;
      const { op, format } = route;
      app.route({
        method,
        url,
        preValidation: [
          async function begin(req: FastifyRequest) {
            req.operation = { route };
          },
          ...preValidation,
        ],
        preHandler,
        handler: async (req, reply) => {
          const state = stateOf(req);
          const ctx: Ctx = {
            op,
            format,
            params: reached(state.params, 'parameters'),
            path: reached(state.path, 'path ids'),
            user: reached(state.user, 'caller'),
            env,
            raw: reached(state.input, 'input'),
            origin: originOf(req),
          };
          return send(reply, render(op, format, selectNothing(op, ctx.params, await route.handler(ctx))));
        },
      });
    },
    notServed(method, url, format, reason) {
      if (!once(method, url)) return;
      app.route({ method, url, handler: (_req, reply) => error(reply, format, STATUS.notFound, reason) });
    },
  };
}
