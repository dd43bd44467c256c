// @ts-nocheck: frozen red-team code (see all.ts)
// Shared helpers: hook building blocks and verification-scenario helpers.
import type { Fault, FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { Client, accounts, rand, type Account } from '../tranche-5/kit.ts';

export type V = 'A' | 'B';
/** A scenario returns true when the faulty behaviour is observed at `base`. */
export type Scenario = (base: string, v: V) => Promise<boolean>;

// ------------------------------------------------------------------ hook helpers
export function fmt(req: ProxiedRequest): 'json' | 'xml' {
  return req.path.endsWith('.xml') ? 'xml' : 'json';
}
export function is(req: ProxiedRequest, method: string, re: RegExp): boolean {
  return req.method.toUpperCase() === method && re.test(req.path);
}
export function form(req: ProxiedRequest): URLSearchParams {
  const ct = req.headers['content-type'] ?? '';
  if (ct.includes('multipart/')) return new URLSearchParams();
  return new URLSearchParams(req.body.toString('utf8'));
}
/** Parameters wherever they are (query for GET, body otherwise). */
export function params(req: ProxiedRequest): URLSearchParams {
  return req.method.toUpperCase() === 'GET' ? req.query : form(req);
}
export function withForm(req: ProxiedRequest, f: (p: URLSearchParams) => void): ProxiedRequest {
  const p = form(req);
  f(p);
  return { ...req, body: Buffer.from(p.toString(), 'utf8') };
}
export function withQuery(req: ProxiedRequest, f: (p: URLSearchParams) => void): ProxiedRequest {
  const q = new URLSearchParams(req.query.toString());
  f(q);
  return { ...req, query: q };
}
/** Multipart: replace the value of a text field (or drop it when value is null). */
export function withMultipartField(req: ProxiedRequest, name: string, value: string | null): ProxiedRequest {
  const ct = req.headers['content-type'] ?? '';
  const m = /boundary=("?)([^";]+)\1/.exec(ct);
  if (!m) return req;
  const b = '--' + m[2];
  const raw = req.body.toString('latin1');
  const parts = raw.split(b);
  const out = parts.map((p) => {
    const hdrEnd = p.indexOf('\r\n\r\n');
    if (hdrEnd < 0) return p;
    const hdr = p.slice(0, hdrEnd);
    if (!new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"`).test(hdr) || /filename=/.test(hdr)) return p;
    if (value === null) return null;
    return hdr + '\r\n\r\n' + Buffer.from(value, 'utf8').toString('latin1') + '\r\n';
  });
  const body = out.filter((x) => x !== null).join(b);
  return { ...req, body: Buffer.from(body, 'latin1') };
}
export function multipartField(req: ProxiedRequest, name: string): string | undefined {
  const raw = req.body.toString('utf8');
  const re = new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([\\s\\S]*?)\\r\\n--`);
  const m = re.exec(raw);
  return m ? m[1] : undefined;
}
export function json(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
export function setJson(res: ProxiedResponse, obj: unknown, status = res.status): ProxiedResponse {
  return {
    status,
    headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(obj), 'utf8'),
  };
}
export function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
export function envelope(req: ProxiedRequest, status: number, success: boolean, reason: string, extra: Record<string, unknown> = {}): ProxiedResponse {
  if (fmt(req) === 'xml') {
    const attrs = Object.entries(extra).map(([k, v]) => ` ${k}="${xmlEsc(String(v))}"`).join('');
    return {
      status,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response success="${success}" reason="${xmlEsc(reason)}"${attrs}/>`),
    };
  }
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: Buffer.from(JSON.stringify({ success, reason, ...extra })) };
}
/** Auth parameters of a request, to make look-ups as the same caller. */
export function authOf(req: ProxiedRequest): { params: [string, string][]; headers: Record<string, string> } {
  const p = params(req);
  const out: [string, string][] = [];
  for (const k of ['login', 'api_key', 'password_hash']) {
    const v = p.get(k) ?? req.query.get(k);
    if (v !== null && v !== undefined) out.push([k, v]);
  }
  const headers: Record<string, string> = {};
  if (req.headers['authorization']) headers['authorization'] = req.headers['authorization'];
  if (req.headers['cookie']) headers['cookie'] = req.headers['cookie'];
  return { params: out, headers };
}
/** GET look-up at the upstream as the same caller (or as a given account). */
export async function lookup(ctx: FaultContext, req: ProxiedRequest, path: string, q: Record<string, string> = {}, as?: Account): Promise<any> {
  const query = new URLSearchParams(q);
  let headers: Record<string, string> = {};
  if (as) {
    query.set('login', as.name);
    query.set('api_key', as.api_key);
  } else {
    const a = authOf(req);
    for (const [k, v] of a.params) query.set(k, v);
    headers = a.headers;
  }
  const r = await ctx.upstream({ method: 'GET', path, query, headers, body: Buffer.alloc(0) });
  return json(r);
}
export function acct(name: string): Account {
  return accounts()[name];
}
/** Re-issue a GET list request with changed query and return its JSON. */
export async function requery(ctx: FaultContext, req: ProxiedRequest, f: (q: URLSearchParams) => void): Promise<ProxiedResponse> {
  return ctx.upstream(withQuery(req, f));
}
export function okJson(res: ProxiedResponse): boolean {
  return res.status === 200 && (res.headers['content-type'] ?? '').includes('json');
}

