// @ts-nocheck: frozen red-team code (see all.ts)
// Shared helpers for fault hooks and scenarios.
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { Client, accounts, rand, type Account, type Res } from '../tranche-5/kit.ts';

export type V = 'A' | 'B';
export type Scenario = (baseUrl: string, variant: V) => Promise<boolean>;
export { rand };
export const ACC = accounts();

// ---------------------------------------------------------------- request matching

/** Matches method and a path regex applied to the path without the format suffix. */
export function on(req: ProxiedRequest, method: string, re: RegExp): RegExpExecArray | null {
  if (req.method.toUpperCase() !== method) return null;
  const m = /^(.*)\.(json|xml)$/.exec(req.path);
  if (!m) return null;
  return re.exec(m[1]);
}
export function fmt(req: ProxiedRequest): 'json' | 'xml' | '' {
  const m = /\.(json|xml)$/.exec(req.path);
  return (m?.[1] as 'json' | 'xml') ?? '';
}

/** Parameters of the request: query for GET, form body otherwise (urlencoded only). */
export function params(req: ProxiedRequest): URLSearchParams {
  if (req.method.toUpperCase() === 'GET') return new URLSearchParams(req.query);
  const ct = req.headers['content-type'] ?? '';
  if (ct.includes('multipart/')) return multipartFields(req);
  return new URLSearchParams(req.body.toString('utf8'));
}
export function withParams(req: ProxiedRequest, p: URLSearchParams): ProxiedRequest {
  if (req.method.toUpperCase() === 'GET') return { ...req, query: p };
  return { ...req, body: Buffer.from(p.toString(), 'utf8') };
}
export function mapParams(req: ProxiedRequest, f: (p: URLSearchParams) => void): ProxiedRequest {
  const p = params(req);
  f(p);
  return withParams(req, p);
}

// ---------------------------------------------------------------- multipart (uploads)

function boundary(req: ProxiedRequest): string {
  return /boundary=(?:"([^"]+)"|([^;]+))/.exec(req.headers['content-type'] ?? '')!.slice(1).find(Boolean)!;
}
function parts(req: ProxiedRequest): string[] {
  const b = '--' + boundary(req);
  const s = req.body.toString('latin1');
  return s.split(b).slice(1, -1);
}
export function multipartFields(req: ProxiedRequest): URLSearchParams {
  const out = new URLSearchParams();
  for (const p of parts(req)) {
    const m = /name="([^"]+)"(?!; filename)[^]*?\r\n\r\n([^]*)\r\n$/.exec(p);
    if (m && !/filename=/.test(p.split('\r\n\r\n')[0])) out.append(m[1], Buffer.from(m[2], 'latin1').toString('utf8'));
  }
  return out;
}
/** Replaces (or with value null removes) a text field of a multipart body. */
export function setMultipart(req: ProxiedRequest, name: string, value: string | null): ProxiedRequest {
  const b = '--' + boundary(req);
  const s = req.body.toString('latin1');
  const ps = s.split(b);
  let found = false;
  for (let i = 1; i < ps.length - 1; i++) {
    const head = ps[i].split('\r\n\r\n')[0];
    if (head.includes(`name="${name}"`) && !head.includes('filename=')) {
      found = true;
      ps[i] = value === null ? '' : `${head}\r\n\r\n${Buffer.from(value, 'utf8').toString('latin1')}\r\n`;
    }
  }
  if (!found && value !== null) {
    ps.splice(ps.length - 1, 0, `\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${Buffer.from(value, 'utf8').toString('latin1')}\r\n`);
  }
  const joined = ps.filter((x, i) => i === 0 || i === ps.length - 1 || x !== '').join(b);
  return { ...req, body: Buffer.from(joined, 'latin1') };
}

// ---------------------------------------------------------------- responses

