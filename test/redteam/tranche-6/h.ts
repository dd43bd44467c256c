// @ts-nocheck: frozen red-team code (see all.ts)
// Helpers for writing faults (request/response rewriting) and verification scenarios.
import type { FaultContext, ProxiedRequest, ProxiedResponse } from '../tranche-1/fault.ts';
import { accounts, Client, type Account } from '../tranche-5/kit.ts';

// ---------------------------------------------------------------- request parameters

function ctype(req: ProxiedRequest): string {
  return (req.headers['content-type'] ?? '').toLowerCase();
}

export function isMultipart(req: ProxiedRequest): boolean {
  return ctype(req).startsWith('multipart/form-data');
}

interface Part {
  head: string; // latin1 header block
  name: string | null;
  filename: boolean;
  data: string; // latin1
}

function boundary(req: ProxiedRequest): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers['content-type'] ?? '');
  return m ? (m[1] ?? m[2]) : null;
}

function parseMultipart(req: ProxiedRequest): { b: string; parts: Part[] } | null {
  const b = boundary(req);
  if (!b) return null;
  const s = req.body.toString('latin1');
  const chunks = s.split('--' + b);
  const parts: Part[] = [];
  for (const ch of chunks.slice(1)) {
    if (ch.startsWith('--')) break;
    const body = ch.replace(/^\r\n/, '').replace(/\r\n$/, '');
    const i = body.indexOf('\r\n\r\n');
    const head = body.slice(0, i);
    const data = body.slice(i + 4);
    const nm = /name="([^"]*)"/i.exec(head);
    parts.push({ head, name: nm ? nm[1] : null, filename: /filename=/i.test(head), data });
  }
  return { b, parts };
}

function buildMultipart(b: string, parts: Part[]): Buffer {
  let s = '';
  for (const p of parts) s += '--' + b + '\r\n' + p.head + '\r\n\r\n' + p.data + '\r\n';
  s += '--' + b + '--\r\n';
  return Buffer.from(s, 'latin1');
}

/** The request's parameters (query for GET, body for the others); multipart text fields included. */
export function params(req: ProxiedRequest): URLSearchParams {
  if (req.method.toUpperCase() === 'GET' || req.method.toUpperCase() === 'HEAD') return new URLSearchParams(req.query);
  if (isMultipart(req)) {
    const out = new URLSearchParams();
    const mp = parseMultipart(req);
    for (const p of mp?.parts ?? []) if (p.name && !p.filename) out.append(p.name, Buffer.from(p.data, 'latin1').toString('utf8'));
    return out;
  }
  const p = new URLSearchParams(req.body.toString('utf8'));
  for (const [k, v] of req.query) if (!p.has(k)) p.set(k, v);
  return p;
}

export function param(req: ProxiedRequest, name: string): string | null {
  return params(req).get(name);
}

/** Returns a copy of the request with its parameters changed by `fn` (query for GET, body otherwise). */
export function withParams(req: ProxiedRequest, fn: (p: URLSearchParams) => void): ProxiedRequest {
  const m = req.method.toUpperCase();
  if (m === 'GET' || m === 'HEAD') {
    const q = new URLSearchParams(req.query);
    fn(q);
    return { ...req, query: q };
  }
  if (isMultipart(req)) {
    const mp = parseMultipart(req)!;
    const p = new URLSearchParams();
    for (const part of mp.parts) if (part.name && !part.filename) p.append(part.name, Buffer.from(part.data, 'latin1').toString('utf8'));
    fn(p);
    const kept = mp.parts.filter((x) => x.filename);
    const text: Part[] = [];
    for (const [k, v] of p) {
      text.push({
        head: `Content-Disposition: form-data; name="${k}"`,
        name: k,
        filename: false,
        data: Buffer.from(v, 'utf8').toString('latin1'),
      });
    }
    return { ...req, body: buildMultipart(mp.b, [...text, ...kept]) };
  }
  const p = new URLSearchParams(req.body.toString('utf8'));
  fn(p);
  return { ...req, body: Buffer.from(p.toString(), 'utf8'), headers: { ...req.headers, 'content-type': 'application/x-www-form-urlencoded' } };
}

