// @ts-nocheck: frozen red-team code (see all.ts)
// Shared helpers for fault hooks and scenarios.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { accounts, Client, rand, randomPng, type Account, type Res } from '../tranche-5/kit.ts';
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';

export type Scenario = (baseUrl: string, variant: 'A' | 'B') => Promise<boolean>;
export type V = 'A' | 'B';
export { rand };

export const ACC = accounts();
export const who = (base: string, name = 'member', mode: 'params' | 'basic' = 'params') => new Client(base, ACC[name], mode);
export const anon = (base: string) => new Client(base);

// ------------------------------------------------------------------ request side

export function isForm(req: ProxiedRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
export function isMultipart(req: ProxiedRequest): boolean {
  return (req.headers['content-type'] ?? '').startsWith('multipart/form-data');
}
/** Parameters of a request: the query for GET, the url-encoded body otherwise. */
export function params(req: ProxiedRequest): URLSearchParams {
  if (req.method.toUpperCase() === 'GET') return req.query;
  if (isForm(req)) return new URLSearchParams(req.body.toString('utf8'));
  return new URLSearchParams();
}
/** A copy of the request with its parameters changed by fn. */
export function withParams(req: ProxiedRequest, fn: (p: URLSearchParams) => void): ProxiedRequest {
  if (req.method.toUpperCase() === 'GET') {
    const q = new URLSearchParams(req.query.toString());
    fn(q);
    return { ...req, query: q };
  }
  const b = new URLSearchParams(req.body.toString('utf8'));
  fn(b);
  return { ...req, body: Buffer.from(b.toString(), 'utf8') };
}
export function is(req: ProxiedRequest, method: string, re: RegExp): boolean {
  return req.method.toUpperCase() === method && re.test(req.path);
}
/** The credentials of a request (query, body, headers), for look-ups made by a hook on the caller's behalf. */
export function creds(req: ProxiedRequest): { q: [string, string][]; h: Record<string, string> } {
  const p = params(req);
  const q: [string, string][] = [];
  for (const k of ['login', 'api_key', 'password_hash']) {
    const v = p.get(k) ?? req.query.get(k);
    if (v !== null) q.push([k, v]);
  }
  const h: Record<string, string> = {};
  if (req.headers['authorization']) h['authorization'] = req.headers['authorization'];
  if (req.headers['cookie']) h['cookie'] = req.headers['cookie'];
  return { q, h };
}
/** Sends a GET upstream with the caller's credentials. */
export async function upGet(ctx: FaultContext, req: ProxiedRequest, path: string, extra: Record<string, string> = {}): Promise<any> {
  const c = creds(req);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(extra)) q.set(k, v);
  for (const [k, v] of c.q) q.set(k, v);
  const r = await ctx.upstream({ method: 'GET', path, query: q, headers: { ...c.h }, body: Buffer.alloc(0) });
  try {
    return JSON.parse(r.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
/** Sends a form request upstream with the caller's credentials. */
export async function upSend(ctx: FaultContext, req: ProxiedRequest, method: string, path: string, body: Record<string, string>): Promise<ProxiedResponse> {
  const c = creds(req);
  const b = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) b.set(k, v);
  for (const [k, v] of c.q) b.set(k, v);
  return ctx.upstream({
    method,
    path,
    query: new URLSearchParams(),
    headers: { ...c.h, 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(b.toString(), 'utf8'),
  });
}
/** Replaces text inside a multipart body (byte-preserving). */
export function mpReplace(req: ProxiedRequest, from: string | RegExp, to: string): ProxiedRequest {
  const s = req.body.toString('latin1').replace(from as any, to);
  return { ...req, body: Buffer.from(s, 'latin1') };
}
/** The value of a simple multipart text field. */
export function mpField(req: ProxiedRequest, name: string): string | undefined {
  const s = req.body.toString('latin1');
  const i = s.indexOf(`name="${name}"`);
  if (i < 0) return undefined;
  const j = s.indexOf('\r\n\r\n', i);
  const k = s.indexOf('\r\n--', j + 4);
  return Buffer.from(s.slice(j + 4, k), 'latin1').toString('utf8');
}

// ------------------------------------------------------------------ response side

export function isJson(res: ProxiedResponse): boolean {
  return (res.headers['content-type'] ?? '').includes('json');
}
export function readJson(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
export function jsonRes(res: ProxiedResponse, obj: unknown, status = res.status): ProxiedResponse {
  const headers = { ...res.headers, 'content-type': 'application/json; charset=utf-8' };
  return { status, headers, body: Buffer.from(JSON.stringify(obj), 'utf8') };
}
export function envelope(status: number, success: boolean, reason: string, extra: Record<string, unknown> = {}): ProxiedResponse {
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ success, reason, ...extra }), 'utf8'),
  };
}
export function xmlEnvelope(status: number, success: boolean, reason: string): ProxiedResponse {
  return {
    status,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response success="${success}" reason="${reason}"/>`, 'utf8'),
  };
}
/** onResponse helper: transform a JSON array answer (successful ones only). */
export function mapList(res: ProxiedResponse, fn: (list: any[]) => any[]): ProxiedResponse {
  if (res.status !== 200 || !isJson(res)) return res;
  const j = readJson(res);
  if (!Array.isArray(j)) return res;
  return jsonRes(res, fn(j));
}
export function mapObj(res: ProxiedResponse, fn: (o: any) => any): ProxiedResponse {
  if (res.status !== 200 || !isJson(res)) return res;
  const j = readJson(res);
  if (!j || typeof j !== 'object' || Array.isArray(j)) return res;
  return jsonRes(res, fn(j));
}
/** A simple wildcard match like the service's *_matches parameters (case-insensitive, * wildcard, else substring). */
export function wild(pattern: string, value: string): boolean {
  const p = pattern.toLowerCase();
  const v = (value ?? '').toLowerCase();
  if (!p.includes('*')) return v.includes(p);
  const re = new RegExp('^' + p.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  return re.test(v);
}

// ------------------------------------------------------------------ scenario side

export const ids = (r: Res): number[] => (Array.isArray(r.json) ? r.json.map((x: any) => x.id) : []);
export const sortKey = (v: V) => (v === 'A' ? 'search[order]' : 'search[sort]');
export const ratingLetter = (v: V, word: 'safe' | 'questionable' | 'explicit') => (v === 'A' ? word[0] : word);
export const ok = (r: Res) => r.status >= 200 && r.status < 300 && (r.json === undefined || r.json?.success !== false);
/** True when a list is ordered by key, in either direction. */
export function monotonic(xs: string[]): boolean {
  const asc = xs.every((x, i) => i === 0 || xs[i - 1].localeCompare(x) <= 0);
  const desc = xs.every((x, i) => i === 0 || xs[i - 1].localeCompare(x) >= 0);
  return asc || desc;
}
export function monotonicNum(xs: number[]): boolean {
  const asc = xs.every((x, i) => i === 0 || xs[i - 1] <= x);
  const desc = xs.every((x, i) => i === 0 || xs[i - 1] >= x);
  return asc || desc;
}
const uidCache: Record<string, number> = {};
export async function userId(base: string, name: string): Promise<number> {
  const key = base + ' ' + name;
  if (uidCache[key]) return uidCache[key];
  const r = await who(base, 'admin').get('/users.json', { 'search[name]': ACC[name].name });
  const u = (r.json ?? []).find((x: any) => x.name === ACC[name].name);
  if (!u) throw new Error('no user ' + name + ' ' + r.text);
  uidCache[key] = u.id;
  return u.id;
}
export function must(r: Res, what: string): any {
  if (r.status !== 200 || r.json?.success === false) throw new Error(`${what} failed: ${r.status} ${r.text.slice(0, 200)}`);
  return r.json;
}
/** A small local HTTP server serving fresh PNGs, for source downloads. */
export async function pngServer(): Promise<{ url: string; close(): Promise<void> }> {
  const srv = http.createServer((_q, r) => {
    r.writeHead(200, { 'content-type': 'image/png' });
    r.end(randomPng());
  });
  await new Promise<void>((res) => srv.listen(0, '127.0.0.1', res));
  const port = (srv.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((res) => { srv.close(() => res()); srv.closeAllConnections?.(); }) };
}
export type { Fault, Account };

// ------------------------------------------------------------------ hook builders

/** A fault that drops (or rewrites) one parameter when the request matches. */
export function dropParam(
  method: string,
  re: RegExp,
  name: string,
  when: (p: URLSearchParams) => boolean = () => true,
): Pick<Fault, 'onRequest'> {
  return {
    onRequest(req) {
      if (!is(req, method, re)) return req;
      const p = params(req);
      if (!p.has(name) || !when(p)) return req;
      return withParams(req, (q) => q.delete(name));
    },
  };
}
export function rewriteParams(method: string, re: RegExp, when: (p: URLSearchParams) => boolean, fn: (p: URLSearchParams) => void): Pick<Fault, 'onRequest'> {
  return {
    onRequest(req) {
      if (!is(req, method, re)) return req;
      const p = params(req);
      if (!when(p)) return req;
      return withParams(req, fn);
    },
  };
}
