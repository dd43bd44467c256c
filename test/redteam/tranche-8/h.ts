// @ts-nocheck: frozen red-team code (see all.ts)
// Shared helpers for tranche 8.
import { Client, accounts, rand, type Res, type Account } from '../tranche-5/kit.ts';
import type { Fault, ProxiedRequest, ProxiedResponse, FaultContext } from '../tranche-1/fault.ts';

export type { Fault, ProxiedRequest, ProxiedResponse, FaultContext };
export { Client, rand };
export type V = 'A' | 'B';
export type Scenario = (base: string, v: V) => Promise<boolean>;

export const ACC: Record<string, Account> = accounts();

/** A client for a fixture account (default: member), authenticating with login/api_key params. */
export function cl(base: string, who: string | null = 'member', mode: 'params' | 'basic' = 'params'): Client {
  return new Client(base, who ? ACC[who] : undefined, mode);
}
export const uname = (who: string) => ACC[who].name;

// ---------------------------------------------------------------- request side

export function fmt(req: ProxiedRequest): 'json' | 'xml' {
  return req.path.endsWith('.xml') ? 'xml' : 'json';
}
/** Path without the format suffix. */
export function bare(req: ProxiedRequest): string {
  return req.path.replace(/\.(json|xml)$/, '');
}
export function is(req: ProxiedRequest, method: string, re: RegExp): boolean {
  return req.method.toUpperCase() === method && re.test(bare(req));
}
/** The form fields of a urlencoded body. */
export function form(req: ProxiedRequest): URLSearchParams {
  const ct = req.headers['content-type'] ?? '';
  if (ct.includes('multipart/form-data')) return multipartFields(req);
  return new URLSearchParams(req.body.toString('utf8'));
}
export function withForm(req: ProxiedRequest, f: URLSearchParams): ProxiedRequest {
  const body = Buffer.from(f.toString(), 'utf8');
  return { ...req, body, headers: { ...req.headers, 'content-type': 'application/x-www-form-urlencoded' } };
}
/** All parameters (query and body). */
export function params(req: ProxiedRequest): URLSearchParams {
  const p = new URLSearchParams(req.query);
  for (const [k, v] of form(req)) p.append(k, v);
  return p;
}
export function withQuery(req: ProxiedRequest, q: URLSearchParams): ProxiedRequest {
  return { ...req, query: q };
}
export function editQuery(req: ProxiedRequest, fn: (q: URLSearchParams) => void): ProxiedRequest {
  const q = new URLSearchParams(req.query);
  fn(q);
  return { ...req, query: q };
}
export function editForm(req: ProxiedRequest, fn: (f: URLSearchParams) => void): ProxiedRequest {
  const f = form(req);
  fn(f);
  return withForm(req, f);
}

