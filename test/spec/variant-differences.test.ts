/**
 * Every variant difference the document states ("(A only)", "(B only)", "A: ... / B: ..."), written
 * out by hand from imageboard-http-api.md, independently of the spec model. Each is asserted against
 * the published OpenAPI files (and the model for what OpenAPI does not carry), in both directions:
 * every listed difference holds, and every difference between the two descriptions is listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUOTAS, USER_LEVELS } from '../../specs/model/index.ts';

type Doc = { paths: Record<string, Record<string, Op>>; security: object[] };
type Op = { parameters?: { name: string; in: string; schema?: { enum?: string[] } }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, { enum?: string[] }> } }> }; responses: Record<string, unknown> };

const load = (v: 'A' | 'B'): Doc => JSON.parse(readFileSync(join(__dirname, '..', '..', 'specs', 'openapi', `imageboard.${v}.json`), 'utf8'));
const docs = { A: load('A'), B: load('B') };

// Section 4, operations marked (A only). The document marks no operation (B only).
const A_ONLY_OPERATIONS = [
  'PUT /posts/{id}/copy_notes',
  'DELETE /artists/{id}',
  'GET /artist_versions',
  'GET /tags',
  'GET /artist_commentaries',
  'POST /artist_commentaries/create_or_update',
  'PUT /artist_commentaries/{id}/revert',
  'GET /artist_commentary_versions',
];
const B_ONLY_OPERATIONS: string[] = [];

// Parameters marked (A only) / (B only), and the sort keys "A `search[order]`, B `search[sort]`".
const A_ONLY_PARAMS: [string, string][] = [
  ['GET /posts', 'raw'],
  ['GET /comments', 'search[post_id]'],
  ['GET /dmails', 'search[read]'],
  ['GET /artists', 'search[creator_name]'],
  ['GET /artists', 'search[creator_id]'],
  ['GET /artists', 'search[is_active]'],
  ['GET /artists', 'search[is_banned]'],
  ['GET /artists', 'search[empty_only]'],
  ['GET /artists', 'search[order]'],
  ['GET /notes', 'group_by'],
  ['GET /users', 'search[max_level]'],
  ['GET /users', 'search[order]'],
  ['GET /post_versions', 'search[start_id]'],
  ['GET /pools', 'search[is_active]'],
  ['GET /pools', 'search[category]'],
  ['GET /pools', 'search[order]'],
  ['POST /pools', 'pool[category]'],
  ['PUT /pools/{id}', 'pool[category]'],
  ['GET /wiki_pages', 'search[other_names_match]'],
  ['GET /wiki_pages', 'search[order]'],
  ['POST /wiki_pages', 'wiki_page[other_names]'],
  ['PUT /wiki_pages/{id}', 'wiki_page[other_names]'],
  ['GET /forum_topics', 'search[category_id]'],
  ['POST /forum_topics', 'forum_topic[category_id]'],
  ['PUT /forum_topics/{id}', 'forum_topic[category_id]'],
  ['GET /forum_posts', 'search[topic_category_id]'],
];
const B_ONLY_PARAMS: [string, string][] = [
  ['POST /artists', 'artist[is_active]'],
  ['PUT /artists/{id}', 'artist[is_active]'],
  ['GET /artists', 'search[sort]'],
  ['GET /users', 'search[sort]'],
  ['GET /pools', 'search[sort]'],
  ['GET /wiki_pages', 'search[sort]'],
];

// Values of variant-marked and variant-differing parameters.
const VALUES: { variant: 'A' | 'B'; op: string; param: string; values: string[] }[] = [
  { variant: 'A', op: 'PUT /posts/{id}', param: 'post[rating]', values: ['s', 'q', 'e'] },
  { variant: 'B', op: 'PUT /posts/{id}', param: 'post[rating]', values: ['safe', 'questionable', 'explicit'] },
  { variant: 'A', op: 'GET /pools', param: 'search[order]', values: ['name', 'created_at', 'post_count', 'date'] },
  { variant: 'B', op: 'GET /pools', param: 'search[sort]', values: ['name', 'date'] },
  { variant: 'A', op: 'GET /pools', param: 'search[category]', values: ['series', 'collection'] },
  { variant: 'A', op: 'POST /pools', param: 'pool[category]', values: ['series', 'collection'] },
  { variant: 'A', op: 'GET /pools', param: 'search[is_active]', values: ['true', 'false'] },
  { variant: 'A', op: 'GET /artists', param: 'search[order]', values: ['name', 'date'] },
  { variant: 'B', op: 'GET /artists', param: 'search[sort]', values: ['name', 'date'] },
  { variant: 'A', op: 'GET /artists', param: 'search[is_active]', values: ['true', 'false'] },
  { variant: 'A', op: 'GET /artists', param: 'search[is_banned]', values: ['true', 'false'] },
  { variant: 'B', op: 'POST /artists', param: 'artist[is_active]', values: ['1', '0'] },
  { variant: 'A', op: 'GET /dmails', param: 'search[read]', values: ['true', 'false'] },
  { variant: 'A', op: 'GET /users', param: 'search[order]', values: ['name', 'post_upload_count', 'note_count', 'post_update_count', 'date'] },
  { variant: 'B', op: 'GET /users', param: 'search[sort]', values: ['name', 'post_upload_count', 'note_count', 'post_update_count', 'date'] },
  { variant: 'A', op: 'GET /wiki_pages', param: 'search[order]', values: ['date', 'title'] },
  { variant: 'B', op: 'GET /wiki_pages', param: 'search[sort]', values: ['date', 'title'] },
  { variant: 'A', op: 'GET /forum_topics', param: 'search[category_id]', values: ['0', '1', '2'] },
  { variant: 'A', op: 'POST /forum_topics', param: 'forum_topic[category_id]', values: ['0', '1', '2'] },
  { variant: 'A', op: 'GET /notes', param: 'group_by', values: ['note'] },
];

function operations(doc: Doc): Map<string, Op> {
  const out = new Map<string, Op>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) out.set(`${method.toUpperCase()} ${path.replace(/\.\{format\}$/, '')}`, op);
  }
  return out;
}

function params(op: Op): Map<string, string[] | undefined> {
  const out = new Map<string, string[] | undefined>();
  for (const p of op.parameters ?? []) if (p.name !== 'format' && p.in !== 'path') out.set(p.name, p.schema?.enum);
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    for (const [name, schema] of Object.entries(media.schema.properties ?? {})) out.set(name, schema.enum);
  }
  return out;
}

const opsA = operations(docs.A);
const opsB = operations(docs.B);

describe('variant differences stated by the document', () => {
  it('lists exactly the A-only and B-only operations', () => {
    const onlyA = [...opsA.keys()].filter((k) => !opsB.has(k)).sort();
    const onlyB = [...opsB.keys()].filter((k) => !opsA.has(k)).sort();
    expect(onlyA).toEqual([...A_ONLY_OPERATIONS].sort());
    expect(onlyB).toEqual([...B_ONLY_OPERATIONS].sort());
  });

  it('lists exactly the parameters that exist in one variant only', () => {
    const onlyIn = (mine: Map<string, Op>, other: Map<string, Op>) => {
      const out: string[] = [];
      for (const [key, op] of mine) {
        const theirs = other.get(key);
        if (!theirs) continue;
        const otherParams = params(theirs);
        for (const name of params(op).keys()) if (!otherParams.has(name)) out.push(`${key} ${name}`);
      }
      return out.sort();
    };
    expect(onlyIn(opsA, opsB)).toEqual(A_ONLY_PARAMS.map(([op, p]) => `${op} ${p}`).sort());
    expect(onlyIn(opsB, opsA)).toEqual(B_ONLY_PARAMS.map(([op, p]) => `${op} ${p}`).sort());
  });

  it.each(VALUES)('$variant: $op $param takes exactly $values', ({ variant, op, param, values }) => {
    const found = (variant === 'A' ? opsA : opsB).get(op);
    expect(found, `${op} in ${variant}`).toBeDefined();
    expect(params(found!).get(param)).toEqual(values);
  });

  it('lists every value set that differs between the variants for a shared parameter', () => {
    const differing: string[] = [];
    for (const [key, op] of opsA) {
      const b = opsB.get(key);
      if (!b) continue;
      const pb = params(b);
      for (const [name, values] of params(op)) {
        if (pb.has(name) && JSON.stringify(values) !== JSON.stringify(pb.get(name))) differing.push(`${key} ${name}`);
      }
    }
    expect(differing).toEqual(['PUT /posts/{id} post[rating]']);
  });

  it('allows anonymous requests in A only (section 5, item 7)', () => {
    expect(docs.A.security).toContainEqual({});
    expect(docs.B.security).not.toContainEqual({});
    expect(docs.B.security.length).toBe(docs.A.security.length - 1);
  });

  it('documents 204 No Content in A only (section 7)', () => {
    for (const op of opsA.values()) expect(Object.keys(op.responses)).toContain('204');
    for (const op of opsB.values()) expect(Object.keys(op.responses)).not.toContain('204');
  });

  it('has Contributor 33 and Janitor 35 in B only (section 2, user levels)', () => {
    const marked = USER_LEVELS.filter((l) => 'only' in l).map((l) => [l.role, l.level, (l as { only: string }).only]);
    expect(marked).toEqual([
      ['Contributor', 33, 'B'],
      ['Janitor', 35, 'B'],
    ]);
  });

  it('has the anonymous quota of 500 per hour in A only (section 8)', () => {
    const marked = QUOTAS.filter((q) => 'only' in q).map((q) => [q.who, q.perHour, (q as { only: string }).only]);
    expect(marked).toEqual([['anonymous', 500, 'A']]);
  });
});
