/**
 * Example requests and the captured example responses of the OpenAPI descriptions.
 *
 * Request examples are derived from the spec model, never typed: a parameter with a value set takes
 * the set's first value, an integer takes `EXAMPLE_ID` (record ids: the first record of its kind on a
 * fresh server), a string takes `example_<name>`. Path ids, the format suffix, REQUIRED parameters
 * and parameters sent on every request have one; a request body's example holds its REQUIRED fields
 * (and one field of a "one of these" rule), or every field of a create that marks none REQUIRED (a
 * record cannot be empty).
 *
 * Response examples are what the reference server answered to those requests on a fresh database:
 * `examples.<V>.json` beside the descriptions, written by `npm run generate` (src/server/examples.ts)
 * and read here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedOperation, ResolvedParam, Variant } from '../../specs/model/index.ts';
import { FORMATS, operationsFor } from '../../specs/model/index.ts';
import { REPO_ROOT } from '../paths.ts';

/** The id every path id and integer parameter takes in the examples: the first record of its kind. */
export const EXAMPLE_ID = 1;

export type ExampleValue = string | number;

/** The last bracketed segment of a wire name: `forum_topic[original_post_attributes][body]` gives `body`. */
function leafName(name: string): string {
  const segments = name.split(/[[\]]+/).filter(Boolean);
  return segments[segments.length - 1] ?? name;
}

/** The example value of a parameter; none for file parts (no text stands for a file). */
export function exampleValue(p: ResolvedParam): ExampleValue | undefined {
  if (p.type === 'file') return undefined;
  if (p.values) return p.values[0];
  if (p.type === 'integer') return EXAMPLE_ID;
  return `example_${leafName(p.name)}`;
}

/** The base URL of the examples: the description's default server, where the captured file URLs point. */
export const EXAMPLE_ORIGIN = 'http://127.0.0.1:3000';

/** The format suffix of the examples. */
export const EXAMPLE_FORMAT = FORMATS[0];

/** Does a query or path parameter carry an example: path ids, REQUIRED ones and those sent on every request. */
export function hasParameterExample(p: ResolvedParam): boolean {
  return p.location === 'path' || p.required || p.always === true;
}

/** The query parameters of the example request of an operation (GET), by wire name. */
export function queryExample(op: ResolvedOperation): Record<string, ExampleValue> {
  const out: Record<string, ExampleValue> = {};
  for (const p of op.params.filter((x) => x.location === 'query' && hasParameterExample(x))) {
    const v = exampleValue(p);
    if (v !== undefined) out[p.name] = v;
  }
  return out;
}

/**
 * The body fields of the example request of an operation for one media type (`withFile`: multipart),
 * by wire name; undefined when the example has no field. File parts have no example value: a client
 * attaches the file itself.
 */
export function bodyExample(op: ResolvedOperation, withFile: boolean): Record<string, ExampleValue> | undefined {
  const params = op.params.filter((p) => p.location === 'body' && (withFile || p.type !== 'file'));
  const chosen = new Set<string>();
  for (const p of params) if (p.required) chosen.add(p.name);
  if (chosen.size === 0 && op.kind === 'create') for (const p of params) chosen.add(p.name);
  // One field of a "one of these" rule: the first that has an example value (not a file).
  const oneOf = (op.requireOneOf ?? []).map((n) => params.find((p) => p.name === n)).filter((p) => p !== undefined);
  if (oneOf.length > 0 && !oneOf.some((p) => chosen.has(p.name) && p.type !== 'file')) {
    const first = oneOf.find((p) => p.type !== 'file');
    if (first) chosen.add(first.name);
  }
  const out: Record<string, ExampleValue> = {};
  for (const p of params) {
    if (!chosen.has(p.name)) continue;
    const v = exampleValue(p);
    if (v !== undefined) out[p.name] = v;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The operations of a variant in the order of the description: grouped by path, paths in order of first appearance. */
export function documentOrder(variant: Variant): readonly ResolvedOperation[] {
  const byPath = new Map<string, ResolvedOperation[]>();
  for (const op of operationsFor(variant)) {
    const list = byPath.get(op.path);
    if (list) list.push(op);
    else byPath.set(op.path, [op]);
  }
  return [...byPath.values()].flat();
}

/** One captured answer of the reference server. */
export interface CapturedExample {
  /** The request, as `METHOD /path.json?query` (credentials left out). */
  readonly request: string;
  readonly status: number;
  readonly body: unknown;
}

export interface CapturedExamples {
  readonly variant: Variant;
  readonly description: string;
  /** Operation id → its captured 2xx JSON answer. */
  readonly operations: Readonly<Record<string, CapturedExample>>;
}

/** Where the captured answers of a variant are checked in, relative to the repository root. */
export function examplesPath(variant: Variant): string {
  return `specs/openapi/examples.${variant}.json`;
}

/** The checked-in captured answers of a variant; none when the file does not exist yet. */
export function loadCapturedExamples(variant: Variant, root = REPO_ROOT): CapturedExamples | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, examplesPath(variant)), 'utf8');
  } catch {
    return undefined;
  }
  return JSON.parse(text) as CapturedExamples;
}
