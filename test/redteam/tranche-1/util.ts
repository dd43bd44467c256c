// Helpers shared by the fault modules: reading and rewriting request parameters
// (query string, form-urlencoded or multipart bodies), authentication, envelopes.
import type { FaultContext, ProxiedRequest, ProxiedResponse } from './fault.ts';

// ---------------------------------------------------------------- multipart

interface Part {
  headers: string; // raw header block, without the trailing blank line
  name: string;
  filename?: string;
  data: Buffer;
}

function boundaryOf(ct: string | undefined): string | undefined {
  if (!ct || !/^multipart\/form-data/i.test(ct)) return undefined;
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(ct);
  return m ? m[1] ?? m[2] : undefined;
}

function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delim = Buffer.from('--' + boundary);
  const parts: Part[] = [];
  let pos = body.indexOf(delim);
  if (pos < 0) return parts;
  for (;;) {
    pos += delim.length;
    if (body.subarray(pos, pos + 2).toString() === '--') break; // closing delimiter
    if (body.subarray(pos, pos + 2).toString() === '\r\n') pos += 2;
    const headEnd = body.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) break;
    const headers = body.subarray(pos, headEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delim]), headEnd + 4);
    if (next < 0) break;
    const data = body.subarray(headEnd + 4, next);
    const disp = /content-disposition:[^\r\n]*/i.exec(headers)?.[0] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disp)?.[1] ?? '';
    const fn = /\bfilename="([^"]*)"/i.exec(disp)?.[1];
    parts.push({ headers, name, filename: fn, data: Buffer.from(data) });
    pos = next + 2;
  }
  return parts;
}

function buildMultipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`, 'utf8'));
    chunks.push(p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------- parameters

function hasBody(req: ProxiedRequest): boolean {
  return !['GET', 'HEAD'].includes(req.method.toUpperCase());
}

function isUrlencoded(req: ProxiedRequest): boolean {
  const ct = req.headers['content-type'];
  if (!ct) return req.body.length > 0 && !boundaryOf(ct);
  return /application\/x-www-form-urlencoded/i.test(ct);
}

/** All parameters of a request: query string, then body (form or multipart text fields). */
export function params(req: ProxiedRequest): URLSearchParams {
  const out = new URLSearchParams(req.query);
  if (hasBody(req) && req.body.length > 0) {
    const b = boundaryOf(req.headers['content-type']);
    if (b) {
      for (const p of parseMultipart(req.body, b)) if (p.filename === undefined) out.append(p.name, p.data.toString('utf8'));
    } else if (isUrlencoded(req)) {
      for (const [k, v] of new URLSearchParams(req.body.toString('utf8'))) out.append(k, v);
    }
  }
  return out;
}

export function getParam(req: ProxiedRequest, name: string): string | undefined {
  const v = params(req).get(name);
  return v === null ? undefined : v;
}

export function hasParam(req: ProxiedRequest, name: string): boolean {
  return params(req).has(name);
}

/** True when the multipart body carries a non-empty file part of that name. */
export function hasFile(req: ProxiedRequest, name: string): boolean {
  const b = boundaryOf(req.headers['content-type']);
  if (!b) return false;
  return parseMultipart(req.body, b).some((p) => p.name === name && p.filename !== undefined && p.data.length > 0);
}

function inBody(req: ProxiedRequest, name: string): boolean {
  if (!hasBody(req) || req.body.length === 0) return false;
  const b = boundaryOf(req.headers['content-type']);
  if (b) return parseMultipart(req.body, b).some((p) => p.name === name);
  if (isUrlencoded(req)) return new URLSearchParams(req.body.toString('utf8')).has(name);
  return false;
}

function editBody(req: ProxiedRequest, edit: (kv: [string, string][]) => [string, string][]): ProxiedRequest {
  const b = boundaryOf(req.headers['content-type']);
  if (b) {
    const parts = parseMultipart(req.body, b);
    const textual = parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString('utf8')] as [string, string]);
    const edited = edit(textual);
    const files = parts.filter((p) => p.filename !== undefined);
    const rebuilt: Part[] = edited.map(([k, v]) => ({
      headers: `Content-Disposition: form-data; name="${k}"`,
      name: k,
      data: Buffer.from(v, 'utf8'),
    }));
    return { ...req, body: buildMultipart([...rebuilt, ...files], b) };
  }
  const kv = [...new URLSearchParams(req.body.toString('utf8'))];
  const out = new URLSearchParams(edit(kv));
  const headers = { ...req.headers };
  if (!headers['content-type']) headers['content-type'] = 'application/x-www-form-urlencoded';
  return { ...req, headers, body: Buffer.from(out.toString(), 'utf8') };
}

/** Sets a parameter where it already is (body or query); a new one goes to the body for writes, to the query for reads. */
export function setParam(req: ProxiedRequest, name: string, value: string): ProxiedRequest {
  if (inBody(req, name) || (hasBody(req) && !req.query.has(name))) {
    let done = false;
    return editBody(req, (kv) => {
      const out: [string, string][] = [];
      for (const [k, v] of kv) {
        if (k === name) {
          if (!done) out.push([k, value]);
          done = true;
        } else out.push([k, v]);
      }
      if (!done) out.push([name, value]);
      return out;
    });
  }
  const q = new URLSearchParams(req.query);
  q.set(name, value);
  return { ...req, query: q };
}

/** Removes a parameter from the query string and the body. */
export function deleteParam(req: ProxiedRequest, name: string): ProxiedRequest {
  let r = req;
  if (r.query.has(name)) {
    const q = new URLSearchParams(r.query);
    q.delete(name);
    r = { ...r, query: q };
  }
  if (inBody(r, name)) r = editBody(r, (kv) => kv.filter(([k]) => k !== name));
  return r;
}

export function renameParam(req: ProxiedRequest, from: string, to: string): ProxiedRequest {
  const v = getParam(req, from);
  if (v === undefined) return req;
  return setParam(deleteParam(req, from), to, v);
}

// ---------------------------------------------------------------- paths and formats

export function fmt(req: ProxiedRequest): 'json' | 'xml' | undefined {
  const m = /\.(json|xml)$/.exec(req.path);
  return m ? (m[1] as 'json' | 'xml') : undefined;
}

/** Matches `/root(.json|.xml)` or a pattern such as `/posts/(\d+)/revert`; returns the captures or null. */
export function route(req: ProxiedRequest, method: string, pattern: string): RegExpExecArray | null {
  if (req.method.toUpperCase() !== method) return null;
  return new RegExp('^' + pattern + '\\.(json|xml)$').exec(req.path);
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** An outcome envelope in the request's format. */
export function envelope(req: ProxiedRequest, status: number, success: boolean, reason: string, extra: Record<string, unknown> = {}): ProxiedResponse {
  if (fmt(req) === 'xml') {
    const attrs = Object.entries(extra).map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`).join('');
    const body = `<?xml version="1.0" encoding="UTF-8"?><response success="${success}" reason="${xmlEscape(reason)}"${attrs}/>`;
    return { status, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: Buffer.from(body) };
  }
  return {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify({ success, reason, ...extra })),
  };
}

