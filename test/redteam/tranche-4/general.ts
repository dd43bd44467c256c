import type { Fault } from '../tranche-1/fault.ts';
import { envelope, isAnonymous, params, route } from '../tranche-1/util.ts';

export const faults: Fault[] = [
  {
    id: 'auth-basic-ignored-on-writes',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'The Basic header is only read on GET; a POST/PUT/DELETE authenticated by HTTP Basic alone is treated as anonymous and denied.',
    onRequest(req) {
      if (req.method === 'GET' || !/^basic /i.test(req.headers['authorization'] ?? '')) return req;
      if (params(req).has('api_key') || params(req).has('login')) return req;
      const headers = { ...req.headers };
      delete headers['authorization'];
      return { ...req, headers };
    },
  },
  {
    id: 'auth-anonymous-post-list-denied-in-A',
    variants: ['A'],
    family: 'general',
    kind: 'spec-reader',
    quote: 'A allows anonymous requests (with the lowest hourly quota, see section 8)',
    description: 'An anonymous GET /posts is refused with 403, as if the variant required a login.',
    onRequest(req) {
      if (!route(req, 'GET', '/posts') || !isAnonymous(req)) return req;
      return envelope(req, 403, false, 'access denied: log in');
    },
  },
  {
    id: 'auth-password-hash-rejected',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'spec-reader',
    quote: 'Legacy users can send `password_hash` (old salted SHA1 hashed password) instead.',
    description: 'Requests authenticated by login and password_hash (without api_key) are refused as invalid credentials.',
    onRequest(req) {
      const p = params(req);
      if (!p.has('password_hash') || p.has('api_key')) return req;
      return envelope(req, 403, false, 'access denied: invalid credentials');
    },
  },
  {
    id: 'comment-delete-204-in-B',
    variants: ['B'],
    family: 'general',
    kind: 'spec-reader',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'A successful comment delete answers 204 No Content with an empty body (the A-only status) instead of 200 with the envelope.',
    onResponse(req, res) {
      if (!route(req, 'DELETE', '/comments/(\\d+)') || res.status !== 200) return res;
      return { status: 204, headers: {}, body: Buffer.alloc(0) };
    },
  },
  {
    id: 'xml-envelope-drops-empty-reason',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: 'a single `response` element with attributes `success` and `reason`',
    description: 'The XML serializer omits empty attributes, so successful XML envelopes of state-changing calls have no `reason` attribute.',
    onResponse(req, res) {
      if (req.method === 'GET' || !req.path.endsWith('.xml')) return res;
      const s = res.body.toString('utf8');
      if (!s.includes('<response') || !s.includes(' reason=""')) return res;
      return { ...res, body: Buffer.from(s.replace(' reason=""', ''), 'utf8') };
    },
  },
  {
    id: 'already-exists-envelope-says-success',
    variants: ['A', 'B'],
    family: 'general',
    kind: 'implementation-bug',
    quote: 'success or failure can be read from the envelope or from the status code',
    description: 'When a create fails with 423 Already Exists, the envelope still says success: true.',
    onResponse(req, res) {
      if (res.status !== 423 || req.method === 'GET') return res;
      const s = res.body.toString('utf8');
      const out = s.replace('"success":false', '"success":true').replace('success="false"', 'success="true"');
      return { ...res, body: Buffer.from(out, 'utf8') };
    },
  },
];
