import type { Fault } from '../tranche-1/fault.ts';
import { getParam, setParam, deleteParam, envelope } from '../tranche-1/util.ts';
import { is } from './h.ts';

export const faults: Fault[] = [
  {
    id: 'posts-page-off-by-one', variants: ['A', 'B'], family: 'posts', kind: 'implementation-bug',
    quote: '`page` (page number)',
    description: 'From page 2 on, the list answers with the previous page (page N serves page N-1), so page 2 repeats page 1.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.(json|xml)$/)) return req;
      const p = getParam(req, 'page');
      if (p && /^\d+$/.test(p) && Number(p) >= 2) return setParam(req, 'page', String(Number(p) - 1));
      return req;
    },
  },
  {
    id: 'posts-negated-term-dropped-in-combination', variants: ['A', 'B'], family: 'posts', kind: 'implementation-bug',
    quote: '`tags` (search terms; any tag combination valid on the web site, including meta-tags)',
    description: 'In a search of two or more terms, negated terms (-tag) are dropped, so "a -b" also returns posts tagged b.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.(json|xml)$/)) return req;
      const t = getParam(req, 'tags');
      if (t === undefined || getParam(req, 'raw') !== undefined) return req;
      const terms = t.trim().split(/\s+/).filter(Boolean);
      if (terms.length < 2 || !terms.some((x) => x.startsWith('-')) || terms.every((x) => x.startsWith('-'))) return req;
      return setParam(req, 'tags', terms.filter((x) => !x.startsWith('-')).join(' '));
    },
  },
  {
    id: 'posts-raw-ignored', variants: ['A'], family: 'posts', kind: 'spec-reader',
    quote: '`raw` (A only; when set, `tags` is treated as one literal tag, with no alias, meta-tag or multi-tag parsing)',
    description: 'The raw parameter is ignored: tags are still parsed for aliases, meta-tags and multiple terms.',
    onRequest(req) {
      if (!is(req, 'GET', /^\/posts\.(json|xml)$/)) return req;
      return deleteParam(req, 'raw');
    },
  },
  {
    id: 'posts-update-rating-letter-rejected', variants: ['A'], family: 'posts', kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant A rejects the one-letter ratings s, q, e on post update with 424, accepting only the full words.',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/)) return req;
      const r = getParam(req, 'post[rating]');
      if (r !== undefined && ['s', 'q', 'e'].includes(r)) return envelope(req, 424, false, 'post[rating]: must be safe, questionable or explicit');
      return req;
    },
  },
  {
    id: 'posts-update-rating-word-rejected-b', variants: ['B'], family: 'posts', kind: 'spec-reader',
    quote: '| post[rating] (update) | A: s, q, e (safe, questionable, explicit). B: safe, questionable, explicit |',
    description: 'Variant B rejects the full-word ratings safe, questionable, explicit on post update with 424 (it wants s, q, e as in A).',
    onRequest(req) {
      if (!is(req, 'PUT', /^\/posts\/\d+\.(json|xml)$/)) return req;
      const r = getParam(req, 'post[rating]');
      if (r !== undefined && ['safe', 'questionable', 'explicit'].includes(r)) return envelope(req, 424, false, 'post[rating]: must be s, q or e');
      return req;
    },
  },
];
