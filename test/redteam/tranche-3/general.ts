import type { Fault } from '../tranche-1/fault.ts';
import { isAnonymous, jsonResponse, route } from '../tranche-1/util.ts';

export const general: Fault[] = [
  {
    id: 'b-anonymous-comment-list-allowed',
    variants: ['B'],
    family: 'general',
    quote: 'B requires the caller to be logged in.',
    description: 'Variant B answers an anonymous comment listing with 200 and an empty list instead of refusing it.',
    kind: 'spec-reader',
    onRequest(req) {
      if (!route(req, 'GET', '/comments') || !req.path.endsWith('.json') || !isAnonymous(req)) return req;
      return jsonResponse([], 200);
    },
  },
  {
    id: 'b-comment-delete-204',
    variants: ['B'],
    family: 'general',
    quote: '| 204 | No Content | request successful (A only) |',
    description: 'Variant B answers a successful comment delete with 204 No Content and no envelope.',
    kind: 'spec-reader',
    onResponse(req, res) {
      if (!route(req, 'DELETE', '/comments/(\\d+)') || res.status !== 200) return res;
      const headers = { ...res.headers };
      delete headers['content-type'];
      return { status: 204, headers, body: Buffer.alloc(0) };
    },
  },
  {
    id: 'xml-comment-create-json-envelope',
    variants: ['A', 'B'],
    family: 'general',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'Creating a comment through the .xml path answers with the JSON envelope instead of a response element.',
    kind: 'implementation-bug',
    onResponse(req, res) {
      if (!route(req, 'POST', '/comments') || !req.path.endsWith('.xml')) return res;
      const text = res.body.toString('utf8');
      const success = /success="true"/.test(text);
      const reason = /reason="([^"]*)"/.exec(text)?.[1] ?? '';
      const id = /\bid="(\d+)"/.exec(text)?.[1];
      const out: Record<string, unknown> = { success, reason };
      if (id) out.id = Number(id);
      return jsonResponse(out, res.status, res);
    },
  },
  {
    id: 'basic-auth-ignored-on-comment-create',
    variants: ['A', 'B'],
    family: 'general',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'Creating a comment with HTTP Basic credentials is refused as anonymous; login and api_key parameters work.',
    kind: 'implementation-bug',
    onRequest(req) {
      if (!route(req, 'POST', '/comments') || !/^basic /i.test(req.headers['authorization'] ?? '')) return req;
      const headers = { ...req.headers };
      delete headers['authorization'];
      return { ...req, headers };
    },
  },
];
