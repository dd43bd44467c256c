// @ts-nocheck: frozen red-team code (see all.ts)
// Shared helpers: hook building blocks (for faults) and scenario helpers (for checks).
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { Client, accounts, rand, type Account, type Res } from '../tranche-5/kit.ts';

export type Scenario = (baseUrl: string, variant: 'A' | 'B') => Promise<boolean>;
export type V = 'A' | 'B';

// ------------------------------------------------------------------ hook side

export const ACC = accounts();

/** The method matches and the path (without query) matches the pattern. */
export function is(req: ProxiedRequest, method: string, re: RegExp): boolean {
  return req.method.toUpperCase() === method && re.test(req.path);
}

export function isForm(req: ProxiedRequest): boolean {
  return (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
}

export function form(req: ProxiedRequest): URLSearchParams {
  return new URLSearchParams(isForm(req) ? req.body.toString('utf8') : '');
}

export function withForm(req: ProxiedRequest, f: URLSearchParams): ProxiedRequest {
  return { ...req, body: Buffer.from(f.toString(), 'utf8') };
}

export function withQuery(req: ProxiedRequest, q: URLSearchParams): ProxiedRequest {
  return { ...req, query: q };
}

export function copyQ(req: ProxiedRequest): URLSearchParams {
  return new URLSearchParams(req.query.toString());
}

/** All parameters of the request: query plus form body. */
export function params(req: ProxiedRequest): URLSearchParams {
  const p = copyQ(req);
  for (const [k, v] of form(req)) p.append(k, v);
  return p;
}

export function json(res: ProxiedResponse): any {
  return JSON.parse(res.body.toString('utf8'));
}

export function withJson(res: ProxiedResponse, obj: unknown, status = res.status): ProxiedResponse {
  const headers = { ...res.headers, 'content-type': 'application/json; charset=utf-8' };
  return { status, headers, body: Buffer.from(JSON.stringify(obj), 'utf8') };
}

export function reply(status: number, obj: unknown): ProxiedResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(obj), 'utf8') };
}

