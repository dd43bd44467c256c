// @ts-nocheck: frozen red-team code (see all.ts)
// Helpers shared by the fault modules and verify.ts (written by this red team).
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { Client, accounts, rand, type Account } from './kit.ts';

export type V = 'A' | 'B';
/** A scenario: runs against `base` and returns true when the faulty behaviour is seen. */
export type Scn = (base: string, v: V) => Promise<boolean>;
export interface Entry {
  fault: Fault;
  scn: Scn;
}

export const acc = accounts();
export { rand };

// ------------------------------------------------------------------ request side

/** Matches method and path (path regex is applied to the path without query). */
export function route(req: ProxiedRequest, method: string, re: RegExp): RegExpExecArray | null {
  if (req.method.toUpperCase() !== method) return null;
  return re.exec(req.path);
}

export function isMultipart(req: ProxiedRequest): boolean {
  return (req.headers['content-type'] || '').includes('multipart/form-data');
}

/** The parameters of a request: query for GET, form body otherwise (multipart is not handled here). */
export function params(req: ProxiedRequest): URLSearchParams {
  if (req.method.toUpperCase() === 'GET') return req.query;
  if (isMultipart(req)) return new URLSearchParams();
  return new URLSearchParams(req.body.toString('utf8'));
}

/** All parameters a request carries (query and form body). */
export function allParams(req: ProxiedRequest): URLSearchParams {
  const out = new URLSearchParams(req.query);
  if (req.method.toUpperCase() !== 'GET' && !isMultipart(req)) {
    for (const [k, v] of new URLSearchParams(req.body.toString('utf8'))) out.append(k, v);
  }
  return out;
}

export function editParams(req: ProxiedRequest, f: (p: URLSearchParams) => void): ProxiedRequest {
  const p = new URLSearchParams(params(req));
  f(p);
  if (req.method.toUpperCase() === 'GET') return { ...req, query: p };
  return { ...req, body: Buffer.from(p.toString(), 'utf8') };
}

/** Builds a request to send through ctx.upstream. */
export function mkReq(method: string, path: string, p: Record<string, string | number>, account?: Account): ProxiedRequest {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) q.set(k, String(v));
  if (account) {
    q.set('login', account.name);
    q.set('api_key', account.api_key);
  }
  if (method === 'GET') return { method, path, query: q, headers: {}, body: Buffer.alloc(0) };
  return {
    method,
    path,
    query: new URLSearchParams(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(q.toString(), 'utf8'),
  };
}

/** Copies the caller's credentials (params or Basic header) onto a new request. */
export function withCallerAuth(from: ProxiedRequest, to: ProxiedRequest): ProxiedRequest {
  const src = allParams(from);
  const out = { ...to, headers: { ...to.headers } };
  if (from.headers['authorization']) out.headers['authorization'] = from.headers['authorization'];
  if (from.headers['cookie']) out.headers['cookie'] = from.headers['cookie'];
  const add: [string, string][] = [];
  for (const k of ['login', 'api_key', 'password_hash']) {
    const v = src.get(k);
    if (v !== null) add.push([k, v]);
  }
  if (add.length === 0) return out;
  if (to.method === 'GET') {
    const q = new URLSearchParams(to.query);
    for (const [k, v] of add) q.set(k, v);
    out.query = q;
  } else {
    const b = new URLSearchParams(to.body.toString('utf8'));
    for (const [k, v] of add) b.set(k, v);
    out.body = Buffer.from(b.toString(), 'utf8');
  }
  return out;
}

/** The account named by the caller's credentials (params or Basic), if any. */
export function callerName(req: ProxiedRequest): string | undefined {
  const p = allParams(req);
  if (p.get('login')) return p.get('login')!;
  const a = req.headers['authorization'];
  if (a && /^basic /i.test(a)) return Buffer.from(a.slice(6), 'base64').toString('utf8').split(':')[0];
  return undefined;
}

export function accountByName(name: string | undefined): Account | undefined {
  return Object.values(acc).find((a) => a.name === name);
}

export function hasAuth(req: ProxiedRequest): boolean {
  const p = allParams(req);
  return !!(p.get('login') || req.headers['authorization'] || req.headers['cookie'] || p.get('api_key'));
}

// ------------------------------------------------------------------ multipart

