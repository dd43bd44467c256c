// Faults that cut across families: authentication, quotas, envelopes, status codes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fault, FaultContext, ProxiedRequest } from './fault.ts';
import { authOf, envelope, fmt, isAnonymous, jsonResponse, type Auth } from './util.ts';

// The project's accounts file (as written, the path of the checkout the faults were scored against).
const ACCOUNTS_FILE = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'accounts.json');

/** Credentials to stand in for an anonymous caller: the last ones seen, else the first fixture account. */
function standIn(ctx: FaultContext): Auth | undefined {
  const seen = ctx.state.get('auth') as Auth | undefined;
  if (seen) return seen;
  try {
    const acc = JSON.parse(readFileSync(ACCOUNTS_FILE, 'utf8')).accounts[0];
    return { params: [['login', acc.name], ['api_key', acc.api_key]], headers: {} };
  } catch {
    return undefined;
  }
}

function withAuth(req: ProxiedRequest, auth: Auth): ProxiedRequest {
  const q = new URLSearchParams(req.query);
  for (const [k, v] of auth.params) q.set(k, v);
  return { ...req, query: q, headers: { ...req.headers, ...auth.headers } };
}

const faults: Fault[] = [
  {
    id: 'auth-basic-rejected',
    variants: ['A', 'B'],
    family: 'general',
    quote: '4. HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Requests authenticated with HTTP Basic (user name and API key) are refused with 403 invalid credentials.',
    kind: 'spec-reader',
    onRequest(req) {
      const h = req.headers['authorization'];
      if (!h || !/^basic\s/i.test(h)) return req;
      return envelope(req, 403, false, 'access denied: invalid credentials');
    },
  },
  {
    id: 'auth-b-anonymous-read-allowed',
    variants: ['B'],
    family: 'general',
    quote:
      '7. Anonymous access: A allows anonymous requests (with the lowest hourly quota, see section 8). B requires the caller to be logged in.',
    description: 'Variant B serves GET requests without credentials as if they were anonymous reads in variant A (dmail lists come back empty).',
    kind: 'spec-reader',
    onRequest(req, ctx) {
      if (!isAnonymous(req)) {
        const a = authOf(req);
        if (a.params.some(([k]) => k === 'login')) ctx.state.set('auth', a);
        else if (a.headers['authorization']) ctx.state.set('auth', { params: [], headers: { authorization: a.headers['authorization'] } });
        return req;
      }
      if (!['GET', 'HEAD'].includes(req.method.toUpperCase()) || !fmt(req)) return req;
      if (/^\/dmails\.(json|xml)$/.test(req.path)) {
        if (fmt(req) === 'xml') {
          return { status: 200, headers: { 'content-type': 'application/xml; charset=utf-8' }, body: Buffer.from('<?xml version="1.0" encoding="UTF-8"?><dmails type="array"/>') };
        }
        return jsonResponse([]);
      }
      if (/^\/dmails\//.test(req.path)) return envelope(req, 404, false, 'not found');
      const a = standIn(ctx);
      return a ? withAuth(req, a) : req;
    },
  },
  {
    id: 'anon-quota-too-low',
    variants: ['A'],
    family: 'general',
    quote: '| Requests per hour, anonymous (A only) | 500 |',
    description: 'Anonymous callers are throttled (421) after 50 requests in the hour instead of 500.',
    kind: 'spec-reader',
    onRequest(req, ctx) {
      if (!isAnonymous(req)) return req;
      const n = ((ctx.state.get('anon') as number) ?? 0) + 1;
      ctx.state.set('anon', n);
      if (n <= 50) return req;
      return envelope(req, 421, false, 'user is throttled, try again later');
    },
  },
  {
    id: 'xml-envelope-omits-empty-reason',
    variants: ['A', 'B'],
    family: 'general',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML serializer leaves out empty attributes, so a successful XML outcome envelope has no `reason` attribute.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (fmt(req) !== 'xml') return res;
      const s = res.body.toString('utf8');
      if (!/<response\b[^>]*\sreason=""/.test(s)) return res;
      return { ...res, body: Buffer.from(s.replace(/(<response\b[^>]*?)\sreason=""/, '$1')) };
    },
  },
  {
    id: 'invalid-params-status-200',
    variants: ['A', 'B'],
    family: 'general',
    quote: 'Rules: success or failure can be read from the envelope or from the status code.',
    description: 'Invalid-parameter failures are answered with status 200 (the envelope still says success false) instead of 424.',
    kind: 'implementation-bug',
    onResponse(_req, res) {
      if (res.status !== 424) return res;
      return { ...res, status: 200 };
    },
  },
  {
    id: 'b-delete-returns-204',
    variants: ['B'],
    family: 'general',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers successful DELETE requests with 204 No Content and an empty body.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (req.method.toUpperCase() !== 'DELETE' || res.status !== 200) return res;
      return { status: 204, headers: { ...res.headers }, body: Buffer.alloc(0) };
    },
  },
];

export default faults;