// ---------------------------------------------------------------- matching

export function is(req: ProxiedRequest, method: string, re: RegExp): boolean {
  return req.method.toUpperCase() === method && re.test(req.path);
}

export const isJson = (req: ProxiedRequest) => req.path.endsWith('.json');
export const isXml = (req: ProxiedRequest) => req.path.endsWith('.xml');

export function idIn(req: ProxiedRequest): string | null {
  const m = /\/(\d+)(?:\/[a-z_]+)?\.(json|xml)$/.exec(req.path);
  return m ? m[1] : null;
}

// ---------------------------------------------------------------- responses

export function jsonRes(status: number, obj: unknown, headers: Record<string, string> = {}): ProxiedResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: Buffer.from(JSON.stringify(obj)) };
}

function xmlEsc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An outcome envelope in the request's format. */
export function envelope(req: ProxiedRequest, status: number, success: boolean, reason: string, extra: Record<string, unknown> = {}): ProxiedResponse {
  if (isXml(req)) {
    let attrs = `success="${success}" reason="${xmlEsc(reason)}"`;
    for (const [k, v] of Object.entries(extra)) attrs += ` ${k}="${xmlEsc(String(v))}"`;
    return {
      status,
      headers: { 'content-type': 'application/xml; charset=utf-8' },
      body: Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><response ${attrs}/>`),
    };
  }
  return jsonRes(status, { success, reason, ...extra });
}

export function bodyJson(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

export function withJson(res: ProxiedResponse, obj: unknown): ProxiedResponse {
  return { ...res, body: Buffer.from(JSON.stringify(obj)), headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' } };
}

/**
 * Answers a JSON list request by asking upstream with changed parameters and filtering the array.
 */
export async function relist(
  req: ProxiedRequest,
  ctx: FaultContext,
  change: (p: URLSearchParams) => void,
  keep: (row: any) => boolean = () => true,
): Promise<ProxiedResponse> {
  const res = await ctx.upstream(withParams(req, change));
  const arr = bodyJson(res);
  if (res.status !== 200 || !Array.isArray(arr)) return res;
  return withJson(res, arr.filter(keep));
}

// ---------------------------------------------------------------- authentication

export function callerName(req: ProxiedRequest): string | null {
  const p = params(req);
  if (p.get('login')) return p.get('login');
  const a = req.headers['authorization'];
  if (a && /^basic /i.test(a)) return Buffer.from(a.slice(6), 'base64').toString('utf8').split(':')[0];
  return null;
}

let ACC: Record<string, Account> | null = null;
export function accountByName(name: string): Account | undefined {
  ACC ??= accounts();
  return Object.values(ACC).find((a) => a.name === name);
}

/** The request with its credentials replaced by those of account `name` (login + api_key). */
export function asUser(req: ProxiedRequest, name: string): ProxiedRequest {
  const a = accountByName(name);
  if (!a) return req;
  const headers = { ...req.headers };
  delete headers['authorization'];
  delete headers['cookie'];
  const r = withParams({ ...req, headers }, (p) => {
    p.delete('password_hash');
    p.set('login', a.name);
    p.set('api_key', a.api_key);
  });
  return r;
}

export function allAccountNames(): string[] {
  ACC ??= accounts();
  return Object.values(ACC).map((a) => a.name);
}

// ---------------------------------------------------------------- scenarios

export interface X {
  base: string;
  V: 'A' | 'B';
  t: string; // unique token for this run
  c: Client; // member
  c2: Client; // member2
  gold: Client;
  plat: Client;
  mod: Client;
  admin: Client;
  anon: Client;
  acc: Record<string, Account>;
}

export type Scenario = (x: X) => Promise<boolean>;

export function ids(r: { json: any }): number[] {
  return Array.isArray(r.json) ? r.json.map((o: any) => o.id) : [];
}

export function same(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
