// Small helpers for the fault modules of tranche 4 (built on util.ts).
import type { FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { authOf, envelope, fmt, getRequest, jsonResponse, parseJson, relist, writeRequest } from '../tranche-1/util.ts';

/** A copy of the request with its query edited. */
export function withQuery(req: ProxiedRequest, edit: (q: URLSearchParams) => void): ProxiedRequest {
  const q = new URLSearchParams(req.query);
  edit(q);
  return { ...req, query: q };
}

export function isJson(req: ProxiedRequest): boolean {
  return fmt(req) === 'json';
}

/** Re-issues a JSON list upstream with an edited query and keeps only the records `keep` accepts. */
export async function filteredList(
  ctx: FaultContext,
  req: ProxiedRequest,
  edit: (q: URLSearchParams) => void,
  keep: (r: any) => boolean | Promise<boolean>,
): Promise<ProxiedResponse> {
  const res = await relist(ctx, req, edit);
  const arr = parseJson(res);
  if (res.status !== 200 || !Array.isArray(arr)) return res;
  const out: any[] = [];
  for (const r of arr) if (await keep(r)) out.push(r);
  return jsonResponse(out, 200, res);
}

/** GET a JSON record upstream with the caller's credentials. */
export async function fetchJson(ctx: FaultContext, like: ProxiedRequest, path: string, query: Record<string, string> = {}): Promise<any> {
  const res = await ctx.upstream(getRequest(authOf(like), path, query));
  return res.status === 200 ? parseJson(res) : undefined;
}

/** A form write upstream with the caller's credentials. */
export function writeAs(ctx: FaultContext, like: ProxiedRequest, method: string, path: string, form: Record<string, string>): Promise<ProxiedResponse> {
  return ctx.upstream(writeRequest(authOf(like), method, path, form));
}

export function ok(res: ProxiedResponse): boolean {
  return res.status >= 200 && res.status < 300;
}

export function fail(req: ProxiedRequest, status: number, reason: string): ProxiedResponse {
  return envelope(req, status, false, reason);
}
