import type { Fault } from '../tranche-1/fault.ts';
import { fmt, parseJson } from '../tranche-1/util.ts';

export const faults: Fault[] = [
  {
    id: 'general-xml-envelope-child-elements', variants: ['A', 'B'], family: 'general', kind: 'spec-reader',
    quote: '| XML | a single `response` element with attributes `success` and `reason` |',
    description: 'The XML envelope carries success and reason as child elements of response, not as attributes.',
    onResponse(req, res) {
      if (fmt(req) !== 'xml') return res;
      const s = res.body.toString('utf8');
      const m = /<response\s+success="([^"]*)"\s+reason="([^"]*)"([^>]*)\/>/.exec(s);
      if (!m) return res;
      const extra = [...m[3]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => `<${k}>${v}</${k}>`).join('');
      const body = s.replace(m[0], `<response><success>${m[1]}</success><reason>${m[2]}</reason>${extra}</response>`);
      const headers = { ...res.headers };
      delete headers['content-length'];
      return { ...res, headers, body: Buffer.from(body) };
    },
  },
  {
    id: 'general-basic-auth-ignored', variants: ['A', 'B'], family: 'general', kind: 'spec-reader',
    quote: 'HTTP Basic Authentication with the user name and the API key also authenticates a request.',
    description: 'An Authorization: Basic header is ignored; the request is handled as anonymous.',
    onRequest(req) {
      const h = req.headers['authorization'];
      if (!h || !/^basic /i.test(h)) return req;
      const headers = { ...req.headers };
      delete headers['authorization'];
      return { ...req, headers };
    },
  },
  {
    id: 'general-json-success-as-string', variants: ['A', 'B'], family: 'general', kind: 'implementation-bug',
    quote: '| JSON | an object with `success` (boolean) and `reason` (string) |',
    description: 'The JSON envelope of state-changing calls carries success as the string "true"/"false".',
    onResponse(req, res) {
      if (fmt(req) !== 'json' || req.method.toUpperCase() === 'GET') return res;
      const j = parseJson(res);
      if (!j || typeof j !== 'object' || Array.isArray(j) || typeof j.success !== 'boolean') return res;
      const headers = { ...res.headers };
      delete headers['content-length'];
      return { ...res, headers, body: Buffer.from(JSON.stringify({ ...j, success: String(j.success) })) };
    },
  },
];