// ------------------------------------------------------------------ scenario helpers
export function u(): string {
  return 'x' + rand() + rand().slice(0, 3);
}
export const who = {
  member: () => acct('member'),
  member2: () => acct('member2'),
  gold: () => acct('gold'),
  platinum: () => acct('platinum'),
  builder: () => acct('builder'),
  mod: () => acct('moderator'),
  admin: () => acct('admin'),
  janitor: () => acct('janitor'),
};
export function cl(base: string, a: Account | undefined = acct('member'), mode: 'params' | 'basic' = 'params'): Client {
  return new Client(base, a, mode);
}
export function ids(r: { json: any }): number[] {
  return Array.isArray(r.json) ? r.json.map((x: any) => x.id) : [];
}
export function field(r: { json: any }, f: string): any[] {
  return Array.isArray(r.json) ? r.json.map((x: any) => x[f]) : [];
}
export function must(cond: unknown, msg: string): void {
  if (!cond) throw new Error('setup failed: ' + msg);
}
export async function ok(p: Promise<{ status: number; text: string; json: any }>, what = 'call'): Promise<any> {
  const r = await p;
  if (r.status !== 200) throw new Error(`setup failed: ${what}: ${r.status} ${r.text.slice(0, 200)}`);
  return r.json;
}
export async function userId(base: string, name: string): Promise<number> {
  const r = await cl(base).get('/users.json', { 'search[name]': name });
  return r.json[0].id;
}
/** XML body well-formedness, minimal (no unescaped & or < in text). */
export function xmlWellFormed(s: string): boolean {
  const body = s.replace(/^<\?xml[^>]*\?>/, '');
  // every & must start an entity
  if (/&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(body)) return false;
  // tags must balance
  const stack: string[] = [];
  const re = /<(\/?)([A-Za-z_][\w.-]*)([^<>]*?)(\/?)>|<|>/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    if (!m[2]) {
      if (m[0] === '<') return false;
      continue;
    }
    if (m[4] === '/') continue;
    if (m[1] === '/') {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]);
  }
  return stack.length === 0;
}
export type { Fault, ProxiedRequest, ProxiedResponse, FaultContext };

// ------------------------------------------------------------------ fault builders
type Base = Omit<Fault, 'onRequest' | 'onResponse'>;
/** Drop parameter `param` of matching requests when all `when` parameters are present too. */
export function dropParam(b: Base, method: string, re: RegExp, param: string, when: string[] = [], onlyIf?: (v: string) => boolean): Fault {
  return {
    ...b,
    onRequest(req) {
      if (!is(req, method, re)) return req;
      const p = params(req);
      if (!p.has(param) || !when.every((w) => p.has(w))) return req;
      if (onlyIf && !onlyIf(p.get(param)!)) return req;
      return method === 'GET' ? withQuery(req, (q) => q.delete(param)) : withForm(req, (f) => f.delete(param));
    },
  };
}
/** Rewrite the value of parameter `param` of matching requests. */
export function rewriteParam(b: Base, method: string, re: RegExp, param: string, fn: (v: string, p: URLSearchParams) => string | null): Fault {
  return {
    ...b,
    onRequest(req) {
      if (!is(req, method, re)) return req;
      const p = params(req);
      const v = p.get(param);
      if (v === null) return req;
      const nv = fn(v, p);
      if (nv === v) return req;
      const f = (x: URLSearchParams) => (nv === null ? x.delete(param) : x.set(param, nv));
      return method === 'GET' ? withQuery(req, f) : withForm(req, f);
    },
  };
}
/** For a GET list: re-query without `param` and keep the items `keep` accepts (a wrong filter). */
export function refilter(b: Base, re: RegExp, param: string, keep: (item: any, value: string, req: ProxiedRequest) => boolean, when: string[] = []): Fault {
  return {
    ...b,
    async onResponse(req, res, ctx) {
      if (!is(req, 'GET', re) || fmt(req) !== 'json') return res;
      const v = req.query.get(param);
      if (v === null || !when.every((w) => req.query.has(w))) return res;
      const r2 = await requery(ctx, req, (q) => q.delete(param));
      const list = json(r2);
      if (r2.status !== 200 || !Array.isArray(list)) return res;
      return setJson(res, list.filter((it) => keep(it, v, req)), 200);
    },
  };
}
/** Glob (*) match, case-insensitive, whole string. */
export function glob(pat: string, s: string): boolean {
  const re = new RegExp('^' + pat.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$', 'i');
  return re.test(s ?? '');
}