export interface Part {
  name: string;
  head: string;
  data: Buffer;
}

export function mpParse(req: ProxiedRequest): { boundary: string; parts: Part[] } | undefined {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(req.headers['content-type'] || '');
  if (!m) return undefined;
  const boundary = m[1] ?? m[2];
  const delim = Buffer.from('--' + boundary);
  const body = req.body;
  const parts: Part[] = [];
  let pos = body.indexOf(delim);
  while (pos >= 0) {
    let start = pos + delim.length;
    if (body.slice(start, start + 2).toString() === '--') break;
    start += 2; // CRLF
    const next = body.indexOf(delim, start);
    if (next < 0) break;
    const chunk = body.slice(start, next - 2); // drop CRLF before delimiter
    const sep = chunk.indexOf('\r\n\r\n');
    const head = chunk.slice(0, sep).toString('utf8');
    const data = chunk.slice(sep + 4);
    const nm = /name="([^"]*)"/.exec(head);
    parts.push({ name: nm ? nm[1] : '', head, data });
    pos = next;
  }
  return { boundary, parts };
}

export function mpBuild(req: ProxiedRequest, boundary: string, parts: Part[]): ProxiedRequest {
  const bufs: Buffer[] = [];
  for (const p of parts) {
    bufs.push(Buffer.from(`--${boundary}\r\n${p.head}\r\n\r\n`, 'utf8'), p.data, Buffer.from('\r\n'));
  }
  bufs.push(Buffer.from(`--${boundary}--\r\n`));
  return { ...req, body: Buffer.concat(bufs) };
}

export function mpField(name: string, value: string): Part {
  return { name, head: `Content-Disposition: form-data; name="${name}"`, data: Buffer.from(value, 'utf8') };
}

// ------------------------------------------------------------------ response side

export function json(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function setJson(res: ProxiedResponse, obj: unknown, status?: number): ProxiedResponse {
  return {
    status: status ?? res.status,
    headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(obj), 'utf8'),
  };
}

export function envelopeRes(status: number, success: boolean, reason: string, xml = false): ProxiedResponse {
  if (xml) {
    const esc = reason.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
    return {
      status,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response success="${success}" reason="${esc}"/>`),
    };
  }
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ success, reason })),
  };
}

export const isJsonPath = (req: ProxiedRequest) => req.path.endsWith('.json');

/** For list GETs in JSON: filter the returned array. */
export function filterList(res: ProxiedResponse, keep: (r: any) => boolean): ProxiedResponse {
  const j = json(res);
  if (res.status !== 200 || !Array.isArray(j)) return res;
  return setJson(res, j.filter(keep));
}

// ------------------------------------------------------------------ scenario side

export function C(base: string, who: keyof typeof acc | null = 'platinum', mode: 'params' | 'basic' = 'params'): Client {
  return new Client(base, who ? acc[who] : undefined, mode);
}

export function uid(prefix = 'x'): string {
  return `${prefix}_${rand()}${rand()}`.toLowerCase();
}

export function ids(list: any): number[] {
  return Array.isArray(list) ? list.map((r: any) => r.id) : [];
}

export function ratingWord(v: V, w: 'safe' | 'questionable' | 'explicit'): string {
  return v === 'A' ? w[0] : w;
}

/** onRequest helper: drop `param` on matching requests when `cond` holds. */
export function dropParam(method: string, re: RegExp, param: string, cond: (p: URLSearchParams) => boolean = () => true) {
  return (req: ProxiedRequest): ProxiedRequest => {
    if (!route(req, method, re)) return req;
    const p = params(req);
    if (!p.has(param) || !cond(p)) return req;
    return editParams(req, (q) => q.delete(param));
  };
}

export async function userId(c: Client, name: string): Promise<number> {
  const r = await c.get('/users.json', { 'search[name]': name });
  const u = (r.json ?? []).find((x: any) => x.name === name);
  if (!u) throw new Error('no user ' + name);
  return u.id;
}

export async function must(p: Promise<{ status: number; text: string; json: any }>): Promise<any> {
  const r = await p;
  if (r.status !== 200) throw new Error(`unexpected ${r.status}: ${r.text.slice(0, 200)}`);
  return r.json;
}

export type { Fault, FaultContext, ProxiedRequest, ProxiedResponse };
