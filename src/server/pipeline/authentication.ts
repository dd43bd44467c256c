/**
 * Stage 2, authentication: who the caller is (../auth.ts: HTTP Basic, `login` + `api_key` or legacy
 * `password_hash`, the session cookies), and whether an anonymous caller may go on: A serves anonymous
 * reads, B refuses every anonymous request, and no variant lets an anonymous caller change state.
 */
import type { FastifyRequest } from 'fastify';
import type { UserDirectory } from '../accounts.ts';
import { authenticate } from '../auth.ts';
import { ApiError } from '../protocol.ts';
import { denied, unauthorized } from '../refusals.ts';
import type { StageFaults } from './faults.ts';
import { reached, stateOf } from './state.ts';

export function authenticationStage(options: { readonly users: UserDirectory; readonly faults: StageFaults }) {
  const { users, faults } = options;
  return async function authentication(req: FastifyRequest): Promise<void> {
    const state = stateOf(req);
    const { op } = state.route;
    const fields = reached(state.input, 'input').fields;
    const query = (req.query ?? {}) as Record<string, unknown>;
    let user;
    try {
      user = authenticate(
        { authorization: req.headers.authorization, fieldSources: op.method === 'GET' ? [fields] : [fields, query], cookies: req.cookies ?? {} },
        users,
        op.method === 'DELETE' && op.resource !== 'dmails' ? faults.authOfDeletes : op.stateChanging ? faults.authOfWrites : faults.auth,
      );
    } catch (err) {
      if (faults.unauthorized && err instanceof ApiError) throw unauthorized(err.reason, state.route.op.variant === 'B');
      throw err;
    }
    if (user === null && op.stateChanging && faults.anonymousWrites) user = users.lowest() ?? null;
    if (user === null) {
      if (!faults.anonymousReads) {
        if (faults.unauthorized) throw unauthorized('log in', state.route.op.variant === 'B');
        throw denied('log in (login and api_key, HTTP Basic, or the session cookies)');
      }
      if (op.stateChanging) throw denied('state-changing requests need a logged-in user');
    }
    state.user = user;
  };
}
