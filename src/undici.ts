/**
 * The parts of undici conform uses (its Agent, the request API of a dispatcher, FormData), loaded from
 * undici's own modules rather than from its index. The index loads every part of undici as it is imported
 * (fetch, WebSocket, EventSource, caches, mocks, proxy agents): measured, 40-60 ms of CPU in each process
 * that sends requests (the command, its suites' process, a server that fetches sources, the proxy), for
 * parts conform never runs. The one other thing the index does is done here: it gives every dispatcher
 * the request API (`Object.assign(Dispatcher.prototype, api)`), which `Agent.request` is.
 *
 * Typed as undici's index types them. The module paths are undici's layout of its major version 7 (the
 * dependency's range); a layout that moved fails every test that sends a request.
 */
import type * as Undici from 'undici';
// @ts-expect-error undici declares types for its index only; typed below as the index exports them
import AgentModule from 'undici/lib/dispatcher/agent.js';
// @ts-expect-error as above
import DispatcherModule from 'undici/lib/dispatcher/dispatcher.js';
// @ts-expect-error as above
import api from 'undici/lib/api/index.js';
// @ts-expect-error as above
import formData from 'undici/lib/web/fetch/formdata.js';
// @ts-expect-error as above
import utilModule from 'undici/lib/core/util.js';

const Dispatcher = DispatcherModule as typeof Undici.Dispatcher;
if (typeof (Dispatcher.prototype as { request?: unknown }).request !== 'function') Object.assign(Dispatcher.prototype, api);

export const Agent = AgentModule as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const FormData = (formData as { FormData: typeof Undici.FormData }).FormData;
export type FormData = Undici.FormData;

/**
 * The `origin` and `path` of a dispatcher's request for an absolute URL, as undici's `request(url, …)`
 * makes them (only http and https).
 */
export function originAndPath(url: string | URL): { origin: string; path: string } {
  const u = typeof url === 'string' ? new URL(url) : url;
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError('Invalid URL protocol: the URL must start with `http:` or `https:`.');
  return { origin: u.origin, path: u.search ? `${u.pathname}${u.search}` : u.pathname };
}

/** A response's raw headers (name, value, ...) as undici's request API gives them: names in lower case, a repeated name's values in an array. */
export const parseHeaders = (utilModule as { parseHeaders: (raw: readonly (Buffer | string)[]) => Record<string, string | string[]> }).parseHeaders;