/** Text fields of a multipart body (files skipped). */
export function multipartFields(req: ProxiedRequest): URLSearchParams {
  const out = new URLSearchParams();
  const m = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '');
  if (!m) return out;
  const boundary = '--' + m[1].replace(/^"|"$/g, '');
  const text = req.body.toString('latin1');
  for (const part of text.split(boundary)) {
    const hdrEnd = part.indexOf('\r\n\r\n');
    if (hdrEnd < 0) continue;
    const hdr = part.slice(0, hdrEnd);
    const nm = /name="([^"]*)"/.exec(hdr);
    if (!nm || /filename=/.test(hdr)) continue;
    let val = part.slice(hdrEnd + 4);
    if (val.endsWith('\r\n')) val = val.slice(0, -2);
    out.append(nm[1], Buffer.from(val, 'latin1').toString('utf8'));
  }
  return out;
}
export function hasMultipartFile(req: ProxiedRequest): boolean {
  return /filename="/.test(req.body.toString('latin1'));
}
/** Rebuilds a multipart body, with text fields replaced by `fields`, keeping file parts. */
export function withMultipart(req: ProxiedRequest, fields: URLSearchParams, dropFile = false): ProxiedRequest {
  const m = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')!;
  const b = m[1].replace(/^"|"$/g, '');
  const boundary = '--' + b;
  const text = req.body.toString('latin1');
  const fileParts = dropFile ? [] : text.split(boundary).filter((p) => /filename="/.test(p.slice(0, p.indexOf('\r\n\r\n'))));
  const chunks: Buffer[] = [];
  for (const [k, v] of fields) {
    chunks.push(Buffer.from(`${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n`, 'latin1'));
    chunks.push(Buffer.from(v, 'utf8'));
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  for (const p of fileParts) chunks.push(Buffer.from(boundary + p, 'latin1'));
  chunks.push(Buffer.from(`${boundary}--\r\n`, 'latin1'));
  return { ...req, body: Buffer.concat(chunks) };
}

// ---------------------------------------------------------------- response side

export function parse(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
export function jsonRes(status: number, obj: unknown, headers: Record<string, string> = {}): ProxiedResponse {
  return {
    status,
    headers: { ...headers, 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(obj), 'utf8'),
  };
}
export function withJson(res: ProxiedResponse, obj: unknown): ProxiedResponse {
  return { ...res, headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify(obj), 'utf8') };
}
export function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
/** An outcome envelope in the format the request asked for. */
export function envelope(req: ProxiedRequest, status: number, success: boolean, reason: string, extra: Record<string, unknown> = {}): ProxiedResponse {
  if (fmt(req) === 'xml') {
    const attrs = Object.entries({ success, reason, ...extra }).map(([k, v]) => ` ${k}="${xmlEsc(String(v))}"`).join('');
    return { status, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response${attrs}/>`, 'utf8') };
  }
  return jsonRes(status, { success, reason, ...extra });
}
/** onResponse helper: map the JSON body when it parses. */
export function mapJson(res: ProxiedResponse, fn: (x: any) => any): ProxiedResponse {
  const j = parse(res);
  if (j === undefined) return res;
  return withJson(res, fn(j));
}
/** GET a JSON path from the upstream with query params (auth params copied from the request). */
export async function upGet(ctx: FaultContext, req: ProxiedRequest, path: string, q: Record<string, string | number> = {}): Promise<any> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) query.set(k, String(v));
  const p = params(req);
  for (const k of ['login', 'api_key', 'password_hash']) if (p.get(k)) query.set(k, p.get(k)!);
  const headers: Record<string, string> = {};
  if (req.headers['authorization']) headers['authorization'] = req.headers['authorization'];
  if (req.headers['cookie']) headers['cookie'] = req.headers['cookie'];
  const r = await ctx.upstream({ method: 'GET', path, query, headers, body: Buffer.alloc(0) });
  return parse(r);
}
/** Send a changed request to the upstream. */
export async function upSend(ctx: FaultContext, req: ProxiedRequest, method: string, path: string, f: Record<string, string | number>): Promise<ProxiedResponse> {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) body.set(k, String(v));
  const p = params(req);
  for (const k of ['login', 'api_key', 'password_hash']) if (p.get(k)) body.set(k, p.get(k)!);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (req.headers['authorization']) headers['authorization'] = req.headers['authorization'];
  return ctx.upstream({ method, path, query: new URLSearchParams(), headers, body: Buffer.from(body.toString()) });
}

// ---------------------------------------------------------------- scenario side

export const ids = (r: Res): number[] => (Array.isArray(r.json) ? r.json.map((x: any) => x.id) : []);
export const names = (r: Res, k = 'name'): string[] => (Array.isArray(r.json) ? r.json.map((x: any) => x[k]) : []);
export const same = (a: unknown[], b: unknown[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
export const eq = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
export function must(cond: boolean, what: string): void {
  if (!cond) throw new Error('setup failed: ' + what);
}
export async function mk(c: Client, path: string, f: Record<string, string | number>): Promise<number> {
  const r = await c.send('POST', path, f);
  if (r.status !== 200 || typeof r.json?.id !== 'number') throw new Error(`create ${path} failed: ${r.status} ${r.text}`);
  return r.json.id;
}
export async function ok(c: Client, method: string, path: string, f: Record<string, string | number>): Promise<Res> {
  const r = await c.send(method, path, f);
  if (r.status !== 200) throw new Error(`${method} ${path} failed: ${r.status} ${r.text}`);
  return r;
}
/** The rating value accepted by post update in variant v. */
export const prating = (v: V, word: 'safe' | 'questionable' | 'explicit') => (v === 'A' ? word[0] : word);
/** A well-formedness check for small XML documents (tags balanced, entities valid). */
export function wellFormedXml(s: string): boolean {
  const body = s.replace(/^<\?xml[^>]*\?>/, '');
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(body)) return false;
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|</g;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = re.exec(body))) {
    const between = body.slice(last, m.index);
    if (between.includes('<')) return false;
    last = re.lastIndex;
    if (m[0] === '<') return false;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) stack.push(m[2]);
  }
  return stack.length === 0 && body.trim().startsWith('<');
}

// ---------------------------------------------------------------- registration and common hooks

export function registry(): { faults: Fault[]; checks: Record<string, Scenario>; add: (f: Fault, s: Scenario) => void } {
  const faults: Fault[] = [];
  const checks: Record<string, Scenario> = {};
  return { faults, checks, add: (f, s) => { faults.push(f); checks[f.id] = s; } };
}

/** onRequest: drop query parameter `drop` on GET `re` when `cond(query)` holds. */
export function dropQuery(re: RegExp, drop: string, cond: (q: URLSearchParams) => boolean = () => true) {
  return (req: ProxiedRequest): ProxiedRequest => {
    if (!is(req, 'GET', re) || !req.query.has(drop) || !cond(req.query)) return req;
    return editQuery(req, (q) => q.delete(drop));
  };
}
/** onRequest: drop body field on METHOD `re` when cond(form) holds. */
export function dropForm(method: string, re: RegExp, drop: string, cond: (f: URLSearchParams) => boolean = () => true) {
  return (req: ProxiedRequest): ProxiedRequest => {
    if (!is(req, method, re)) return req;
    const f = form(req);
    if (!f.has(drop) || !cond(f)) return req;
    f.delete(drop);
    return withForm(req, f);
  };
}
/** onRequest for GET lists: removes `param`, asks upstream without it and keeps items where keep(item, value). */
export function filterInstead(re: RegExp, param: string, keep: (item: any, value: string, ctx: FaultContext, req: ProxiedRequest) => boolean | Promise<boolean>) {
  return async (req: ProxiedRequest, ctx: FaultContext): Promise<ProxiedRequest | ProxiedResponse> => {
    if (!is(req, 'GET', re) || fmt(req) !== 'json' || !req.query.get(param)) return req;
    const value = req.query.get(param)!;
    const q = new URLSearchParams(req.query);
    q.delete(param);
    const r = await ctx.upstream({ ...req, query: q });
    const list = parse(r);
    if (!Array.isArray(list)) return r;
    const out: any[] = [];
    for (const it of list) if (await keep(it, value, ctx, req)) out.push(it);
    return withJson(r, out);
  };
}
export async function userId(c: Client, who: string): Promise<number> {
  const r = await c.get('/users.json', { 'search[name]': ACC[who].name });
  const u = (r.json ?? []).find((x: any) => x.name === ACC[who].name);
  if (!u) throw new Error('no user ' + who);
  return u.id;
}
/** True when the list is ordered by key, ascending or descending. */
export function sortedEitherWay(vals: string[]): boolean {
  const asc = [...vals].sort();
  return eq(vals, asc) || eq(vals, [...asc].reverse());
}