export function envelope(status: number, success: boolean, reason: string, xml = false): ProxiedResponse {
  if (xml) {
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return {
      status,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response success="${success}" reason="${esc(reason)}"/>`),
    };
  }
  return reply(status, { success, reason });
}

/** Credentials carried by a request (query, form body or Basic header). */
export function creds(req: ProxiedRequest): { q: [string, string][]; headers: Record<string, string> } {
  const p = params(req);
  const q: [string, string][] = [];
  for (const k of ['login', 'api_key', 'password_hash']) {
    const v = p.get(k);
    if (v !== null) q.push([k, v]);
  }
  const headers: Record<string, string> = {};
  if (req.headers['authorization']) headers['authorization'] = req.headers['authorization'];
  if (req.headers['cookie']) headers['cookie'] = req.headers['cookie'];
  return { q, headers };
}

/** The user name a request authenticates as (params or Basic), if any. */
export function loginOf(req: ProxiedRequest): string | undefined {
  const p = params(req);
  if (p.get('login')) return p.get('login')!;
  const a = req.headers['authorization'];
  if (a && /^basic /i.test(a)) return Buffer.from(a.slice(6), 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/** GET on the upstream with the caller's credentials. */
export async function upGet(ctx: FaultContext, req: ProxiedRequest, path: string, p: Record<string, string | number> = {}): Promise<any> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) q.set(k, String(v));
  const c = creds(req);
  for (const [k, v] of c.q) q.set(k, v);
  const res = await ctx.upstream({ method: 'GET', path, query: q, headers: { ...c.headers }, body: Buffer.alloc(0) });
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** GET on the upstream as a given fixture account. */
export async function upGetAs(ctx: FaultContext, acc: Account, path: string, p: Record<string, string | number> = {}): Promise<ProxiedResponse> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) q.set(k, String(v));
  q.set('login', acc.name);
  q.set('api_key', acc.api_key);
  return ctx.upstream({ method: 'GET', path, query: q, headers: {}, body: Buffer.alloc(0) });
}

/** A form request (PUT/POST/DELETE) on the upstream with the caller's credentials. */
export async function upSend(ctx: FaultContext, req: ProxiedRequest, method: string, path: string, p: Record<string, string | number>): Promise<ProxiedResponse> {
  const f = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) f.set(k, String(v));
  const c = creds(req);
  for (const [k, v] of c.q) f.set(k, v);
  return ctx.upstream({
    method,
    path,
    query: new URLSearchParams(),
    headers: { ...c.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(f.toString()),
  });
}

/** Rewrites query parameters of one GET path when `when` holds. */
export function queryFault(path: RegExp, when: (q: URLSearchParams) => boolean, mutate: (q: URLSearchParams) => void) {
  return (req: ProxiedRequest): ProxiedRequest => {
    if (!is(req, 'GET', path) || !when(req.query)) return req;
    const q = copyQ(req);
    mutate(q);
    return withQuery(req, q);
  };
}

/** Rewrites form parameters of one method+path when `when` holds. */
export function formFault(method: string, path: RegExp, when: (f: URLSearchParams) => boolean, mutate: (f: URLSearchParams) => void) {
  return (req: ProxiedRequest): ProxiedRequest => {
    if (!is(req, method, path) || !isForm(req)) return req;
    const f = form(req);
    if (!when(f)) return req;
    mutate(f);
    return withForm(req, f);
  };
}

/** Replaces a JSON list answer of one GET path when `when` holds. */
export function listFault(
  path: RegExp,
  when: (q: URLSearchParams) => boolean,
  f: (list: any[], req: ProxiedRequest, ctx: FaultContext) => any[] | Promise<any[]>,
) {
  return async (req: ProxiedRequest, res: ProxiedResponse, ctx: FaultContext): Promise<ProxiedResponse> => {
    if (!is(req, 'GET', path) || !when(req.query) || res.status !== 200) return res;
    const list = json(res);
    if (!Array.isArray(list)) return res;
    return withJson(res, await f(list, req, ctx));
  };
}

// multipart bodies (uploads): operate on the latin1 view so binary parts are kept byte for byte
export function mpBoundary(req: ProxiedRequest): string | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] ?? '');
  return m ? (m[1] ?? m[2]).trim() : undefined;
}

export function mpParts(req: ProxiedRequest): { name: string; raw: string }[] {
  const b = mpBoundary(req);
  if (!b) return [];
  const s = req.body.toString('latin1');
  const out: { name: string; raw: string }[] = [];
  for (const seg of s.split('--' + b)) {
    const m = /name="([^"]*)"/.exec(seg);
    if (m) out.push({ name: m[1], raw: seg });
  }
  return out;
}

export function mpValue(req: ProxiedRequest, name: string): string | undefined {
  const p = mpParts(req).find((x) => x.name === name);
  if (!p) return undefined;
  const i = p.raw.indexOf('\r\n\r\n');
  return Buffer.from(p.raw.slice(i + 4).replace(/\r\n$/, ''), 'latin1').toString('utf8');
}

export function mpRewrite(req: ProxiedRequest, name: string, value: string | null): ProxiedRequest {
  const b = mpBoundary(req);
  if (!b) return req;
  const s = req.body.toString('latin1');
  const segs = s.split('--' + b);
  const out: string[] = [];
  for (const seg of segs) {
    const m = /name="([^"]*)"/.exec(seg);
    if (m && m[1] === name) {
      if (value === null) continue;
      const i = seg.indexOf('\r\n\r\n');
      out.push(seg.slice(0, i + 4) + Buffer.from(value, 'utf8').toString('latin1') + '\r\n');
      continue;
    }
    out.push(seg);
  }
  return { ...req, body: Buffer.from(out.join('--' + b), 'latin1') };
}

export function F(f: Fault): Fault {
  return f;
}

// ------------------------------------------------------------------ scenario side

export { rand };
export const R = (): string => rand() + rand().slice(0, 3);

export function cl(base: string, who: string = 'member', mode: 'params' | 'basic' = 'params'): Client {
  return new Client(base, ACC[who], mode);
}

export function anon(base: string): Client {
  return new Client(base);
}

export function ids(r: Res): number[] {
  if (!Array.isArray(r.json)) throw new Error(`not a list: ${r.status} ${r.text.slice(0, 200)}`);
  return r.json.map((o: any) => o.id);
}

export function sameSet(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export function ok(r: Res, what = 'request'): Res {
  if (r.status !== 200) throw new Error(`${what} failed: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

export function idOf(r: Res, what = 'create'): number {
  ok(r, what);
  const id = r.json?.id;
  if (typeof id !== 'number') throw new Error(`${what}: no id in ${r.text.slice(0, 200)}`);
  return id;
}

const uidCache = new Map<string, number>();
export async function uid(base: string, who: string): Promise<number> {
  const key = base + ' ' + who;
  if (uidCache.has(key)) return uidCache.get(key)!;
  const r = ok(await cl(base).get('/users.json', { 'search[name]': ACC[who].name }), 'user lookup');
  const id = r.json.find((u: any) => u.name === ACC[who].name)?.id;
  if (typeof id !== 'number') throw new Error('no user ' + who);
  uidCache.set(key, id);
  return id;
}

/** A post rating value in the update vocabulary of a variant. */
export function rating(v: V, word: 'safe' | 'questionable' | 'explicit'): string {
  return v === 'A' ? word[0] : word;
}

export function isRating(value: unknown, word: 'safe' | 'questionable' | 'explicit'): boolean {
  return value === word || value === word[0];
}

export async function getPost(base: string, id: number): Promise<any> {
  return ok(await cl(base).get(`/posts/${id}.json`), 'post show').json;
}

export function sortedBy<T>(xs: T[], key: (x: T) => string | number): boolean {
  const asc = xs.every((x, i) => i === 0 || key(xs[i - 1]) <= key(x));
  const desc = xs.every((x, i) => i === 0 || key(xs[i - 1]) >= key(x));
  return asc || desc;
}