export function jsonResponse(value: unknown, status = 200, base?: ProxiedResponse): ProxiedResponse {
  const headers: Record<string, string> = { ...(base?.headers ?? {}), 'content-type': 'application/json; charset=utf-8' };
  delete headers['content-length'];
  return { status, headers, body: Buffer.from(JSON.stringify(value)) };
}

export function parseJson(res: ProxiedResponse): any {
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- authentication

const AUTH_PARAMS = ['login', 'api_key', 'password_hash'];

export interface Auth {
  params: [string, string][];
  headers: Record<string, string>;
}

/** The credentials a request carries (parameters, Basic header, cookie). */
export function authOf(req: ProxiedRequest): Auth {
  const p = params(req);
  const out: Auth = { params: [], headers: {} };
  for (const k of AUTH_PARAMS) {
    const v = p.get(k);
    if (v !== null) out.params.push([k, v]);
  }
  if (req.headers['authorization']) out.headers['authorization'] = req.headers['authorization'];
  if (req.headers['cookie']) out.headers['cookie'] = req.headers['cookie'];
  return out;
}

export function isAnonymous(req: ProxiedRequest): boolean {
  const a = authOf(req);
  return a.params.length === 0 && !a.headers['authorization'] && !a.headers['cookie'];
}

/** The user name a request authenticates as, when it can be told from the request itself. */
export function loginOf(req: ProxiedRequest): string | undefined {
  const p = params(req).get('login');
  if (p) return p;
  const h = req.headers['authorization'];
  if (h && /^basic /i.test(h)) {
    const dec = Buffer.from(h.slice(6).trim(), 'base64').toString('utf8');
    const i = dec.indexOf(':');
    return i >= 0 ? dec.slice(0, i) : dec;
  }
  return undefined;
}

/** Builds a GET request to the upstream carrying the given credentials. */
export function getRequest(auth: Auth, path: string, query: Record<string, string> | URLSearchParams = {}): ProxiedRequest {
  const q = new URLSearchParams(query as Record<string, string>);
  for (const [k, v] of auth.params) q.set(k, v);
  return { method: 'GET', path, query: q, headers: { ...auth.headers, accept: 'application/json' }, body: Buffer.alloc(0) };
}

/** Builds a form-urlencoded write request to the upstream carrying the given credentials. */
export function writeRequest(auth: Auth, method: string, path: string, form: Record<string, string> = {}): ProxiedRequest {
  const b = new URLSearchParams(form);
  for (const [k, v] of auth.params) b.set(k, v);
  return {
    method,
    path,
    query: new URLSearchParams(),
    headers: { ...auth.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: Buffer.from(b.toString()),
  };
}

/** GET a JSON value from the upstream with the credentials of `like`. */
export async function upstreamJson(ctx: FaultContext, like: ProxiedRequest, path: string, query: Record<string, string> | URLSearchParams = {}): Promise<any> {
  const res = await ctx.upstream(getRequest(authOf(like), path, query));
  if (res.status !== 200) return undefined;
  return parseJson(res);
}

/** The request's own query (without credentials) as a plain copy, for re-issuing a list request. */
export function searchCopy(req: ProxiedRequest): URLSearchParams {
  const q = new URLSearchParams(req.query);
  for (const k of AUTH_PARAMS) q.delete(k);
  return q;
}

/** A list request re-issued upstream with changed parameters, same path (as .json) and credentials. */
export async function relist(ctx: FaultContext, req: ProxiedRequest, edit: (q: URLSearchParams) => void): Promise<ProxiedResponse> {
  const q = searchCopy(req);
  edit(q);
  return ctx.upstream(getRequest(authOf(req), req.path.replace(/\.xml$/, '.json'), q));
}

export function sortByIdDesc<T extends { id: number }>(xs: T[]): T[] {
  return [...xs].sort((a, b) => b.id - a.id);
}
