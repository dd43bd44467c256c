// Small helpers local to tranche-2 fault modules.
import type { ProxiedRequest, ProxiedResponse, FaultContext } from '../tranche-1/fault.ts';
import { fmt, relist, parseJson, jsonResponse, searchCopy } from '../tranche-1/util.ts';
export const is = (req: ProxiedRequest, method: string, re: RegExp) => req.method.toUpperCase() === method && re.test(req.path);
/** Re-issues a JSON list without `drop`, then filters the records. Only for .json requests. */
export async function filtered(req: ProxiedRequest, ctx: FaultContext, drop: string[], keep: (r: any) => boolean | Promise<boolean>): Promise<ProxiedResponse | undefined> {
  if (fmt(req) !== 'json') return undefined;
  const res = await relist(ctx, req, (q) => { for (const d of drop) q.delete(d); });
  const list = parseJson(res);
  if (res.status !== 200 || !Array.isArray(list)) return res;
  const out: any[] = [];
  for (const r of list) if (await keep(r)) out.push(r);
  return jsonResponse(out, 200, res);
}
export { searchCopy };