export function jsonOf(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
export function jsonRes(status: number, body: unknown, base?: ProxiedResponse): ProxiedResponse {
  return {
    status,
    headers: { ...(base?.headers ?? {}), 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  };
}
export function textRes(status: number, body: string, ct: string, base?: ProxiedResponse): ProxiedResponse {
  return { status, headers: { ...(base?.headers ?? {}), 'content-type': ct }, body: Buffer.from(body, 'utf8') };
}
export function mapList(res: ProxiedResponse, f: (l: any[]) => any[]): ProxiedResponse {
  const j = jsonOf(res);
  if (res.status !== 200 || !Array.isArray(j)) return res;
  return jsonRes(200, f(j), res);
}

/** Issues a JSON request upstream with the caller's credentials (or a given account). */
export async function up(
  ctx: FaultContext,
  like: ProxiedRequest,
  method: string,
  path: string,
  p: Record<string, string | number> = {},
  as?: Account,
): Promise<{ status: number; json: any; res: ProxiedResponse }> {
  const q = new URLSearchParams();
  const headers: Record<string, string> = {};
  if (as) {
    q.set('login', as.name);
    q.set('api_key', as.api_key);
  } else {
    const orig = params(like);
    for (const k of ['login', 'api_key', 'password_hash']) if (orig.get(k) !== null) q.set(k, orig.get(k)!);
    const lq = like.query;
    for (const k of ['login', 'api_key', 'password_hash']) if (lq.get(k) !== null && !q.has(k)) q.set(k, lq.get(k)!);
    if (like.headers['authorization']) headers['authorization'] = like.headers['authorization'];
    if (like.headers['cookie']) headers['cookie'] = like.headers['cookie'];
  }
  for (const [k, v] of Object.entries(p)) q.set(k, String(v));
  const isGet = method === 'GET';
  const req: ProxiedRequest = {
    method,
    path,
    query: isGet ? q : new URLSearchParams(),
    headers: isGet ? headers : { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: isGet ? Buffer.alloc(0) : Buffer.from(q.toString(), 'utf8'),
  };
  const res = await ctx.upstream(req);
  return { status: res.status, json: jsonOf(res), res };
}

// ---------------------------------------------------------------- fault factories

type Meta = Pick<Fault, 'id' | 'variants' | 'family' | 'quote' | 'description' | 'kind'>;

/** Rewrites the parameters of matching requests. */
export function rewrite(
  meta: Meta,
  method: string,
  re: RegExp,
  when: (p: URLSearchParams, req: ProxiedRequest) => boolean,
  change: (p: URLSearchParams, req: ProxiedRequest) => void,
): Fault {
  return {
    ...meta,
    onRequest(req) {
      if (!on(req, method, re)) return req;
      const p = params(req);
      if (!when(p, req)) return req;
      change(p, req);
      return withParams(req, p);
    },
  };
}
/** Drops the named parameters in the given situation. */
export function drop(meta: Meta, method: string, re: RegExp, when: (p: URLSearchParams) => boolean, names: string[]): Fault {
  return rewrite(meta, method, re, when, (p) => names.forEach((n) => p.delete(n)));
}
export const has = (p: URLSearchParams, ...names: string[]) => names.every((n) => (p.get(n) ?? '') !== '');

// ---------------------------------------------------------------- scenario helpers

export function cl(base: string, who: keyof typeof ACC | Account = 'member', mode: 'params' | 'basic' = 'params'): Client {
  return new Client(base, typeof who === 'string' ? ACC[who] : who, mode);
}
export function ids(r: Res): number[] {
  if (r.status !== 200 || !Array.isArray(r.json)) throw new Error(`list failed: ${r.status} ${r.text.slice(0, 200)}`);
  return r.json.map((x: any) => x.id);
}
export async function listIds(c: Client, path: string, p: Record<string, string | number>): Promise<number[]> {
  return ids(await c.get(path, { limit: 100, ...p }));
}
export async function postIds(c: Client, tags: string, extra: Record<string, string | number> = {}): Promise<number[]> {
  return ids(await c.get('/posts.json', { tags, limit: 100, ...extra }));
}
export function ok(r: Res, what = ''): any {
  if (r.status !== 200 || r.json?.success === false) throw new Error(`${what} failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r.json;
}
export async function created(r: Promise<Res>, what = ''): Promise<number> {
  const j = ok(await r, what);
  if (typeof j?.id !== 'number') throw new Error(`${what}: no id`);
  return j.id;
}
export async function show(c: Client, path: string): Promise<any> {
  const r = await c.get(path);
  if (r.status !== 200) throw new Error(`show ${path}: ${r.status} ${r.text.slice(0, 200)}`);
  return r.json;
}
/** A key for sort parameters: A uses search[order], B uses search[sort]. */
export const sortKey = (v: V) => (v === 'A' ? 'search[order]' : 'search[sort]');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
