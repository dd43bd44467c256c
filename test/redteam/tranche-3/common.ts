// Small helpers shared by the fault modules.
import type { FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { authOf, fmt, getParam, jsonResponse, parseJson, relist, route, writeRequest } from '../tranche-1/util.ts';

export function isGet(req: ProxiedRequest, root: string): boolean {
  return route(req, 'GET', root) !== null;
}

/** Splits a whitespace-delimited value into terms. */
export function terms(v: string | undefined): string[] {
  return (v ?? '').trim().split(/\s+/).filter(Boolean);
}

/** Re-issues a JSON list upstream with edited parameters and filters the result; undefined when not applicable. */
export async function relistFiltered(
  ctx: FaultContext,
  req: ProxiedRequest,
  res: ProxiedResponse,
  edit: (q: URLSearchParams) => void,
  keep: (row: any) => boolean,
): Promise<ProxiedResponse> {
  if (fmt(req) !== 'json' || res.status !== 200) return res;
  const up = await relist(ctx, req, edit);
  const rows = parseJson(up);
  if (up.status !== 200 || !Array.isArray(rows)) return res;
  return jsonResponse(rows.filter(keep), 200, res);
}

export function globToRegex(p: string): RegExp {
  const esc = p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp('^' + esc + '$', 'i');
}

export function sameName(a: unknown, b: string): boolean {
  return typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
}

export { authOf, getParam, writeRequest };
